"""Bag-of-words sentence vectors shared by the offline engine and grounding."""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Sequence

import numpy as np

STOPWORDS = frozenset("""
a about above after again against all am an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further
had has have having he her here hers herself him himself his how i if in into is it its itself
just me more most my myself no nor not now of off on once only or other our ours ourselves out
over own same she should so some such than that the their theirs them themselves then there
these they this those through to too under until up very was we were what when where which
while who whom why will with would you your yours yourself yourselves said says also one two
new would could may might must shall us mr mrs ms
""".split())

_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


def _stem(token: str) -> str:
    for suffix in ("'s", "ing", "ed", "es", "s"):
        if token.endswith(suffix) and len(token) - len(suffix) >= 3:
            return token[: -len(suffix)]
    return token


def tokens(text: str) -> list[str]:
    """Content-word stems of `text`, lower-cased."""
    return [_stem(t) for t in _TOKEN.findall(text.lower()) if t not in STOPWORDS]


def tfidf(token_lists: Sequence[list[str]]) -> np.ndarray:
    """Row-normalised TF-IDF matrix, one row per token list, IDF from these rows alone."""
    vocabulary: dict[str, int] = {}
    for toks in token_lists:
        for t in toks:
            vocabulary.setdefault(t, len(vocabulary))
    matrix = np.zeros((len(token_lists), max(1, len(vocabulary))), dtype=np.float32)
    for row, toks in enumerate(token_lists):
        for t, n in Counter(toks).items():
            matrix[row, vocabulary[t]] = 1.0 + math.log(n)
    document_frequency = (matrix > 0).sum(axis=0)
    matrix *= np.log((1 + len(token_lists)) / (1 + document_frequency)) + 1.0
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return matrix / np.where(norms == 0, 1.0, norms)
