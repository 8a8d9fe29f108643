"""Documents from concurrent callers gathered into one engine call.

A model summarizes a batch of documents in little more time than one, so requests from different
browser sessions that arrive within a few milliseconds of each other, or while the engine is busy,
share a call. Callers announce themselves while they split their text, so a batch waits for
those already on their way (up to `ARRIVAL_WAITS` times the wait). One worker thread runs the
engine; each caller waits for its own outputs and hears its own progress. A caller whose progress
callback raises (it stopped watching) is let go at once,
and the batch stops only when nobody in it is waiting any more.
"""

from __future__ import annotations

import collections
import contextlib
import threading
import time
from dataclasses import dataclass, field
from typing import Iterator, Sequence

from .engines.base import Engine, EngineInput, EngineOutput, StepProgress, TextHeard

ARRIVAL_WAITS = 30


class _NobodyWaits(Exception):
    """Every caller in the batch has gone."""


@dataclass
class _Request:
    inputs: Sequence[EngineInput]
    progress: StepProgress | None
    preset: str | None
    on_text: TextHeard | None = None
    finished: threading.Event = field(default_factory=threading.Event)
    outputs: list[EngineOutput] | None = None
    error: BaseException | None = None

    def fail(self, error: BaseException) -> None:
        self.error = error
        self.finished.set()


class _Listeners:
    """The batch's callers still waiting: each hears the engine's progress until its callback raises (it stopped
    watching), and is let go with that error; when none is left, the engine call stops (`_NobodyWaits`)."""

    def __init__(self, batch: list[_Request]):
        self.waiting = list(batch)

    def tick(self, done: int, total: int) -> None:
        for request in list(self.waiting):
            try:
                if request.progress:
                    request.progress(done, total)
            except BaseException as error:
                self.waiting.remove(request)
                request.fail(error)
        if not self.waiting:
            raise _NobodyWaits


class BatchingEngine(Engine):
    """An engine that gathers concurrent `summarize_many` calls into batches of at most `max_documents`.

    It is the engine it wraps to the service (its name, model and capabilities). `batch_sizes` remembers how
    many callers each recent batch served.
    """

    def __init__(self, engine: Engine, max_documents: int, wait_seconds: float):
        self.engine = engine
        self.name, self.model, self.device, self.reason = engine.name, engine.model, engine.device, engine.reason
        self.max_batch, self.can_stream = engine.max_batch, engine.can_stream
        self.max_documents = max(1, max_documents)
        self.wait_seconds = wait_seconds
        self.batch_sizes: collections.deque[int] = collections.deque(maxlen=1000)
        self._queue: list[_Request] = []
        self._ready = threading.Condition()
        self._worker: threading.Thread | None = None
        self._arriving: set[int] = set()

    def streams(self, preset: str | None = None) -> bool:
        """As the wrapped engine's."""
        return self.engine.streams(preset)

    @contextlib.contextmanager
    def arriving(self) -> Iterator[None]:
        """Marks this thread as about to ask: a batch being gathered waits for it (within bounds) until it does."""
        with self._ready:
            self._arriving.add(threading.get_ident())
        try:
            yield
        finally:
            with self._ready:
                self._arriving.discard(threading.get_ident())
                self._ready.notify()

    def summarize_many(
        self,
        inputs: Sequence[EngineInput],
        progress: StepProgress | None = None,
        *,
        preset: str | None = None,
        on_text: TextHeard | None = None,
    ) -> list[EngineOutput]:
        """As the engine's; `on_text` is passed on when this call's one document is the whole batch."""
        request = _Request(inputs, progress, preset=preset, on_text=on_text)
        with self._ready:
            self._queue.append(request)
            self._arriving.discard(threading.get_ident())
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, name="summarizer-batches", daemon=True)
                self._worker.start()
            self._ready.notify()
        request.finished.wait()
        if request.error is not None:
            raise request.error
        assert request.outputs is not None  # set before `finished` when there is no error
        return request.outputs

    def _work(self) -> None:
        """Runs batches until the process ends; if the loop itself breaks, every caller still queued hears the
        error and the next call starts a new worker, so no caller waits for a worker that is gone."""
        try:
            self._batches()
        except BaseException as error:
            with self._ready:
                stranded, self._queue, self._worker = self._queue, [], None
            for request in stranded:
                request.fail(error)
            raise

    def _batches(self) -> None:
        while True:
            with self._ready:
                while not self._queue:
                    self._ready.wait()
                started = time.monotonic()
                while self._waiting_documents() < self.max_documents:
                    limit = self.wait_seconds * (ARRIVAL_WAITS if self._arriving else 1)
                    left = started + limit - time.monotonic()
                    if left <= 0:
                        break
                    self._ready.wait(left)
                batch = self._take()
            self._run(batch)

    def _waiting_documents(self) -> int:
        preset = self._queue[0].preset
        return sum(len(r.inputs) for r in self._queue if r.preset == preset)

    def _take(self) -> list[_Request]:
        """The oldest request and those after it with the same preset, up to the document bound."""
        first = self._queue[0]
        batch: list[_Request] = []
        documents = 0
        for request in list(self._queue):
            if request.preset != first.preset or (batch and documents + len(request.inputs) > self.max_documents):
                continue
            batch.append(request)
            documents += len(request.inputs)
            self._queue.remove(request)
        return batch

    def _run(self, batch: list[_Request]) -> None:
        """One engine call for the whole batch; each caller gets its own outputs, or the error."""
        self.batch_sizes.append(len(batch))
        listeners = _Listeners(batch)
        inputs = [one for request in batch for one in request.inputs]
        alone = batch[0].on_text if len(inputs) == 1 else None
        try:
            outputs = self.engine.summarize_many(inputs, listeners.tick, preset=batch[0].preset, on_text=alone)
        except _NobodyWaits:
            return
        except BaseException as error:
            for request in listeners.waiting:
                request.fail(error)
            return
        if len(outputs) != len(inputs):
            short = RuntimeError(f"the engine returned {len(outputs)} summaries for {len(inputs)} documents")
            for request in batch:
                request.fail(short)
            return
        start = 0
        for request in batch:
            request.outputs = outputs[start : start + len(request.inputs)]
            start += len(request.inputs)
            request.finished.set()
