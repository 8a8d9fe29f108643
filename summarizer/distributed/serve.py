"""The summarizer service on Ray Serve: replicas that each hold the model, behind the FastAPI gateway.

    POST /summarize       {"text": ... | "blocks": [...], "options": {...}} -> the wire Summary
    POST /summarize_many  {"sources": [{"text"|"blocks"}, ...], "options": {...}} -> {"results": [...]}
    POST /summarize_together  {"sources": [{"name", "title", "text"|"blocks"}, ...], "options": {...}} -> one
                          overview with each sentence's sources (`Combined.as_dict()`)
    GET  /health          engine, model, device, reason, replicas, batching, batch sizes served, limits
    GET  /docs            the OpenAPI description

HTTP, its limits and its errors live in `gateway`; here are the replicas it calls through a handle.
Concurrent requests reaching a replica within `serve_batch_wait_ms` are gathered by `@serve.batch`
(up to `serve_max_batch`) into one `Summarizer.summarize_many` call per distinct options. A request
whose caller went away (the client disconnected, the gateway's timeout) is cancelled by Serve; the
engine then stops at its next part once nobody in the batch is left to receive the result (a stream at
its next part: it is one caller's).
"""

from __future__ import annotations

import asyncio
import collections
import logging
import os
import re
import signal
import threading
import time
import urllib.error
import urllib.request
from dataclasses import replace
from typing import AsyncIterator, Callable

import ray
from ray import serve
from ray.serve import Application

from ..errors import SummarizerError
from ..interface import Source
from ..options import SummaryOptions
from ..remote import wire
from ..service import Summarizer
from ..settings import Settings
from ..together import NamedSource, summarize_together
from ..wording import counted
from . import cluster
from .gateway import Gateway
from .replies import Batched, ReplicaHealth, Result

logger = logging.getLogger(__name__)
APP_NAME = "summarizer"
ROUTE_WAIT_S = 120.0  # how long `deploy` waits for the proxy to route a new application (seconds, load included)


class Abandoned(Exception):
    """Raised from the engine's progress callback when no caller of the batch is waiting any more."""


class Caller:
    """One request's mark in a batch: set when Serve cancelled it, read by the engine's progress callback."""

    def __init__(self) -> None:
        self.gone = False


Item = tuple[Source, SummaryOptions, Caller]  # one source of one request, as `@serve.batch` gathers them


