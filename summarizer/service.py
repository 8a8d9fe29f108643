"""The summarizer service: one object, loaded once, that every caller shares."""

from __future__ import annotations

import contextlib
import functools
import logging
import queue
import re
import threading
import time
from dataclasses import dataclass, field, replace
from typing import Callable, Generator, Iterator, NamedTuple, Sequence

from . import planning
from .batching import BatchingEngine
from .engine import Engine, EngineName, Hints
from .engines.extractive import ExtractiveEngine
from .engines.locate import locate
from .errors import EmptyInputError, InputTooLargeError, ModelLoadError, NoSentencesError, SummarizerError
from .eta import time_left
from .interface import Progress
from .layout import PROSE_KINDS, BlockLike, Layout
from .layout import layout as read_layout
from .options import SummaryOptions
from .partial import Partial
from .settings import Settings
from .summary import Coverage, SectionSummary, Summary
from .text.grounding import ground
from .text.keyterms import key_terms
from .text.prose import dangles
from .text.sentences import Sentence

logger = logging.getLogger(__name__)
TLDR_TOPICS = 5
# A section whose sentences the overview shows this share of or more is listed as in the overview rather than
# repeating it; below that, a section keeps its own best line even when the overview shows it too.
COVERED = 0.5
ENGINE_BEGIN, ENGINE_WIDTH = 0.1, 0.85
WORD = re.compile(r"[^\W\d_]{2,}")  # a word of two or more letters, in any script


