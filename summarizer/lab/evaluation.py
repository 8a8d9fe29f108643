"""ROUGE evaluation of the service against reference highlights, with Lead-3 scored alongside."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

from ..errors import InvalidOptionError, SummarizerError
from ..options import SummaryOptions
from ..sentences import split_sentences
from ..service import Summarizer

METRICS = ("rouge1", "rouge2", "rougeL", "rougeLsum")


@dataclass(frozen=True)
class Pair:
    id: str
    article: str
    highlights: str


@dataclass(frozen=True)
class SystemScore:
    """Mean F1 (0-100) per ROUGE metric, speed, and the number of documents."""

    rouge1: float
    rouge2: float
    rougeL: float
    rougeLsum: float
    docs_per_sec: float
    n: int


def load_pairs(path: str | Path, limit: int | None = None) -> list[Pair]:
    """Pairs from a JSONL file with id, article and highlights; clear errors for bad lines."""
    pairs: list[Pair] = []
    try:
        handle = open(path, encoding="utf-8")
    except OSError as error:
        raise InvalidOptionError(f"Cannot read {path}: {error.strerror}.") from error
    with handle:
        for number, line in enumerate(handle, 1):
            if limit is not None and len(pairs) >= limit:
                break
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                pairs.append(Pair(str(row.get("id", number)), row["article"], row["highlights"]))
            except (json.JSONDecodeError, KeyError, TypeError, AttributeError) as error:
                raise InvalidOptionError(
                    f"{path} line {number} is not a JSON object with 'article' and 'highlights'.") from error
    if not pairs:
        raise InvalidOptionError(f"{path} holds no article/highlights pairs.")
    return pairs


def one_per_line(text: str) -> str:
    """Sentences on their own lines, as ROUGE-Lsum expects."""
    return "\n".join(s.text for s in split_sentences(text))


def lead(article: str, n: int = 3) -> str:
    return "\n".join(s.text for s in split_sentences(article)[:n])


def _rouge():
    """The rouge_score package: a lab requirement (requirements-dev.txt), so a message when it is missing."""
    try:
        import rouge_score.rouge_scorer
        import rouge_score.tokenizers
    except ImportError:
        raise SummarizerError("Scoring needs rouge-score, a development requirement: "
                              "pip install -r requirements-dev.txt") from None
    return rouge_score


def rouge_scorer(metrics: Sequence[str], use_stemmer: bool = False):
    """rouge-score's scorer for `metrics`."""
    return _rouge().rouge_scorer.RougeScorer(list(metrics), use_stemmer=use_stemmer)


def rouge_tokenizer(use_stemmer: bool = True):
    """rouge-score's own tokenizer (and stemmer), for counting n-grams the way the scorer does."""
    return _rouge().tokenizers.DefaultTokenizer(use_stemmer=use_stemmer)


def score(predictions: Sequence[str], references: Sequence[str], seconds: float) -> SystemScore:
    """Mean ROUGE F1 of predictions against references (stemming on, Lsum one sentence per line)."""
    scorer = rouge_scorer(METRICS, use_stemmer=True)
    totals = dict.fromkeys(METRICS, 0.0)
    for prediction, reference in zip(predictions, references):
        result = scorer.score(reference, prediction)
        for metric in METRICS:
            totals[metric] += result[metric].fmeasure
    n = len(predictions)
    return SystemScore(*(round(100 * totals[m] / n, 2) for m in METRICS),
                       docs_per_sec=round(n / seconds, 2) if seconds > 0 else float("inf"), n=n)


def evaluate(summarizer: Summarizer, pairs: Sequence[Pair], options: SummaryOptions,
             on_prediction: Callable[[str, str], None] | None = None) -> dict[str, SystemScore]:
    """Scores keyed by system name: the service's engine and `lead3`."""
    references = [one_per_line_reference(p.highlights) for p in pairs]
    engine = summarizer.engine
    started = time.perf_counter()
    predictions = []
    for pair in pairs:
        summary = summarizer.summarize(pair.article, options)
        predictions.append("\n".join(summary.sentences))
        if on_prediction:
            on_prediction(pair.id, summary.text)
    engine_seconds = time.perf_counter() - started
    started = time.perf_counter()
    leads = [lead(p.article) for p in pairs]
    lead_seconds = time.perf_counter() - started
    return {engine.name: score(predictions, references, engine_seconds),
            "lead3": score(leads, references, lead_seconds)}


def one_per_line_reference(highlights: str) -> str:
    lines = [line.strip() for line in highlights.splitlines() if line.strip()]
    return "\n".join(lines) if len(lines) > 1 else one_per_line(highlights)


def table(scores: dict[str, SystemScore]) -> Iterable[str]:
    yield f"{'system':<14}{'R1':>8}{'R2':>8}{'RL':>8}{'RLsum':>8}{'docs/s':>10}{'n':>6}"
    for name, s in scores.items():
        yield (f"{name:<14}{s.rouge1:>8.2f}{s.rouge2:>8.2f}{s.rougeL:>8.2f}{s.rougeLsum:>8.2f}"
               f"{s.docs_per_sec:>10.1f}{s.n:>6}")
