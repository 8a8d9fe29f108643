"""Which source sentences support each summary sentence, by TF-IDF cosine similarity."""

from __future__ import annotations

from typing import Sequence

from .sentences import Sentence
from .vectors import tfidf, tokens


def ground(summary: Sequence[str], source: Sequence[Sentence], top: int = 2,
           floor: float = 0.1) -> list[list[int]]:
    """For each summary sentence, up to `top` source indices (best first) above `floor`."""
    if not summary or not source:
        return [[] for _ in summary]
    texts = [s.text for s in source] + list(summary)
    vectors = tfidf([tokens(t) for t in texts])
    similarity = vectors[len(source):] @ vectors[: len(source)].T
    result = []
    for row in similarity:
        best = row.argsort()[::-1][:top]
        result.append([int(i) for i in best if row[i] >= floor])
    return result