class SummarizerServer:
    """One replica: the embedded service, loaded when the replica starts; results and errors are returned as values."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        # Serve batches across requests here; the in-process batcher would only add its wait.
        self.service = Summarizer(replace(settings, url=None, batch_max_documents=1))
        self.engine = self.service.engine
        self.batch_sizes: collections.Counter[int] = collections.Counter()
        self.abandoned = 0
        # serve.batch's wrapper has these setters; Ray's annotations give it the wrapped coroutine's type.
        self._batch.set_max_batch_size(settings.serve_max_batch)  # type: ignore[attr-defined]
        self._batch.set_batch_wait_timeout_s(settings.serve_batch_wait_ms / 1000)  # type: ignore[attr-defined]

    def health(self) -> ReplicaHealth:
        """The engine facts the app shows, and this replica's batching facts for tests and operators."""
        context = serve.get_replica_context()
        settings = self.settings
        return {
            "engine": self.engine.name,
            "model": self.engine.model,
            "device": self.engine.device,
            "reason": self.engine.reason,
            "replica": context.replica_id.unique_id,
            "pid": os.getpid(),
            "replicas": context.world_size,
            "num_cpus": settings.serve_num_cpus,
            "num_gpus": settings.serve_num_gpus,
            "max_batch": settings.serve_max_batch,
            "batch_wait_ms": settings.serve_batch_wait_ms,
            "abandoned_batches": self.abandoned,
            "batch_sizes": {str(size): count for size, count in sorted(self.batch_sizes.items())},
        }

    async def summarize(self, source: Source, options: SummaryOptions) -> Batched:
        """(summary or error, size of the batch it went in)."""
        return (await self._for(Caller(), [source], options))[0]

    async def stream(self, source: Source, options: SummaryOptions) -> AsyncIterator[wire.StreamLine]:
        """The summary as it is made (`Summarizer.stream`), each step as a wire line; an error is the last line.

        Not batched across requests: a streamed request is one reader watching one document. Each step is
        computed in a thread, so a cancelled caller (gone, or past the gateway's timeout) is seen here at
        once and the engine stops at its next part."""
        caller = Caller()

        def stop_when_gone(fraction: float, message: str) -> None:
            if caller.gone:
                raise Abandoned

        steps = self.service.stream(source, options, stop_when_gone)
        try:
            while (partial := await asyncio.to_thread(next, steps, None)) is not None:
                yield wire.partial_to_wire(partial)
        except SummarizerError as error:
            yield wire.error_to_wire(error)
        except (asyncio.CancelledError, GeneratorExit):
            caller.gone = True
            self.abandoned += 1
            logger.info("stopping a streamed request at its next part: its caller went away")
            raise

    async def summarize_many(self, sources: list[Source], options: SummaryOptions) -> list[Result]:
        """Each source's summary or error, in order."""
        return [result for result, _ in await self._for(Caller(), sources, options)]

    async def together(self, sources: list[NamedSource], options: SummaryOptions) -> wire.JSONObject | SummarizerError:
        """Sources summarized together (`summarize_together`), as JSON, or the error; stopped at the next part when
        the caller goes away."""
        caller = Caller()

        def stop_when_gone(fraction: float, message: str) -> None:
            if caller.gone:
                raise Abandoned

        try:
            combined = await asyncio.to_thread(summarize_together, self.service, sources, options, stop_when_gone)
        except SummarizerError as error:
            return error
        except asyncio.CancelledError:
            caller.gone = True
            raise
        return combined.as_dict()

    async def _for(self, caller: Caller, sources: list[Source], options: SummaryOptions) -> list[Batched]:
        try:
            return await asyncio.gather(*(self._batch((source, options, caller)) for source in sources))
        except asyncio.CancelledError:
            caller.gone = True
            raise

    @serve.batch(max_batch_size=8, batch_wait_timeout_s=0.02)
    async def _batch(self, items: list[Item]) -> list[Batched]:
        """Requests gathered by Serve: one engine call per distinct options; each gets (result, batch size)."""
        self.batch_sizes[len(items)] += 1
        results = await asyncio.to_thread(self._run, items)
        return [(result, len(items)) for result in results]

    def _run(self, items: list[Item]) -> list[Result]:
        groups: collections.defaultdict[SummaryOptions, list[int]] = collections.defaultdict(list)
        for index, (_, options, _) in enumerate(items):
            groups[options].append(index)
        results: dict[int, Result] = {}
        for options, indices in groups.items():
            callers = [items[i][2] for i in indices]

            def stop_when_abandoned(fraction: float, message: str, callers: list[Caller] = callers) -> None:
                if all(caller.gone for caller in callers):
                    raise Abandoned

            try:
                done = self.service.summarize_many([items[i][0] for i in indices], options, stop_when_abandoned)
            except Abandoned:
                self.abandoned += 1
                logger.info("stopped a batch of %d: its callers went away", len(indices))
                done = [SummarizerError("The request was cancelled.")] * len(indices)
            for index, result in zip(indices, done):
                results[index] = result
        return [results[index] for index in range(len(items))]


def application(settings: Settings) -> Application:
    """The Serve application for these settings: the gateway (no CPU of its own, many open requests, each a
    coroutine) in front of the replicas (CPUs and GPUs each, queue bound)."""
    replicas = serve.deployment(name="SummarizerServer")(SummarizerServer).options(
        num_replicas=settings.serve_replicas,
        ray_actor_options={"num_cpus": settings.serve_num_cpus, "num_gpus": settings.serve_num_gpus},
        max_ongoing_requests=2 * settings.serve_max_batch,
        max_queued_requests=settings.serve_max_queued,
    )
    # Serve lets the gateway's two bounds in (bodies arriving, requests at work: `serve_max_open_requests`
    # each), so the requests past them reach it and are answered 503 at once, rather than waiting in Serve's
    # queue behind slow bodies.
    gateway = serve.deployment(name="Gateway")(Gateway).options(
        ray_actor_options={"num_cpus": 0}, max_ongoing_requests=2 * settings.serve_max_open_requests + 8
    )
    return gateway.bind(settings, replicas.bind(settings))


