"""What the engines read and what each part of a summary is about: overview hints and section plans.

The overview prefers what a document says about itself (its abstract, scope, introduction and
conclusion, and sentences such as "This paper presents ...") with a weaker pull to the opening
than news needs (each section restarts it); text without headings is spread over its topics.
The defining sentence (see `defining`) leads the overview and is the TL;DR's first choice.
The word target (a preset or a number of words) is the overview's: sections never take words from it,
so the overview of a paper is as long as asked. Each section with enough prose gets sentences of its
own by the length asked for (short one, medium one or, for a section of 3,000 words or more, two, long up
to four) and by its size, so every section is summarized at every length and each longer preset shows
more. A TL;DR is one sentence for the document (one per story in plain text of several), with no sections.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from .engine import Hints
from .sectioned import Section, SectionedText
from .text.prose import leans
from .text.sentences import Sentence
from .text.topicality import topicality
from .text.topics import segments

SELF_CUE = re.compile(
    r"\b(?:this|the present|our)\s+(?:paper|article|report|document|standard|specification|thesis|dissertation|"
    r"chapter|study|work|book|guide|memo|proposal|survey|part of)\b|"
    r"\bwe\s+(?:present|propose|describe|introduce|show|argue|report|develop|demonstrate|study|investigate|"
    r"explore|define|specify|give|design|implement|evaluate|review|survey)\b|"
    r"\b(?:defines|specifies|describes|establishes)\s+(?:the|how|a|an|requirements)\b",
    re.I,
)
DOCUMENT_CUE = re.compile(
    r"^(?:in\s+)?(?:this|the present)\s+(?:paper|article|report|document|standard|specification|thesis|"
    r"dissertation|part of|memo|proposal|survey|guide)\b|^(?:in this (?:paper|article|report|thesis),?\s+)?"
    r"we\s+(?:present|propose|describe|introduce)\b",
    re.I,
)
IS_A = re.compile(
    r"^[\w\"“(][\w.+#'’\"”()/-]*(?:\s+[\w.+#'’\"”()/-]+){0,5}?\s+(?:is|are)\s+(?:a|an|the|one of)\s", re.I
)
PART_CUE = re.compile(r"\b(?:this|the next|the following|the previous) (?:section|subsection|paragraph)\b", re.I)
SELF_SECTION_BONUS = 0.2
SELF_CUE_BONUS = 0.15
DEFINING_BONUS = 1.0
OPENING_SENTENCES = 3
DOCUMENT_CUE_SHARE = 1 / 3
SECTION_MIN_WORDS = 25
SECTIONED_POSITION_WEIGHT = 0.3
SECTIONED_SPREAD = 0.0
# Sentences a section gets by length and size: (fewer than N words, sentences) tiers, then the last count.
# One sentence says what a section does; more are for readers who asked for more, in sections with more. At Medium
# a second only for a section of about six pages or more: a second long line dilutes the first (on the roadmaps of
# `python -m summarizer sections`, one line a section below 3,000 words gave ROUGE-1 F1 24.1 against 22.9).
SECTION_SENTENCES: dict[str, tuple[tuple[tuple[int, int], ...], int]] = {
    "short": ((), 1),
    "medium": (((3000, 1),), 2),
    "long": (((150, 1), (600, 2), (1500, 3)), 4),
}
WORDS_PER_SECTION_SENTENCE = 28
OVERVIEW_MIN_SENTENCES = {"short": 2, "medium": 3, "long": 4}  # each preset says more than the one before,
SENTENCES_PER_MIN_SENTENCE = 2  # in a text of at least 2 sentences for each (a short text is never returned whole)


@dataclass(frozen=True)
class SectionPlan:
    """One section to summarize: the source indices it may pick from, its word target and sentence cap (none for a
    section listed but not summarized: its blocks say what it holds)."""

    section: Section
    indices: list[int]
    target_words: int
    max_sentences: int


@dataclass(frozen=True)
class Plan:
    """The sentences the overview reads, its hints, the section plans and the defining sentence (a source index)."""

    eligible: list[int]
    hints: Hints
    sections: list[SectionPlan]
    defining: int | None = None


def defining(sectioned: SectionedText, eligible: list[int]) -> int | None:
    """The sentence that says what the document or its subject is: "This paper presents ..." in the first
    third, "X is a ..." among the opening sentences, else the lead sentence of the abstract, scope or summary."""
    texts = {i: sectioned.sentences[i].text for i in eligible}
    early = eligible[: max(OPENING_SENTENCES, round(len(eligible) * DOCUMENT_CUE_SHARE))]
    found = _first_standalone(texts, early, lambda text: bool(DOCUMENT_CUE.search(text) and not PART_CUE.search(text)))
    if found is None:
        found = _first_standalone(texts, eligible[:OPENING_SENTENCES], lambda text: bool(IS_A.match(text)))
    return found if found is not None else _self_section_lead(sectioned, eligible, texts)


def _first_standalone(texts: dict[int, str], indices: list[int], cue: Callable[[str], bool]) -> int | None:
    """The first of `indices` whose text has the cue and reads alone."""
    return next((i for i in indices if cue(texts[i]) and not leans(texts[i])), None)


def _self_section_lead(sectioned: SectionedText, eligible: list[int], texts: dict[int, str]) -> int | None:
    """The lead sentence of the first titled section in which the document describes itself, when it reads alone."""
    for section in sectioned.sections:
        if section.role == "self" and section.title:
            lead = next((i for i in eligible if section.start <= i < section.stop), None)
            if lead is not None and not leans(texts[lead]):
                return lead
    return None


def section_cap(words: int, length: str) -> int:
    """Sentences for a section of this many words at this length (short one; medium one, two for a section of
    3,000 words or more; long up to four, by size)."""
    tiers, most = SECTION_SENTENCES[length]
    return next((n for limit, n in tiers if words < limit), most)


def _section_of(sectioned: SectionedText, count: int) -> list[Section]:
    owners: list[Section] = []
    for section in sectioned.sections:
        owners.extend([section] * (min(section.stop, count) - min(section.start, count)))
    return owners


def plan(sectioned: SectionedText, count: int, length: str = "medium") -> Plan:
    """The sentences (of the first `count`) the engines may read, with hints, and the section plans for a
    summary of `length`."""
    owners = _section_of(sectioned, count)
    eligible = _eligible(sectioned, count)
    lead = defining(sectioned, eligible)
    bonus = [_bonus(sectioned, i, lead) for i in eligible]
    plans = (
        _section_plans(sectioned, owners, eligible, length)
        if sectioned.structured and length in SECTION_SENTENCES
        else []
    )
    least = min(OVERVIEW_MIN_SENTENCES.get(length, 1), max(1, len(eligible) // SENTENCES_PER_MIN_SENTENCE))
    if sectioned.structured:
        numbers = {id(section): n for n, section in enumerate(sectioned.sections)}
        hints = Hints(
            bonus=bonus,
            groups=[numbers[id(owners[i])] for i in eligible],
            position_weight=SECTIONED_POSITION_WEIGHT,
            spread=SECTIONED_SPREAD,
            min_sentences=least,
        )
    else:
        groups = segments([sectioned.sentences[i] for i in eligible])
        hints = Hints(bonus=bonus, groups=groups, learned=True, min_sentences=least)
    return Plan(eligible, hints, plans, lead)


def _eligible(sectioned: SectionedText, count: int) -> list[int]:
    """The prose sentences not in a skipped section; failing that every sentence not skipped; failing that all."""
    roles = sectioned.roles
    eligible = [i for i in range(count) if sectioned.prose[i] and roles[i] != "skip"]
    return eligible or [i for i in range(count) if roles[i] != "skip"] or list(range(count))


def _bonus(sectioned: SectionedText, i: int, lead: int | None) -> float:
    """The overview's pull to sentence i: in a section where the document describes itself, saying what the
    document does ("This paper presents ..."), or the defining sentence."""
    text = sectioned.sentences[i].text
    return (
        SELF_SECTION_BONUS * (sectioned.roles[i] == "self")
        + SELF_CUE_BONUS * (bool(SELF_CUE.search(text)) and not PART_CUE.search(text))
        + DEFINING_BONUS * (i == lead)
    )


def _section_plans(
    sectioned: SectionedText, owners: list[Section], eligible: list[int], length: str
) -> list[SectionPlan]:
    """A plan for each titled section, not skipped, with enough prose (`SECTION_MIN_WORDS`); and one with no
    sentences to pick (listed, not summarized) for each such section that has too little prose but lists
    reference entries (a standard's normative references)."""
    by_section: dict[int, list[int]] = {}
    for i in eligible:
        by_section.setdefault(id(owners[i]), []).append(i)
    plans = []
    for section in sectioned.sections:
        indices = by_section.get(id(section), [])
        words = sum(len(sectioned.sentences[i].text.split()) for i in indices)
        if not section.title or section.role == "skip":
            continue
        if words >= SECTION_MIN_WORDS:
            cap = section_cap(words, length)
            plans.append(SectionPlan(section, indices, cap * WORDS_PER_SECTION_SENTENCE, cap))
        elif section.references:
            plans.append(SectionPlan(section, [], 0, 0))
    return plans


def section_hints(sentences: list[Sentence], title: str) -> Hints:
    """A section's summary says what the section does: the sentence that states its topic is preferred and one
    that walks through a figure or an example, or is a footnote, is never shown (`text.topicality`)."""
    topic = topicality([s.text for s in sentences], [s.paragraph for s in sentences], title)
    return Hints(bonus=topic.bonus, allowed=topic.allowed, standalone=topic.standalone)
