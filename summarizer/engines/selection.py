"""The offline engine's selection: the document's most central, least redundant, self-contained sentences.

Model-free and fast (about a millisecond per news article): TF-IDF over the document's own
sentences, centrality against the whole document, a soft position prior whose weight falls when
the opening is not central (reports, transcripts) and that restarts in each group (section or
topic); for text without headings, half of that relevance is a learned sentence score
(`engines.scoring`, trained on news pairs 500-999); the shared prose filter (`summarizer.text.prose`), and
maximal-marginal-relevance selection
against repetition, with a small cost for a second pick from the same group. A sentence that leans
on the one before it ("This involves ...", "However, ...") is taken only right after that sentence:
when the one before is not chosen, the two are taken as a pair or not at all; so is a sentence inside a
quote that an earlier one opened, which shown alone would read as the writer's own words (a text's first
sentence that opens "It's ..." or "He ..." is not taken: in a summary it reads as if it leaned). No summary runs more
than 15% over its word target (a first pick may run longer when a sentence cap makes the words a guide). Text
without headings is done once it has 80% of its target (`Tuning.enough`, fitted with the learned score on the
news pairs: about 4% under the target on average, and ROUGE-1 +0.3 over filling the target); documents with
sections fill their target (about 7% over on average), as the papers were tuned.
Memory and time are linear in the number of words:
vectors are sparse, and redundancy is tracked against the chosen sentences only.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Sequence

import numpy as np

from ..engine import NO_HINTS, Hints
from ..text.prose import is_prose, leans, opens_mid_thought
from ..text.quotation import inside_quotes
from ..text.sentences import Sentence
from ..text.vectors import Rows, tfidf, tokens
from .scoring import Scorer, features, shipped


@dataclass(frozen=True)
class Tuning:
    """Weights found on the held-out half of the CNN/DailyMail dev file (spread and mid-thought on the papers).

    Documents with sections override the position weight and spread through `Hints` (tuned on the papers).
    `learned` is the learned score's share of the relevance where `Hints.learned` (text without headings);
    `scorer` is that score's weights, the shipped `scorer.json` when None (`cross-fit` hands in others).
    `enough` is the share of the word target after which a summary scored by it is done, and
    `learned_position_weight` the position prior's weight in the relevance blended with it.
    `min_sentence_room`: the words a sentence taken only to reach `Hints.min_sentences` may have past the
    target (30 on pairs 500-999: 18 gave R1 42.04, 25 42.18, 30 42.24, 40 42.33 with longer summaries).
    `first_room`: where a sentence cap makes the words a guide, the first sentence may run to this share of
    the target (at most `max_words`): a TL;DR of 25 words is one sentence of at most 40.
    """

    position_weight: float = 0.8
    learned_position_weight: float = 0.6
    position_scale: float = 3.0
    redundancy: float = 0.6
    duplicate: float = 0.5
    min_words: int = 6
    max_words: int = 55
    mid_thought: float = 0.1
    spread: float = 0.15
    pool: int = 3000
    overshoot: float = 1.15
    enough: float = 0.8
    min_sentence_room: int = 30
    first_room: float = 1.6
    learned: float = 0.5
    scorer: Scorer | None = field(default=None, compare=False, repr=False)


def is_candidate(sentence: Sentence, tuning: Tuning) -> bool:
    """Prose (`summarizer.text.prose.is_prose`) of a length the engine likes to show."""
    return tuning.min_words <= len(sentence.text.split()) <= tuning.max_words and is_prose(sentence.text)


def _group_positions(groups: np.ndarray) -> np.ndarray:
    """Each sentence's position inside its run of equal group ids."""
    starts = np.r_[0, np.flatnonzero(np.diff(groups)) + 1]
    run_lengths = np.diff(np.r_[starts, len(groups)])
    positions: np.ndarray = np.arange(len(groups)) - np.repeat(starts, run_lengths)
    return positions


