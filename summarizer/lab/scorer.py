"""Train the offline engine's learned sentence score (`summarizer.engines.scoring`) on news pairs.

`python -m summarizer train-scorer` reads CNN/DailyMail dev pairs 500-999 by default (the first 500
are held out for `evaluate`), splits each article as the service does, and labels each candidate
sentence 1 when a greedy ROUGE oracle (`papers.greedy_oracle`, against the highlights, to the
summary's word target) picks it. A logistic regression over `scoring.FEATURES` is fitted by
Newton's method: deterministic, so the same data gives the same `scorer.json`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from ..engines.scoring import WEIGHTS, Scorer, fit, log_loss
from ..engines.selection import Tuning, is_candidate, sentence_features
from ..options import SummaryOptions
from ..service import Summarizer
from ..settings import Settings
from ..text.prose import shown
from ..text.vectors import tfidf, tokens
from .evaluation import Pair
from .papers import greedy_oracle


@dataclass(frozen=True)
class Examples:
    """Feature rows of candidate sentences, their oracle labels, and the pair each row came from."""

    rows: np.ndarray
    labels: np.ndarray
    pairs: np.ndarray


def examples(
    pairs: Sequence[Pair], options: SummaryOptions = SummaryOptions(), on_pair: Callable[[int], None] | None = None
) -> Examples:
    """The candidate sentences of each article as the offline engine sees them, labelled by the oracle."""
    summarizer = Summarizer(Settings(engine="extractive"))
    tuning = Tuning()
    rows: list[np.ndarray] = []
    labels: list[float] = []
    owners: list[int] = []
    for number, pair in enumerate(pairs):
        item = summarizer._prepare(pair.article, options)
        sentences, target, hints, _ = next(iter(item.overview_jobs()))
        groups = np.asarray(hints.groups if hints.groups is not None else np.zeros(len(sentences)), dtype=np.int64)
        table = sentence_features(sentences, tfidf([tokens(s.text) for s in sentences]), groups)
        candidates = [i for i, s in enumerate(sentences) if is_candidate(s, tuning)]
        texts = [shown(sentences[i].text) for i in candidates]
        picked = set(greedy_oracle(texts, pair.highlights, target))
        rows.append(table[candidates])
        labels.extend(float(text in picked) for text in texts)
        owners.extend([number] * len(candidates))
        if on_pair:
            on_pair(number + 1)
    return Examples(np.concatenate(rows) if rows else np.zeros((0, 0)), np.asarray(labels), np.asarray(owners))


def train(
    pairs: Sequence[Pair],
    output: str | Path = WEIGHTS,
    l2: float = 1.0,
    held_out: float = 0.2,
    say: Callable[[str], None] = print,
) -> Scorer:
    """Fit on all `pairs` and write the weights to `output`; the log loss on the last `held_out` share of
    the pairs (fitted without them) is said first, as a check that the features generalize."""
    data = examples(pairs)
    cut = int(len(pairs) * (1 - held_out))
    early, late = data.pairs < cut, data.pairs >= cut
    if held_out and early.any() and late.any():
        check = fit(data.rows[early], data.labels[early], l2)
        base = float(data.labels[early].mean())
        chance = -np.mean(data.labels[late] * np.log(base) + (1 - data.labels[late]) * np.log(1 - base))
        say(
            f"held-out log loss {log_loss(check, data.rows[late], data.labels[late]):.4f} "
            f"(base rate alone {chance:.4f}) on {int(late.sum())} sentences of {len(pairs) - cut} pairs"
        )
    scorer = fit(data.rows, data.labels, l2)
    say(f"fitted on {len(data.labels)} sentences of {len(pairs)} pairs, {int(data.labels.sum())} picked by the oracle")
    for name, weight in sorted(zip(scorer.names, scorer.coefficients), key=lambda item: -abs(item[1])):
        say(f"  {name:<16}{weight:+.3f}")
    Path(output).write_text(json.dumps(scorer.as_dict(), indent=1) + "\n", encoding="utf-8")
    say(f"wrote {output}")
    return scorer