def http_options(settings: Settings) -> dict[str, str | float]:
    """Serve's proxy: where it listens, idle keep-alive, and its own request timeout as a backstop behind the
    gateway's (which answers in JSON first)."""
    return {
        "host": settings.serve_host,
        "port": settings.serve_port,
        "keep_alive_timeout_s": settings.serve_keep_alive_s,
        "request_timeout_s": settings.serve_body_timeout_s + settings.serve_request_timeout_s + 30,
    }


def deploy(settings: Settings, name: str = APP_NAME, route_prefix: str = "/") -> str:
    """Start Serve's HTTP proxy if needed, run the application, and return its base URL once replicas are up."""
    serve.start(http_options=http_options(settings))
    try:
        serve.run(application(settings), name=name, route_prefix=route_prefix)
    except RuntimeError as error:
        failed = serve.status().applications.get(name)
        details = [d.message for d in failed.deployments.values()] if failed else []
        serve.delete(name)
        raise _startup_error("\n".join([str(error), *details])) from None
    host = "127.0.0.1" if settings.serve_host in ("0.0.0.0", "::") else settings.serve_host
    url = f"http://{host}:{settings.serve_port}{route_prefix.rstrip('/')}"
    _wait_routed(url)
    return url


def _wait_routed(url: str, limit_s: float = ROUTE_WAIT_S) -> None:
    """Return once the proxy sends `url` to the gateway. `serve.run` returns when the replicas are up, but each
    proxy learns the new route a moment later; a request in between is the proxy's plain 404, so a caller told
    "ready" would be refused. Any answer but 404 (the gateway's own 200, 403 or 503) means the route is live."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url + "/health", timeout=10):
                return
        except urllib.error.HTTPError as error:
            if error.code != 404:
                return
        except OSError:
            pass
        time.sleep(0.2)
    logger.warning("the proxy did not route %s within %g s; requests may be refused for a while", url, limit_s)


def _startup_error(report: str) -> SummarizerError:
    """The replicas' own error (say, a model that cannot load) from Serve's failure report, else its first line."""
    found = re.findall(r"summarizer\.errors\.(\w+): (.+)", report)
    if found:
        return wire.error_of(found[-1][0], found[-1][1].strip())
    logger.error("the summarizer server did not start: %s", report)
    return SummarizerError(f"The summarizer server did not start: {report.strip().splitlines()[0][:300]}")


def start_ray(num_cpus: int | None = None) -> bool:
    """Join the cluster at RAY_ADDRESS (checked at once, this checkout shipped), else start a local Ray, with
    the replicas' logs on this terminal; True when this process started a local Ray."""
    return cluster.start(num_cpus, verbose=True)


def serve_forever(settings: Settings, say: Callable[[str], None]) -> int:
    """`python -m summarizer serve`: deploy, say where, serve until Ctrl+C or SIGTERM, then take it down."""
    local = start_ray()
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        url = deploy(settings)
        say(
            f"Summarizer server on {url}: {counted(settings.serve_replicas, 'replica')} "
            f"with {settings.serve_num_cpus:g} CPU "
            f"and {settings.serve_num_gpus:g} GPU each, batches of up to {settings.serve_max_batch} requests. "
            f"Point the app at it with SUMMARIZER_URL={url}. Ctrl+C stops it."
        )
        while not stop.wait(1.0):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        serve.delete(APP_NAME)
        if local:
            serve.shutdown()  # type: ignore[no-untyped-call]  # Ray leaves serve.shutdown unannotated
            ray.shutdown()
    return 0
