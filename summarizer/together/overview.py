"""The overview of sources summarized together: their summaries' sentences taken in turns, a sentence that another
source said already marked with both sources instead of shown twice, then ordered by what they say: sentences
about one thing stand together, whichever source they come from."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import numpy as np

from ..summary import Summary
from ..text.similar import joined, vectors
from ..text.vectors import tokens
from .combined import CombinedSentence, Mark, mark_of

logger = logging.getLogger(__name__)

SAME_SHARE = 0.6  # a sentence whose content words are this much inside another's says the same thing
MIN_SAME_WORDS = 4  # shorter sentences are never taken for repeats
SAME_THING = 0.2  # cosine of two overview sentences read with their sources at which they are about one thing


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


def overview(summaries: dict[int, Summary]) -> list[CombinedSentence]:
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
    return [
        CombinedSentence(item.text, item.marks)
        for item in by_topic(sorted(taken, key=lambda item: item.place), summaries)
    ]


def by_topic(taken: list[_Taken], summaries: dict[int, Summary]) -> list[_Taken]:
    """The sentences in groups of those about one thing, each group where its first sentence stands, its sentences
    in their order. A sentence is read with its source (its vector plus its source's, `similar.vectors`: a short
    sentence says little alone), so a source's sentences keep together and sources about one thing join, at a
    cosine of `SAME_THING`."""
    owners = sorted(summaries)
    context = [" ".join(summaries[k].source[i].text for i in read_indices(summaries[k])) for k in owners]
    rows = vectors([item.text for item in taken] + context)
    place = {k: len(taken) + n for n, k in enumerate(owners)}
    read = rows[: len(taken)] + rows[[place[item.marks[0].source] for item in taken]]
    read /= np.maximum(np.linalg.norm(read, axis=1, keepdims=True), 1e-9)
    return [taken[i] for group in joined(read @ read.T, SAME_THING) for i in group]


def _take(taken: list[_Taken], k: int, turn: int, summary: Summary) -> None:
    """Source `k`'s sentence of this turn: a new overview sentence, or a mark on the one from another source that
    says the same."""
    text = summary.sentences[turn]
    bag = set(tokens(text))
    mark = mark_of(k, summary, summary.support[turn])
    same = next((item for item in taken if item.marks[0].source != k and says_same(item.bag, bag)), None)
    if same is None:
        taken.append(_Taken((k, turn), text, bag, [mark]))
    elif all(m.source != k for m in same.marks):
        same.marks.append(mark)


def _mark_the_others(taken: list[_Taken], summaries: dict[int, Summary]) -> None:
    """Another source may say a shown sentence without its summary picking it: its sentence that says it marks it."""
    said = {
        k: [(i, set(tokens(summary.source[i].text))) for i in read_indices(summary)] for k, summary in summaries.items()
    }
    for item in taken:
        for k, summary in summaries.items():
            if all(m.source != k for m in item.marks):
                index = next((i for i, other in said[k] if says_same(item.bag, other)), None)
                if index is not None:
                    item.marks.append(Mark(k, index, summary.page_of(index)))


def read_indices(summary: Summary) -> list[int]:
    unread = set(summary.unread)
    return [i for i in range(len(summary.source)) if i not in unread]
