"""Several sources summarized together: one overview whose every sentence names its source, a line per source
saying what it adds, and key terms over all of them.

`summarize_together(service, sources)` summarizes every source in one `summarize_many` call (so a model
batches them), each to an equal share of the overview's word target (the target of all their words read as
one), then builds the overview from their summaries in turns (each source's first sentence, then each one's
second, ...), so no source is left out and a repeat is caught against what came before. A sentence that says what an
earlier one says (most of its content words shared) is not shown again: the earlier one names both sources.
A source that cannot be read (`Unreadable`, from the caller's reading) or summarized keeps its place in
`Combined.sources` with its reason, and the others are still summarized. The limits are the settings':
`together_max_sources` sources, and `max_input_chars` characters in all (the bound of one document, since
they are read as one).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from typing import Sequence

from .errors import InputTooLargeError, NoSentencesError, SummarizerError
from .interface import Progress, Source, SummaryService
from .options import WORD_TARGET_RANGE, SummaryOptions
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
        label = self.sources[mark.source].label
        return f"{label}, p. {mark.page}" if mark.page else label

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

    def as_dict(self) -> dict:
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
    options = options or SummaryOptions()
    check_count(len(sources) + len(unreadable), service.settings)
    check_total(sources, service.settings)
    target = options.target_words(sum(_words(s.content) for s in sources))
    each = options_each(sources, options)
    results = service.summarize_many([s.content for s in sources], each, progress) if sources else []
    done: list[SourceResult] = []
    for source, result in zip(sources, results):
        if isinstance(result, SummarizerError):
            done.append(SourceResult(source.name, source.title, error=str(result)))
        else:
            done.append(SourceResult(source.name, source.title or result.title, summary=result))
    done += [SourceResult(u.name, "", error=u.reason) for u in unreadable]
    if not any(s.summary is not None for s in done):
        reasons = "; ".join(f"{s.name}: {s.error}" for s in done) or "none was given"
        raise NoSentencesError(f"No source could be summarized ({reasons})")
    summaries = {k: s.summary for k, s in enumerate(done) if s.summary is not None}
    sentences = _overview(summaries)
    done = _with_additions(done, summaries)
    everything = [
        summary.source[i].text for summary in summaries.values() for i in _read_indices(summary) if i is not None
    ]
    return Combined(sentences, done, key_terms(everything), target, options.format)


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


def _overview(summaries: dict[int, Summary]) -> list[CombinedSentence]:
    """Every source's summary sentences (each already sized to its share of the words), taken in turns (each
    source's first, then each one's second, ...) so that a repeat of a sentence another source gave already adds
    its source to that sentence instead of being shown again (a source's own summary is left as it is). Shown in
    the sources' order, each one's sentences in its order."""
    taken: list[tuple[tuple[int, int], str, set[str], list[Mark]]] = []
    longest = max(len(summary.sentences) for summary in summaries.values())
    for turn in range(longest):
        for k, summary in summaries.items():
            if turn >= len(summary.sentences):
                continue
            text, row = summary.sentences[turn], summary.support[turn]
            bag = set(tokens(text))
            mark = _mark(k, summary, row)
            same = next((item for item in taken if item[3][0].source != k and says_same(item[2], bag)), None)
            if same is None:
                taken.append(((k, turn), text, bag, [mark]))
            elif all(m.source != k for m in same[3]):
                same[3].append(mark)
    said = {
        k: [(i, set(tokens(summary.source[i].text))) for i in _read_indices(summary)]
        for k, summary in summaries.items()
    }
    for _, _, bag, marks in taken:  # another source may say a shown sentence without its summary picking it
        for k, summary in summaries.items():
            if all(m.source != k for m in marks):
                index = next((i for i, other in said[k] if says_same(bag, other)), None)
                if index is not None:
                    marks.append(Mark(k, index, summary.page_of(index)))
    return [CombinedSentence(text, marks) for _, text, _, marks in sorted(taken, key=lambda item: item[0])]


def _with_additions(done: list[SourceResult], summaries: dict[int, Summary]) -> list[SourceResult]:
    """Each summarized source with its line of what it adds: its sentence with most content words found in no
    other source, and its key terms no other source uses; or, when it has none, which sources say it all."""
    bags = {k: set(tokens(" ".join(s.text for s in summary.source))) for k, summary in summaries.items()}
    out = []
    for k, result in enumerate(done):
        summary = summaries.get(k)
        if summary is None:
            out.append(result)
            continue
        others = set().union(*(bag for j, bag in bags.items() if j != k))
        if not others:
            out.append(replace(result, adds=summary.sentences[0], terms=summary.keyterms[:ADDED_TERMS]))
            continue
        terms = [t for t in summary.keyterms if not set(tokens(t)) <= others][:ADDED_TERMS]
        best, most = "", 0
        for sentence in summary.sentences:
            bag = set(tokens(sentence))
            new = len(bag - others)
            if bag and new / len(bag) >= NEW_SHARE and new > most:
                best, most = sentence, new
        if best:
            adds = best + (f" (only here: {', '.join(terms)})" if terms else "")
        elif terms:
            adds = f"Only here: {', '.join(terms)}."
        else:
            own = set(tokens(" ".join(summary.sentences)))
            also = [done[j].label for j in summaries if j != k and len(own & bags[j]) >= SAME_SHARE * len(own)]
            also = also or [done[j].label for j in summaries if j != k]
            adds = f"Nothing the others do not say: {', '.join(also)} say{'s' if len(also) == 1 else ''} it too."
        out.append(replace(result, adds=adds, terms=terms))
    return out
