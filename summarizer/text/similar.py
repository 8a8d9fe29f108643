"""Groups of texts about one thing: TF-IDF cosine of their content words, joined when it reaches a threshold.

Two texts belong together when they share enough rare words that the cosine of their TF-IDF vectors reaches
`threshold`; a group is every text reached through such pairs. IDF comes from the texts themselves, so words
every text uses weigh least. Names and numbers (a capitalised word seen inside a sentence, a figure) weigh
`NAME_WEIGHT` times a common word: two stories of one event share them, while two stories written from one
template (a feed's house style: "Officials said on Monday ...") share only common words.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Sequence

import numpy as np

from .vectors import STOPWORDS, tokens

SAME_TOPIC = 0.45  # cosine of title + lead at which two news stories are taken to report one event
NAME_WEIGHT = 3.0
_INSIDE_NAME = re.compile(r"(?<![.!?:;]\s)(?<!^)(?<=\s)([A-Z][\w'’-]*)")
_FIGURE = re.compile(r"\d")


def names(text: str) -> set[str]:
    """Stems of the capitalised words that stand inside a sentence (not first), and of the figures, in `text`."""
    found = {stem for word in _INSIDE_NAME.findall(text) for stem in tokens(word)}
    return found | {stem for stem in tokens(text) if _FIGURE.search(stem)}


def vectors(texts: Sequence[str]) -> np.ndarray:
    """One unit-length row per text: (1 + log tf) x idf, names and figures weighted up; zeros for no content."""
    counts = [Counter(tokens(text)) for text in texts]
    vocabulary = {word: k for k, word in enumerate(sorted({w for c in counts for w in c}))}
    frequency = Counter(word for c in counts for word in c)
    rows = np.zeros((len(texts), max(1, len(vocabulary))), dtype=np.float64)
    for i, (text, count) in enumerate(zip(texts, counts)):
        named = names(text)
        for word, n in count.items():
            idf = math.log((1 + len(texts)) / (1 + frequency[word])) + 1.0
            weight = NAME_WEIGHT if word in named and word not in STOPWORDS else 1.0
            rows[i, vocabulary[word]] = (1.0 + math.log(n)) * idf * weight
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return rows / np.where(norms == 0, 1.0, norms)


def cosines(texts: Sequence[str]) -> np.ndarray:
    """The texts' pairwise cosines (1.0 on the diagonal of a text with content words, else 0)."""
    rows = vectors(texts)
    product: np.ndarray = rows @ rows.T
    return product


def similar_groups(texts: Sequence[str], threshold: float = SAME_TOPIC) -> list[list[int]]:
    """Indices of `texts` in groups of texts joined by cosines >= `threshold`; every index is in exactly one
    group, each group ascending, groups in the order of their first index."""
    return joined(cosines(texts), threshold)


def joined(similarity: np.ndarray, threshold: float) -> list[list[int]]:
    """Indices of a square similarity matrix's rows in groups joined by values >= `threshold` (as
    `similar_groups`)."""
    count = len(similarity)
    parent = list(range(count))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in zip(*np.nonzero(np.triu(similarity >= threshold, k=1))):
        a, b = root(int(i)), root(int(j))
        if a != b:
            parent[max(a, b)] = min(a, b)
    groups: dict[int, list[int]] = {}
    for i in range(count):
        groups.setdefault(root(i), []).append(i)
    return sorted(groups.values(), key=lambda group: group[0])
