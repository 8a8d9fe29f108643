"""The summarizer service on Ray Serve: replicas that each hold the model, HTTP JSON in and out.

    POST /summarize       {"text": ... | "blocks": [...], "options": {...}} -> the wire Summary
    POST /summarize_many  {"sources": [{"text"|"blocks"}, ...], "options": {...}} -> {"results": [...]}
    GET  /health          engine, model, device, reason, replicas, batching, batch sizes served

Concurrent requests reaching a replica within `serve_batch_wait_ms` are gathered by `@serve.batch`
(up to `serve_max_batch`) into one `Summarizer.summarize_many` call per distinct options. Errors are
JSON `{"error": {"type", "message"}}`: 400 for bad input, 413 over the size cap, 404 for an unknown
route, 500 when the model cannot load or something breaks; Serve itself answers 503 when more than
`serve_max_queued` requests wait for the replicas.
"""

from __future__ import annotations

import asyncio
import collections
import json
import logging
import re
import secrets
import signal
import threading
from dataclasses import replace
from typing import Callable

import ray
from ray import serve
from starlette.requests import Request
from starlette.responses import JSONResponse

from .. import wire
from ..errors import InputTooLargeError, InvalidOptionError, ModelLoadError, SummarizerError
from ..service import Summarizer
from ..settings import Settings
from . import cluster

logger = logging.getLogger(__name__)
APP_NAME = "summarizer"


def status_of(error: SummarizerError) -> int:
    if isinstance(error, InputTooLargeError):
        return 413
    return 500 if isinstance(error, ModelLoadError) else 400


def _answer(result) -> JSONResponse:
    if isinstance(result, SummarizerError):
        return JSONResponse(wire.error_to_wire(result), status_code=status_of(result))
    return JSONResponse(wire.summary_to_wire(result))


class SummarizerServer:
    """One replica: the embedded service, loaded when the replica starts, and the HTTP routes over it."""

    def __init__(self, settings: Settings):
        self.settings = settings
        # Serve batches across requests here; the in-process batcher would only add its wait.
        self.service = Summarizer(replace(settings, url=None, batch_max_documents=1))
        self.engine = self.service.engine
        self.batch_sizes: collections.Counter[int] = collections.Counter()
        self._batch.set_max_batch_size(settings.serve_max_batch)
        self._batch.set_batch_wait_timeout_s(settings.serve_batch_wait_ms / 1000)

    async def __call__(self, request: Request) -> JSONResponse:
        route = request.scope["path"].removeprefix(request.scope.get("root_path", "")).rstrip("/")
        handlers = {("GET", "/health"): self._health, ("POST", "/summarize"): self._summarize,
                    ("POST", "/summarize_many"): self._summarize_many}
        handler = handlers.get((request.method, route))
        if handler is None:
            return JSONResponse(wire.error_to_wire(InvalidOptionError(
                f"No route {request.method} {route or '/'}: use POST /summarize, POST /summarize_many "
                "or GET /health.")), status_code=404)
        try:
            return await handler(request)
        except SummarizerError as error:
            return _answer(error)
        except Exception:
            incident = secrets.token_hex(3)
            logger.exception("incident %s", incident)
            return JSONResponse(wire.error_to_wire(SummarizerError(
                f"The summarizer server failed on this request (incident {incident} in its log).")), status_code=500)

    async def _health(self, request: Request) -> JSONResponse:
        return JSONResponse(self.health())

    def health(self) -> dict:
        """The engine facts the app shows, and this replica's batching facts for tests and operators."""
        context = serve.get_replica_context()
        settings = self.settings
        return {"engine": self.engine.name, "model": self.engine.model, "device": self.engine.device,
                "reason": self.engine.reason, "replica": context.replica_id.unique_id,
                "replicas": context.world_size, "num_cpus": settings.serve_num_cpus,
                "num_gpus": settings.serve_num_gpus, "max_batch": settings.serve_max_batch,
                "batch_wait_ms": settings.serve_batch_wait_ms,
                "batch_sizes": {str(size): count for size, count in sorted(self.batch_sizes.items())}}

    async def _summarize(self, request: Request) -> JSONResponse:
        source, options = wire.request_from_wire(await _json(request))
        result, size = await self._batch((source, options))
        response = _answer(result)
        response.headers["X-Batch-Size"] = str(size)
        return response

    async def _summarize_many(self, request: Request) -> JSONResponse:
        body = await _json(request)
        if not isinstance(body, dict) or not isinstance(body.get("sources"), list):
            raise InvalidOptionError("The request needs \"sources\": a list of {\"text\"} or {\"blocks\"} objects.")
        options = wire.options_from_wire(body.get("options"))
        sources = [wire.source_from_wire(raw) for raw in body["sources"]]
        outputs = await asyncio.gather(*(self._batch((source, options)) for source in sources))
        return JSONResponse({"results": [wire.error_to_wire(r) if isinstance(r, SummarizerError)
                                         else wire.summary_to_wire(r) for r, _ in outputs]})

    @serve.batch(max_batch_size=8, batch_wait_timeout_s=0.02)
    async def _batch(self, items: list) -> list:
        """Requests gathered by Serve: one engine call per distinct options; each gets (result, batch size)."""
        self.batch_sizes[len(items)] += 1
        results = await asyncio.to_thread(self._run, items)
        return [(result, len(items)) for result in results]

    def _run(self, items: list) -> list:
        groups = collections.defaultdict(list)
        for index, (_, options) in enumerate(items):
            groups[options].append(index)
        results: list = [None] * len(items)
        for options, indices in groups.items():
            for index, result in zip(indices, self.service.summarize_many([items[i][0] for i in indices], options)):
                results[index] = result
        return results


