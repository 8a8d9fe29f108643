"""One document made ready for the engine: checked, split, planned, capped; and the engine inputs it asks for.

Reading the input is the same for every engine, so it happens once, here, before any strategy runs:
bad input is refused with a message meant for the user (nothing to read, too large, no sentences), the
word cap is applied, and the words that no summary reads are counted by kind so the summary can say so.
The result is frozen: a strategy that narrows a section (`repeats`) makes a new one with `replace`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property
from typing import NamedTuple, Sequence

from .. import planning, roles
from ..engine import Hints
from ..engines.base import EngineInput
from ..errors import EmptyInputError, InputTooLargeError, NoSentencesError
from ..options import SummaryOptions
from ..sectioned import PROSE_KINDS, BlockLike, SectionedText, sectioned_text
from ..text.acronyms import definitions
from ..text.sentences import Sentence
from ..tldrplan import stories, tldr_hints

Source = str | Sequence[BlockLike]
TLDR_TOPICS = 5
LINE_WORDS = 40  # the word target of a labelled line, for each sentence it shows
WORD = re.compile(r"[^\W\d_]{2,}")  # a word of two or more letters, in any script


class OverviewPart(NamedTuple):
    """Sentences (by index) summarized together for the overview: all of them, one topic of a TL;DR, or one
    labelled line (`label`) of the overview of a document with its own abstract."""

    indices: list[int]
    target: int
    hints: Hints
    max_sentences: int | None
    label: str = ""


@dataclass(frozen=True)
class Prepared:
    """One document split, planned and capped, waiting for the engine: the overview, then the sections.

    A TL;DR is one sentence, or one per story (the largest few) when plain text holds several stories, with
    no sections. Otherwise the overview has the whole word target and each section its own (`planning.plan`):
    `section_plans` are the sections summarized, `all_section_plans` every section listed.
    """

    sectioned: SectionedText
    plan: planning.Plan
    read: tuple[Sentence, ...]
    total_words: int
    read_words: int
    left_out: dict[str, int]
    target: int
    warnings: tuple[str, ...]
    section_plans: tuple[planning.SectionPlan, ...]
    all_section_plans: tuple[planning.SectionPlan, ...]
    overview_parts: tuple[OverviewPart, ...]

    @cached_property
    def acronyms(self) -> dict[str, str]:
        """The acronyms the document defines, with their long forms (`text.acronyms`), read once per document
        however often a stream finishes it."""
        return definitions(s.text for s in self.sectioned.sentences)

    @property
    def size(self) -> int:
        """The engine inputs this document asks for: the overview's parts and the sections summarized."""
        return len(self.overview_parts) + len(self.section_plans)

    def engine_inputs(self) -> list[EngineInput]:
        """The overview's parts, then each section, as documents for the engine."""
        return self.overview_inputs() + [self.section_input(planned) for planned in self.section_plans]

    def overview_inputs(self) -> list[EngineInput]:
        """The overview as a document for the engine, or each topic of a TL;DR as one."""
        sentences = self.sectioned.sentences
        return [
            EngineInput([sentences[i] for i in part.indices], part.target, part.hints, part.max_sentences)
            for part in self.overview_parts
        ]

    def section_input(self, planned: planning.SectionPlan) -> EngineInput:
        """A section summarized, as a document for the engine."""
        sentences = [self.sectioned.sentences[i] for i in planned.indices]
        hints = planning.section_hints(sentences, planned.section.title)
        return EngineInput(sentences, planned.target_words, hints, planned.max_sentences)

    def narrowed(self, section_plans: Sequence[planning.SectionPlan]) -> Prepared:
        """The same document with these sections summarized instead."""
        return replace(self, section_plans=tuple(section_plans))


def prepare(source: Source, options: SummaryOptions, max_input_chars: int) -> Prepared:
    """The document ready for the engine; raises a SummarizerError with a user-facing message on bad input."""
    _check_size(source, max_input_chars)
    sectioned = sectioned_text(source)
    if not sectioned.has_sentences:
        raise NoSentencesError(_no_sentences(source))
    sentences = sectioned.sentences
    total_words = _words(source)
    count, warnings = _cap(sentences, options.max_input_words)
    plan = planning.plan(sectioned, count, "tldr" if options.tldr else options.length)
    read = [sentences[i] for i in plan.eligible]
    target = options.target_words(sum(len(s.text.split()) for s in read))
    read_words = total_words if count == len(sentences) else sum(len(s.text.split()) for s in sentences[:count])
    labelled_parts = () if options.tldr else _labelled_parts(sectioned, plan, options.length)
    listed = tuple(_not_the_abstract(plan.sections, sectioned, bool(labelled_parts))) if options.sections else ()
    return Prepared(
        sectioned=sectioned,
        plan=plan,
        read=tuple(read),
        total_words=total_words,
        read_words=read_words,
        left_out=_left_out(source, read, count) if count == len(sentences) else {},
        target=target,
        warnings=tuple(warnings),
        section_plans=tuple(planned for planned in listed if planned.max_sentences),
        all_section_plans=listed,
        overview_parts=labelled_parts or _overview_parts(sectioned, plan, target, options.tldr, _title(source)),
    )


