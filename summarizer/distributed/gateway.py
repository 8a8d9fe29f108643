"""The server's HTTP face on FastAPI: every limit a hostile or careless client can hit, each answered in JSON.

The gateway is a Serve deployment of its own, apart from the replicas that hold the model, so what a
client does with its connection costs a coroutine here and never a model slot: a body is read whole,
within `serve_body_timeout_s` (408) and `serve_max_body_mb` (413, refused from Content-Length alone
when that already says too much), parsed and checked (400 naming what is wrong) before the replicas
see it. Then the request goes to the replicas through a handle, bounded by `serve_request_timeout_s`
(504); a full queue is 503 with Retry-After; a replica that dies under a request is asked again once
(a summary is safe to compute twice); a client that leaves, or the timeout, cancels its request on the
replica, which stops at its next part. Before any of that, `admission` checks the Host and Origin (403) and
the head's size (431); as the body arrives, its bytes and the bodies its address has arriving (503); once
it is whole, a work slot (503), so a request that arrives whole never waits behind one still dribbling. A
stream's first line is awaited before its status is sent, so a bad request is a 400 or 413 in JSON, never a
200 with an error line.
Errors are `{"error": {"type", "message"}}`, the shape the embedded service's errors take on the wire.
"""

import asyncio
import json
import logging
import secrets
from typing import Any, AsyncIterator, Awaitable, Callable, TypeVar, cast

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse
from ray import serve
from ray.exceptions import RayActorError, TaskCancelledError
from ray.serve.exceptions import BackPressureError
from ray.serve.handle import DeploymentHandle, DeploymentResponse, DeploymentResponseGenerator
from starlette.exceptions import HTTPException

from ..errors import (
    InputTooLargeError,
    InvalidOptionError,
    ModelLoadError,
    ServiceBusyError,
    ServiceUnavailableError,
    SummarizerError,
    UnknownRouteError,
)
from ..interface import Source
from ..remote import wire
from ..settings import Settings
from ..together import check_count
from . import admission
from .replies import Batched, ReplicaHealth, Result

# No `from __future__ import annotations` here: FastAPI reads the routes' annotations (Request) when it builds them.
T = TypeVar("T")
Route = Callable[[Request, admission.Hold], Awaitable[Response]]

logger = logging.getLogger(__name__)
ROUTES = (
    "POST /summarize, POST /summarize_many, POST /summarize_together or GET /health (the API is described at /docs)"
)
app = FastAPI(title="Summarizer", description="Summaries of texts and documents: the embedded service over HTTP.")


class RequestTimeout(SummarizerError):
    """The body did not arrive in time (408)."""


class ClientGone(SummarizerError):
    """The client closed its connection before its body arrived (answered to nobody)."""


class TooSlow(ServiceUnavailableError):
    """The summary was not ready within the server's request timeout (504)."""


def status_of(error: SummarizerError) -> int:
    """The HTTP status of a service error."""
    for kind, status in (
        (admission.Forbidden, 403),
        (RequestTimeout, 408),
        (admission.HeadersTooLarge, 431),
        (TooSlow, 504),
        (InputTooLargeError, 413),
        (ServiceBusyError, 503),
        (ModelLoadError, 500),
        (ServiceUnavailableError, 503),
    ):
        if isinstance(error, kind):
            return status
    return 400 if type(error) is not SummarizerError else 500


