"""`Summarizer`: the service object, loaded once, that every caller shares.

It loads the engine the settings ask for (once, under concurrent callers), gathers concurrent callers
into batches for an engine that batches, and runs each request through the same steps: prepare the
input (`prepared`), spend engine calls as the engine's strategy says (`strategy`), finish each summary
(`finishing`).
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from typing import ContextManager, Generator, Sequence

from ..batching import BatchingEngine
from ..engines.base import Engine
from ..engines.registry import load
from ..errors import SummarizerError
from ..interface import Progress
from ..options import SummaryOptions
from ..partial import Partial
from ..settings import Settings
from ..summary import Summary
from .finishing import finish
from .prepared import Prepared, Source, prepare
from .progress import ENGINE_BEGIN, ENGINE_WIDTH, stage
from .strategy import strategy_for

logger = logging.getLogger("summarizer.service")  # the name the logs have always shown


class Summarizer:
    """`summarize(text, options, progress)` over the engine the settings ask for.

    The engine is the one the settings name (`engines.registry`). With engine `auto` the abstractive model is
    used when its weights can be found without hanging (local directory, HF cache, or a hub that answers within
    the timeout); otherwise the offline engine, with the reason kept for the user.
    """

    def __init__(self, settings: Settings | None = None, engine: Engine | None = None):
        """`engine`, when given, is used instead of the one the settings would load (the lab's `cross-fit`
        hands in the offline engine with other weights)."""
        self.settings = settings or Settings.from_env()
        self._engine: Engine | None = engine
        self._batcher: BatchingEngine | None = None
        self._lock = threading.Lock()

    @property
    def engine(self) -> Engine:
        """The loaded engine; the first access loads it, once, even under concurrent callers."""
        with self._lock:
            if self._engine is None:
                self._engine = self._load()
            return self._engine

    def _load(self) -> Engine:
        engine = load(self.settings)
        logger.info("engine loaded: %s (%s); %s", engine.name, engine.model, engine.reason)
        if engine.batches and self.settings.batch_max_documents > 1:
            self._batcher = BatchingEngine(
                engine, self.settings.batch_max_documents, self.settings.batch_wait_ms / 1000
            )
            return self._batcher
        return engine

    def _arriving(self) -> ContextManager[None]:
        """While this caller splits its text, a batch being gathered waits for it (`BatchingEngine.arriving`)."""
        return self._batcher.arriving() if self._batcher is not None else contextlib.nullcontext()

    def summarize(
        self, source: Source, options: SummaryOptions | None = None, progress: Progress | None = None
    ) -> Summary:
        """Summarize text or a document's blocks; raises a SummarizerError with a user-facing message on bad input.

        `progress(fraction, message)` is called as the work moves on; if it raises, the work stops there.
        """
        result = self.summarize_many([source], options, progress)[0]
        if isinstance(result, SummarizerError):
            raise result
        return result

    def summarize_many(
        self, sources: Sequence[Source], options: SummaryOptions | None = None, progress: Progress | None = None
    ) -> list[Summary | SummarizerError]:
        """Summaries of several texts or block lists in one engine call; bad input becomes that item's error.

        Progress is reported for the whole list, as for one document.
        """
        options = options or SummaryOptions()
        report = progress or (lambda fraction, message: None)
        started = time.perf_counter()
        report(0.02, "Splitting into sentences")
        engine = self.engine
        with self._arriving():
            prepared = [self._prepare_or_error(source, options) for source in sources]
            ready = [p for p in prepared if isinstance(p, Prepared)]
            split_seconds = time.perf_counter() - started
            if not ready:
                return [p for p in prepared if isinstance(p, SummarizerError)]  # all of them
            report(ENGINE_BEGIN, "Summarizing")
            generated_at = time.perf_counter()
            tick = stage(report, ENGINE_BEGIN, ENGINE_WIDTH, "Summarizing part")
            outcomes = iter(strategy_for(engine).outputs(engine, ready, options, tick))
        engine_seconds = time.perf_counter() - generated_at
        report(1.0, "Done")
        results: list[Summary | SummarizerError] = []
        for entry in prepared:
            if isinstance(entry, SummarizerError):
                results.append(entry)
                continue
            item, outputs = next(outcomes)
            timings = {"split": split_seconds, "summarize": engine_seconds, "total": time.perf_counter() - started}
            results.append(finish(item, outputs, engine, options, timings))
        return results

    def stream(
        self, source: Source, options: SummaryOptions | None = None, progress: Progress | None = None
    ) -> Generator[Partial, None, None]:
        """The summary as it is made: the overview first, then the sections in order, each group as soon as it is done.

        Every `Partial` holds a Summary of what has arrived and the sections still coming; the last has none
        coming. The offline engine takes milliseconds, so it yields once, the same as `summarize`. A model
        summarizes the overview alone, then sections in groups of 1, 2, 4 ... up to its batch size, so the
        first sections come soon and later ones still share calls. Text without sections is one call, as in
        `summarize`; with sections, `summarize` batches the overview's parts with the sections' (sharing
        length budgets), so a model's words may differ slightly. Bad input raises before anything is yielded.
        """
        yield from strategy_for(self.engine).stream(self, source, options or SummaryOptions(), progress)

    def _prepare_or_error(self, source: Source, options: SummaryOptions) -> Prepared | SummarizerError:
        try:
            return prepare(source, options, self.settings.max_input_chars)
        except SummarizerError as error:
            return error
