"""The server's HTTP face on FastAPI: every limit a hostile or careless client can hit, each answered in JSON.

The gateway is a Serve deployment of its own, apart from the replicas that hold the model, so what a
client does with its connection costs a coroutine here and never a model slot: a body is read whole,
within `serve_body_timeout_s` (408) and `serve_max_body_mb` (413, refused from Content-Length alone
when that already says too much), parsed and checked (400 naming what is wrong) before the replicas
see it. Then the request goes to the replicas through a handle, bounded by `serve_request_timeout_s`
(504); a full queue is 503 with Retry-After; a replica that dies under a request is asked again once
(a summary is safe to compute twice); a client that leaves cancels its request on the replica.
Errors are `{"error": {"type", "message"}}`, the shape the embedded service's errors take on the wire.
"""

import asyncio
import json
import logging
import secrets

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, StreamingResponse
from ray import serve
from ray.exceptions import RayActorError
from ray.serve.exceptions import BackPressureError
from starlette.exceptions import HTTPException

from ..errors import (
    InputTooLargeError,
    InvalidOptionError,
    ModelLoadError,
    ServiceBusyError,
    ServiceUnavailableError,
    SummarizerError,
)
from ..network import wire
from ..settings import Settings

logger = logging.getLogger(__name__)
ROUTES = "POST /summarize, POST /summarize_many or GET /health (the API is described at /docs)"
app = FastAPI(title="Summarizer", description="Summaries of texts and documents: the embedded service over HTTP.")


class RequestTimeout(SummarizerError):
    """The body did not arrive in time (408)."""


class TooSlow(ServiceUnavailableError):
    """The summary was not ready within the server's request timeout (504)."""


def status_of(error: SummarizerError) -> int:
    """The HTTP status of a service error."""
    for kind, status in (
        (RequestTimeout, 408),
        (TooSlow, 504),
        (InputTooLargeError, 413),
        (ServiceBusyError, 503),
        (ModelLoadError, 500),
        (ServiceUnavailableError, 503),
    ):
        if isinstance(error, kind):
            return status
    return 400 if type(error) is not SummarizerError else 500


def error_response(error: SummarizerError, headers: dict | None = None) -> JSONResponse:
    return JSONResponse(wire.error_to_wire(error), status_code=status_of(error), headers=headers)


def answer(result) -> JSONResponse:
    """A replica's result: the wire summary, or its error with the error's status."""
    return error_response(result) if isinstance(result, SummarizerError) else JSONResponse(wire.summary_to_wire(result))


@app.exception_handler(HTTPException)
async def _http_error(request: Request, error: HTTPException) -> JSONResponse:
    """FastAPI's own refusals (an unknown route, a wrong method) in the API's error shape."""
    if error.status_code in (404, 405):
        message = f"No route {request.method} {request.url.path}: use {ROUTES}."
    else:
        message = str(error.detail)
    return JSONResponse(wire.error_to_wire(InvalidOptionError(message)), status_code=error.status_code)