def centralities(rows: Rows) -> tuple[np.ndarray, np.ndarray]:
    """Each sentence's cosine to the text's centroid, as is and scaled to 0-1."""
    centroid = rows.sum()
    centroid /= max(float(np.linalg.norm(centroid)), 1e-9)
    raw = rows.dot(centroid)
    spread = raw.max() - raw.min()
    return raw, (raw - raw.min()) / spread if spread > 0 else np.ones_like(raw)


def sentence_features(sentences: Sequence[Sentence], rows: Rows, groups: np.ndarray) -> np.ndarray:
    """The learned score's features of each sentence (`engines.scoring.features`), as the engine computes them
    when it summarizes and as `train-scorer` computes them when it fits the weights: one place for both."""
    raw, centrality = centralities(rows)
    positions = _group_positions(groups)
    return features(
        [s.text for s in sentences],
        [s.paragraph for s in sentences],
        rows,
        positions,
        np.arange(len(groups)) - positions,
        centrality,
        raw,
    )


def learned_relevance(
    sentences: Sequence[Sentence], rows: Rows, groups: np.ndarray, tuning: Tuning, scorer: Scorer
) -> np.ndarray:
    """The learned probability that a sentence belongs in the summary (`engines.scoring`), scaled so the best
    is 1, blended with the hand-tuned relevance by `tuning.learned`."""
    probability = scorer.probability(sentence_features(sentences, rows, groups))
    probability = probability / max(float(probability.max()), 1e-9)
    blended: np.ndarray = tuning.learned * probability + (1 - tuning.learned) * relevance(rows, groups, tuning)
    return blended


def relevance(rows: Rows, groups: np.ndarray, tuning: Tuning) -> np.ndarray:
    """Centrality against the whole text blended with a position prior that restarts in every group."""
    _, centrality = centralities(rows)
    position = 1.0 / (1.0 + _group_positions(groups).astype(np.float32) / tuning.position_scale)
    lead = centrality[: max(1, min(3, len(centrality)))].mean()
    weight = tuning.position_weight * min(1.0, 0.5 + lead)
    blended: np.ndarray = (1 - weight) * centrality + weight * position
    return blended


DEFAULT_TUNING = Tuning()


def select(
    sentences: Sequence[Sentence],
    target_words: int,
    tuning: Tuning = DEFAULT_TUNING,
    hints: Hints = NO_HINTS,
    max_sentences: int | None = None,
) -> list[int]:
    """Indices, in document order, of the sentences that best summarize in about target_words words."""
    n = len(sentences)
    if not n:
        return []
    sentences = shown_sentences(sentences, hints)
    groups = np.asarray(hints.groups if hints.groups is not None else np.zeros(n), dtype=np.int64)
    mask = _shown(sentences, tuning, hints)
    tuning = replace(
        tuning,
        position_weight=tuning.position_weight if hints.position_weight is None else hints.position_weight,
        spread=tuning.spread if hints.spread is None else hints.spread,
    )
    rows = tfidf([tokens(s.text) for s in sentences])
    scorer = (tuning.scorer or shipped()) if hints.learned and tuning.learned > 0 else None
    if hints.ranks is not None:  # a TL;DR: the ranker's order alone
        scores = np.asarray(hints.ranks, dtype=np.float64)
    elif scorer:  # the learned score has position features of its own: the hand-tuned prior weighs less beside it
        scores = learned_relevance(
            sentences, rows, groups, replace(tuning, position_weight=tuning.learned_position_weight), scorer
        )
    else:
        scores = relevance(rows, groups, tuning)
    if hints.bonus is not None:
        scores = scores + np.asarray(hints.bonus, dtype=np.float32)
    pool = _Pool.of(sentences, np.flatnonzero(mask), scores, groups, tuning, hints)
    enough = target_words * (tuning.enough if scorer else 1.0)
    picking = _Picking(
        pool, n, rows, scores[pool.index], tuning, target_words, enough, hints.min_sentences, max_sentences
    )
    while picking.wants_more() and picking.pick():
        pass
    return sorted(picking.chosen)


