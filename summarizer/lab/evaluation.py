"""ROUGE evaluation of the service against reference highlights, with Lead-3 scored alongside."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from ..errors import DEV_EXTRA, InvalidOptionError, SummarizerError
from ..options import SummaryOptions
from ..service import Summarizer
from ..text.prose import leans
from ..text.sentences import split_sentences
from .junk import junk_reasons

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
    first_dangling: float | None = None
    dangling: float | None = None
    words_ratio: float | None = None
    words_ratio_max: float | None = None
    captions: int | None = None


@dataclass(frozen=True)
class Reading:
    """How one summary reads: which sentences dangle (see `dangling`), its words, its word target and how many of
    its sentences the junk judge (`summarizer.lab.junk`) calls a photo's caption."""

    dangling: list[bool]
    words: int
    target: int | None = None
    captions: int = 0


def captions(texts: Sequence[str]) -> int:
    """How many of a summary's sentences the junk judge calls a photo's caption."""
    return sum("photo caption" in junk_reasons(text) for text in texts)


def dangling(texts: Sequence[str], positions: Sequence[int | None]) -> list[bool]:
    """For each summary sentence, whether it leans on the sentence before it in the source (`summarizer.text.prose.
    leans`: an opener of `DANGLING_OPENERS` that does not name its antecedent, or a phrase in its opening clause that
    refers back, "these tasks", "the former") without that sentence right before it in the summary.

    `positions` are the sentences' indices in the source (None when unknown).
    """
    flags = []
    for k, (text, position) in enumerate(zip(texts, positions)):
        before = positions[k - 1] if k else None
        flags.append(leans(text) and (position is None or before is None or before != position - 1))
    return flags


def with_reading(system: SystemScore, readings: Sequence[Reading]) -> SystemScore:
    """`system` with the dangling shares (of summaries by their first sentence, of all sentences), the
    mean and largest words/target ratio (where targets are known) and the summaries holding a caption."""
    flags = [flag for r in readings for flag in r.dangling]
    ratios = [r.words / r.target for r in readings if r.target]
    return replace(
        system,
        first_dangling=round(100 * sum(r.dangling[0] for r in readings if r.dangling) / max(1, len(readings)), 2),
        dangling=round(100 * sum(flags) / max(1, len(flags)), 2),
        words_ratio=round(sum(ratios) / len(ratios), 3) if ratios else None,
        words_ratio_max=round(max(ratios), 3) if ratios else None,
        captions=sum(r.captions > 0 for r in readings),
    )


def load_pairs(path: str | Path, limit: int | None = None, skip: int = 0) -> list[Pair]:
    """Pairs from a JSONL file with id, article and highlights, after the first `skip`; clear errors for bad lines."""
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
            if skip > 0:
                skip -= 1
                continue
            try:
                row = json.loads(line)
                pairs.append(Pair(str(row.get("id", number)), row["article"], row["highlights"]))
            except (json.JSONDecodeError, KeyError, TypeError, AttributeError) as error:
                raise InvalidOptionError(
                    f"{path} line {number} is not a JSON object with 'article' and 'highlights'."
                ) from error
    if not pairs:
        raise InvalidOptionError(f"{path} holds no article/highlights pairs.")
    return pairs


def one_per_line(text: str) -> str:
    """Sentences on their own lines, as ROUGE-Lsum expects."""
    return "\n".join(s.text for s in split_sentences(text))


def lead(article: str, n: int = 3) -> str:
    return "\n".join(s.text for s in split_sentences(article)[:n])


def rouge_package() -> Any:
    """The rouge_score package: a lab requirement (the dev extra), so a message when it is missing. Commands
    that score at the end (finetune) call it first, so a missing package is said before, not after, the work."""
    try:
        import rouge_score.rouge_scorer
        import rouge_score.tokenizers
    except ImportError:
        raise SummarizerError(f"Scoring needs rouge-score, in the dev extra ({DEV_EXTRA})") from None
    return rouge_score


