"""The offline engine: picks the document's most central, least redundant sentences.

Model-free and fast (about a millisecond per news article): TF-IDF over the document's own
sentences, centrality against the whole document, a soft position prior whose weight falls
when the opening is not central (reports, transcripts), a filter for bylines, datelines,
headings and fragments, and maximal-marginal-relevance selection against repetition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from .sentences import Sentence
from .vectors import tfidf, tokens

_BOILERPLATE = re.compile(
    r"^(by\b|published:|updated:|last updated|click here|scroll down|follow @|read more|"
    r"share this|copyright|all rights reserved|image:|photo:|picture:|video:|source:|"
    r"table of contents|contents$|page \d+|\(cnn\)\s*$)", re.I)
_DATE_ONLY = re.compile(r"^[\W\d]*(?:\d{1,2}:\d{2}|\d{4})[\W\w]{0,40}$")


@dataclass(frozen=True)
class Tuning:
    """Weights found on the held-out half of the CNN/DailyMail dev file."""

    position_weight: float = 0.55
    position_scale: float = 3.0
    redundancy: float = 0.6
    duplicate: float = 0.7
    min_words: int = 6
    max_words: int = 55


def is_candidate(sentence: Sentence, tuning: Tuning) -> bool:
    """False for bylines, datelines, headings, captions and fragments."""
    text = sentence.text
    words = text.split()
    if not tuning.min_words <= len(words) <= tuning.max_words:
        return False
    if _BOILERPLATE.match(text) or _DATE_ONLY.match(text):
        return False
    if not re.search(r"""[.!?…]["'”’)\]]*$""", text):
        return False
    letters = [c for c in text if c.isalpha()]
    if letters and sum(c.isupper() for c in letters) > 0.6 * len(letters):
        return False
    return True


def rank(sentences: Sequence[Sentence], tuning: Tuning = Tuning()) -> tuple[np.ndarray, np.ndarray]:
    """(relevance score per sentence, sentence-by-sentence cosine similarity)."""
    vectors = tfidf([tokens(s.text) for s in sentences])
    centroid = vectors.sum(axis=0)
    centroid /= max(float(np.linalg.norm(centroid)), 1e-9)
    centrality = vectors @ centroid
    spread = centrality.max() - centrality.min()
    centrality = (centrality - centrality.min()) / spread if spread > 0 else np.ones_like(centrality)
    order = np.arange(len(sentences), dtype=np.float32)
    position = 1.0 / (1.0 + order / tuning.position_scale)
    lead = centrality[: max(1, min(3, len(sentences)))].mean()
    weight = tuning.position_weight * min(1.0, 0.5 + lead)
    return (1 - weight) * centrality + weight * position, vectors @ vectors.T


def select(sentences: Sequence[Sentence], target_words: int,
           tuning: Tuning = Tuning()) -> list[int]:
    """Indices, in document order, of the sentences that best summarize in ~target_words."""
    if not sentences:
        return []
    candidates = [i for i, s in enumerate(sentences) if is_candidate(s, tuning)]
    if not candidates:
        candidates = list(range(len(sentences)))
    scores, similarity = rank(sentences, tuning)
    chosen: list[int] = []
    words = 0
    remaining = set(candidates)
    while remaining and words < target_words:
        def gain(i: int) -> float:
            overlap = max((similarity[i, j] for j in chosen), default=0.0)
            return float(scores[i]) - tuning.redundancy * float(overlap)
        best = max(remaining, key=gain)
        remaining.discard(best)
        length = len(sentences[best].text.split())
        if chosen and words + length > target_words * 1.35:
            continue
        if any(similarity[best, j] > tuning.duplicate for j in chosen):
            continue
        chosen.append(best)
        words += length
    return sorted(chosen)
