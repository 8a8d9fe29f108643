"""Slow and lying clients held open against the summarizer server, and normal callers timed beside them: the
attack `benchmark --suite serve` reports and the server's test makes.

Each attacker connection comes from a loopback address of its own group (Linux answers all of 127/8), says
how long its body is, and sends one byte of it at a time until the server answers or the siege ends. The
connections are held by one event loop in a thread of their own; the normal callers are plain HTTP clients.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import math
import resource
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Sequence, TypedDict

from ray import serve

from ..settings import Settings
from .serve import deploy

OPEN_WAIT_S = 120.0  # how long the attackers and the gateway may take to have every connection open (load included)


@dataclass(frozen=True)
class Attackers:
    """`count` connections from `source`, each declaring `declared` body bytes and sending one every `every_s`."""

    source: str
    count: int
    declared: int
    every_s: float


def spread(count: int, addresses: int, declared: int, every_s: float, first: str = "127.0.1.") -> list[Attackers]:
    """`count` connections spread evenly over `addresses` loopback addresses (`127.0.1.1` on)."""
    share, extra = divmod(count, addresses)
    return [
        Attackers(f"{first}{number + 1}", share + (number < extra), declared, every_s) for number in range(addresses)
    ]


def raise_file_limit(needed: int) -> int:
    """Raise this process's soft limit on open files to `needed` (no further than the hard limit); the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        soft = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return soft


class Siege:
    """The attackers' connections, open while the context lasts; `answers` counts what became of them ("408",
    "503", "open" at the end, "closed", "could not connect")."""

    def __init__(self, port: int, path: str, attackers: Sequence[Attackers]):
        self.port, self.path, self.attackers = port, path, attackers
        self.answers: collections.Counter[str] = collections.Counter()
        self.total = sum(group.count for group in attackers)
        self.started = 0
        self.ready = threading.Event()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._all(),), daemon=True)
        self.task: asyncio.Future[list[None]] | None = None

    def __enter__(self) -> Siege:
        raise_file_limit(self.total + 1024)
        self.thread.start()
        self.ready.wait(OPEN_WAIT_S)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.task is not None:
            self.loop.call_soon_threadsafe(self.task.cancel)
        self.thread.join(OPEN_WAIT_S)
        self.loop.close()

    async def _all(self) -> None:
        groups = [group for group in self.attackers for _ in range(group.count)]
        attackers = [self._one(group, number / len(groups)) for number, group in enumerate(groups)]
        self.task = gathered = asyncio.gather(*attackers)
        with contextlib.suppress(asyncio.CancelledError):
            await gathered

    def _started(self) -> None:
        self.started += 1
        if self.started == self.total:
            self.ready.set()

    async def _one(self, group: Attackers, phase: float) -> None:
        """One connection: its head and a byte, then a byte every `every_s` from `phase` of that on (the
        connections' bytes spread evenly over the interval, as unrelated clients' would be)."""
        head = (
            f"POST {self.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {group.declared}\r\n\r\n"
        ).encode()
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.port, local_addr=(group.source, 0))
        except OSError:
            self.answers["could not connect"] += 1
            self._started()
            return
        outcome = "open"
        try:
            writer.write(head + b" ")
            await writer.drain()
            self._started()
            wait = group.every_s * phase
            while True:
                try:
                    data = await asyncio.wait_for(reader.read(65536), wait)
                except TimeoutError:
                    writer.write(b" ")
                    await writer.drain()
                    wait = group.every_s
                    continue
                outcome = data.split(b" ", 2)[1].decode() if data.startswith(b"HTTP/") else "closed"
                return
        except OSError:
            outcome = "closed"
        finally:
            self.answers[outcome] += 1
            writer.close()


# What normal callers saw, quiet or beside the attackers.
# (The functional form: the keys are a JSON row's, read by name, which vulture would take for unused attributes.)
Calls = TypedDict("Calls", {"statuses": dict[int, int], "p95_s": float, "median_s": float})


