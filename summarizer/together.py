"""Several sources summarized together: one overview whose every sentence names its source, a line per source
saying what it adds, and key terms over all of them.

`summarize_together(service, sources)` summarizes the sources with `summarize_many`, each to an equal share of
the overview's word target (the target of all their words read as one), then builds the overview from their
summaries in turns (each source's first sentence, then each one's second, ...), so no source is left out and a
repeat is caught against what came before. A sentence that says what an earlier one says (most of its content
words shared) is not shown again: the earlier one names both sources. A source that cannot be read (`Unreadable`,
from the caller's reading) or summarized keeps its place in `Combined.sources` with its reason, and the others
are still summarized. The limits are the settings': `together_max_sources` sources, and `max_input_chars`
characters in all (the bound of one document, since they are read as one).

`stream_together` is the same work as it is made: the offline engine summarizes every source in one call, a
model in calls of 1, 2, 4 ... sources (up to `batch_max_documents`; each call's parts batched), so the first
source's part comes soon. After each call it yields a `PartialTogether`: every source done so far with its own
summary, the rest still coming. It returns the `Combined`, whose overview (repeats across sources shown once),
lines of what each source adds and key terms need every source.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from typing import Any, Generator, Sequence

from .errors import InputTooLargeError, NoSentencesError, SummarizerError
from .interface import Progress, Source, SummaryService
from .options import WORD_TARGET_RANGE, SummaryOptions
from .partial import arriving_batches
from .settings import Settings
from .summary import Summary
from .text.keyterms import key_terms
from .text.vectors import tokens
from .wording import counted

logger = logging.getLogger(__name__)
SAME_SHARE = 0.6  # a sentence whose content words are this much inside another's says the same thing
MIN_SAME_WORDS = 4  # shorter sentences are never taken for repeats
NEW_SHARE = 0.25  # a source adds a sentence when at least this share of its content words are in no other source
ADDED_TERMS = 4


@dataclass(frozen=True)
class NamedSource:
    """One source to summarize with others: its name (file name, URL, 'text 2'), its own title if any, and its
    text or typed blocks."""

    name: str
    content: Source
    title: str = ""


@dataclass(frozen=True)
class Unreadable:
    """A source that could not be read, and why (a sentence for the user)."""

    name: str
    reason: str


@dataclass(frozen=True)
class Mark:
    """Where an overview sentence comes from: the source (its index in `Combined.sources`), the source sentence
    behind it (its index in that source's `Summary.source`, or None for a model's sentence written from the
    whole) and its page."""

    source: int
    sentence: int | None
    page: int | None


@dataclass(frozen=True)
class CombinedSentence:
    """An overview sentence and its marks: the source it was taken from first, then any other that says the same."""

    text: str
    marks: list[Mark]


@dataclass(frozen=True)
class SourceResult:
    """One source as it came out: its summary and what it adds that no other does, or why it could not be read."""

    name: str
    title: str
    summary: Summary | None = None
    error: str = ""
    adds: str = ""
    terms: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        """How the source is named on screen: its title, else its name."""
        return self.title or self.name


@dataclass(frozen=True)
class Combined:
    """One overview across several sources, each sentence marked with its sources; every source with its summary
    and the line saying what it adds, or its reason for being left out; key terms over all of them."""

    sentences: list[CombinedSentence]
    sources: list[SourceResult]
    keyterms: list[str]
    target_words: int
    format: str = "paragraph"

    @property
    def summarized(self) -> list[SourceResult]:
        return [s for s in self.sources if s.summary is not None]

    @property
    def failed(self) -> list[SourceResult]:
        return [s for s in self.sources if s.summary is None]

    @property
    def words(self) -> int:
        return sum(len(s.text.split()) for s in self.sentences)

    @property
    def source_words(self) -> int:
        return sum(s.summary.coverage.input_words for s in self.summarized if s.summary is not None)

    @property
    def first(self) -> Summary:
        """The first source's summary: what ran (engine, model, device, reason) is the same for every source."""
        summary = self.summarized[0].summary
        assert summary is not None  # `summarize_together` raises when no source was summarized
        return summary

    def mark_text(self, mark: Mark) -> str:
        """'Title, p. 4', or the title alone for a source without pages."""
        return _mark_text(self.sources, mark)

    def source_sentence(self, mark: Mark) -> str:
        """The source sentence behind a mark ('' for a model's sentence written from the whole)."""
        summary = self.sources[mark.source].summary
        return "" if summary is None or mark.sentence is None else summary.source[mark.sentence].text

    @property
    def text(self) -> str:
        """Plain text: each overview sentence with its sources in brackets, then what each source adds, the sources
        not read with their reasons, and the key terms."""
        parts = ["\n".join(f"{s.text} [{'; '.join(self.mark_text(m) for m in s.marks)}]" for s in self.sentences)]
        parts.append("What each source adds:\n" + "\n".join(f"- {s.label}: {s.adds}" for s in self.summarized))
        if self.failed:
            parts.append("Not read:\n" + "\n".join(f"- {s.name}: {s.error}" for s in self.failed))
        if self.keyterms:
            parts.append("Key terms: " + ", ".join(self.keyterms))
        return "\n\n".join(parts)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form: the overview with each sentence's sources (title, page, the sentence behind it), every
        source with its summary and what it adds or its error, the key terms, and what ran."""
        first = self.first
        return {
            "text": self.text,
            "overview": [
                {
                    "text": s.text,
                    "sources": [
                        {
                            "source": m.source,
                            "title": self.sources[m.source].label,
                            "page": m.page,
                            "sentence": self.source_sentence(m),
                        }
                        for m in s.marks
                    ],
                }
                for s in self.sentences
            ],
            "sources": [
                {
                    "name": s.name,
                    "title": s.title,
                    "adds": s.adds,
                    "terms": s.terms,
                    "summary": s.summary.text if s.summary is not None else None,
                    "words": s.summary.coverage.input_words if s.summary is not None else 0,
                    "error": s.error or None,
                }
                for s in self.sources
            ],
            "keyterms": self.keyterms,
            "words": self.words,
            "source_words": self.source_words,
            "target_words": self.target_words,
            "engine": first.engine,
            "model": first.model,
            "device": first.device,
            "reason": first.reason,
        }


@dataclass(frozen=True)
class PartialTogether:
    """Sources summarized together while the parts come in: every source in order, those summarized so far with
    their own summary (what each adds over the others, the repeats across them and the key terms over all come
    with the `Combined`), those still coming with neither summary nor error, those that failed with their reason."""

    sources: tuple[SourceResult, ...]
    format: str = "paragraph"

    @property
    def summarized(self) -> list[SourceResult]:
        return [s for s in self.sources if s.summary is not None]

    @property
    def coming(self) -> list[SourceResult]:
        return [s for s in self.sources if s.summary is None and not s.error]

    @property
    def failed(self) -> list[SourceResult]:
        return [s for s in self.sources if s.error]

    def part(self, k: int) -> list[CombinedSentence]:
        """Source `k`'s part of the overview: its summary's sentences, each marked with its page ([] while coming)."""
        summary = self.sources[k].summary
        if summary is None:
            return []
        return [
            CombinedSentence(text, [_mark(k, summary, row)]) for text, row in zip(summary.sentences, summary.support)
        ]

    def mark_text(self, mark: Mark) -> str:
        """'Title, p. 4', or the title alone for a source without pages."""
        return _mark_text(self.sources, mark)


def _mark_text(sources: Sequence[SourceResult], mark: Mark) -> str:
    label = sources[mark.source].label
    return f"{label}, p. {mark.page}" if mark.page else label


def check_count(count: int, settings: Settings) -> None:
    """Refuse more sources than `together_max_sources`, before any is read."""
    if count > settings.together_max_sources:
        raise InputTooLargeError(
            f"{counted(count, 'source')} were given; at most {settings.together_max_sources:,} can be summarized "
            "together (SUMMARIZER_TOGETHER_MAX_SOURCES). Choose fewer, or summarize them in groups."
        )


def check_total(sources: Sequence[NamedSource], settings: Settings) -> None:
    """Refuse sources whose characters together pass `max_input_chars`, the bound of one document."""
    total = sum(_characters(s.content) for s in sources)
    if total > settings.max_input_chars:
        raise InputTooLargeError(
            f"The sources have {total:,} characters together; the limit for sources summarized together is "
            f"{settings.max_input_chars:,} (SUMMARIZER_MAX_INPUT_CHARS). Leave out the longest, or summarize "
            "them in groups."
        )


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
    sentences = _overview(summaries)
    done = _with_additions(done, summaries)
    everything = [summary.source[i].text for summary in summaries.values() for i in _read_indices(summary)]
    return Combined(sentences, done, key_terms(everything), target, format)


def options_each(sources: Sequence[NamedSource], options: SummaryOptions) -> SummaryOptions:
    """The options each source is summarized with: an equal share of the overview's word target (the target of
    all their words read as one), one sentence each for a TL;DR; paragraphs, no sections."""
    each = replace(options, format="paragraph", sections=False)
    if options.tldr or not sources:
        return each
    share = round(options.target_words(sum(_words(s.content) for s in sources)) / len(sources))
    return replace(each, words=min(WORD_TARGET_RANGE[1], max(WORD_TARGET_RANGE[0], share)))


def _read_indices(summary: Summary) -> list[int]:
    unread = set(summary.unread)
    return [i for i in range(len(summary.source)) if i not in unread]


def _words(content: Source) -> int:
    return len(content.split()) if isinstance(content, str) else sum(len(b.text.split()) for b in content)


def _characters(content: Source) -> int:
    return len(content) if isinstance(content, str) else sum(len(b.text) + 2 for b in content)


def _mark(k: int, summary: Summary, row: list[int]) -> Mark:
    index = row[0] if row else None
    return Mark(k, index, summary.page_of(index) if index is not None else None)


def says_same(a: set[str], b: set[str]) -> bool:
    """Whether two sentences' content words say the same thing: most of the shorter one's inside the other."""
    if min(len(a), len(b)) < MIN_SAME_WORDS:
        return a == b and bool(a)
    return len(a & b) / min(len(a), len(b)) >= SAME_SHARE


@dataclass
class _Taken:
    """An overview sentence while the overview is built: its place (source, turn), text, content words and marks."""

    place: tuple[int, int]
    text: str
    bag: set[str]
    marks: list[Mark]


def _overview(summaries: dict[int, Summary]) -> list[CombinedSentence]:
    """Every source's summary sentences (each already sized to its share of the words), taken in turns (each
    source's first, then each one's second, ...) so that a repeat of a sentence another source gave already adds
    its source to that sentence instead of being shown again (a source's own summary is left as it is). Shown in
    the sources' order, each one's sentences in its order."""
    taken: list[_Taken] = []
    longest = max(len(summary.sentences) for summary in summaries.values())
    for turn in range(longest):
        for k, summary in summaries.items():
            if turn < len(summary.sentences):
                _take(taken, k, turn, summary)
    _mark_the_others(taken, summaries)
    return [CombinedSentence(item.text, item.marks) for item in sorted(taken, key=lambda item: item.place)]


def _take(taken: list[_Taken], k: int, turn: int, summary: Summary) -> None:
    """Source `k`'s sentence of this turn: a new overview sentence, or a mark on the one from another source that
    says the same."""
    text = summary.sentences[turn]
    bag = set(tokens(text))
    mark = _mark(k, summary, summary.support[turn])
    same = next((item for item in taken if item.marks[0].source != k and says_same(item.bag, bag)), None)
    if same is None:
        taken.append(_Taken((k, turn), text, bag, [mark]))
    elif all(m.source != k for m in same.marks):
        same.marks.append(mark)


def _mark_the_others(taken: list[_Taken], summaries: dict[int, Summary]) -> None:
    """Another source may say a shown sentence without its summary picking it: its sentence that says it marks it."""
    said = {
        k: [(i, set(tokens(summary.source[i].text))) for i in _read_indices(summary)]
        for k, summary in summaries.items()
    }
    for item in taken:
        for k, summary in summaries.items():
            if all(m.source != k for m in item.marks):
                index = next((i for i, other in said[k] if says_same(item.bag, other)), None)
                if index is not None:
                    item.marks.append(Mark(k, index, summary.page_of(index)))


def _with_additions(done: list[SourceResult], summaries: dict[int, Summary]) -> list[SourceResult]:
    """Each summarized source with its line of what it adds: its sentence with most content words found in no
    other source, and its key terms no other source uses; or, when it has none, which sources say it all."""
    bags = {k: set(tokens(" ".join(s.text for s in summary.source))) for k, summary in summaries.items()}
    labels = [result.label for result in done]
    out = []
    for k, result in enumerate(done):
        if k in summaries:
            adds, terms = _addition(k, summaries, bags, labels)
            result = replace(result, adds=adds, terms=terms)
        out.append(result)
    return out


def _addition(
    k: int, summaries: dict[int, Summary], bags: dict[int, set[str]], labels: list[str]
) -> tuple[str, list[str]]:
    """Source `k`'s line and its own key terms (see `_with_additions`)."""
    summary = summaries[k]
    others: set[str] = set().union(*(bag for j, bag in bags.items() if j != k))
    if not others:
        return summary.sentences[0], summary.keyterms[:ADDED_TERMS]
    terms = [t for t in summary.keyterms if not set(tokens(t)) <= others][:ADDED_TERMS]
    best = _most_new(summary.sentences, others)
    if best:
        return best + (f" (only here: {', '.join(terms)})" if terms else ""), terms
    if terms:
        return f"Only here: {', '.join(terms)}.", terms
    return _said_elsewhere(k, summaries, bags, labels), terms


def _said_elsewhere(k: int, summaries: dict[int, Summary], bags: dict[int, set[str]], labels: list[str]) -> str:
    """The line of a source with nothing of its own: the sources that say most of what its summary says (else all)."""
    own = set(tokens(" ".join(summaries[k].sentences)))
    also = [labels[j] for j in summaries if j != k and len(own & bags[j]) >= SAME_SHARE * len(own)]
    also = also or [labels[j] for j in summaries if j != k]
    return f"Nothing the others do not say: {', '.join(also)} say{'s' if len(also) == 1 else ''} it too."


def _most_new(sentences: list[str], others: set[str]) -> str:
    """The sentence with most content words in no other source, if at least `NEW_SHARE` of its words are; else ''."""
    best, most = "", 0
    for sentence in sentences:
        bag = set(tokens(sentence))
        new = len(bag - others)
        if bag and new / len(bag) >= NEW_SHARE and new > most:
            best, most = sentence, new
    return best
