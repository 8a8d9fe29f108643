"""The TL;DR measured against authors' own one-sentence summaries (`python -m summarizer tldr-eval`).

The protocol of `../shared/eval/tldr/README.md`: each abstract's sentences joined by spaces are summarized as a user
gets them at `--length tldr`; the TL;DR is scored with rouge-score's F1 (stemmed) against each gold TL;DR, a paper
scoring the maximum over its golds (the mean over golds beside it); Lead-1 (the abstract's first sentence) and
Oracle-1 (its one sentence with the highest ROUGE-1 + ROUGE-2 against the golds) in the same run.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

import numpy as np

from ..interface import SummaryService
from ..options import SummaryOptions
from ..remote.wire import WireBlock
from .evaluation import rouge_scorer

METRICS = ("rouge1", "rouge2", "rougeL")
TLDR = SummaryOptions(length="tldr")


@dataclass(frozen=True)
class Record:
    """One abstract as its sentences and its gold TL;DRs, and the paper's title ("" where the file has none)."""

    source: list[str]
    golds: list[str]
    title: str = ""

    @property
    def text(self) -> str:
        return " ".join(s.strip() for s in self.source)

    @property
    def titled(self) -> list[WireBlock]:
        """The abstract as a document with its title: a title block, then the abstract's paragraph."""
        return [WireBlock("title", self.title), WireBlock("paragraph", self.text)]


def load_records(path: str | Path, limit: int | None = None) -> list[Record]:
    """The first `limit` (all when None) records of a TL;DR file; a clear error for a line that is not one."""
    records: list[Record] = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if limit is not None and len(records) >= limit:
                break
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                sentences, golds = [str(s) for s in row["source"]], [str(t) for t in row["target"]]
                records.append(Record(sentences, golds, " ".join(str(row.get("title") or "").split())))
            except (ValueError, KeyError, TypeError) as error:
                raise ValueError(f"{path}, line {number}: not a TL;DR record with 'source' and 'target'") from error
            if not records[-1].source or not records[-1].golds:
                raise ValueError(f"{path}, line {number}: a TL;DR record needs sentences and at least one gold")
    return records


@dataclass(frozen=True)
class TldrScore:
    """One system's mean F1 (%) per metric, max over golds and mean over golds, and its mean words."""

    best: dict[str, float]
    mean: dict[str, float]
    words: float
    n: int


def score(predictions: Sequence[str], records: Sequence[Record]) -> TldrScore:
    """Each prediction against its record's golds: the max and the mean over golds, averaged over records."""
    scorer = rouge_scorer(METRICS, use_stemmer=True)
    best: dict[str, list[float]] = {m: [] for m in METRICS}
    mean: dict[str, list[float]] = {m: [] for m in METRICS}
    for prediction, record in zip(predictions, records):
        scores = [scorer.score(gold, prediction) for gold in record.golds]
        for metric in METRICS:
            values = [s[metric].fmeasure for s in scores]
            best[metric].append(max(values))
            mean[metric].append(sum(values) / len(values))
    return TldrScore(
        {m: 100 * float(np.mean(v)) for m, v in best.items()},
        {m: 100 * float(np.mean(v)) for m, v in mean.items()},
        float(np.mean([len(p.split()) for p in predictions])),
        len(predictions),
    )


def oracle(record: Record) -> str:
    """The abstract's one sentence with the highest ROUGE-1 + ROUGE-2 F1 against a gold."""
    scorer = rouge_scorer(("rouge1", "rouge2"), use_stemmer=True)

    def worth(sentence: str) -> float:
        return max(  # type: ignore[no-any-return]  # rouge-score is untyped
            s["rouge1"].fmeasure + s["rouge2"].fmeasure for s in (scorer.score(g, sentence) for g in record.golds)
        )

    return max(record.source, key=worth)


def evaluate(
    service: SummaryService, records: Sequence[Record], on_record: Callable[[int], None] | None = None
) -> dict[str, TldrScore]:
    """The project's TL;DR, Lead-1 and Oracle-1, scored by the README's protocol; then the project's TL;DR of the
    abstract read with its paper's title, as a user's uploaded paper is (where the file has titles)."""
    ours, titled = [], []
    for number, record in enumerate(records, 1):
        ours.append(" ".join(service.summarize(record.text, TLDR).sentences))
        if record.title:
            titled.append(" ".join(service.summarize(record.titled, TLDR).sentences))
        if on_record:
            on_record(number)
    with_title = {"with title": score(titled, records)} if len(titled) == len(records) else {}
    return {
        "project TL;DR": score(ours, records),
        **with_title,
        "Lead-1": score([r.source[0] for r in records], records),
        "Oracle-1": score([oracle(r) for r in records], records),
    }


def table(scores: dict[str, TldrScore]) -> Iterable[str]:
    """The README's table: ROUGE F1 max over golds, then mean over golds, and words."""
    yield f"{'system':<15}{'R1':>7}{'R2':>7}{'RL':>7}{'R1 mean':>9}{'R2 mean':>9}{'RL mean':>9}{'words':>7}{'n':>6}"
    for name, s in scores.items():
        best = "".join(f"{s.best[m]:>7.2f}" for m in METRICS)
        mean = "".join(f"{s.mean[m]:>9.2f}" for m in METRICS)
        yield f"{name:<15}{best}{mean}{s.words:>7.1f}{s.n:>6}"