def call(url: str, body: bytes, count: int, clients: int) -> Calls:
    """Send `body` to `url` `count` times from `clients` concurrent callers: their statuses and latencies."""

    def one(_: int) -> tuple[int, float]:
        request = urllib.request.Request(url, data=body, method="POST", headers={"Content-Type": "application/json"})
        started = time.perf_counter()
        try:
            with urllib.request.urlopen(request, timeout=600) as response:
                response.read()
                status = response.status
        except urllib.error.HTTPError as error:
            status = error.code
        return status, time.perf_counter() - started

    with ThreadPoolExecutor(clients) as pool:
        done = list(pool.map(one, range(count)))
    seconds = sorted(latency for _, latency in done)
    return {
        "statuses": dict(collections.Counter(status for status, _ in done)),
        "p95_s": seconds[math.ceil(0.95 * len(seconds)) - 1],
        "median_s": seconds[len(seconds) // 2],
    }


def settle(base: str, expected: int) -> int:
    """The gateway's count of bodies arriving (GET /health), once it reaches `expected` or stops growing."""
    deadline, last = time.monotonic() + OPEN_WAIT_S, -1
    while True:
        with urllib.request.urlopen(base + "/health", timeout=OPEN_WAIT_S) as response:
            now = int(json.loads(response.read())["arriving_bodies"])
        if now >= expected or now == last or time.monotonic() > deadline:
            return now
        last = now
        time.sleep(2.0)


# Normal callers quiet and then beside the attackers, in one run.
Besieged = TypedDict(
    "Besieged", {"quiet": Calls, "besieged": Calls, "attackers": int, "arriving": int, "answers": dict[str, int]}
)


def attack() -> list[Attackers]:
    """The attack of the report: 8 connections from one address saying 32 MB, 1,100 from 50 others saying
    10 kB, each sending a byte every 10 s."""
    return [Attackers("127.0.0.2", 8, 32_000_000, 10.0), *spread(1100, 50, 10_000, 10.0)]


def run(settings: Settings, body: bytes, calls: int, clients: int) -> Besieged:
    """`measure` with `attack` against a server of these settings (its body timeout raised past the run, so the
    attackers stay), deployed for the run in the running Ray and removed after it."""
    url = deploy(replace(settings, serve_body_timeout_s=600), "besieged", "/besieged")
    try:
        return measure(url, body, calls, clients, attack())
    finally:
        serve.delete("besieged")


def report(result: Besieged) -> str:
    """The benchmark's line: normal callers' median and 95th percentile, quiet and beside the attackers."""
    quiet, besieged, answers = result["quiet"], result["besieged"], result["answers"]
    return (
        f"serve under attack: {result['attackers']:,} slow and lying connections, {result['arriving']:,} held "
        f"arriving, {answers.get('503', 0):,} refused 503; {sum(quiet['statuses'].values())} normal requests: "
        f"quiet p95 {quiet['p95_s']:.2f} s (median {quiet['median_s']:.2f}), statuses {quiet['statuses']}; "
        f"besieged p95 {besieged['p95_s']:.2f} s (median {besieged['median_s']:.2f}), statuses {besieged['statuses']}"
    )


def measure(base: str, body: bytes, calls: int, clients: int, attackers: Sequence[Attackers]) -> Besieged:
    """Time `calls` POSTs of `body` to `base`/summarize from `clients` callers, quiet, then again while the
    attackers' connections are open (once the gateway has them, `settle`)."""
    where = urllib.parse.urlsplit(base)
    quiet = call(base + "/summarize", body, calls, clients)
    with Siege(where.port or 80, where.path + "/summarize", attackers) as siege:
        held = settle(base, siege.total)
        besieged = call(base + "/summarize", body, calls, clients)
    return {
        "quiet": quiet,
        "besieged": besieged,
        "attackers": siege.total,
        "arriving": held,
        "answers": dict(siege.answers),
    }
