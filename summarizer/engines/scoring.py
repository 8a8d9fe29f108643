"""A learned sentence score for text without headings (news and other plain prose).

Logistic regression over cheap features of each sentence (its position in its topic, length,
centrality, overlap with the topic's first sentence, numbers, quotes, proper nouns, a dangling
opener, being inside a quote an earlier sentence opened ...), trained on CNN/DailyMail dev pairs
500-999 against a greedy ROUGE oracle's picks
(`python -m summarizer train-scorer`, `summarizer/lab/scorer.py`). The weights ship as
`scorer.json` beside this file, so inference is a dot product with numpy and nothing new to
install. Documents with headings keep the hand-tuned relevance (their position prior restarts in
every section and was tuned on the papers).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from ..text.prose import dangles, opens_mid_thought, shown
from ..text.quotation import inside_quotes
from ..text.vectors import Rows

WEIGHTS = Path(__file__).with_name("scorer.json")
FEATURES = (
    "first",
    "position",
    "log_position",
    "relative",
    "centrality",
    "raw_centrality",
    "words",
    "words_squared",
    "first_overlap",
    "digits",
    "quote",
    "proper_nouns",
    "dangles",
    "mid_thought",
    "question",
    "said",
    "paragraph_first",
    "second",
    "third",
    "fourth",
    "log_count",
    "lead_by_position",
    "inside_quote",
)
_QUOTE = re.compile(r"[\"“”]")
_SAID = re.compile(r"\b(?:said|says|told|according to)\b", re.I)
_CAPITALIZED = re.compile(r"(?<=\s)[A-Z][a-z]+")


def features(
    texts: Sequence[str],
    paragraphs: Sequence[int],
    rows: Rows,
    positions: np.ndarray,
    firsts: np.ndarray,
    centrality: np.ndarray,
    raw_centrality: np.ndarray,
) -> np.ndarray:
    """One row of `FEATURES` per sentence: `positions` within its group (groups are runs of sentences), `firsts`
    the index of its group's first sentence, `centrality` scaled to 0-1 and `raw_centrality` the cosine to the
    text's centroid."""
    n = len(texts)
    words = np.fromiter((len(t.split()) for t in texts), dtype=np.float32, count=n) / 30
    shown_texts = [shown(t) for t in texts]
    first_overlap = np.zeros(n, dtype=np.float32)
    starts = np.flatnonzero(np.r_[True, np.diff(firsts) != 0]) if n else np.zeros(0, dtype=np.int64)
    for start, stop in zip(starts, np.r_[starts[1:], n]):  # groups are runs: linear in the words
        first_overlap[start:stop] = rows.dot(rows.dense_row(int(firsts[start])), int(start), int(stop))
    first_overlap[np.arange(n) == firsts] = 0.0
    flags = np.array(
        [
            [
                bool(re.search(r"\d", t)),
                bool(_QUOTE.search(t)),
                len(_CAPITALIZED.findall(t)) / max(1, len(t.split())),
                dangles(t),
                opens_mid_thought(t),
                t.rstrip("\"'”’ ").endswith("?"),
                bool(_SAID.search(t)),
            ]
            for t in shown_texts
        ],
        dtype=np.float32,
    ).reshape(n, 7)
    paragraph_first = np.r_[True, np.diff(np.asarray(paragraphs)) != 0][:n].astype(np.float32)
    position = positions.astype(np.float32)
    lead = float(centrality[: max(1, min(3, n))].mean()) if n else 0.0
    return np.column_stack(
        [
            position == 0,
            1 / (1 + position / 3),
            np.log1p(position),
            np.arange(n) / max(1, n - 1),
            centrality,
            raw_centrality,
            words,
            words * words,
            first_overlap,
            flags,
            paragraph_first,
            position == 1,
            position == 2,
            position == 3,
            np.full(n, np.log1p(n)),
            lead * np.log1p(position),
            np.asarray(inside_quotes(texts, paragraphs), dtype=np.float32).reshape(n),
        ]
    ).astype(np.float32)


@dataclass(frozen=True)
class Scorer:
    """Standardized features times coefficients, through the logistic function: P(an oracle picks it)."""

    names: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    coefficients: np.ndarray
    intercept: float

    def probability(self, rows: np.ndarray) -> np.ndarray:
        logits = ((rows - self.mean) / self.scale) @ self.coefficients + self.intercept
        probability: np.ndarray = 1 / (1 + np.exp(-logits))
        return probability

    def as_dict(self) -> dict[str, Any]:
        return {
            "features": list(self.names),
            "mean": self.mean.round(6).tolist(),
            "scale": self.scale.round(6).tolist(),
            "coefficients": self.coefficients.round(6).tolist(),
            "intercept": round(self.intercept, 6),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Scorer":
        return cls(
            tuple(data["features"]),
            np.asarray(data["mean"], dtype=np.float32),
            np.asarray(data["scale"], dtype=np.float32),
            np.asarray(data["coefficients"], dtype=np.float32),
            float(data["intercept"]),
        )


@lru_cache(maxsize=1)
def shipped() -> Scorer | None:
    """The committed scorer, or None when the file is absent or was trained on other features."""
    try:
        scorer = Scorer.from_dict(json.loads(WEIGHTS.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError):
        return None
    return scorer if scorer.names == FEATURES else None


def fit(
    rows: np.ndarray, labels: np.ndarray, l2: float = 1.0, iterations: int = 25, names: tuple[str, ...] = FEATURES
) -> Scorer:
    """Logistic regression by Newton's method on standardized features (`names`, the columns of `rows`), with an L2
    penalty (not on the intercept): deterministic, a few milliseconds per thousand rows."""
    mean = rows.mean(axis=0)
    scale = rows.std(axis=0)
    scale[scale < 1e-6] = 1.0
    x = np.column_stack([(rows - mean) / scale, np.ones(len(rows))]).astype(np.float64)
    y = labels.astype(np.float64)
    weights = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], l2)
    penalty[-1] = 0.0
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-(x @ weights)))
        gradient = x.T @ (p - y) + penalty * weights
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    return Scorer(
        names, mean.astype(np.float32), scale.astype(np.float32), weights[:-1].astype(np.float32), float(weights[-1])
    )


def log_loss(scorer: Scorer, rows: np.ndarray, labels: np.ndarray) -> float:
    p = np.clip(scorer.probability(rows), 1e-7, 1 - 1e-7)
    return float(-np.mean(labels * np.log(p) + (1 - labels) * np.log(1 - p))) if len(rows) else math.nan
