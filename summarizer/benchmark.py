"""Speed of the service against the naive T5 path, measured in one process on the same documents.

The naive path is what most T5 apps do: one `generate` per document, input truncated at 512
tokens, beam 4 with t5-small's summarization defaults. The service covers the whole document.
Without real weights, a random-init model with t5-small's exact configuration stands in, with a
fixed output length so that both paths generate the same number of tokens.
"""

from __future__ import annotations

import json
import resource
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from .errors import ModelLoadError
from .generation import PRESETS, Budget
from .locate import locate
from .randommodel import build_random_t5
from .sentences import split_sentences

FIXED_NEW_TOKENS = 64
NAIVE_WINDOW = 512


@dataclass(frozen=True)
class Measurement:
    path: str
    document: str
    seconds: float
    share_read: float
    generated_tokens: int
    peak_rss_mb: float


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def documents(data: str | None) -> dict[str, str]:
    """A ~600-word article and a ~3,000-word report, from the eval file when present."""
    articles: list[str] = []
    if data and Path(data).is_file():
        with open(data, encoding="utf-8") as handle:
            for line in handle:
                articles.append(json.loads(line)["article"])
                if len(articles) >= 40:
                    break
    if not articles:
        from .syntheticprose import prose
        articles = [prose(50, seed) for seed in range(40)]
    article = min(articles, key=lambda a: abs(len(a.split()) - 600))
    report, words = [], 0
    for text in articles:
        if words >= 3000:
            break
        report.append(text)
        words += len(text.split())
    return {"article": article, "report": "\n\n".join(report)}


def run(model: str, data: str | None, say: Callable[[str], None], batch_docs: int = 32) -> list[Measurement]:
    """Time the naive path and the service on the same documents; `say` gets the report lines."""
    import torch
    from transformers import AutoModelForSeq2SeqLM, AutoTokenizer

    from .abstractive import AbstractiveEngine

    docs = documents(data)
    scratch = tempfile.TemporaryDirectory()
    fixed = None
    try:
        source = locate(model, timeout=2.0)
        say(f"model: {model} (real weights, from the {source.where})")
    except ModelLoadError as error:
        say(f"model: random-init t5-small configuration, fixed output of {FIXED_NEW_TOKENS} tokens "
            f"(real weights absent: {error})")
        build_random_t5(Path(scratch.name), list(docs.values()), vocab_size=8000, model_vocab_size=32128)
        source = locate(scratch.name)
        fixed = Budget(FIXED_NEW_TOKENS, FIXED_NEW_TOKENS)

    tokenizer = AutoTokenizer.from_pretrained(source.path, local_files_only=source.local_only)
    naive = AutoModelForSeq2SeqLM.from_pretrained(source.path, local_files_only=source.local_only).eval()
    prefix = "summarize: " if naive.config.model_type == "t5" else ""
    results: list[Measurement] = []

    def naive_path(text: str) -> tuple[float, float, int]:
        started = time.perf_counter()
        batch = tokenizer(prefix + text, truncation=True, max_length=NAIVE_WINDOW, return_tensors="pt")
        budget = fixed or Budget(30, 200)
        with torch.inference_mode():
            out = naive.generate(**batch, min_new_tokens=budget.min_new_tokens,
                                 max_new_tokens=budget.max_new_tokens, **PRESETS["best"])
        read = tokenizer.decode(batch["input_ids"][0], skip_special_tokens=True)
        share = min(1.0, len(read.split()) / max(1, len(text.split())))
        return time.perf_counter() - started, share, int(out.shape[1])

    engine = AbstractiveEngine(source, "cpu", "best", 8, NAIVE_WINDOW)
    engine.fixed_budget = fixed

    for name, text in docs.items():
        seconds, share, tokens = naive_path(text)
        results.append(Measurement("naive", name, seconds, share, tokens, peak_rss_mb()))
        before = engine.generator.generated_tokens
        started = time.perf_counter()
        output = engine.summarize(split_sentences(text), 65)
        results.append(Measurement("service", name, time.perf_counter() - started, 1.0,
                                   engine.generator.generated_tokens - before, peak_rss_mb()))
        say(f"{name}: {len(text.split()):,} words; service read it in {output.parts} part(s)")
    scratch.cleanup()
    return results


def report(results: Sequence[Measurement]) -> list[str]:
    lines = [f"{'document':<10}{'path':<10}{'s/doc':>8}{'read':>7}{'tok/s':>8}{'peak MB':>9}{'x naive':>9}"]
    naive = {m.document: m.seconds for m in results if m.path == "naive"}
    for m in results:
        lines.append(f"{m.document:<10}{m.path:<10}{m.seconds:>8.2f}{m.share_read:>7.0%}"
                     f"{m.generated_tokens / m.seconds:>8.1f}{m.peak_rss_mb:>9.0f}{m.seconds / naive[m.document]:>9.2f}")
    return lines
