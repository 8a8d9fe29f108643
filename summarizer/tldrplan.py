"""Where a TL;DR is taken from and how its sentences rank: the passage, and the TL;DR ranker's scores as hints.

The passage is the abstract (its own, under a heading or opening a paragraph, "Abstract. The ...", or a summary,
scope or overview section) when the document has one; else the
introduction's last paragraphs and the conclusion's first; else every sentence the overview may read. Its
sentences are ranked by `engines.tldr` (trained on abstracts), and the offline engine shows the best one that
stands alone; a model reads the whole text as before.
"""

from __future__ import annotations

import re
from typing import Sequence

import numpy as np

from .engine import Hints
from .engines.selection import shown_sentences
from .engines.tldr import by_means, headed, in_room, ranks, says_its_own, stands_alone
from .sectioned import NUMBER, Section, SectionedText
from .text.reference import resolved
from .text.topics import separate_stories
from .text.vectors import tokens

ABSTRACT = re.compile(r"^(?:abstract|summary|executive summary|scope|overview|purpose)$", re.I)
INTRODUCTION = re.compile(r"^introduction$", re.I)
CONCLUSION = re.compile(
    r"^(?:conclusions?|concluding remarks|summary and conclusions?|discussion and conclusions?)$", re.I
)
INTRODUCTION_PARAGRAPHS = 2  # the introduction's last paragraphs, where a paper says what it contributes
UNRANKED = -1e6  # the score of a sentence outside the passage: shown only when no passage sentence can be


def _named(section: Section, pattern: re.Pattern[str]) -> bool:
    return bool(pattern.match(NUMBER.sub("", section.title).strip(" .:")))


def _paragraphs(sectioned: SectionedText, indices: list[int]) -> list[list[int]]:
    runs: list[list[int]] = []
    for i in indices:
        if not runs or sectioned.sentences[runs[-1][-1]].paragraph != sectioned.sentences[i].paragraph:
            runs.append([])
        runs[-1].append(i)
    return runs


def passage(sectioned: SectionedText, eligible: Sequence[int]) -> list[int]:
    """The sentences (of `eligible`) a TL;DR is chosen from, in document order."""
    return abstract_passage(sectioned, eligible) or body_passage(sectioned, eligible) or list(eligible)


def _inside(sectioned: SectionedText, eligible: Sequence[int], pattern: re.Pattern[str]) -> list[int]:
    """The sentences of `eligible` in the first section whose title `pattern` names."""
    spans = [(s.start, s.stop) for s in sectioned.sections if s.title and _named(s, pattern)]
    return [i for i in eligible if any(start <= i < stop for start, stop in spans[:1])]


def abstract_passage(sectioned: SectionedText, eligible: Sequence[int]) -> list[int]:
    """The abstract's sentences (its own, or a section titled Abstract, Summary, Scope ...), or none."""
    own = set(sectioned.abstract)
    return [i for i in eligible if i in own] or _inside(sectioned, eligible, ABSTRACT)


def body_passage(sectioned: SectionedText, eligible: Sequence[int]) -> list[int]:
    """The introduction's last paragraphs and the conclusion's first, where a paper says what it contributes."""
    introduction = _paragraphs(sectioned, _inside(sectioned, eligible, INTRODUCTION))[-INTRODUCTION_PARAGRAPHS:]
    conclusion = _paragraphs(sectioned, _inside(sectioned, eligible, CONCLUSION))[:1]
    return [i for run in introduction + conclusion for i in run]


def named_back(texts: Sequence[str]) -> list[str | None]:
    """Each sentence of a passage that leans on an earlier one only by a phrase that one names ("this problem"),
    with the phrase named (`text.reference`); None for the others."""
    return [None if stands_alone(text) else resolved(text, texts[:k]) for k, text in enumerate(texts)]


def as_shown(texts: Sequence[str], named: Sequence[str | None] | None = None) -> list[str | None]:
    """Each sentence of a passage as a TL;DR would show it, where that differs: a phrase pointing back named
    (`named_back`, or `named` where the caller has it), else one that leans only in what "we" act on said as the
    means it names ("We address this problem by introducing X" reads "We introduce X", `tldr.by_means`), a sentence
    too long for a TL;DR cut before what only elaborates on it (`tldr.headed`); None for the others."""
    shown: list[str | None] = []
    for n, t in zip(named_back(texts) if named is None else named, texts):
        means = None if n else by_means(t)
        shown.append(headed(means or n or t) or means or n)
    return shown