class Summarizer:
    """`summarize(text, options, progress)` over the engine the settings ask for.

    With engine `auto` the abstractive model is used when its weights can be found without
    hanging (local directory, HF cache, or a hub that answers within the timeout); otherwise
    the offline engine, with the reason kept for the user.
    """

    def __init__(self, settings: Settings | None = None, engine: Engine | None = None):
        """`engine`, when given, is used instead of the one the settings would load (the lab's `cross-fit`
        hands in the offline engine with other weights)."""
        self.settings = settings or Settings.from_env()
        self._engine: Engine | None = engine
        self._lock = threading.Lock()

    @property
    def engine(self) -> Engine:
        """The loaded engine; the first access loads it, once, even under concurrent callers."""
        with self._lock:
            if self._engine is None:
                self._engine = self._load()
            return self._engine

    def _load(self) -> Engine:
        engine = self._choose()
        logger.info("engine loaded: %s (%s); %s", engine.name, engine.model, engine.reason)
        if engine.batches and self.settings.batch_max_documents > 1:
            return BatchingEngine(engine, self.settings.batch_max_documents, self.settings.batch_wait_ms / 1000)
        return engine

    def _choose(self) -> Engine:
        settings = self.settings
        if settings.engine == EngineName.EXTRACTIVE:
            return ExtractiveEngine("the offline engine was chosen in the settings")
        from .engines.abstractive import AbstractiveEngine

        try:
            source = locate(settings.model, settings.cache_dir, settings.hub_timeout)
            return AbstractiveEngine(source, settings)
        except ModelLoadError as error:
            if settings.engine == EngineName.ABSTRACTIVE:
                raise
            logger.warning("falling back to the offline engine: %s", error)
            return ExtractiveEngine(str(error))

    def summarize(
        self, source: str | Sequence[BlockLike], options: SummaryOptions | None = None, progress: Progress | None = None
    ) -> Summary:
        """Summarize text or a document's blocks; raises a SummarizerError with a user-facing message on bad input.

        `progress(fraction, message)` is called as the work moves on; if it raises, the work stops there.
        """
        result = self.summarize_many([source], options, progress)[0]
        if isinstance(result, SummarizerError):
            raise result
        return result

    def summarize_many(
        self,
        sources: Sequence[str | Sequence[BlockLike]],
        options: SummaryOptions | None = None,
        progress: Progress | None = None,
    ) -> list[Summary | SummarizerError]:
        """Summaries of several texts or block lists in one engine call; bad input becomes that item's error.

        Progress is reported for the whole list, as for one document.
        """
        options = options or SummaryOptions()
        report = progress or (lambda fraction, message: None)
        started = time.perf_counter()
        report(0.02, "Splitting into sentences")
        engine = self.engine
        with engine.arriving() if isinstance(engine, BatchingEngine) else contextlib.nullcontext():
            prepared = [self._prepare_or_error(source, options) for source in sources]
            ready = [p for p in prepared if isinstance(p, _Prepared)]
            split_seconds = time.perf_counter() - started
            if not ready:
                return [p for p in prepared if isinstance(p, SummarizerError)]  # all of them
            report(ENGINE_BEGIN, "Summarizing")
            generated_at = time.perf_counter()
            stage = self._stage(report, ENGINE_BEGIN, ENGINE_WIDTH, "Summarizing part")
            if engine.batches:
                outputs = self._run(engine, [job for item in ready for job in item.engine_jobs()], options, stage)
            else:
                outputs = self._with_sections(engine, ready, options, stage)
        engine_seconds = time.perf_counter() - generated_at
        report(1.0, "Done")
        results: list[Summary | SummarizerError] = []
        taken = 0
        for item in prepared:
            if isinstance(item, SummarizerError):
                results.append(item)
                continue
            count = len(item.overview_parts) + len(item.jobs)
            timings = {"split": split_seconds, "summarize": engine_seconds, "total": time.perf_counter() - started}
            results.append(self._finish(item, outputs[taken : taken + count], engine, options, timings))
            taken += count
        return results

    def stream(
        self, source: str | Sequence[BlockLike], options: SummaryOptions | None = None, progress: Progress | None = None
    ) -> Generator[Partial, None, None]:
        """The summary as it is made: the overview first, then the sections in order, each group as soon as it is done.

        Every `Partial` holds a Summary of what has arrived and the sections still coming; the last has none
        coming. The offline engine takes milliseconds, so it yields once, the same as `summarize`. A model
        summarizes the overview alone, then sections in groups of 1, 2, 4 ... up to its batch size, so the
        first sections come soon and later ones still share calls. Text without sections is one call, as in
        `summarize`; with sections, `summarize` batches the overview's parts with the sections' (sharing
        length budgets), so a model's words may differ slightly. Bad input raises before anything is yielded.
        """
        options = options or SummaryOptions()
        if not self.engine.batches:
            yield Partial(self.summarize(source, options, progress))
            return
        report = progress or (lambda fraction, message: None)
        started = time.perf_counter()
        report(0.02, "Splitting into sentences")
        engine = self.engine
        item = self._prepare(source, options)
        split_seconds = time.perf_counter() - started
        jobs = list(item.engine_jobs())
        if len(item.overview_parts) != 1:  # a TL;DR of several stories: one line each, all in one call
            outputs = self._run(
                engine, jobs, options, self._stage(report, ENGINE_BEGIN, ENGINE_WIDTH, "Summarizing part")
            )
            now = time.perf_counter()
            report(1.0, "Done")
            yield Partial(
                self._finish(
                    item,
                    outputs,
                    engine,
                    options,
                    {"split": split_seconds, "summarize": now - started, "total": now - started},
                )
            )
            return
        groups = _stream_groups(len(item.jobs), getattr(engine, "batch_size", 1))
        all_coming = [
            SectionSummary(job.section.title, job.section.level, job.section.first_page, job.section.last_page, [], [])
            for job in item.all_jobs
        ]
        weights = [sum(len(s.text.split()) for s in job.sentences) for job in jobs]
        whole, done_weight = max(1, sum(weights)), 0
        generated_at = time.perf_counter()
        outputs = []
        for group in groups:
            share = sum(weights[i] for i in group) / whole
            documents, targets, hints, caps = (list(column) for column in zip(*(jobs[i] for i in group)))
            tick = self._stage(
                report,
                ENGINE_BEGIN + ENGINE_WIDTH * done_weight / whole,
                ENGINE_WIDTH * share,
                "Summarizing part",
                f" ({_what(group, len(item.jobs))})",
                since=generated_at,
            )

            call = functools.partial(  # called now, or step by step by `_drafted` when the engine streams
                engine.summarize_many, documents, targets, tick, preset=options.preset, hints=hints, max_sentences=caps
            )

            if group == [0] and engine.streams(options.preset):
                outputs += yield from _drafted(call, all_coming)
            else:
                outputs += call()
            done_weight += sum(weights[i] for i in group)
            now = time.perf_counter()
            timings = {"split": split_seconds, "summarize": now - generated_at, "total": now - started}
            summary = self._finish(item, outputs, engine, options, timings)
            coming = all_coming[len(summary.sections) :]
            if not coming:
                report(1.0, "Done")
            yield Partial(summary, coming)

    def _with_sections(self, engine, ready: list["_Prepared"], options: SummaryOptions, progress) -> list:
        """The outputs in `engine_jobs` order, every overview and section in one call; a section that picked a
        sentence an earlier section shows, or one that describes the document (an abstract) a sentence of the
        overview, is summarized again without it (a second call)."""
        done = self._run(engine, [job for item in ready for job in item.engine_jobs()], options, progress)
        outputs, taken = [], 0
        for item in ready:
            own = done[taken : taken + len(item.overview_parts)]
            mine = done[taken + len(item.overview_parts) : taken + len(item.overview_parts) + len(item.jobs)]
            taken += len(item.overview_parts) + len(item.jobs)
            outputs += own + self._without_repeats(engine, item, own, mine, options, progress)
        return outputs

    def _without_repeats(self, engine, item: "_Prepared", overview: list, sections: list, options, progress) -> list:
        """`sections`' outputs, less repeats: a section that shows the same words as an earlier section (an
        abstract and an introduction can share a sentence), or a section in which the document describes itself
        (`Section.role` "self": an abstract, a scope, an introduction) that shows a sentence of the `overview`, is
        summarized again from its other sentences, and so is a section the overview mostly covers (`COVERED`: a
        short text). Any other section keeps its line when the overview shows it too: its line says what that
        section does, and its next best seldom does. When it has no other sentence,
        a section that repeated the overview is listed as in the overview; one that repeated a section keeps its
        lines. `item.jobs` is narrowed to match, so support still points at the source."""
        sentences = item.layout.sentences
        in_overview = {
            sentences[i].text
            for part, output in zip(item.overview_parts, overview)
            for row in self._support(output, [sentences[i] for i in part.indices], part.indices)
            for i in row
        }
        said: set[str] = set()  # grows with each section's lines
        again: dict[int, tuple[planning.SectionJob, bool]] = {}
        for k, (job, output) in enumerate(zip(item.jobs, sections)):
            picked = self._support(output, [sentences[i] for i in job.indices], job.indices)[: job.max_sentences]
            texts = [sentences[i].text for row in picked for i in row]
            covered = sum(sentences[i].text in in_overview for i in job.indices)
            taken = said | in_overview if job.section.role == "self" or covered >= COVERED * len(job.indices) else said
            if any(text in taken for text in texts):
                narrowed = replace(job, indices=[i for i in job.indices if sentences[i].text not in taken])
                again[k] = narrowed, any(text in in_overview for text in texts)
            else:
                said.update(texts)
        if not again:
            return sections
        tried = [k for k in again if again[k][0].indices]
        redone = dict(zip(tried, self._run(engine, [item.section_job(again[k][0]) for k in tried], options, progress)))
        jobs, outputs = [], []
        for k, (job, output) in enumerate(zip(item.jobs, sections)):
            if k in again:
                narrowed, repeats_overview = again[k]
                lines = redone[k].sentences[: job.max_sentences] if k in redone else []
                if lines:
                    job, output = narrowed, redone[k]
                elif repeats_overview:
                    continue  # listed as in the overview
            jobs.append(job)
            outputs.append(output)
        item.jobs = jobs
        return outputs

    @staticmethod
    def _run(engine, jobs: list[EngineJob], options: SummaryOptions, progress) -> list:
        """The engine's outputs for these jobs, in one call."""
        if not jobs:
            return []
        documents, targets, hints, caps = (list(column) for column in zip(*jobs))
        return engine.summarize_many(
            documents, targets, progress, preset=options.preset, hints=hints, max_sentences=caps
        )

    def _prepare_or_error(
        self, source: str | Sequence[BlockLike], options: SummaryOptions
    ) -> "_Prepared | SummarizerError":
        try:
            return self._prepare(source, options)
        except SummarizerError as error:
            return error

    def _prepare(self, source: str | Sequence[BlockLike], options: SummaryOptions) -> "_Prepared":
        self._check_size(source)
        layout = read_layout(source)
        if not layout.has_sentences:
            raise NoSentencesError(self._no_sentences(source))
        sentences = layout.sentences
        total_words = self._words(source)
        count, warnings = self._cap(sentences, options.max_input_words)
        plan = planning.plan(layout, count, "tldr" if options.tldr else options.length)
        read = [sentences[i] for i in plan.eligible]
        target = options.target_words(sum(len(s.text.split()) for s in read))
        read_words = total_words if count == len(sentences) else sum(len(s.text.split()) for s in sentences[:count])
        left_out = self._left_out(source, read, count) if count == len(sentences) else {}
        jobs = plan.sections if options.sections else []
        return _Prepared(
            layout=layout,
            plan=plan,
            read=read,
            total_words=total_words,
            read_words=read_words,
            left_out=left_out,
            target=target,
            warnings=warnings,
            jobs=list(jobs),
            tldr=options.tldr,
            all_jobs=jobs,
        )

    def _finish(
        self, item: "_Prepared", outputs: list, engine, options: SummaryOptions, timings: dict[str, float]
    ) -> Summary:
        outputs, section_outputs = outputs[: len(item.overview_parts)], outputs[len(item.overview_parts) :]
        summary_sentences, support = [], []
        for overview_part, part in zip(item.overview_parts, outputs):
            indices = overview_part.indices
            summary_sentences += part.sentences
            support += self._support(part, [item.layout.sentences[i] for i in indices], indices)
        if not summary_sentences:
            raise NoSentencesError("No summary could be produced from this text.")
        summary_sentences, support = _defining_first(summary_sentences, support, item.plan.defining)
        sentences = item.layout.sentences
        sections = []
        done = {id(job.section): (job, output) for job, output in zip(item.jobs, section_outputs)}
        run = {id(job.section) for job in item.jobs}
        for section in (job.section for job in item.all_jobs):
            if id(section) in run and id(section) not in done:
                break  # still coming (streaming)
            found = done.get(id(section))
            lines: list[str] = []
            section_support: list[list[int]] = []
            in_overview = False
            if found is None:  # the overview is drawn from it, and it has no other sentence
                own = {sentences[i].text for i in next(job.indices for job in item.all_jobs if job.section is section)}
                in_overview = any(sentences[i].text in own for row in support for i in row)
            else:
                job, section_output = found
                document = [sentences[i] for i in job.indices]
                lines = section_output.sentences[: job.max_sentences]
                section_support = self._support(section_output, document, job.indices)[: job.max_sentences]
            sections.append(
                SectionSummary(
                    section.title,
                    section.level,
                    section.first_page,
                    section.last_page,
                    lines,
                    section_support,
                    in_overview=in_overview,
                )
            )
        return Summary(
            sentences=summary_sentences,
            support=support,
            source=sentences,
            engine=engine.name,
            model=engine.model,
            device=engine.device,
            reason=engine.reason,
            coverage=Coverage(
                parts=sum(part.parts for part in outputs),
                input_words=item.total_words,
                read_words=item.read_words,
                read_tokens=sum(part.read_tokens for part in outputs),
                sentences=len(item.read),
                prose_words=sum(len(s.text.split()) for s in item.read),
                left_out_kinds=item.left_out,
            ),
            target_words=item.target,
            format=options.format,
            timings=timings,
            warnings=item.warnings,
            sections=sections,
            pages=item.layout.pages,
            keyterms=key_terms([s.text for s in item.read]),
            unread=_unread(
                len(sentences), item.plan.eligible, len(item.read) > 0 and item.read_words == item.total_words
            ),
        )

    @staticmethod
    def _words(source: str | Sequence[BlockLike]) -> int:
        """Every word of the input, the same count as the document's own (`ingest.Document.words`)."""
        texts = [source] if isinstance(source, str) else [block.text for block in source]
        return sum(len(text.split()) for text in texts)

    @staticmethod
    def _left_out(source: str | Sequence[BlockLike], read: list[Sentence], count: int) -> dict[str, int]:
        """Words no summary reads, by block kind, and 'not prose' for sentences of prose blocks left out."""
        kinds: dict[str, int] = {}
        blocks = [] if isinstance(source, str) else source
        for block in blocks:
            if block.kind not in PROSE_KINDS and block.kind not in ("heading", "title"):
                kinds[block.kind] = kinds.get(block.kind, 0) + len(block.text.split())
        prose = (
            len(source.split())
            if isinstance(source, str)
            else sum(len(b.text.split()) for b in blocks if b.kind in PROSE_KINDS)
        )
        unread = prose - sum(len(s.text.split()) for s in read) if count else 0
        if unread > 0:
            kinds["not prose"] = unread
        return kinds

    @staticmethod
    def _no_sentences(source: str | Sequence[BlockLike]) -> str:
        """Why nothing can be summarized, true to the text: no words at all, or words only in headings, code, tables."""
        texts = [source] if isinstance(source, str) else [block.text for block in source]
        if not any(WORD.search(text) for text in texts):
            return "The text has no sentences to summarize (no words of two or more letters were found)."
        return (
            "The text has no sentences to summarize: it reads as headings, code or a table, not as running "
            "text of a few sentences."
        )

    def _check_size(self, source: str | Sequence[BlockLike]) -> None:
        characters = len(source) if isinstance(source, str) else sum(len(b.text) + 2 for b in source)
        texts = [source] if isinstance(source, str) else [b.text for b in source]
        if not any(t.strip() for t in texts):
            raise EmptyInputError("There is no text to summarize.")
        if characters > self.settings.max_input_chars:
            raise InputTooLargeError(
                f"The text has {characters:,} characters; the limit is {self.settings.max_input_chars:,}. "
                "Split it into smaller documents."
            )

    @staticmethod
    def _stage(
        report: Progress, begin: float, width: float, label: str, where: str = "", since: float | None = None
    ) -> Callable[[int, int], None]:
        """An engine's (done, total) mapped onto its share of the bar, never moving back when the total grows, with
        the time left for the whole of the engine's work (its share of the bar, begun at `since`, by default now)
        estimated from the share done so far."""
        reached, started = begin, time.perf_counter() if since is None else since

        def tick(done: int, total: int) -> None:
            nonlocal reached
            reached = max(reached, begin + width * min(1.0, done / max(total, 1)))
            left = time_left(time.perf_counter() - started, (reached - ENGINE_BEGIN) / ENGINE_WIDTH)
            report(reached, f"{label} {done} of {total}{where}" + (f" · {left}" if left else ""))

        return tick

    @staticmethod
    def _support(output, read: list[Sentence], indices: list[int]) -> list[list[int]]:
        local = output.support if output.support is not None else ground(output.sentences, read)
        return [[indices[i] for i in row] for row in local]

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


