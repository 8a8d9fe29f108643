"""What the engines read and what each part of a summary is about: overview hints and section jobs.

The overview prefers what a document says about itself (its abstract, scope, introduction and
conclusion, and sentences such as "This paper presents ...") with a weaker pull to the opening
than news needs (each section restarts it); text without headings is spread over its topics.
The defining sentence (see `defining`) leads the overview and is the TL;DR's first choice.
Each section with enough prose gets sentences by the length asked for (short one, medium up to
two, long up to four) and by its size, within one word budget (`share`): the overview and the sections
together meet the summary's word target, so a section that cannot get a sentence at this length is
listed as not summarized rather than pushing the summary over.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .engine import Hints
from .layout import Layout, Section
from .text.prose import dangles, is_prose, is_signpost
from .text.sentences import Sentence
from .text.topics import segments

SELF_CUE = re.compile(
    r"\b(?:this|the present|our)\s+(?:paper|article|report|document|standard|specification|thesis|dissertation|"
    r"chapter|study|work|book|guide|memo|proposal|survey|part of)\b|"
    r"\bwe\s+(?:present|propose|describe|introduce|show|argue|report|develop|demonstrate|study|investigate|"
    r"explore|define|specify|give|design|implement|evaluate)\b|"
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
SECTION_SENTENCES = {"tldr": 1, "short": 1, "medium": 2, "long": 4}
SECTION_SIZE = ((150, 1), (600, 2), (1500, 3))
SECTION_MAX_SENTENCES = 4
WORDS_PER_SECTION_SENTENCE = 28
OVERVIEW_SHARE = 0.5
MIN_SECTION_SHARE = 15
OVERSHOOT = 1.15
SIGNPOST_PENALTY = 1.0


@dataclass(frozen=True)
class SectionJob:
    """One section to summarize: the source indices it may pick from, its word target and sentence cap."""

    section: Section
    indices: list[int]
    target_words: int
    max_sentences: int


@dataclass(frozen=True)
class Plan:
    """The sentences the overview reads, its hints, the section jobs and the defining sentence (a source index)."""

    eligible: list[int]
    hints: Hints
    sections: list[SectionJob]
    defining: int | None = None


def defining(layout: Layout, eligible: list[int]) -> int | None:
    """The sentence that says what the document or its subject is: "This paper presents ..." in the first
    third, "X is a ..." among the opening sentences, else the lead sentence of the abstract, scope or summary."""
    sentences = layout.sentences
    texts = {i: sentences[i].text for i in eligible}
    early = eligible[: max(OPENING_SENTENCES, round(len(eligible) * DOCUMENT_CUE_SHARE))]
    for i in early:
        if DOCUMENT_CUE.search(texts[i]) and not PART_CUE.search(texts[i]) and not dangles(texts[i]):
            return i
    for i in eligible[:OPENING_SENTENCES]:
        if IS_A.match(texts[i]) and not dangles(texts[i]):
            return i
    for section in layout.sections:
        if section.role == "self" and section.title:
            lead = next((i for i in eligible if section.start <= i < section.stop), None)
            if lead is not None and not dangles(texts[lead]):
                return lead
    return None


def section_cap(words: int, length: str) -> int:
    """Sentences for a section of this many words at this length (short one, medium two, long four; fewer
    for a small section)."""
    return min(
        SECTION_SENTENCES.get(length, 2), next((n for limit, n in SECTION_SIZE if words < limit), SECTION_MAX_SENTENCES)
    )


def _section_of(layout: Layout, count: int) -> list[Section]:
    owners: list[Section] = []
    for section in layout.sections:
        owners.extend([section] * (min(section.stop, count) - min(section.start, count)))
    return owners


def plan(layout: Layout, count: int, length: str = "medium") -> Plan:
    """The sentences (of the first `count`) the engines may read, with hints, and the section jobs for a
    summary of `length`."""
    owners = _section_of(layout, count)
    roles = layout.roles
    eligible = [i for i in range(count) if layout.prose[i] and roles[i] != "skip"]
    if not eligible:
        eligible = [i for i in range(count) if roles[i] != "skip"] or list(range(count))
    sentences = layout.sentences
    lead = defining(layout, eligible)
    bonus = [
        SELF_SECTION_BONUS * (roles[i] == "self")
        + SELF_CUE_BONUS * (bool(SELF_CUE.search(sentences[i].text)) and not PART_CUE.search(sentences[i].text))
        + DEFINING_BONUS * (i == lead)
        for i in eligible
    ]
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
            if section.title and section.role != "skip" and words >= SECTION_MIN_WORDS:
                cap = section_cap(words, length)
                jobs.append(SectionJob(section, indices, cap * WORDS_PER_SECTION_SENTENCE, cap))
    if layout.structured:
        hints = Hints(bonus=bonus, groups=groups, position_weight=SECTIONED_POSITION_WEIGHT, spread=SECTIONED_SPREAD)
    else:
        hints = Hints(bonus=bonus, groups=groups, learned=True)
    return Plan(eligible, hints, jobs, lead)


def _short_sentence(lengths: list[int]) -> int:
    """The length of a short but ordinary sentence of a section (its lower quartile): a share that fits only
    the very shortest would summarize a section by whatever fits, not by what matters."""
    ordered = sorted(lengths)
    return ordered[len(ordered) // 4]


def share(jobs: list[SectionJob], sentences, target: int) -> tuple[int, list[SectionJob], list[SectionJob]]:
    """The overview's words, the section jobs that fit, and those that do not, all within `target` words.

    Sections want their sentence cap's words (`WORDS_PER_SECTION_SENTENCE` each); when they all fit in
    what the overview leaves (at least `OVERVIEW_SHARE` of the target is the overview's), each gets what
    it wants and the overview the rest. Otherwise the sections' part is shared in proportion to what each
    wants, and the section that cannot fit a short prose sentence of its own (its lower quartile of
    lengths) in its share (the smallest first) gives its share back, until every section left fits (a share
    is at least `MIN_SECTION_SHARE` words: a five-word fragment is no summary of a section).
    """
    if not jobs:
        return target, [], []
    room = target - round(OVERVIEW_SHARE * target)
    wanted = sum(job.target_words for job in jobs)
    if wanted <= room:
        return target - wanted, list(jobs), []
    shortest = {
        id(job): max(
            MIN_SECTION_SHARE,
            _short_sentence(
                [len(sentences[i].text.split()) for i in job.indices if is_prose(sentences[i].text)]
                or [len(sentences[i].text.split()) for i in job.indices]
            ),
        )
        for job in jobs
    }
    kept = sorted(jobs, key=lambda job: (job.target_words, -shortest[id(job)]))
    while kept:
        wanted = sum(job.target_words for job in kept)
        given = {id(job): int(room * job.target_words / wanted) for job in kept}
        short = [job for job in kept if shortest[id(job)] > given[id(job)] * OVERSHOOT]
        if not short:
            break
        kept.remove(short[0])
    fitted = {id(job): SectionJob(job.section, job.indices, given[id(job)], job.max_sentences) for job in kept}
    return (
        target - sum(job.target_words for job in fitted.values()),
        [fitted[id(job)] for job in jobs if id(job) in fitted],
        [job for job in jobs if id(job) not in fitted],
    )


def section_hints(sentences: list[Sentence]) -> Hints:
    """A section's summary should say what the section says: a sentence that only points elsewhere ("In this
    section, we describe ...", "Section 5 summarizes ...") is picked only when nothing else fits."""
    return Hints(bonus=[-SIGNPOST_PENALTY * is_signpost(s.text) for s in sentences])
