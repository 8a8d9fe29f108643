"""The summarizer server as the service object the app already uses, over plain HTTP (stdlib only, no Ray).

`connect(settings)` gives the embedded `Summarizer` when `settings.url` is unset, else a
`RemoteSummarizer` for the server at that address (`python -m summarizer serve`). Network
failures become `ServiceUnavailableError`, an overloaded server `ServiceBusyError`, and the
server's own errors (an empty text, a bad option) come back as the same exception classes.
"""

from __future__ import annotations

import json
import logging
import threading
import urllib.error
import urllib.request
from dataclasses import dataclass
from email.message import Message
from typing import Any, Iterator, Sequence

from ..engine import EngineName
from ..errors import ServiceBusyError, ServiceUnavailableError, SummarizerError
from ..interface import Progress, Source, SummaryService
from ..options import SummaryOptions
from ..partial import Partial
from ..service import Summarizer
from ..settings import Settings
from ..summary import Summary
from . import wire

logger = logging.getLogger(__name__)
HEALTH_TIMEOUT_CAP = 5.0


@dataclass(frozen=True)
class ServerEngine:
    """What the server says about its engine, with the server's address; the face `Summarizer.engine` shows."""

    name: EngineName
    model: str
    device: str
    reason: str
    server: str
    batches: bool = True


class RemoteSummarizer:
    """`summarize`, `summarize_many`, `settings` and `engine` as on `Summarizer`, answered by the server at `url`."""

    def __init__(self, settings: Settings) -> None:
        if not settings.url:
            raise ValueError("RemoteSummarizer needs settings.url")
        self.settings = settings
        self.url = settings.url.rstrip("/")
        self._engine: ServerEngine | None = None
        self._lock = threading.Lock()

    @property
    def engine(self) -> ServerEngine:
        """The server's engine, asked once from GET /health (again after a failure)."""
        with self._lock:
            if self._engine is None:
                facts = self.health()
                self._engine = ServerEngine(
                    EngineName(facts["engine"]), facts["model"], facts["device"], facts["reason"], self.url
                )
            return self._engine

    def health(self) -> wire.JSONObject:
        """GET /health: engine, model, device, reason, replicas and batching facts."""
        facts: wire.JSONObject = self.request(
            "GET", "/health", None, min(self.settings.url_timeout, HEALTH_TIMEOUT_CAP)
        )[0]
        return facts

    def summarize(
        self, source: Source, options: SummaryOptions | None = None, progress: Progress | None = None
    ) -> Summary:
        """One summary from the server; progress hears only the start and the end."""
        report = progress or (lambda fraction, message: None)
        report(0.02, "Sent to the summarizer server")
        summary = wire.summary_from_wire(self.request("POST", "/summarize", wire.request_to_wire(source, options))[0])
        report(1.0, "Done")
        return summary

    def stream(
        self, source: Source, options: SummaryOptions | None = None, progress: Progress | None = None
    ) -> Iterator[Partial]:
        """The summary as the server makes it (POST /summarize/stream): the overview, then sections as they are
        done, as `Summarizer.stream` yields them; errors raised as the service's own."""
        report = progress or (lambda fraction, message: None)
        report(0.02, "Sent to the summarizer server")
        data = json.dumps(wire.request_to_wire(source, options), ensure_ascii=False).encode("utf-8")
        request = urllib.request.Request(
            self.url + "/summarize/stream", data=data, method="POST", headers={"Content-Type": "application/json"}
        )
        try:
            response = urllib.request.urlopen(request, timeout=self.settings.url_timeout)
        except urllib.error.HTTPError as error:
            raise self._failure(error) from error
        except (urllib.error.URLError, OSError) as error:
            raise self.unavailable(error) from error
        with response:
            for line in response:
                if not line.strip():
                    continue
                try:
                    raw = json.loads(line)
                except ValueError as error:
                    raise self.unavailable(error) from error
                partial = wire.partial_from_wire(raw)
                if partial.summary is not None:
                    done = len(partial.summary.sections)
                    report(
                        min(0.99, 0.1 + 0.85 * done / max(1, done + len(partial.coming))),
                        f"Sections done: {done} of {done + len(partial.coming)}",
                    )
                yield partial
        report(1.0, "Done")

    def summarize_many(
        self, sources: Sequence[Source], options: SummaryOptions | None = None, progress: Progress | None = None
    ) -> list[Summary | SummarizerError]:
        """Several summaries in one request; bad input becomes that item's error, as in `Summarizer`."""
        report = progress or (lambda fraction, message: None)
        report(0.02, "Sent to the summarizer server")
        payload = {
            "sources": [wire.source_to_wire(s) for s in sources],
            "options": wire.options_to_wire(options or SummaryOptions()),
        }
        results = self.request("POST", "/summarize_many", payload)[0]["results"]
        report(1.0, "Done")
        return [wire.error_from_wire(r) or wire.summary_from_wire(r) for r in results]

    def request(self, method: str, path: str, payload: Any = None, timeout: float | None = None) -> tuple[Any, Message]:
        """One JSON exchange with the server: (body, headers); failures raised as the service's errors."""
        data = None if payload is None else json.dumps(payload, ensure_ascii=False).encode("utf-8")
        request = urllib.request.Request(
            self.url + path, data=data, method=method, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=timeout or self.settings.url_timeout) as response:
                return json.loads(response.read()), response.headers
        except urllib.error.HTTPError as error:
            raise self._failure(error) from error
        except (urllib.error.URLError, OSError, ValueError) as error:
            logger.warning("summarizer server %s: %s", self.url, error)
            raise self.unavailable(error) from error

    def unavailable(self, error: BaseException) -> ServiceUnavailableError:
        waited = " in time" if isinstance(getattr(error, "reason", error), TimeoutError) else ""
        return ServiceUnavailableError(
            f"The summarizer server at {self.url} is not answering{waited}; your text is kept — try again in a minute."
        )

    def _failure(self, error: urllib.error.HTTPError) -> SummarizerError:
        """The server's own error when it sent one, else busy (503) or unavailable."""
        try:
            body = json.loads(error.read())
        except (ValueError, OSError):
            body = None
        if error.code == 503:
            return ServiceBusyError(
                f"The summarizer server at {self.url} is busy with other requests; "
                "your text is kept — try again in a minute."
            )
        own = wire.error_from_wire(body)
        if own is not None:
            return own
        logger.warning("summarizer server %s answered HTTP %s", self.url, error.code)
        return ServiceUnavailableError(
            f"The summarizer server at {self.url} could not answer (HTTP {error.code}); "
            "your text is kept — try again in a minute."
        )


def connect(settings: Settings | None = None) -> SummaryService:
    """The service for these settings: the server at `settings.url` if set, else the embedded summarizer."""
    settings = settings or Settings.from_env()
    return RemoteSummarizer(settings) if settings.url else Summarizer(settings)