def shown_sentences(sentences: Sequence[Sentence], hints: Hints) -> Sequence[Sentence]:
    """The sentences with the text a summary shows in place of each (`hints.texts`), which is what is measured and
    compared."""
    if hints.texts is None:
        return sentences
    return [replace(s, text=t) if t else s for s, t in zip(sentences, hints.texts)]


def _shown(sentences: Sequence[Sentence], tuning: Tuning, hints: Hints) -> np.ndarray:
    """The sentences a summary may show: candidates (all, when none is), and of those the allowed ones (unless
    none is)."""
    n = len(sentences)
    candidate = np.fromiter((is_candidate(s, tuning) for s in sentences), dtype=bool, count=n)
    mask = candidate if candidate.any() else np.ones(n, dtype=bool)
    if hints.allowed is not None and (mask & np.asarray(hints.allowed, dtype=bool)).any():
        mask &= np.asarray(hints.allowed, dtype=bool)
    return mask


@dataclass(frozen=True)
class _Pool:
    """The sentences a summary may pick from (at most `tuning.pool`, the best scored), as slots: each slot's
    document index, length, whether it opens mid-thought or dangles (leans on the sentence before it, or sits
    inside a quote an earlier sentence opened), the document index before it, its partner (the slot of the
    sentence before it, when that is in the pool and does not dangle itself) and its group's number."""

    index: np.ndarray
    lengths: np.ndarray
    leaning: np.ndarray
    dangling: np.ndarray
    previous: np.ndarray
    partner: np.ndarray
    has_partner: np.ndarray
    group_of: np.ndarray

    @classmethod
    def of(
        cls,
        sentences: Sequence[Sentence],
        pool: np.ndarray,
        scores: np.ndarray,
        groups: np.ndarray,
        tuning: Tuning,
        hints: Hints,
    ) -> _Pool:
        if len(pool) > tuning.pool:
            pool = pool[np.argpartition(-scores[pool], tuning.pool)[: tuning.pool]]
        pooled = [sentences[i] for i in pool.tolist()]
        quoted = np.asarray(inside_quotes([s.text for s in sentences], [s.paragraph for s in sentences]), dtype=bool)
        dangling = np.fromiter((leans(s.text) for s in pooled), dtype=np.bool_, count=len(pool)) | quoted[pool]
        if hints.standalone is not None:
            dangling &= ~np.asarray(hints.standalone, dtype=bool)[pool]
        previous = np.maximum(pool - 1, 0)
        slot = np.full(len(sentences), -1, dtype=np.int64)
        slot[pool] = np.arange(len(pool))
        partner = np.where(pool > 0, slot[previous], -1)
        partner[partner >= 0] = np.where(dangling[partner[partner >= 0]], -1, partner[partner >= 0])
        _, group_of = np.unique(groups[pool], return_inverse=True)
        return cls(
            index=pool,
            lengths=np.fromiter((len(s.text.split()) for s in pooled), dtype=np.int64, count=len(pool)),
            leaning=np.fromiter((opens_mid_thought(s.text) for s in pooled), dtype=np.bool_, count=len(pool)),
            dangling=dangling,
            previous=previous,
            partner=np.maximum(partner, 0),
            has_partner=partner >= 0,
            group_of=group_of,
        )