def _stream_groups(sections: int, batch_size: int) -> list[list[int]]:
    """Job indices per engine call when streaming: the overview (0) alone, then sections in groups of 1, 2,
    4 ... up to the batch size."""
    groups, start, size = [[0]], 1, 1
    while start <= sections:
        groups.append(list(range(start, min(start + size, sections + 1))))
        start += size
        size = min(size * 2, max(1, batch_size))
    return groups


class _Stopped(Exception):
    """Nobody reads the draft any more."""


def _drafted(call: Callable[..., list], coming: list[SectionSummary]) -> Generator[Partial, None, list]:
    """`call(on_text=...)` in a thread, its text so far yielded as a draft while it grows; returns its outputs.

    When the reader goes away (the generator is closed), the next token stops the call.
    """
    updates: queue.SimpleQueue = queue.SimpleQueue()
    stop = threading.Event()

    def heard(text: str) -> None:
        if stop.is_set():
            raise _Stopped
        updates.put((False, text))

    def run() -> None:
        try:
            updates.put((True, call(on_text=heard)))
        except BaseException as error:
            updates.put((True, error))

    threading.Thread(target=run, name="summarizer-draft", daemon=True).start()
    try:
        while True:
            finished, value = updates.get()
            if not finished:
                yield Partial(None, coming, value)
            elif isinstance(value, BaseException):
                raise value
            else:
                return value
    finally:
        stop.set()


