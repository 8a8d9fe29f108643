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
from typing import Callable, Sequence

from .engine import Engine, EngineOutput, Hints, StepProgress
from .text.sentences import Sentence

ARRIVAL_WAITS = 30


class _NobodyWaits(Exception):
    """Every caller in the batch has gone."""


@dataclass
class _Request:
    documents: Sequence[Sequence[Sentence]]
    targets: Sequence[int]
    progress: StepProgress | None
    preset: str | None
    hints: Sequence[Hints] | None
    max_sentences: Sequence[int | None] | None
    on_text: Callable[[str], None] | None = None
    finished: threading.Event = field(default_factory=threading.Event)
    outputs: list[EngineOutput] | None = None
    error: BaseException | None = None

    def fail(self, error: BaseException) -> None:
        self.error = error
        self.finished.set()


class BatchingEngine:
    """An engine that gathers concurrent `summarize_many` calls into batches of at most `max_documents`.

    `batch_sizes` remembers how many callers each recent batch served.
    """

    batches = True

    def __init__(self, engine: Engine, max_documents: int, wait_seconds: float):
        self.engine = engine
        self.max_documents = max(1, max_documents)
        self.wait_seconds = wait_seconds
        self.batch_sizes: collections.deque[int] = collections.deque(maxlen=1000)
        self._queue: list[_Request] = []
        self._ready = threading.Condition()
        self._worker: threading.Thread | None = None
        self._arriving: set[int] = set()

    def __getattr__(self, name: str):
        return getattr(self.engine, name)

    @contextlib.contextmanager
    def arriving(self):
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
        documents: Sequence[Sequence[Sentence]],
        targets: Sequence[int],
        progress: StepProgress | None = None,
        *,
        preset: str | None = None,
        hints: Sequence[Hints] | None = None,
        max_sentences: Sequence[int | None] | None = None,
        on_text: Callable[[str], None] | None = None,
    ) -> list[EngineOutput]:
        """As the engine's; `on_text` is passed on when this call's one document is the whole batch."""
        request = _Request(
            documents, targets, progress, preset=preset, hints=hints, max_sentences=max_sentences, on_text=on_text
        )
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
        return sum(len(r.documents) for r in self._queue if r.preset == preset)

    def _take(self) -> list[_Request]:
        """The oldest request and those after it with the same preset, up to the document bound."""
        first = self._queue[0]
        batch: list[_Request] = []
        documents = 0
        for request in list(self._queue):
            if request.preset != first.preset or (batch and documents + len(request.documents) > self.max_documents):
                continue
            batch.append(request)
            documents += len(request.documents)
            self._queue.remove(request)
        return batch

    def _run(self, batch: list[_Request]) -> None:
        self.batch_sizes.append(len(batch))
        waiting = list(batch)

        def tick(done: int, total: int) -> None:
            for request in list(waiting):
                try:
                    if request.progress:
                        request.progress(done, total)
                except BaseException as error:
                    waiting.remove(request)
                    request.fail(error)
            if not waiting:
                raise _NobodyWaits

        documents = [d for r in batch for d in r.documents]
        targets = [t for r in batch for t in r.targets]
        hints = [h for r in batch for h in (r.hints or [Hints()] * len(r.documents))]
        caps = [c for r in batch for c in (r.max_sentences or [None] * len(r.documents))]
        alone = {"on_text": batch[0].on_text} if len(documents) == 1 and batch[0].on_text else {}
        try:
            outputs = self.engine.summarize_many(
                documents, targets, tick, preset=batch[0].preset, hints=hints, max_sentences=caps, **alone
            )
        except _NobodyWaits:
            return
        except BaseException as error:
            for request in waiting:
                request.fail(error)
            return
        start = 0
        for request in batch:
            request.outputs = outputs[start : start + len(request.documents)]
            start += len(request.documents)
            request.finished.set()