async def _json(request: Request):
    try:
        return json.loads(await request.body())
    except ValueError as error:
        raise InvalidOptionError(f"The request body is not valid JSON ({error}).") from None


def application(settings: Settings):
    """The Serve application for these settings: replicas, CPUs and GPUs each, queue bound."""
    deployment = serve.deployment(SummarizerServer, name="SummarizerServer").options(
        num_replicas=settings.serve_replicas,
        ray_actor_options={"num_cpus": settings.serve_num_cpus, "num_gpus": settings.serve_num_gpus},
        max_ongoing_requests=2 * settings.serve_max_batch, max_queued_requests=settings.serve_max_queued)
    return deployment.bind(settings)


def deploy(settings: Settings, name: str = APP_NAME, route_prefix: str = "/") -> str:
    """Start Serve's HTTP proxy if needed, run the application, and return its base URL once replicas are up."""
    serve.start(http_options={"host": settings.serve_host, "port": settings.serve_port})
    try:
        serve.run(application(settings), name=name, route_prefix=route_prefix)
    except RuntimeError as error:
        failed = serve.status().applications.get(name)
        details = [d.message for d in failed.deployments.values()] if failed else []
        serve.delete(name)
        raise _startup_error("\n".join([str(error), *details])) from None
    host = "127.0.0.1" if settings.serve_host in ("0.0.0.0", "::") else settings.serve_host
    return f"http://{host}:{settings.serve_port}{route_prefix.rstrip('/')}"


def _startup_error(report: str) -> SummarizerError:
    """The replicas' own error (say, a model that cannot load) from Serve's failure report, else its first line."""
    found = re.findall(r"summarizer\.errors\.(\w+): (.+)", report)
    if found:
        return wire.error_from_wire({"error": {"type": found[-1][0], "message": found[-1][1].strip()}})
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
        say(f"Summarizer server on {url}: {settings.serve_replicas} replica(s) with {settings.serve_num_cpus:g} CPU "
            f"and {settings.serve_num_gpus:g} GPU each, batches of up to {settings.serve_max_batch} requests. "
            f"Point the app at it with SUMMARIZER_URL={url}. Ctrl+C stops it.")
        while not stop.wait(1.0):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        serve.delete(APP_NAME)
        if local:
            serve.shutdown()
            ray.shutdown()
    return 0