def _what(group: list[int], sections: int) -> str:
    """'the overview', 'section 3 of 9', 'sections 4-7 of 9' for a streaming group."""
    if group == [0]:
        return "the overview"
    if len(group) == 1:
        return f"section {group[0]} of {sections}"
    return f"sections {group[0]}–{group[-1]} of {sections}"


def _unread(count: int, eligible: list[int], whole: bool) -> list[int]:
    """Indices of the prose sentences no engine read (not prose, or in back matter), when the whole input was read."""
    read = set(eligible)
    return [i for i in range(count) if i not in read] if whole else []


def _defining_first(
    sentences: list[str], support: list[list[int]], lead: int | None
) -> tuple[list[str], list[list[int]]]:
    """The summary with the defining sentence (and the sentences that lean on it) moved to the front."""
    at = next((k for k, row in enumerate(support) if row and row[0] == lead), None)
    if not at:
        return sentences, support
    end = at + 1
    while (
        end < len(support) and support[end] and support[end][0] == support[end - 1][0] + 1 and dangles(sentences[end])
    ):
        end += 1
    order = list(range(at, end)) + [k for k in range(len(sentences)) if not at <= k < end]
    return [sentences[k] for k in order], [support[k] for k in order]


class EngineJob(NamedTuple):
    """One document for the engine: its sentences, target words, hints, and sentence cap (None: no cap)."""

    sentences: list[Sentence]
    target: int
    hints: Hints
    max_sentences: int | None


