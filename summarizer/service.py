"""The summarizer service: one object, loaded once, that every caller shares."""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable

from .errors import EmptyInputError, InputTooLargeError, ModelLoadError, NoSentencesError
from .grounding import ground
from .locate import locate
from .offline import ExtractiveEngine
from .options import SummaryOptions
from .sentences import Sentence, split_sentences
from .settings import Settings
from .summary import Coverage, Summary

logger = logging.getLogger(__name__)


class Summarizer:
    """`summarize(text, options, progress)` over the engine the settings ask for.

    With engine `auto` the abstractive model is used when its weights can be found without
    hanging (local directory, HF cache, or a hub that answers within the timeout); otherwise
    the offline engine, with the reason kept for the user.
    """

    def __init__(self, settings: Settings | None = None):
        self.settings = settings or Settings.from_env()
        self._engine = None
        self._lock = threading.Lock()

    @property
    def engine(self):
        """The loaded engine; the first access loads it, once, even under concurrent callers."""
        with self._lock:
            if self._engine is None:
                self._engine = self._load()
            return self._engine

    def _load(self):
        settings = self.settings
        if settings.engine == "extractive":
            return ExtractiveEngine("the offline engine was chosen in the settings")
        from .abstractive import AbstractiveEngine

        try:
            source = locate(settings.model, settings.cache_dir, settings.hub_timeout)
            return AbstractiveEngine(source, settings)
        except ModelLoadError as error:
            if settings.engine == "abstractive":
                raise
            logger.warning("falling back to the offline engine: %s", error)
            return ExtractiveEngine(str(error))

    def summarize(self, text: str, options: SummaryOptions | None = None,
                  progress: Callable[[int, int], None] | None = None) -> Summary:
        """Summarize `text`; raises a SummarizerError with a user-facing message on bad input."""
        options = options or SummaryOptions()
        started = time.perf_counter()
        if not text or not text.strip():
            raise EmptyInputError("There is no text to summarize.")
        if len(text) > self.settings.max_input_chars:
            raise InputTooLargeError(
                f"The text has {len(text):,} characters; the limit is {self.settings.max_input_chars:,}. "
                "Split it into smaller documents.")
        source = split_sentences(text)
        if not any(sum(ch.isalpha() for ch in s.text) >= 2 for s in source):
            raise NoSentencesError("The text has no sentences to summarize (no words were found).")
        total_words = sum(len(s.text.split()) for s in source)
        read, warnings = self._cap(source, options.max_input_words)
        read_words = sum(len(s.text.split()) for s in read)
        target = options.target_words(read_words)
        split_seconds = time.perf_counter() - started

        engine = self.engine
        generated_at = time.perf_counter()
        output = engine.summarize(read, target, progress, options.preset)
        engine_seconds = time.perf_counter() - generated_at
        if not output.sentences:
            raise NoSentencesError("No summary could be produced from this text.")
        support = output.support if output.support is not None else ground(output.sentences, read)
        return Summary(
            sentences=output.sentences, support=support, source=source, engine=engine.name,
            model=engine.model, device=engine.device, reason=engine.reason,
            coverage=Coverage(parts=output.parts, input_words=total_words, read_words=read_words,
                              read_tokens=output.read_tokens, sentences=len(read)),
            target_words=target, format=options.format,
            timings={"split": split_seconds, "summarize": engine_seconds,
                     "total": time.perf_counter() - started},
            warnings=warnings)

    @staticmethod
    def _cap(source: list[Sentence], max_words: int | None) -> tuple[list[Sentence], list[str]]:
        if max_words is None:
            return source, []
        kept, words = [], 0
        for sentence in source:
            words += len(sentence.text.split())
            if kept and words > max_words:
                break
            kept.append(sentence)
        if len(kept) == len(source):
            return source, []
        return kept, [f"Only the first {len(kept)} of {len(source)} sentences were read, as requested."]
