"""Sparse bag-of-words sentence vectors shared by the offline engine and grounding.

Rows are kept in compressed sparse row form with plain numpy arrays, so memory and time grow
with the number of words, never with sentences x vocabulary or sentences x sentences.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

import numpy as np

STOPWORDS = frozenset(
    """
a about above after again against all am an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further
had has have having he her here hers herself him himself his how i if in into is it its itself
just me more most my myself no nor not now of off on once only or other our ours ourselves out
over own same she should so some such than that the their theirs them themselves then there
these they this those through to too under until up very was we were what when where which
while who whom why will with would you your yours yourself yourselves said says also one two
new would could may might must shall us mr mrs ms
""".split()
)

_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


def _stem(token: str) -> str:
    for suffix in ("'s", "ing", "ed", "es", "s"):
        if token.endswith(suffix) and len(token) - len(suffix) >= 3:
            return token[: -len(suffix)]
    return token


def tokens(text: str) -> list[str]:
    """Content-word stems of `text`, lower-cased."""
    return [_stem(t) for t in _TOKEN.findall(text.lower()) if t not in STOPWORDS]


@dataclass(frozen=True)
class Rows:
    """Row-normalised TF-IDF rows in CSR form: row i holds columns[indptr[i]:indptr[i+1]]."""

    indptr: np.ndarray
    columns: np.ndarray
    values: np.ndarray
    width: int

    @property
    def count(self) -> int:
        return len(self.indptr) - 1

    def dense_row(self, i: int) -> np.ndarray:
        vector = np.zeros(self.width, dtype=np.float32)
        span = slice(self.indptr[i], self.indptr[i + 1])
        vector[self.columns[span]] = self.values[span]
        return vector

    def sum(self, start: int = 0, stop: int | None = None) -> np.ndarray:
        """The sum of rows start..stop as a dense vector."""
        stop = self.count if stop is None else stop
        span = slice(self.indptr[start], self.indptr[stop])
        return np.bincount(self.columns[span], self.values[span], minlength=self.width).astype(np.float32)

    def dot(self, vector: np.ndarray, start: int = 0, stop: int | None = None) -> np.ndarray:
        """Each row start..stop times a dense vector."""
        stop = self.count if stop is None else stop
        span = slice(self.indptr[start], self.indptr[stop])
        owners = np.repeat(np.arange(stop - start), np.diff(self.indptr[start : stop + 1]))
        return np.bincount(owners, self.values[span] * vector[self.columns[span]], minlength=stop - start).astype(
            np.float32
        )


def tfidf(token_lists: Sequence[list[str]]) -> Rows:
    """Row-normalised TF-IDF rows, one per token list, IDF from these rows alone."""
    vocabulary: dict[str, int] = {}
    lengths = np.fromiter((len(t) for t in token_lists), dtype=np.int64, count=len(token_lists))
    flat = np.fromiter(
        (vocabulary.setdefault(t, len(vocabulary)) for toks in token_lists for t in toks),
        dtype=np.int64,
        count=int(lengths.sum()),
    )
    width = max(1, len(vocabulary))
    owners = np.repeat(np.arange(len(token_lists), dtype=np.int64), lengths)
    keys, counts = np.unique(owners * width + flat, return_counts=True)
    rows, columns = keys // width, (keys % width).astype(np.int32)
    frequency = np.bincount(columns, minlength=width)
    idf = np.log((1 + len(token_lists)) / (1 + frequency)) + 1.0
    values = ((1.0 + np.log(counts)) * idf[columns]).astype(np.float32)
    norms = np.sqrt(np.bincount(rows, values * values, minlength=len(token_lists)))
    values /= np.where(norms == 0, 1.0, norms)[rows].astype(np.float32)
    indptr = np.zeros(len(token_lists) + 1, dtype=np.int64)
    np.cumsum(np.bincount(rows, minlength=len(token_lists)), out=indptr[1:])
    return Rows(indptr, columns, values, width)
