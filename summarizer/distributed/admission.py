"""What the gateway checks before it reads a body: who asks (Host, Origin), how big the head is, how many
requests are open, and how many body bytes all of them hold; each refusal a service error with its status.

A browser lets any page the operator visits send a `text/plain` POST to 127.0.0.1, and DNS rebinding lets
it read the answer under its own name; the Host and Origin checks close both (`Settings` says how they are
set). The budget makes a crowd of slow or large bodies cost a fast 503, never a normal request's time or the
gateway's memory: it charges bytes as they arrive (a declared length costs nothing), bounds what one client
address may have arriving, and gives a work slot only to a body that is whole.
"""

from __future__ import annotations

import contextlib
from typing import Mapping
from urllib.parse import urlsplit

from ..errors import ServiceBusyError, SummarizerError
from ..settings import Settings

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})


class Forbidden(SummarizerError):
    """The request's Host or Origin is not one this server answers (403)."""


class HeadersTooLarge(SummarizerError):
    """The request's head is over `serve_max_header_kb` (431)."""


def allowed_hosts(settings: Settings) -> frozenset[str] | None:
    """The Host names this server answers, or None for any (the check is off)."""
    named = settings.serve_allowed_hosts.strip()
    if named == "*":
        return None
    if named:
        return frozenset(name.strip().lower().strip("[]") for name in named.split(",") if name.strip())
    return LOOPBACK_NAMES if settings.serve_host.lower().strip("[]") in LOOPBACK_NAMES else None


def host_name(authority: str) -> str:
    """`example.org` from `example.org:8000`, `::1` from `[::1]:8000`, lower case."""
    return (urlsplit("//" + authority).hostname or "").lower()


def check_sender(headers: Mapping[str, str], allowed: frozenset[str] | None) -> None:
    """Raise Forbidden for a Host not allowed or an Origin from another host; nothing when the check is off."""
    if allowed is None:
        return
    host = host_name(headers.get("host", ""))
    if host not in allowed:
        raise Forbidden(
            f"This server does not answer requests for the host {host or '(none)'!r}; it answers "
            f"{', '.join(sorted(allowed))} (SUMMARIZER_SERVE_ALLOWED_HOSTS)."
        )
    origin = headers.get("origin")
    if origin is not None and (urlsplit(origin).hostname or "").lower() not in allowed:
        raise Forbidden(
            f"Requests from web pages at {origin[:100]!r} are refused: another site cannot use this server "
            "(SUMMARIZER_SERVE_ALLOWED_HOSTS names the hosts it answers)."
        )


def head_too_large(size: int, settings: Settings) -> HeadersTooLarge:
    """The refusal of a head of `size` bytes, naming the limit."""
    return HeadersTooLarge(
        f"The request's headers have {size:,} bytes or more; the limit is "
        f"{int(settings.serve_max_header_kb * 1000):,} bytes (SUMMARIZER_SERVE_MAX_HEADER_KB="
        f"{settings.serve_max_header_kb:g})."
    )


def check_head(raw_headers: list[tuple[bytes, bytes]], settings: Settings) -> None:
    """Raise HeadersTooLarge when the head's names and values together pass the bound."""
    size = sum(len(name) + len(value) + 4 for name, value in raw_headers)
    if size > settings.serve_max_header_kb * 1000:
        raise head_too_large(size, settings)


