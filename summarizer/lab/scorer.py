"""Train the offline engine's learned sentence score (`summarizer.engines.scoring`) on news pairs.

`python -m summarizer train-scorer` reads CNN/DailyMail dev pairs 500-999 by default (the first 500
are held out for `evaluate`), splits each article as the service does, and labels each candidate
sentence 1 when a greedy ROUGE oracle (`papers.greedy_oracle`, against the highlights, to the
summary's word target) picks it. A logistic regression over `scoring.FEATURES` is fitted by
Newton's method: deterministic, so the same data gives the same `scorer.json`.

`python -m summarizer cross-fit` is the honest figure for a whole file: each fold is summarized with a
score fitted on the other folds only, so no pair is scored by weights that saw it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from ..engines.extractive import ExtractiveEngine
from ..engines.scoring import WEIGHTS, Scorer, fit, log_loss
from ..engines.selection import Tuning, is_candidate, sentence_features
from ..options import SummaryOptions
from ..service import Summarizer
from ..service.prepared import prepare
from ..settings import Settings
from ..text.prose import shown
from ..text.vectors import tfidf, tokens
from .evaluation import Pair, SystemScore, evaluate
from .papers import greedy_oracle

DEFAULT_OPTIONS = SummaryOptions()


@dataclass(frozen=True)
class Examples:
    """Feature rows of candidate sentences, their oracle labels, and the pair each row came from."""

    rows: np.ndarray
    labels: np.ndarray
    pairs: np.ndarray


def examples(
    pairs: Sequence[Pair], options: SummaryOptions = DEFAULT_OPTIONS, on_pair: Callable[[int], None] | None = None
) -> Examples:
    """The candidate sentences of each article as the offline engine sees them, labelled by the oracle."""
    summarizer = Summarizer(Settings(engine="extractive"))
    tuning = Tuning()
    rows: list[np.ndarray] = []
    labels: list[float] = []
    owners: list[int] = []
    for number, pair in enumerate(pairs):
        item = prepare(pair.article, options, summarizer.settings.max_input_chars)
        sentences, target, hints, _ = next(iter(item.overview_inputs()))
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


def cross_fit(
    pairs: Sequence[Pair],
    folds: int = 2,
    l2: float = 1.0,
    options: SummaryOptions = DEFAULT_OPTIONS,
    say: Callable[[str], None] = print,
) -> dict[str, SystemScore]:
    """Scores over all `pairs` (the offline engine and Lead-3, as `evaluate` keys them), each fold summarized
    with a score fitted on the other folds; one line per fold is said as it is done."""
    if not 2 <= folds <= len(pairs):
        raise ValueError(f"cross-fit needs at least 2 folds and a pair per fold ({len(pairs)} pairs, {folds} folds)")
    data = examples(pairs)
    bounds = np.linspace(0, len(pairs), folds + 1).round().astype(int)
    results = []
    for number, (start, stop) in enumerate(zip(bounds, bounds[1:]), 1):
        held = (data.pairs >= start) & (data.pairs < stop)
        scorer = fit(data.rows[~held], data.labels[~held], l2)
        engine = ExtractiveEngine("cross-fit", Tuning(scorer=scorer))
        scores = evaluate(Summarizer(Settings(engine="extractive"), engine=engine), pairs[start:stop], options)
        results.append(scores)
        engine_r1, lead_r1 = scores[engine.name].rouge1, scores["lead3"].rouge1
        say(f"fold {number}: pairs {start + 1}-{stop}, ROUGE-1 {engine_r1:.2f} (Lead-3 {lead_r1:.2f})")
    return {name: pooled([result[name] for result in results]) for name in results[0]}


def pooled(parts: Sequence[SystemScore]) -> SystemScore:
    """Scores of disjoint slices as one: means weighted by documents, the largest words/target, the overall rate."""
    n = sum(part.n for part in parts)

    def mean(name: str) -> float | None:
        values: list[tuple[float | None, int]] = [(getattr(part, name), part.n) for part in parts]
        known = [(value, count) for value, count in values if value is not None]
        if len(known) < len(values):
            return None
        return sum(value * count for value, count in known) / n

    seconds = sum(part.n / part.docs_per_sec for part in parts if part.docs_per_sec)
    maxima = [part.words_ratio_max for part in parts if part.words_ratio_max is not None]
    return SystemScore(
        mean("rouge1") or 0.0,
        mean("rouge2") or 0.0,
        mean("rougeL") or 0.0,
        mean("rougeLsum") or 0.0,
        docs_per_sec=round(n / seconds, 2) if seconds else float("inf"),
        n=n,
        first_dangling=mean("first_dangling"),
        dangling=mean("dangling"),
        words_ratio=mean("words_ratio"),
        words_ratio_max=max(maxima) if maxima else None,
    )
