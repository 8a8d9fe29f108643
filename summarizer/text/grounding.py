"""Which source sentences support each summary sentence, by TF-IDF cosine similarity."""

from __future__ import annotations

from typing import Sequence

import numpy as np

from .sentences import Sentence
from .vectors import tfidf, tokens


def ground(summary: Sequence[str], source: Sequence[Sentence], top: int = 2, floor: float = 0.1) -> list[list[int]]:
    """For each summary sentence, up to `top` source indices (best first) above `floor`."""
    if not summary or not source:
        return [[] for _ in summary]
    rows = tfidf([tokens(s.text) for s in source] + [tokens(t) for t in summary])
    result = []
    for offset in range(len(summary)):
        similarity = rows.dot(rows.dense_row(len(source) + offset), 0, len(source))
        best = np.argsort(-similarity, kind="stable")[:top] if len(similarity) > top else np.argsort(-similarity)
        result.append([int(i) for i in best if similarity[i] >= floor])
    return result