def rouge_scorer(metrics: Sequence[str], use_stemmer: bool = False) -> Any:
    """rouge-score's scorer for `metrics`."""
    return rouge_package().rouge_scorer.RougeScorer(list(metrics), use_stemmer=use_stemmer)


def rouge_tokenizer(use_stemmer: bool = True) -> Any:
    """rouge-score's own tokenizer (and stemmer), for counting n-grams the way the scorer does."""
    return rouge_package().tokenizers.DefaultTokenizer(use_stemmer=use_stemmer)


def score(predictions: Sequence[str], references: Sequence[str], seconds: float) -> SystemScore:
    """Mean ROUGE F1 of predictions against references (stemming on, Lsum one sentence per line)."""
    scorer = rouge_scorer(METRICS, use_stemmer=True)
    totals = dict.fromkeys(METRICS, 0.0)
    for prediction, reference in zip(predictions, references):
        result = scorer.score(reference, prediction)
        for metric in METRICS:
            totals[metric] += result[metric].fmeasure
    n = len(predictions)
    mean = {m: round(100 * totals[m] / n, 2) for m in METRICS}
    return SystemScore(
        mean["rouge1"],
        mean["rouge2"],
        mean["rougeL"],
        mean["rougeLsum"],
        docs_per_sec=round(n / seconds, 2) if seconds > 0 else float("inf"),
        n=n,
    )


def evaluate(
    summarizer: Summarizer,
    pairs: Sequence[Pair],
    options: SummaryOptions,
    on_prediction: Callable[[str, str], None] | None = None,
) -> dict[str, SystemScore]:
    """Scores keyed by system name: the service's engine and `lead3`."""
    references = [one_per_line_reference(p.highlights) for p in pairs]
    engine = summarizer.engine
    started = time.perf_counter()
    predictions, readings = [], []
    for pair in pairs:
        summary = summarizer.summarize(pair.article, options)
        predictions.append("\n".join(summary.sentences))
        readings.append(
            Reading(
                dangling(summary.sentences, [s[0] if s else None for s in summary.support]),
                summary.words + sum(len(s.split()) for section in summary.sections for s in section.sentences),
                summary.target_words,
                captions(summary.sentences),
            )
        )
        if on_prediction:
            on_prediction(pair.id, summary.text)
    engine_seconds = time.perf_counter() - started
    started = time.perf_counter()
    leads = [lead(p.article) for p in pairs]
    lead_seconds = time.perf_counter() - started
    lead_readings = [
        Reading(dangling(lines, range(3)), len(text.split()), captions=captions(lines))
        for text in leads
        for lines in [text.split("\n")]
    ]
    return {
        engine.name: with_reading(score(predictions, references, engine_seconds), readings),
        "lead3": with_reading(score(leads, references, lead_seconds), lead_readings),
    }


def one_per_line_reference(highlights: str) -> str:
    lines = [line.strip() for line in highlights.splitlines() if line.strip()]
    return "\n".join(lines) if len(lines) > 1 else one_per_line(highlights)


def table(scores: dict[str, SystemScore]) -> Iterable[str]:
    """The score table: ROUGE, speed, dangling first sentences and sentences (%), words/target (mean, max), and the
    summaries holding a photo's caption."""
    yield (
        f"{'system':<14}{'R1':>8}{'R2':>8}{'RL':>8}{'RLsum':>8}{'docs/s':>10}{'n':>6}"
        f"{'dangle1 %':>11}{'dangle %':>10}{'words/target':>14}{'captions':>10}"
    )
    for name, s in scores.items():
        ratio = f"{s.words_ratio:.2f} ({s.words_ratio_max:.2f})" if s.words_ratio else ""
        yield (
            f"{name:<14}{s.rouge1:>8.2f}{s.rouge2:>8.2f}{s.rougeL:>8.2f}{s.rougeLsum:>8.2f}{s.docs_per_sec:>10.1f}"
            f"{s.n:>6}{_percent(s.first_dangling):>11}{_percent(s.dangling):>10}{ratio:>14}"
            f"{'' if s.captions is None else s.captions:>10}"
        )


def _percent(value: float | None) -> str:
    return "" if value is None else f"{value:.1f}"
