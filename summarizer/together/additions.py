"""What each of the sources summarized together adds, in plain words: "Only this source reports: " its sentence
most its own, and its own key terms; or, for a source with nothing of its own, which sources it repeats."""

from __future__ import annotations

import logging
from dataclasses import replace

from ..summary import Summary
from ..text.vectors import tokens
from .combined import SourceResult
from .overview import SAME_SHARE

logger = logging.getLogger(__name__)

NEW_SHARE = 0.25  # a source adds a sentence when at least this share of its content words are in no other source
ADDED_TERMS = 4


def with_additions(done: list[SourceResult], summaries: dict[int, Summary]) -> list[SourceResult]:
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
    """Source `k`'s line and its own key terms (see `with_additions`)."""
    summary = summaries[k]
    others: set[str] = set().union(*(bag for j, bag in bags.items() if j != k))
    if not others:
        return summary.sentences[0], summary.keyterms[:ADDED_TERMS]
    terms = [t for t in summary.keyterms if not set(tokens(t)) <= others][:ADDED_TERMS]
    best = _most_new(summary.sentences, others)
    uses = f"Words no other source uses: {', '.join(terms)}." if terms else ""
    if best:
        return f"Only this source reports: {best} {uses}".strip(), terms
    if terms:
        return f"Only this source says it with these words: {', '.join(terms)}.", terms
    return _said_elsewhere(k, summaries, bags, labels), terms


def _said_elsewhere(k: int, summaries: dict[int, Summary], bags: dict[int, set[str]], labels: list[str]) -> str:
    """The line of a source with nothing of its own: the sources that say most of what its summary says (else all)."""
    own = set(tokens(" ".join(summaries[k].sentences)))
    also = [labels[j] for j in summaries if j != k and len(own & bags[j]) >= SAME_SHARE * len(own)]
    also = also or [labels[j] for j in summaries if j != k]
    return f"Nothing the others do not say: it repeats {_joined(also)}."


def _joined(labels: list[str]) -> str:
    return labels[0] if len(labels) == 1 else f"{', '.join(labels[:-1])} and {labels[-1]}"


def _most_new(sentences: list[str], others: set[str]) -> str:
    """The sentence with most content words in no other source, if at least `NEW_SHARE` of its words are; else ''."""
    best, most = "", 0
    for sentence in sentences:
        bag = set(tokens(sentence))
        new = len(bag - others)
        if bag and new / len(bag) >= NEW_SHARE and new > most:
            best, most = sentence, new
    return best