class Budget:
    """What the gateway's open requests hold, charged as it arrives: bodies still arriving and requests at work,
    each up to `serve_max_open_requests`; the bytes received, up to `serve_memory_mb` in all; and, per client
    address, the bodies still arriving and their bytes (`serve_client_bodies`, `serve_client_memory_mb`). Past
    any bound the request is refused with 503 (ServiceBusyError, Retry-After); a body that arrives whole in its
    first read is let in past the arriving bounds, so a crowd of slow senders cannot keep whole requests out."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.max_bytes = int(settings.serve_memory_mb * 1_000_000)
        self.client_bytes = int(settings.serve_client_memory_mb * 1_000_000)
        self.open = 0  # requests whose body is in, at work
        self.arriving = 0  # requests whose body is still arriving
        self.held = 0  # body bytes received and not yet given back
        self.clients: dict[str, Arrivals] = {}  # per client address, while any of its bodies is arriving

    def enter(self) -> None:
        if self.open >= self.settings.serve_max_open_requests:
            raise busy(f"has {self.open:,} requests open, its limit (SUMMARIZER_SERVE_MAX_OPEN_REQUESTS)")
        self.open += 1

    def leave(self) -> None:
        self.open -= 1

    def take(self, size: int, client: "Arrivals | None") -> None:
        """Charge `size` bytes received; `client` is the sender's arrivals while its body is still arriving."""
        if self.held + size > self.max_bytes:
            raise busy(
                f"holds {self.held:,} bytes of requests, near its budget of {self.max_bytes:,} "
                f"(SUMMARIZER_SERVE_MEMORY_MB={self.settings.serve_memory_mb:g})"
            )
        if client is not None and client.bytes + size > self.client_bytes:
            raise busy(
                f"holds {client.bytes:,} bytes of bodies still arriving from your address, its share of "
                f"{self.client_bytes:,} (SUMMARIZER_SERVE_CLIENT_MEMORY_MB={self.settings.serve_client_memory_mb:g})"
            )
        self.held += size
        if client is not None:
            client.bytes += size

    def give(self, size: int) -> None:
        self.held -= size

    def arrive(self, address: str) -> "Arrivals":
        """Count one more body arriving from `address`; refused past the gateway's or the address's bound."""
        client = self.clients.get(address) or Arrivals()
        if self.arriving >= self.settings.serve_max_open_requests:
            raise busy(f"is receiving {self.arriving:,} request bodies, its limit (SUMMARIZER_SERVE_MAX_OPEN_REQUESTS)")
        if client.bodies >= self.settings.serve_client_bodies:
            raise busy(
                f"is receiving {client.bodies:,} request bodies from your address, its limit "
                "(SUMMARIZER_SERVE_CLIENT_BODIES)"
            )
        self.clients[address] = client
        client.bodies += 1
        self.arriving += 1
        return client

    def arrived(self, address: str, client: "Arrivals", size: int) -> None:
        """One body from `address` has stopped arriving (whole, refused or abandoned); it had `size` bytes."""
        client.bodies -= 1
        client.bytes -= size
        self.arriving -= 1
        if client.bodies == 0:
            del self.clients[address]

    def hold(self, address: str = "") -> "Hold":
        return Hold(self, address)


def busy(state: str) -> ServiceBusyError:
    """The 503 saying what state the server is in ("has 9 requests open, its limit (...)")."""
    return ServiceBusyError(f"The summarizer server {state}; your text is kept — try again in a minute.")


class Arrivals:
    """One client address's bodies still arriving, and the bytes they have brought."""

    def __init__(self) -> None:
        self.bodies = 0
        self.bytes = 0


class Hold:
    """One request's share of the `Budget`: its body's bytes taken as they arrive (counted against its address
    while more is to come), then one work slot once the body is whole; all given back by `close`."""

    def __init__(self, budget: Budget, address: str):
        self.budget = budget
        self.address = address
        self.bytes = 0
        self.client: Arrivals | None = None  # set while the body is arriving
        self.entered = False

    def begin(self) -> None:
        """Count the body as arriving from its head on, where the bounds allow: a connection that sends a head
        and nothing more holds its address's share. Past a bound the request is refused only if its first read
        does not bring the body whole (`take`)."""
        with contextlib.suppress(ServiceBusyError):
            self.client = self.budget.arrive(self.address)

    def take(self, size: int, more: bool) -> None:
        """Charge `size` bytes just received; `more` says the body goes on, which counts it as arriving."""
        if more and self.client is None:
            self.client = self.budget.arrive(self.address)
        self.budget.take(size, self.client)
        self.bytes += size
        if not more:
            self._arrived()

    def enter(self) -> None:
        """Take a work slot: the body is in."""
        self._arrived()
        self.budget.enter()
        self.entered = True

    def _arrived(self) -> None:
        if self.client is not None:
            self.budget.arrived(self.address, self.client, self.bytes)
            self.client = None

    def close(self) -> None:
        self._arrived()
        self.budget.give(self.bytes)
        self.bytes = 0
        if self.entered:
            self.budget.leave()
            self.entered = False