def error_response(error: SummarizerError, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(wire.error_to_wire(error), status_code=status_of(error), headers=headers)


def answer(result: Result) -> JSONResponse:
    """A replica's result: the wire summary, or its error with the error's status."""
    return error_response(result) if isinstance(result, SummarizerError) else JSONResponse(wire.summary_to_wire(result))


def cancel(call: DeploymentResponse[Any] | DeploymentResponseGenerator[Any]) -> None:
    """Cancel a call on the replicas (best effort: the replica stops at its next part)."""
    call.cancel()  # type: ignore[no-untyped-call]  # Ray leaves `cancel` unannotated


@app.exception_handler(HTTPException)
async def _http_error(request: Request, error: HTTPException) -> JSONResponse:
    """FastAPI's own refusals (an unknown route, a wrong method) in the API's error shape."""
    refusal: InvalidOptionError
    if error.status_code in (404, 405):
        refusal = UnknownRouteError(f"No route {request.method} {request.url.path}: use {ROUTES}.")
    else:
        refusal = InvalidOptionError(str(error.detail))
    return JSONResponse(wire.error_to_wire(refusal), status_code=error.status_code)


@serve.ingress(app)
class Gateway:
    """The routes; `model` is the handle of the replicas (`serve.SummarizerServer`)."""

    def __init__(self, settings: Settings, model: DeploymentHandle[Any]) -> None:
        self.settings = settings
        self.model = model
        self.max_body = int(settings.serve_max_body_mb * 1_000_000)
        self.budget = admission.Budget(settings)
        self.allowed = admission.allowed_hosts(settings)

    @app.get("/health")
    async def health(self, request: Request) -> Response:
        """Engine, model, device, reason, replicas, batching and the request limits."""
        return await self._guarded(request, self._health)

    @app.post("/summarize")
    async def summarize(self, request: Request) -> Response:
        """{"text": str} or {"blocks": [{"kind", "text", "level", "page"}]}, and "options": the wire Summary."""
        return await self._guarded(request, self._summarize)

    @app.post("/summarize_many")
    async def summarize_many(self, request: Request) -> Response:
        """{"sources": [{"text"} | {"blocks"}, ...], "options"}: {"results": [summary or error, ...]}."""
        return await self._guarded(request, self._summarize_many)

    @app.post("/summarize_together")
    async def summarize_together(self, request: Request) -> Response:
        """{"sources": [{"name", "title", "text"} | {"name", "title", "blocks"}, ...], "options"}: one overview of all
        of them, each sentence with its sources, a line per source on what it adds, key terms over all; a source
        that cannot be summarized is listed with its error. The source count is bounded (413) by
        SUMMARIZER_TOGETHER_MAX_SOURCES and SUMMARIZER_SERVE_MAX_ITEMS, their characters together by
        SUMMARIZER_MAX_INPUT_CHARS."""
        return await self._guarded(request, self._together)

    async def _together(self, request: Request, hold: admission.Hold) -> JSONResponse:
        body = await self._json(request, hold)
        count = len(body["sources"]) if isinstance(body, dict) and isinstance(body.get("sources"), list) else 0
        self._check_items(count)
        check_count(count, self.settings)
        sources, options = wire.together_from_wire(body)
        result: wire.JSONObject | SummarizerError = await self._ask("together", sources, options)
        return error_response(result) if isinstance(result, SummarizerError) else JSONResponse(result)

    def _check_items(self, count: int) -> None:
        if count > self.settings.serve_max_items:
            raise InputTooLargeError(
                f"The request has {count:,} sources; the limit is "
                f"{self.settings.serve_max_items:,} a request (SUMMARIZER_SERVE_MAX_ITEMS). "
                "Send them in several requests."
            )

    @app.post("/summarize/stream")
    async def summarize_stream(self, request: Request) -> Response:
        """As /summarize, answered as JSON lines while the summary is made: {"summary", "coming", "draft"} per
        step (the last has nothing coming). A bad request is answered as /summarize answers it, before any line;
        a failure later is a last {"error"} line."""
        return await self._guarded(request, self._stream)

    async def _stream(self, request: Request, hold: admission.Hold) -> Response:
        source, options = wire.request_from_wire(await self._json(request, hold))
        deadline = asyncio.get_running_loop().time() + self.settings.serve_request_timeout_s
        # With stream=True the call is a generator of lines; Ray's annotation names both kinds of call.
        steps = cast(
            DeploymentResponseGenerator[wire.StreamLine], self.model.options(stream=True).stream.remote(source, options)
        )
        try:
            first = await self._within(anext(steps), deadline)
        except BaseException:
            cancel(steps)
            raise
        error = wire.error_from_wire(first)
        if error is not None:  # the service refused the input before its first step: the status says so
            raise error
        return StreamingResponse(self._lines(first, steps, deadline, hold), media_type="application/x-ndjson")

    async def _lines(
        self,
        first: wire.StreamLine,
        steps: DeploymentResponseGenerator[wire.StreamLine],
        deadline: float,
        hold: admission.Hold,
    ) -> AsyncIterator[str]:
        try:
            yield json.dumps(first, ensure_ascii=False) + "\n"
            async with asyncio.timeout_at(deadline):
                async for line in steps:
                    yield json.dumps(line, ensure_ascii=False) + "\n"
        except TimeoutError:
            cancel(steps)
            yield (
                json.dumps(
                    wire.error_to_wire(
                        TooSlow(
                            f"The summary was not done within {self.settings.serve_request_timeout_s:g} s "
                            "(SUMMARIZER_SERVE_REQUEST_TIMEOUT_S)."
                        )
                    )
                )
                + "\n"
            )
        except (RayActorError, BackPressureError):
            cancel(steps)
            yield (
                json.dumps(
                    wire.error_to_wire(
                        ServiceUnavailableError(
                            "The replica summarizing this request stopped or is busy; try again in a minute."
                        )
                    )
                )
                + "\n"
            )
        except asyncio.CancelledError:  # the client left: the replica's generator stops at its next part
            cancel(steps)
            raise
        finally:
            hold.close()

    async def _health(self, request: Request, hold: admission.Hold) -> JSONResponse:
        hold.enter()
        facts: ReplicaHealth = await self._ask("health")
        settings = self.settings
        return JSONResponse(
            {
                **facts,
                "max_body_mb": settings.serve_max_body_mb,
                "max_items": settings.serve_max_items,
                "body_timeout_s": settings.serve_body_timeout_s,
                "request_timeout_s": settings.serve_request_timeout_s,
                "max_open_requests": settings.serve_max_open_requests,
                "max_header_kb": settings.serve_max_header_kb,
                "memory_mb": settings.serve_memory_mb,
                "client_bodies": settings.serve_client_bodies,
                "client_memory_mb": settings.serve_client_memory_mb,
                "open_requests": self.budget.open,
                "arriving_bodies": self.budget.arriving,
                "held_bytes": self.budget.held,
            }
        )

    async def _summarize(self, request: Request, hold: admission.Hold) -> JSONResponse:
        source, options = wire.request_from_wire(await self._json(request, hold))
        batched: Batched = await self._ask("summarize", source, options)
        result, size = batched
        response = answer(result)
        response.headers["X-Batch-Size"] = str(size)
        return response

    async def _summarize_many(self, request: Request, hold: admission.Hold) -> JSONResponse:
        body = await self._json(request, hold)
        if not isinstance(body, dict) or not isinstance(body.get("sources"), list):
            raise InvalidOptionError('The request needs "sources": a list of {"text"} or {"blocks"} objects.')
        self._check_items(len(body["sources"]))
        unknown = set(body) - {"sources", "options"}
        if unknown:
            raise InvalidOptionError(f"Unknown request field {sorted(unknown)[0]!r}: use sources and options.")
        options = wire.options_from_wire(body.get("options"))
        sources: list[Source] = []
        for number, raw in enumerate(body["sources"], 1):
            try:
                sources.append(wire.source_from_wire(raw))
            except InvalidOptionError as error:
                raise InvalidOptionError(f"Source {number}: {error}") from None
        results: list[Result] = await self._ask("summarize_many", sources, options)
        return JSONResponse(
            {
                "results": [
                    wire.error_to_wire(r) if isinstance(r, SummarizerError) else wire.summary_to_wire(r)
                    for r in results
                ]
            }
        )

    async def _guarded(self, request: Request, route: Route) -> Response:
        """The route's answer, or its error in JSON; never a traceback, never Serve's plain-text pages. The request
        holds its share of the budget, taken as its body arrives, until it is answered (a stream, until it ends)."""
        hold, streaming = self.budget.hold(request.client.host if request.client else ""), False
        try:
            admission.check_head(request.scope["headers"], self.settings)
            admission.check_sender(request.headers, self.allowed)
            response = await route(request, hold)
            streaming = isinstance(response, StreamingResponse)  # a stream gives its share back when it ends
            return response
        except SummarizerError as error:
            headers = {"Retry-After": "5"} if isinstance(error, ServiceBusyError) else None
            return error_response(error, headers)
        except Exception:
            incident = secrets.token_hex(3)
            logger.exception("incident %s", incident)
            return error_response(
                SummarizerError(f"The summarizer server failed on this request (incident {incident} in its log).")
            )
        finally:
            if not streaming:
                hold.close()

    async def _json(self, request: Request, hold: admission.Hold) -> Any:
        """The body as JSON (any JSON value: the routes check its shape): whole within the body timeout, no bigger
        than the bound (a declared length past it refused at once), within the budget as its bytes arrive; then a
        work slot, and parsed."""
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_body:
            raise self._too_large(f"{int(declared):,} bytes")
        try:
            body = await asyncio.wait_for(self._read(request, hold), self.settings.serve_body_timeout_s)
        except TimeoutError:
            raise RequestTimeout(
                f"The request body did not arrive within {self.settings.serve_body_timeout_s:g} s "
                "(SUMMARIZER_SERVE_BODY_TIMEOUT_S); send it again on a faster connection."
            ) from None
        hold.enter()
        try:
            return await asyncio.to_thread(json.loads, body)  # a large body parses off the event loop
        except RecursionError:
            raise InvalidOptionError(
                "The request body is JSON nested too deeply to read; a request is an object "
                "of sources, blocks and options, a few levels deep."
            ) from None
        except ValueError as error:  # UnicodeDecodeError included: bytes that are not UTF-8
            raise InvalidOptionError(f"The request body is not valid JSON ({error}).") from None

    async def _read(self, request: Request, hold: admission.Hold) -> bytes:
        """The body, each chunk charged to the budget as it arrives (one that goes on counts as still arriving)."""
        chunks: list[bytes] = []
        more = True
        hold.begin()
        while more:
            try:
                message = await request.receive()
            except TaskCancelledError:  # Serve's proxy stopped reading for us: the client closed its connection
                message = {"type": "http.disconnect"}
            if message["type"] == "http.disconnect":
                raise ClientGone("The client closed its connection before its request body arrived.")
            chunk, more = message.get("body", b""), message.get("more_body", False)
            if hold.bytes + len(chunk) > self.max_body:
                raise self._too_large(f"more than {self.max_body:,} bytes")
            hold.take(len(chunk), more)
            chunks.append(chunk)
        return b"".join(chunks)

    def _too_large(self, size: str) -> InputTooLargeError:
        return InputTooLargeError(
            f"The request body has {size}; the limit is {self.max_body:,} bytes "
            f"(SUMMARIZER_SERVE_MAX_BODY_MB={self.settings.serve_max_body_mb:g}). Send fewer "
            "or shorter documents per request."
        )

    async def _ask(self, method: str, *args: object) -> Any:
        """The replicas' answer within the request timeout; asked again once if the replica died under it. What
        `method` of `serve.SummarizerServer` returns, typed where it is received: a handle's calls are untyped."""
        deadline = asyncio.get_running_loop().time() + self.settings.serve_request_timeout_s
        return await self._within(self._call(method, *args), deadline)

    async def _within(self, work: Awaitable[T], deadline: float) -> T:
        """`work`'s result by `deadline` (504 after, the work cancelled), 503 when the replicas' queue is full."""
        try:
            async with asyncio.timeout_at(deadline):
                return await work
        except TimeoutError:
            raise TooSlow(
                f"The summary was not ready within {self.settings.serve_request_timeout_s:g} s "
                "(SUMMARIZER_SERVE_REQUEST_TIMEOUT_S); send a shorter document, or fewer at a "
                "time."
            ) from None
        except BackPressureError:
            raise ServiceBusyError(
                "The summarizer server is busy with other requests; your text is kept — try again in a minute."
            ) from None
        except RayActorError:  # a stream's replica died before its first step: not retried, a summary may be half sent
            raise ServiceUnavailableError(
                "The replica summarizing this request stopped; try again in a minute."
            ) from None

    async def _call(self, method: str, *args: object) -> Any:
        for attempt in (1, 2):
            # Without stream=True the call is one response; Ray's annotation names both kinds of call.
            response = cast(DeploymentResponse[Any], getattr(self.model, method).remote(*args))
            try:
                return await response
            except RayActorError:
                if attempt == 2:
                    raise ServiceUnavailableError(
                        "The replica summarizing this request stopped, twice; try again in a minute."
                    ) from None
                logger.warning("a replica died under a %s request; asking another", method)
            except asyncio.CancelledError:  # the client left, or the timeout: the replica stops too
                cancel(response)
                raise
