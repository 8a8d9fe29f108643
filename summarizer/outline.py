"""What the engines read and what each part of a summary is about: overview hints and section jobs.

The overview prefers what a document says about itself (its abstract, scope, introduction and
conclusion, and sentences such as "This paper presents ...") with a weaker pull to the opening
than news needs (each section restarts it); text without headings is spread over its topics. Each section with enough prose gets one to three sentences.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .engine import Hints
from .structure import Layout, Section
from .topics import segments

SELF_CUE = re.compile(
    r"\b(?:this|the present|our)\s+(?:paper|article|report|document|standard|specification|thesis|dissertation|"
    r"chapter|study|work|book|guide|memo|proposal|survey|part of)\b|"
    r"\bwe\s+(?:present|propose|describe|introduce|show|argue|report|develop|demonstrate|study|investigate|"
    r"explore|define|specify|give|design|implement|evaluate)\b|"
    r"\b(?:defines|specifies|describes|establishes)\s+(?:the|how|a|an|requirements)\b", re.I)
PART_CUE = re.compile(r"\b(?:this|the next|the following|the previous) (?:section|subsection|paragraph)\b", re.I)
SELF_SECTION_BONUS = 0.2
SELF_CUE_BONUS = 0.15
SECTION_MIN_WORDS = 25
SECTIONED_POSITION_WEIGHT = 0.3
SECTIONED_SPREAD = 0.0
SECTION_SENTENCES = ((250, 1), (1200, 2))
SECTION_MAX_SENTENCES = 3
WORDS_PER_SECTION_SENTENCE = 28


@dataclass(frozen=True)
class SectionJob:
    """One section to summarize: the source indices it may pick from, its word target and sentence cap."""

    section: Section
    indices: list[int]
    target_words: int
    max_sentences: int


@dataclass(frozen=True)
class Plan:
    eligible: list[int]
    hints: Hints
    sections: list[SectionJob]


def _section_of(layout: Layout, count: int) -> list[Section]:
    owners: list[Section] = []
    for section in layout.sections:
        owners.extend([section] * (min(section.stop, count) - min(section.start, count)))
    return owners


def plan(layout: Layout, count: int) -> Plan:
    """The sentences (of the first `count`) the engines may read, with hints, and the section jobs."""
    owners = _section_of(layout, count)
    roles = layout.roles
    eligible = [i for i in range(count) if layout.prose[i] and roles[i] != "skip"]
    if not eligible:
        eligible = [i for i in range(count) if roles[i] != "skip"] or list(range(count))
    sentences = layout.sentences
    bonus = [SELF_SECTION_BONUS * (roles[i] == "self")
             + SELF_CUE_BONUS * (bool(SELF_CUE.search(sentences[i].text)) and not PART_CUE.search(sentences[i].text))
             for i in eligible]
    if layout.structured:
        numbers = {id(section): n for n, section in enumerate(layout.sections)}
        groups = [numbers[id(owners[i])] for i in eligible]
    else:
        groups = segments([sentences[i] for i in eligible])
    jobs = []
    if layout.structured:
        by_section: dict[int, list[int]] = {}
        for i in eligible:
            by_section.setdefault(id(owners[i]), []).append(i)
        for section in layout.sections:
            indices = by_section.get(id(section), [])
            words = sum(len(sentences[i].text.split()) for i in indices)
            if not section.title or section.role == "skip" or words < SECTION_MIN_WORDS:
                continue
            cap = next((n for limit, n in SECTION_SENTENCES if words < limit), SECTION_MAX_SENTENCES)
            jobs.append(SectionJob(section, indices, cap * WORDS_PER_SECTION_SENTENCE, cap))
    if layout.structured:
        hints = Hints(bonus=bonus, groups=groups, position_weight=SECTIONED_POSITION_WEIGHT, spread=SECTIONED_SPREAD)
    else:
        hints = Hints(bonus=bonus, groups=groups)
    return Plan(eligible, hints, jobs)