def _labelled_parts(sectioned: SectionedText, plan: planning.Plan, length: str) -> tuple[OverviewPart, ...]:
    """One part per labelled line of a document with its own abstract (`roles.lines`); none for one without."""
    return tuple(
        OverviewPart(
            line.indices,
            LINE_WORDS * line.count,
            Hints(bonus=line.bonus, standalone=[text is not None for text in line.texts], texts=line.texts),
            line.count,
            line.role.label,
        )
        for line in roles.lines(sectioned, plan, length)
    )


def _not_the_abstract(
    plans: list[planning.SectionPlan], sectioned: SectionedText, labelled: bool
) -> list[planning.SectionPlan]:
    """The section plans, less a section that is the abstract shown whole beside a labelled overview."""
    own = set(sectioned.abstract) if labelled else set()
    return [planned for planned in plans if not (planned.indices and set(planned.indices) <= own)]


def _overview_parts(
    sectioned: SectionedText, plan: planning.Plan, target: int, tldr: bool, title: str = ""
) -> tuple[OverviewPart, ...]:
    """The overview as one part; a TL;DR as one sentence ranked by `tldrplan`, or for plain text of several
    stories one line for each of the largest few (`TLDR_TOPICS`), in their order in the text."""
    if not tldr:
        return (OverviewPart(plan.eligible, target, plan.hints, None),)
    topics = sorted(set(plan.hints.groups or [0]))
    if not sectioned.structured and len(topics) > 1 and stories(sectioned, plan.hints.groups or [], plan.eligible):
        return _topic_parts(sectioned, plan, target, topics)
    hints = tldr_hints(sectioned, plan.eligible, plan.defining, title)
    return (OverviewPart(plan.eligible, target, hints, 1),)


def _topic_parts(
    sectioned: SectionedText, plan: planning.Plan, target: int, topics: list[int]
) -> tuple[OverviewPart, ...]:
    groups, eligible = plan.hints.groups or [0], plan.eligible
    members = {t: [k for k, g in enumerate(groups) if g == t] for t in topics}
    size = {t: sum(len(sectioned.sentences[eligible[k]].text.split()) for k in members[t]) for t in topics}
    chosen = sorted(sorted(topics, key=lambda t: -size[t])[:TLDR_TOPICS])
    parts = []
    for t in chosen:
        indices = [eligible[k] for k in members[t]]
        parts.append(OverviewPart(indices, target, tldr_hints(sectioned, indices, plan.defining), 1))
    return tuple(parts)


def _title(source: Source) -> str:
    """The document's title block's text, or nothing."""
    return "" if isinstance(source, str) else next((b.text for b in source if b.kind == "title"), "")


def _texts(source: Source) -> list[str]:
    return [source] if isinstance(source, str) else [block.text for block in source]


def _words(source: Source) -> int:
    """Every word of the input, the same count as the document's own (`ingest.Document.words`)."""
    return sum(len(text.split()) for text in _texts(source))


def _left_out(source: Source, read: list[Sentence], count: int) -> dict[str, int]:
    """Words no summary reads, by block kind, and 'not prose' for sentences of prose blocks left out."""
    kinds: dict[str, int] = {}
    blocks: Sequence[BlockLike] = [] if isinstance(source, str) else source
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


def _no_sentences(source: Source) -> str:
    """Why nothing can be summarized, true to the text: no words at all, or words only in headings, code, tables."""
    if not any(WORD.search(text) for text in _texts(source)):
        return "The text has no sentences to summarize (no words of two or more letters were found)."
    return (
        "The text has no sentences to summarize: it reads as headings, code or a table, not as running "
        "text of a few sentences."
    )


def _check_size(source: Source, max_input_chars: int) -> None:
    characters = len(source) if isinstance(source, str) else sum(len(b.text) + 2 for b in source)
    if not any(t.strip() for t in _texts(source)):
        raise EmptyInputError("There is no text to summarize.")
    if characters > max_input_chars:
        raise InputTooLargeError(
            f"The text has {characters:,} characters; the limit is {max_input_chars:,}. "
            "Split it into smaller documents."
        )


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