class _OverviewPart(NamedTuple):
    """Sentences (by index) summarized together for the overview: all of them, or one topic of a TL;DR."""

    indices: list[int]
    target: int
    hints: Hints
    max_sentences: int | None


@dataclass
class _Prepared:
    """One document split, planned and capped, waiting for the engine: the overview, then the sections.

    A TL;DR is one sentence, or one per topic (the largest few) when plain text holds several stories, with
    no sections. Otherwise the overview has the whole word target and each section its own (`planning.plan`):
    `jobs` are the sections summarized, `all_jobs` every section listed.
    """

    layout: Layout
    plan: planning.Plan
    read: list[Sentence]
    total_words: int
    read_words: int
    left_out: dict[str, int]
    target: int
    warnings: list[str]
    jobs: list[planning.SectionJob]
    tldr: bool
    all_jobs: list[planning.SectionJob] = field(default_factory=list)
    overview_parts: list[_OverviewPart] = field(default_factory=list)

    def engine_jobs(self) -> Iterator[EngineJob]:
        """The overview's parts, then each section, as documents for the engine."""
        yield from self.overview_jobs()
        yield from self.section_jobs()

    def section_jobs(self) -> Iterator[EngineJob]:
        """Each section summarized, as a document for the engine."""
        for job in self.jobs:
            yield self.section_job(job)

    def section_job(self, job: planning.SectionJob) -> EngineJob:
        sentences = [self.layout.sentences[i] for i in job.indices]
        hints = planning.section_hints(sentences, job.section.title)
        return EngineJob(sentences, job.target_words, hints, job.max_sentences)

    def overview_jobs(self) -> Iterator[EngineJob]:
        """The overview as a document for the engine, or each topic of a TL;DR as one."""
        hints = self.plan.hints
        eligible = self.plan.eligible
        groups = hints.groups or [0]
        topics = sorted(set(groups))
        if self.tldr and not self.layout.structured and len(topics) > 1:
            members = {t: [k for k, g in enumerate(groups) if g == t] for t in topics}
            size = {t: sum(len(self.layout.sentences[eligible[k]].text.split()) for k in members[t]) for t in topics}
            chosen = sorted(sorted(topics, key=lambda t: -size[t])[:TLDR_TOPICS])
            bonus = hints.bonus
            self.overview_parts = [
                _OverviewPart(
                    [eligible[k] for k in members[t]],
                    self.target,
                    Hints(bonus=None if bonus is None else [bonus[k] for k in members[t]]),
                    1,
                )
                for t in chosen
            ]
        else:
            self.overview_parts = [_OverviewPart(eligible, self.target, hints, 1 if self.tldr else None)]
        for part in self.overview_parts:
            yield EngineJob(
                [self.layout.sentences[i] for i in part.indices], part.target, part.hints, part.max_sentences
            )
