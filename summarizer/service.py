"""The summarizer service: one object, loaded once, that every caller shares."""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable, Sequence

from . import outline, structure
from .errors import EmptyInputError, InputTooLargeError, ModelLoadError, NoSentencesError
from .grounding import ground
from .locate import locate
from .offline import ExtractiveEngine
from .options import SummaryOptions
from .sentences import Sentence
from .settings import Settings
from .structure import BlockLike
from .summary import Coverage, SectionSummary, Summary

logger = logging.getLogger(__name__)
Progress = Callable[[float, str], None]


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

    def summarize(self, source: str | Sequence[BlockLike], options: SummaryOptions | None = None,
                  progress: Progress | None = None) -> Summary:
        """Summarize text or a document's blocks; raises a SummarizerError with a user-facing message on bad input.

        `progress(fraction, message)` is called as the work moves on; if it raises, the work stops there.
        """
        options = options or SummaryOptions()
        report = progress or (lambda fraction, message: None)
        started = time.perf_counter()
        self._check_size(source)
        report(0.02, "Splitting into sentences")
        layout = structure.layout(source)
        if not any(sum(ch.isalpha() for ch in s.text) >= 2 for s in layout.sentences):
            raise NoSentencesError("The text has no sentences to summarize (no words of two or more letters were found).")
        source_sentences = layout.sentences
        total_words = self._words(source)
        count, warnings = self._cap(source_sentences, options.max_input_words)
        plan = outline.plan(layout, count)
        read = [source_sentences[i] for i in plan.eligible]
        prose_words = sum(len(s.text.split()) for s in read)
        read_words = total_words if count == len(source_sentences) else \
            sum(len(s.text.split()) for s in source_sentences[:count])
        target = options.target_words(prose_words)
        split_seconds = time.perf_counter() - started

        engine = self.engine
        jobs = [] if options.tldr or not options.sections else plan.sections
        share = 0.85 if not jobs else 0.55
        report(0.1, "Summarizing")
        generated_at = time.perf_counter()
        output = engine.summarize(read, target, self._stage(report, 0.1, share, "Summarizing part"),
                                  options.preset, plan.hints, 1 if options.tldr else None)
        if not output.sentences:
            raise NoSentencesError("No summary could be produced from this text.")
        support = self._support(output, read, plan.eligible)
        sections = self._sections(engine, jobs, source_sentences, layout.pages, options,
                                  self._stage(report, 0.1 + share, 0.85 - share, "Summarizing section"))
        engine_seconds = time.perf_counter() - generated_at
        report(1.0, "Done")
        return Summary(
            sentences=output.sentences, support=support, source=source_sentences, engine=engine.name,
            model=engine.model, device=engine.device, reason=engine.reason,
            coverage=Coverage(parts=output.parts, input_words=total_words, read_words=read_words,
                              read_tokens=output.read_tokens, sentences=len(read), prose_words=prose_words),
            target_words=target, format=options.format,
            timings={"split": split_seconds, "summarize": engine_seconds, "total": time.perf_counter() - started},
            warnings=warnings, sections=sections, pages=layout.pages)

    @staticmethod
    def _words(source: str | Sequence[BlockLike]) -> int:
        if isinstance(source, str):
            return len(source.split())
        return sum(len(block.text.split()) for block in source if block.kind != "heading")

    def _check_size(self, source: str | Sequence[BlockLike]) -> None:
        characters = len(source) if isinstance(source, str) else sum(len(b.text) + 2 for b in source)
        texts = [source] if isinstance(source, str) else [b.text for b in source]
        if not any(t.strip() for t in texts):
            raise EmptyInputError("There is no text to summarize.")
        if characters > self.settings.max_input_chars:
            raise InputTooLargeError(
                f"The text has {characters:,} characters; the limit is {self.settings.max_input_chars:,}. "
                "Split it into smaller documents.")

    @staticmethod
    def _stage(report: Progress, begin: float, width: float, label: str) -> Callable[[int, int], None]:
        """An engine's (done, total) mapped onto its share of the bar; never moving back when the total grows."""
        reached = begin

        def tick(done: int, total: int) -> None:
            nonlocal reached
            reached = max(reached, begin + width * min(1.0, done / max(total, 1)))
            report(reached, f"{label} {done} of {total}")
        return tick

    @staticmethod
    def _support(output, read: list[Sentence], indices: list[int]) -> list[list[int]]:
        local = output.support if output.support is not None else ground(output.sentences, read)
        return [[indices[i] for i in row] for row in local]

    def _sections(self, engine, jobs: list, sentences: list[Sentence], pages: list, options: SummaryOptions,
                  tick: Callable[[int, int], None]) -> list[SectionSummary]:
        """Each section's one to three sentences, summarized together so the engine can batch them."""
        if not jobs:
            return []
        documents = [[sentences[i] for i in job.indices] for job in jobs]
        outputs = engine.summarize_many(documents, [job.target_words for job in jobs], tick, options.preset,
                                        max(job.max_sentences for job in jobs))
        result = []
        for job, document, output in zip(jobs, documents, outputs):
            kept = output.sentences[: job.max_sentences]
            support = self._support(output, document, job.indices)[: job.max_sentences]
            section = job.section
            result.append(SectionSummary(section.title, section.level, section.first_page, section.last_page,
                                         kept, support))
        return result

    @staticmethod
    def _cap(source: list[Sentence], max_words: int | None) -> tuple[int, list[str]]:
        """How many sentences to read under the word cap, and a warning when that is not all of them."""
        if max_words is None:
            return len(source), []
        kept, words = 0, 0
        for sentence in source:
            words += len(sentence.text.split())
            if kept and words > max_words:
                break
            kept += 1
        if kept == len(source):
            return kept, []
        return kept, [f"Only the first {kept} of {len(source)} sentences were read, as requested."]
