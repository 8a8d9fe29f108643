"""Train the TL;DR ranker (`summarizer.engines.tldr`) on abstracts and their authors' TL;DRs.

`python -m summarizer train-tldr` reads `../shared/eval/tldr/train.jsonl` by default (`source`: the abstract's
sentences, `target`: the gold TL;DRs). Each abstract is read as a user's paste is (its sentences joined by spaces,
split, planned and passed as the service does), and each sentence the TL;DR may show is labelled 1 when it is the
one with the highest ROUGE-1 + ROUGE-2 F1 against the golds (the oracle's pick). A logistic regression over
`tldr.FEATURES` is fitted by Newton's method (`scoring.fit`): deterministic, so the same file gives the same
`tldr.json`, byte for byte. The cross-validated figure on the training file (each fold ranked by weights fitted
on the others) is said first, so a reader can tell the weights were not chosen on dev.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np

from .. import planning
from ..engines import tldr
from ..engines.scoring import Scorer, fit
from ..sectioned import sectioned_text
from ..text.prose import shown
from ..text.sentences import Sentence
from ..tldrplan import as_shown, passage
from .evaluation import rouge_scorer
from .tldreval import Record

L2 = 1.0
FOLDS = 5


@dataclass(frozen=True)
class Examples:
    """Feature rows of the sentences a TL;DR may show, their oracle labels, their ROUGE-1 (max over golds) and
    the record each came from."""

    rows: np.ndarray
    labels: np.ndarray
    rouge1: np.ndarray
    owners: np.ndarray


def pickable(text: str) -> bool:
    """Whether the offline engine may show this sentence alone as a TL;DR, its length aside (`tldr.in_room`)."""
    return tldr.fits(shown(text)) and tldr.stands_alone(text)


def _passage(record: Record) -> tuple[list[Sentence], list[str], list[bool]]:
    """The sentences of an abstract's TL;DR passage as the service reads it, their texts as a TL;DR shows them (a
    phrase pointing back named, a long one cut, `tldrplan.as_shown`) and which is the document's defining sentence."""
    sectioned = sectioned_text(record.text)
    plan = planning.plan(sectioned, len(sectioned.sentences), "tldr")
    chosen = passage(sectioned, plan.eligible)
    sentences = [sectioned.sentences[i] for i in chosen]
    shown_texts = as_shown([s.text for s in sentences])
    return sentences, [n or s.text for n, s in zip(shown_texts, sentences)], [i == plan.defining for i in chosen]


def _candidates(record: Record, scorer: Any) -> tuple[np.ndarray, list[float], list[float]]:
    """One abstract's candidate rows, their oracle labels and their ROUGE-1 (max over golds)."""
    sentences, texts, defining = _passage(record)
    table = tldr.features(texts, defining, record.title)
    keep = [k for k, s in enumerate(sentences) if tldr.in_room(replace(s, text=texts[k])) and pickable(texts[k])]
    scores = [[scorer.score(gold, tldr.unframed(shown(texts[k]))) for gold in record.golds] for k in keep]
    both = [max(s["rouge1"].fmeasure + s["rouge2"].fmeasure for s in per) for per in scores]
    best = int(np.argmax(both)) if both else -1
    labels = [float(j == best) for j in range(len(keep))]
    return table[keep], labels, [max(s["rouge1"].fmeasure for s in per) for per in scores]


def examples(records: Sequence[Record], on_record: Callable[[int], None] | None = None) -> Examples:
    """The TL;DR candidates of each abstract as the service reads it, labelled by the oracle."""
    scorer = rouge_scorer(("rouge1", "rouge2"), use_stemmer=True)
    rows: list[np.ndarray] = []
    labels: list[float] = []
    rouge1: list[float] = []
    owners: list[int] = []
    for number, record in enumerate(records):
        table, picked, scores = _candidates(record, scorer)
        rows.append(table)
        labels.extend(picked)
        rouge1.extend(scores)
        owners.extend([number] * len(picked))
        if on_record:
            on_record(number + 1)
    width = len(tldr.FEATURES)
    return Examples(
        np.concatenate(rows) if rows else np.zeros((0, width), dtype=np.float32),
        np.asarray(labels),
        np.asarray(rouge1),
        np.asarray(owners, dtype=np.int64),
    )


def fitted(data: Examples, mask: np.ndarray | None = None, l2: float = L2) -> Scorer:
    """The ranker fitted on the rows of `mask` (all when None)."""
    keep = np.ones(len(data.labels), dtype=bool) if mask is None else mask
    return fit(data.rows[keep], data.labels[keep], l2, names=tldr.FEATURES)


def picked_rouge1(scorer: Scorer, data: Examples, mask: np.ndarray) -> float:
    """Mean ROUGE-1 (max over golds, in %) of the top-ranked candidate of each record in `mask`."""
    owners = data.owners[mask]
    probability = scorer.probability(data.rows[mask])
    rouge1 = data.rouge1[mask]
    best: dict[int, int] = {}
    for k, owner in enumerate(owners.tolist()):
        if owner not in best or probability[k] > probability[best[owner]]:
            best[owner] = k
    return 100 * float(np.mean([rouge1[k] for k in best.values()])) if best else 0.0


def cross_validated(data: Examples, folds: int = FOLDS, l2: float = L2) -> float:
    """The candidates' ROUGE-1 when each fold of records is ranked by weights fitted on the other folds."""
    records = int(data.owners.max()) + 1 if len(data.owners) else 0
    if records < folds:
        return 0.0
    bounds = np.linspace(0, records, folds + 1).round().astype(int)
    totals = []
    for start, stop in zip(bounds, bounds[1:]):
        held = (data.owners >= start) & (data.owners < stop)
        totals.append(picked_rouge1(fitted(data, ~held, l2), data, held) * len(set(data.owners[held].tolist())))
    return sum(totals) / len(set(data.owners.tolist()))


def train(
    records: Sequence[Record], output: str | Path = tldr.WEIGHTS, folds: int = FOLDS, say: Callable[[str], None] = print
) -> Scorer:
    """Fit on all `records` and write the weights to `output`; the cross-validated ROUGE-1 is said first."""
    data = examples(records)
    if folds > 1:
        say(
            f"{folds}-fold cross-validated ROUGE-1 of the top-ranked sentence on {len(records)} records: "
            f"{cross_validated(data, folds):.2f}"
        )
    scorer = fitted(data)
    say(f"fitted on {len(data.labels)} sentences of {len(records)} records, {int(data.labels.sum())} oracle picks")
    for name, weight in sorted(zip(scorer.names, scorer.coefficients), key=lambda item: -abs(item[1])):
        say(f"  {name:<16}{weight:+.3f}")
    Path(output).write_text(json.dumps(scorer.as_dict(), indent=1) + "\n", encoding="utf-8")
    say(f"wrote {output}")
    return scorer
