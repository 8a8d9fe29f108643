"""Sources summarized together, all at once (`summarize_together`) or as the parts come (`stream_together`); the
options each source is summarized with."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Generator, Sequence

from ..errors import NoSentencesError, SummarizerError
from ..interface import Progress, Source, SummaryService
from ..options import WORD_TARGET_RANGE, SummaryOptions
from ..partial import arriving_batches
from ..summary import Summary
from ..text.keyterms import key_terms
from .additions import with_additions
from .combined import Combined, NamedSource, PartialTogether, SourceResult, Unreadable
from .limits import check_count, check_total
from .overview import overview, read_indices
from .stories import split_stories

logger = logging.getLogger(__name__)


def summarize_together(
    service: SummaryService,
    sources: Sequence[NamedSource],
    options: SummaryOptions | None = None,
    progress: Progress | None = None,
    unreadable: Sequence[Unreadable] = (),
) -> Combined:
    """One overview of `sources` with each sentence's sources, a line per source, and key terms over all.

    `unreadable` are sources the caller could not read: listed with their reasons, after the others. Raises
    `InputTooLargeError` past the limits, and `NoSentencesError` naming each reason when no source could be
    summarized.
    """
    steps = stream_together(service, sources, options, progress, unreadable)
    while True:
        try:
            next(steps)
        except StopIteration as end:
            combined: Combined = end.value
            return combined


def stream_together(
    service: SummaryService,
    sources: Sequence[NamedSource],
    options: SummaryOptions | None = None,
    progress: Progress | None = None,
    unreadable: Sequence[Unreadable] = (),
) -> Generator[PartialTogether, None, Combined]:
    """`summarize_together` as it is made: a `PartialTogether` after each call's sources are summarized (see the
    module's docstring), and the `Combined` returned. The limits are checked before anything is summarized."""
    options = options or SummaryOptions()
    check_count(len(sources) + len(unreadable), service.settings)
    check_total(sources, service.settings)
    sources = split_stories(sources)
    target = options.target_words(sum(_words(s.content) for s in sources))
    each = options_each(sources, options)
    done = [SourceResult(s.name, s.title) for s in sources] + [
        SourceResult(u.name, "", error=u.reason) for u in unreadable
    ]
    batches = bool(sources) and service.engine.batches  # no engine is loaded when no source could be read
    calls = arriving_batches(len(sources), batches, service.settings.batch_max_documents)
    weights = [_words(s.content) for s in sources]
    whole, finished = max(1, sum(weights)), 0
    for call in calls:
        width = sum(weights[k] for k in call) / whole
        tick = _stage(progress, finished / whole, width, call, len(sources), len(calls) > 1)
        for k, result in zip(call, service.summarize_many([sources[k].content for k in call], each, tick)):
            done[k] = _result(sources[k], result)
        finished += sum(weights[k] for k in call)
        yield PartialTogether(tuple(done), options.format)
    return _combine(done, target, options.format)


def _stage(progress: Progress | None, start: float, width: float, call: range, total: int, named: bool) -> Progress:
    """Progress of one call mapped onto its share of the whole, its messages naming its sources when there are
    several calls."""
    report = progress or (lambda fraction, message: None)
    which = f"Source {call.start + 1}" + (f"-{call.stop}" if len(call) > 1 else "") + f" of {total}: "

    def tick(fraction: float, message: str) -> None:
        report(start + width * fraction, (which + message[:1].lower() + message[1:]) if named else message)

    return tick


def _result(source: NamedSource, result: Summary | SummarizerError) -> SourceResult:
    if isinstance(result, SummarizerError):
        return SourceResult(source.name, source.title, error=str(result))
    return SourceResult(source.name, source.title or result.title, summary=result)


def _combine(done: list[SourceResult], target: int, format: str) -> Combined:
    """The overview, each source's line and the key terms over every source summarized; raises `NoSentencesError`
    naming each reason when none was."""
    if not any(s.summary is not None for s in done):
        reasons = "; ".join(f"{s.name}: {s.error}" for s in done) or "none was given"
        raise NoSentencesError(f"No source could be summarized ({reasons})")
    summaries = {k: s.summary for k, s in enumerate(done) if s.summary is not None}
    sentences = overview(summaries)
    done = with_additions(done, summaries)
    everything = [summary.source[i].text for summary in summaries.values() for i in read_indices(summary)]
    return Combined(sentences, done, key_terms(everything), target, format)


def options_each(sources: Sequence[NamedSource], options: SummaryOptions) -> SummaryOptions:
    """The options each source is summarized with: an equal share of the overview's word target (the target of
    all their words read as one), one sentence each for a TL;DR; paragraphs, no sections."""
    each = replace(options, format="paragraph", sections=False)
    if options.tldr or not sources:
        return each
    share = round(options.target_words(sum(_words(s.content) for s in sources)) / len(sources))
    return replace(each, words=min(WORD_TARGET_RANGE[1], max(WORD_TARGET_RANGE[0], share)))


def _words(content: Source) -> int:
    return len(content.split()) if isinstance(content, str) else sum(len(b.text.split()) for b in content)