@serve.ingress(app)
class Gateway:
    """The routes; `model` is the handle of the replicas (`serve.SummarizerServer`)."""

    def __init__(self, settings: Settings, model):
        self.settings = settings
        self.model = model
        self.max_body = int(settings.serve_max_body_mb * 1_000_000)

    @app.get("/health")
    async def health(self) -> JSONResponse:
        """Engine, model, device, reason, replicas, batching and the request limits."""
        return await self._guarded(self._health())

    @app.post("/summarize")
    async def summarize(self, request: Request) -> JSONResponse:
        """{"text": str} or {"blocks": [{"kind", "text", "level", "page"}]}, and "options": the wire Summary."""
        return await self._guarded(self._summarize(request))

    @app.post("/summarize_many")
    async def summarize_many(self, request: Request) -> JSONResponse:
        """{"sources": [{"text"} | {"blocks"}, ...], "options"}: {"results": [summary or error, ...]}."""
        return await self._guarded(self._summarize_many(request))

    @app.post("/summarize/stream")
    async def summarize_stream(self, request: Request):
        """As /summarize, answered as JSON lines while the summary is made: {"summary", "coming", "draft"} per
        step (the last has nothing coming), or one {"error"} line. Bad requests are answered before streaming."""
        try:
            source, options = wire.request_from_wire(await self._json(request))
        except SummarizerError as error:
            return error_response(error)
        return StreamingResponse(self._lines(source, options), media_type="application/x-ndjson")

    async def _lines(self, source, options):
        steps = self.model.options(stream=True).stream.remote(source, options)
        try:
            async with asyncio.timeout(self.settings.serve_request_timeout_s):
                async for line in steps:
                    yield json.dumps(line, ensure_ascii=False) + "\n"
        except TimeoutError:
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
        except asyncio.CancelledError:  # the client left: the replica's generator stops at its next step
            steps.cancel()
            raise

    async def _health(self) -> JSONResponse:
        facts = await self._ask("health")
        settings = self.settings
        return JSONResponse(
            {
                **facts,
                "max_body_mb": settings.serve_max_body_mb,
                "max_items": settings.serve_max_items,
                "body_timeout_s": settings.serve_body_timeout_s,
                "request_timeout_s": settings.serve_request_timeout_s,
            }
        )

    async def _summarize(self, request: Request) -> JSONResponse:
        source, options = wire.request_from_wire(await self._json(request))
        result, size = await self._ask("summarize", source, options)
        response = answer(result)
        response.headers["X-Batch-Size"] = str(size)
        return response

    async def _summarize_many(self, request: Request) -> JSONResponse:
        body = await self._json(request)
        if not isinstance(body, dict) or not isinstance(body.get("sources"), list):
            raise InvalidOptionError('The request needs "sources": a list of {"text"} or {"blocks"} objects.')
        if len(body["sources"]) > self.settings.serve_max_items:
            raise InputTooLargeError(
                f"The request has {len(body['sources']):,} sources; the limit is "
                f"{self.settings.serve_max_items:,} a request (SUMMARIZER_SERVE_MAX_ITEMS). "
                "Send them in several requests."
            )
        unknown = set(body) - {"sources", "options"}
        if unknown:
            raise InvalidOptionError(f"Unknown request field {sorted(unknown)[0]!r}: use sources and options.")
        options = wire.options_from_wire(body.get("options"))
        sources = []
        for number, raw in enumerate(body["sources"], 1):
            try:
                sources.append(wire.source_from_wire(raw))
            except InvalidOptionError as error:
                raise InvalidOptionError(f"Source {number}: {error}") from None
        results = await self._ask("summarize_many", sources, options)
        return JSONResponse(
            {
                "results": [
                    wire.error_to_wire(r) if isinstance(r, SummarizerError) else wire.summary_to_wire(r)
                    for r in results
                ]
            }
        )

    async def _guarded(self, work) -> JSONResponse:
        """The route's answer, or its error in JSON; never a traceback, never Serve's plain-text pages."""
        try:
            return await work
        except SummarizerError as error:
            headers = {"Retry-After": "5"} if isinstance(error, ServiceBusyError) else None
            return error_response(error, headers)
        except Exception:
            incident = secrets.token_hex(3)
            logger.exception("incident %s", incident)
            return error_response(
                SummarizerError(f"The summarizer server failed on this request (incident {incident} in its log).")
            )

    async def _json(self, request: Request):
        """The body as JSON: whole within the body timeout, no bigger than the bound, and parseable."""
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_body:
            raise self._too_large(f"{int(declared):,} bytes")
        try:
            body = await asyncio.wait_for(self._read(request), self.settings.serve_body_timeout_s)
        except TimeoutError:
            raise RequestTimeout(
                f"The request body did not arrive within {self.settings.serve_body_timeout_s:g} s "
                "(SUMMARIZER_SERVE_BODY_TIMEOUT_S); send it again on a faster connection."
            ) from None
        try:
            return await asyncio.to_thread(json.loads, body)  # a large body parses off the event loop
        except RecursionError:
            raise InvalidOptionError(
                "The request body is JSON nested too deeply to read; a request is an object "
                "of sources, blocks and options, a few levels deep."
            ) from None
        except ValueError as error:  # UnicodeDecodeError included: bytes that are not UTF-8
            raise InvalidOptionError(f"The request body is not valid JSON ({error}).") from None

    async def _read(self, request: Request) -> bytes:
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > self.max_body:
                raise self._too_large(f"more than {self.max_body:,} bytes")
            chunks.append(chunk)
        return b"".join(chunks)

    def _too_large(self, size: str) -> InputTooLargeError:
        return InputTooLargeError(
            f"The request body has {size}; the limit is {self.max_body:,} bytes "
            f"(SUMMARIZER_SERVE_MAX_BODY_MB={self.settings.serve_max_body_mb:g}). Send fewer "
            "or shorter documents per request."
        )

    async def _ask(self, method: str, *args):
        """The replicas' answer within the request timeout; asked again once if the replica died under it."""
        try:
            return await asyncio.wait_for(self._call(method, *args), self.settings.serve_request_timeout_s)
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

    async def _call(self, method: str, *args):
        for attempt in (1, 2):
            response = getattr(self.model, method).remote(*args)
            try:
                return await response
            except RayActorError:
                if attempt == 2:
                    raise ServiceUnavailableError(
                        "The replica summarizing this request stopped, twice; try again in a minute."
                    ) from None
                logger.warning("a replica died under a %s request; asking another", method)
            except asyncio.CancelledError:  # the client left, or the timeout: the replica stops too
                response.cancel()
                raise
