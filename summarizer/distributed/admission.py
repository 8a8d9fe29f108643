"""What the gateway checks before it reads a body: who asks (Host, Origin), how big the head is, how many
requests are open, and how many body bytes all of them hold; each refusal a service error with its status.

A browser lets any page the operator visits send a `text/plain` POST to 127.0.0.1, and DNS rebinding lets
it read the answer under its own name; the Host and Origin checks close both (`Settings` says how they are
set). The open-request and memory bounds make a crowd of slow or large bodies cost a fast 503, never a
normal request's time or the gateway's memory.
"""

from __future__ import annotations

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
    """Open requests and the body bytes they hold, across the gateway: `enter`/`leave` a request, `take`/`give`
    its bytes; past either bound the request is refused with 503 (ServiceBusyError, Retry-After)."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.max_bytes = int(settings.serve_memory_mb * 1_000_000)
        self.open = 0
        self.held = 0

    def enter(self) -> None:
        if self.open >= self.settings.serve_max_open_requests:
            raise ServiceBusyError(
                f"The summarizer server has {self.open:,} requests open, its limit "
                "(SUMMARIZER_SERVE_MAX_OPEN_REQUESTS); your text is kept — try again in a minute."
            )
        self.open += 1

    def leave(self) -> None:
        self.open -= 1

    def take(self, size: int) -> None:
        if self.held + size > self.max_bytes:
            raise ServiceBusyError(
                f"The summarizer server holds {self.held:,} bytes of requests, near its budget of "
                f"{self.max_bytes:,} (SUMMARIZER_SERVE_MEMORY_MB={self.settings.serve_memory_mb:g}); "
                "your text is kept — try again in a minute."
            )
        self.held += size

    def give(self, size: int) -> None:
        self.held -= size

    def hold(self) -> "Hold":
        return Hold(self)


class Hold:
    """One request's share of the `Budget`: admitted once, bytes taken as they arrive, all given back by `close`."""

    def __init__(self, budget: Budget):
        self.budget = budget
        self.bytes = 0
        self.entered = False

    def enter(self) -> None:
        self.budget.enter()
        self.entered = True

    def take(self, size: int) -> None:
        self.budget.take(size)
        self.bytes += size

    def close(self) -> None:
        self.budget.give(self.bytes)
        self.bytes = 0
        if self.entered:
            self.budget.leave()
            self.entered = False