class _Picking:
    """Maximal-marginal-relevance picking over a pool, one sentence (or a dangling one with its lead-in) at a
    time, until the summary has its words and sentences or nothing more fits."""

    def __init__(
        self,
        pool: _Pool,
        n: int,
        rows: Rows,
        scores: np.ndarray,
        tuning: Tuning,
        target_words: int,
        enough: float,
        min_sentences: int,
        max_sentences: int | None,
    ):
        self.pool, self.rows, self.scores, self.tuning = pool, rows, scores, tuning
        self.target_words, self.enough = target_words, enough
        self.min_sentences, self.max_sentences = min_sentences, max_sentences
        size = len(pool.index)
        self.overlap = np.zeros(size, dtype=np.float32)
        self.crowd = np.zeros(pool.group_of.max() + 1 if size else 1, dtype=np.float32)
        self.open = np.ones(size, dtype=bool)
        self.chosen_mask = np.zeros(n, dtype=bool)
        self.chosen: list[int] = []
        self.words = 0

    def wants_more(self) -> bool:
        """Short of the words (or sentences) asked for, and under the sentence cap."""
        short = self.words < self.enough or len(self.chosen) < self.min_sentences
        return short and (self.max_sentences is None or len(self.chosen) < self.max_sentences)

    def room(self) -> float:
        """The words the next pick may have."""
        tuning = self.tuning
        room = self.target_words * tuning.overshoot - self.words
        if self.max_sentences is not None and not self.chosen:  # a first sentence, a little longer than the target
            return max(room, min(tuning.max_words, self.target_words * tuning.first_room))
        if self.words >= self.enough and len(self.chosen) < self.min_sentences:  # one more, and a short one
            return max(room, tuning.min_sentence_room)
        return room

    def usable(self, alone: np.ndarray) -> np.ndarray | None:
        """The slots that may be picked now (a dangling one only with its partner); None when none fits and some
        are chosen, else the shortest when none fits."""
        pool, tuning = self.pool, self.tuning
        paired = ~alone & pool.has_partner & self.open[pool.partner] & (self.overlap[pool.partner] <= tuning.duplicate)
        if self.max_sentences is not None:
            paired &= len(self.chosen) + 2 <= self.max_sentences
        total = pool.lengths + np.where(alone, 0, pool.lengths[pool.partner])
        usable: np.ndarray = self.open & (alone | paired) & (total <= self.room()) & (self.overlap <= tuning.duplicate)
        if usable.any():
            return usable
        if self.chosen:
            return None
        usable = self.open & alone if (self.open & alone).any() else self.open
        shortest: np.ndarray = usable & (pool.lengths == pool.lengths[usable].min())
        return shortest

    def gain(self, alone: np.ndarray) -> np.ndarray:
        """Each slot's worth now: its score less its overlap with what is chosen, its group's crowding and opening
        mid-thought; a pair's the mean of both."""
        pool, tuning = self.pool, self.tuning
        gain = (
            self.scores
            - tuning.redundancy * self.overlap
            - tuning.spread * self.crowd[pool.group_of]
            - tuning.mid_thought * (pool.leaning & ~self.chosen_mask[pool.previous])
        )
        paired: np.ndarray = np.where(alone, gain, (gain + gain[pool.partner]) / 2)
        return paired

    def pick(self) -> bool:
        """Takes the best usable slot (with its partner when it dangles); False when nothing fits."""
        pool = self.pool
        alone = ~pool.dangling | self.chosen_mask[pool.previous]
        usable = self.usable(alone)
        if usable is None:
            return False
        best = int(np.argmax(np.where(usable, self.gain(alone), -np.inf)))
        # A dangling sentence is taken with the one before it only when that one is in the pool: the fallback above
        # may take it without (its lead-in was no candidate), and `partner` then points at pool slot 0, which was
        # the sentence itself in a two-sentence text ("The minister paused. Then she said …" gave it twice).
        for slot in [int(pool.partner[best]), best] if pool.has_partner[best] and not alone[best] else [best]:
            self.take(slot)
        return True

    def take(self, slot: int) -> None:
        index = int(self.pool.index[slot])
        self.open[slot] = False
        self.chosen.append(index)
        self.chosen_mask[index] = True
        self.words += int(self.pool.lengths[slot])
        self.crowd[self.pool.group_of[slot]] += 1
        self.overlap = np.maximum(self.overlap, self.rows.dot(self.rows.dense_row(index))[self.pool.index])