def top(
    sectioned: SectionedText,
    indices: Sequence[int],
    defining: int | None,
    title: str = "",
    among: Sequence[int] | None = None,
) -> int | None:
    """The sentence of `indices` a TL;DR of them would show (the ranker's best of those that may be one and stand
    alone, as `tldr_hints` ranks them), or None where none may; with `among`, the best of those sentences only,
    ranked with all of `indices` around them (a phrase an earlier one names counts as named)."""
    hints = tldr_hints(sectioned, indices, defining, title)
    ranks, allowed, alone = hints.ranks or [], hints.allowed or [], hints.standalone or []
    kept = set(indices if among is None else among)
    shown = [k for k in range(len(indices)) if allowed[k] and alone[k] and indices[k] in kept]
    return indices[max(shown, key=lambda k: ranks[k])] if shown else None


def tldr_hints(sectioned: SectionedText, indices: Sequence[int], defining: int | None, title: str = "") -> Hints:
    """Hints for a TL;DR of the sentences `indices`: the ranker's score of each sentence of their passage, the
    rest unranked and not allowed; a sentence that leans only in an opener the TL;DR drops stands alone, and so does
    one whose referring phrase an earlier sentence of the passage names (`text.reference`), shown so named.

    Where the abstract's best sentence is only the field's background (no "we", no "this paper", not what the
    title's subject is: `tldr.says_its_own`), the introduction's last paragraphs and the conclusion's first are
    ranked instead when their best one says what the document does ("Automated question generation is important
    today ..." gives way to "In this paper, we address the problem of automatically generating new questions ...")."""
    abstract, body = abstract_passage(sectioned, indices), body_passage(sectioned, indices)
    hints = _passage_hints(sectioned, indices, abstract or body or list(indices), defining, title)
    if abstract and body and not _says_its_own(sectioned, indices, hints, title):
        instead = _passage_hints(sectioned, indices, body, defining, title)
        if _says_its_own(sectioned, indices, instead, title):
            return instead
    return hints


def _says_its_own(sectioned: SectionedText, indices: Sequence[int], hints: Hints, title: str) -> bool:
    """Whether the sentence a TL;DR with these hints shows says what the document itself is or does."""
    ranks, allowed, alone = hints.ranks or [], hints.allowed or [], hints.standalone or []
    sentences = shown_sentences([sectioned.sentences[i] for i in indices], hints)
    shown = [k for k, sentence in enumerate(sentences) if allowed[k] and alone[k] and in_room(sentence)]
    return bool(shown) and says_its_own(sentences[max(shown, key=lambda k: ranks[k])].text, title)


def _passage_hints(
    sectioned: SectionedText, indices: Sequence[int], chosen: list[int], defining: int | None, title: str
) -> Hints:
    """The hints of `tldr_hints` with `chosen` as the passage."""
    texts = [sectioned.sentences[i].text for i in chosen]
    back = named_back(texts)
    named = dict(zip(chosen, back))
    shown = {i: text for i, text in zip(chosen, as_shown(texts, back)) if text}
    texts = [shown.get(i) or t for i, t in zip(chosen, texts)]
    scored = dict(zip(chosen, ranks(texts, [i == defining for i in chosen], title).tolist()))
    values = np.asarray([scored.get(i, -np.inf) for i in indices])
    allowed = np.isfinite(values)
    return Hints(
        ranks=np.where(allowed, values, UNRANKED).tolist(),
        allowed=allowed.tolist(),
        standalone=[bool(named.get(i)) or stands_alone(shown.get(i) or sectioned.sentences[i].text) for i in indices],
        texts=[shown.get(i) for i in indices],
    )


def stories(sectioned: SectionedText, groups: Sequence[int], eligible: Sequence[int]) -> bool:
    """Whether the topics (`groups`, one per sentence of `eligible`) of text without headings are separate stories,
    each its own TL;DR line (`topics.separate_stories`)."""
    topics = sorted(set(groups))
    bags = [
        [w for k, g in enumerate(groups) if g == t for w in tokens(sectioned.sentences[eligible[k]].text)]
        for t in topics
    ]
    return separate_stories(bags)
