"""Speed and memory of the service against the naive T5 path, in one process on the same documents.

Paths: `naive` is what most T5 apps do (fp32 transformers, one `generate` per document, input
truncated at 512 tokens, beam 4 with t5-small's summarization defaults); `reference` is the
service on the plain transformers backend with full coverage; `fast` is the service on the
CTranslate2 int8 backend with full coverage. Every path aims at the same summary length (the
"medium" preset for the document). Without real weights, a random-init model with t5-small's
configuration stands in, and every call generates exactly its budget's maximum number of
tokens, since random weights would otherwise stop at arbitrary points.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from ..engines.abstractive import AbstractiveEngine
from ..engines.backends import TransformersGenerator
from ..engines.base import EngineInput
from ..engines.budgets import GENERATION
from ..engines.locate import ModelSource, locate
from ..errors import ModelLoadError
from ..options import SummaryOptions
from ..settings import Settings
from ..text.sentences import split_sentences
from .randommodel import build_random_t5

NAIVE_WINDOW = 512


@dataclass(frozen=True)
class Measurement:
    path: str
    document: str
    seconds: float
    share_read: float
    generated_tokens: int
    peak_rss_mb: float


class PeakRss:
    """Samples this process's resident memory while the block runs; `.mb` is the highest seen."""

    def __init__(self, interval: float = 0.01):
        import psutil

        self._process = psutil.Process()
        self._interval = interval
        self.mb = 0.0

    def _sample(self) -> None:
        while not self._stop.is_set():
            self.mb = max(self.mb, self._process.memory_info().rss / 1048576)
            self._stop.wait(self._interval)

    def __enter__(self) -> "PeakRss":
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.mb = max(self.mb, self._process.memory_info().rss / 1048576)


def corpus(data: str | None, count: int) -> list[str]:
    """Articles from the eval file when present, else synthetic prose of news length."""
    articles: list[str] = []
    if data and Path(data).is_file():
        with open(data, encoding="utf-8") as handle:
            for line in handle:
                articles.append(json.loads(line)["article"])
                if len(articles) >= count:
                    break
    if not articles:
        from .syntheticprose import prose

        articles = [prose(50, seed) for seed in range(count)]
    return articles


def documents(articles: Sequence[str]) -> dict[str, str]:
    """A ~600-word article and a ~3,000-word report made of consecutive articles."""
    article = min(articles, key=lambda a: abs(len(a.split()) - 600))
    report, words = [], 0
    for text in articles:
        if words >= 3000:
            break
        report.append(text)
        words += len(text.split())
    return {"article": article, "report": "\n\n".join(report)}


def target(text: str) -> int:
    return SummaryOptions().target_words(len(text.split()))


class Naive:
    """The naive path on the reference backend's fp32 model: one call per document, first 512 tokens only."""

    def __init__(self, engine: AbstractiveEngine):
        self.engine = engine
        if not isinstance(engine.generator, TransformersGenerator):
            raise TypeError(f"the naive path runs on the transformers backend, not {engine.generator.backend}")
        self.generator = engine.generator

    def __call__(self, text: str) -> tuple[int, float]:
        import torch

        budget = self.engine._budget(target(text))
        tokenizer, model = self.generator.tokenizer, self.generator.model
        batch = tokenizer(self.generator.prefix + text, truncation=True, max_length=NAIVE_WINDOW, return_tensors="pt")
        with torch.inference_mode():
            out = model.generate(
                **batch,
                min_new_tokens=budget.min_new_tokens,
                max_new_tokens=budget.max_new_tokens,
                **GENERATION["best"],
            )
        read = tokenizer.decode(batch["input_ids"][0], skip_special_tokens=True)
        return int(out.shape[1]) - 1, min(1.0, len(read.split()) / max(1, len(text.split())))


def _timed(path: str, name: str, run: Callable[[], tuple[int, float]]) -> Measurement:
    with PeakRss() as peak:
        started = time.perf_counter()
        tokens, share = run()
        seconds = time.perf_counter() - started
    return Measurement(path, name, seconds, share, tokens, peak.mb)


def _engine_run(engine: AbstractiveEngine, texts: Sequence[str]) -> Callable[[], tuple[int, float]]:
    def run() -> tuple[int, float]:
        before = engine.generator.generated_tokens
        engine.summarize_many([EngineInput(split_sentences(t), target(t)) for t in texts])
        return engine.generator.generated_tokens - before, 1.0

    return run


def agreement(engine_a: AbstractiveEngine, engine_b: AbstractiveEngine, texts: Sequence[str]) -> float:
    """Mean ROUGE-L F1 (0-100) between two engines' summaries of the same texts."""
    from .evaluation import rouge_scorer

    scorer = rouge_scorer(["rougeL"])
    inputs = [EngineInput(split_sentences(t), target(t)) for t in texts]
    a = engine_a.summarize_many(inputs)
    b = engine_b.summarize_many(inputs)
    scores: list[float] = [
        scorer.score(" ".join(x.sentences), " ".join(y.sentences))["rougeL"].fmeasure for x, y in zip(a, b)
    ]
    return 100 * sum(scores) / len(scores)


PEAK_PROBE = """
import sys
import streamlit  # the app process imports it too
from summarizer.cli import main
main(sys.argv[1:])
status = open("/proc/self/status").read().split("VmHWM:")[1].split()[0]
print(f"peak-kb {status}", file=sys.stderr)
"""


def app_peak_rss_mb(model: str, text: str) -> float:
    """Peak RSS (the kernel's VmHWM) of a fresh CLI process that loads the fast path and summarizes `text`."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write(text)
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            PEAK_PROBE,
            "summarize",
            handle.name,
            "--engine",
            "abstractive",
            "--model",
            model,
            "--backend",
            "ctranslate2",
        ],
        capture_output=True,
        text=True,
    )
    Path(handle.name).unlink()
    peak = [line for line in result.stderr.splitlines() if line.startswith("peak-kb ")]
    if not peak:
        raise ModelLoadError(f"The memory probe failed: {result.stderr.strip()[-300:]}")
    return int(peak[-1].split()[1]) / 1024


def free_port() -> int:
    """A TCP port free on loopback now, for a server a measurement starts."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def run(
    model: str, data: str | None, say: Callable[[str], None], batch_docs: int = 32, places: Settings | None = None
) -> list[Measurement]:
    """All paths on the same documents, the model found and kept where `places` say (default: `Settings()`);
    `say` gets the narrative lines; returns the measurements."""
    places = places or Settings()
    articles = corpus(data, max(batch_docs, 40))
    docs = documents(articles)
    scratch = tempfile.TemporaryDirectory()
    exact = False
    try:
        source = locate(model, places.with_(hub_timeout=2.0))
        say(f"model: {model} (real weights, from the {source.where})")
    except ModelLoadError as error:
        say(
            f"model: random-init t5-small configuration; every call generates its full token budget "
            f"(real weights absent: {error})"
        )
        build_random_t5(Path(scratch.name), articles, vocab_size=8000, model_vocab_size=32128)
        source = ModelSource("random t5-small", scratch.name, True, "local directory")
        exact = True
    base = places.anew(model=source.path, engine="abstractive", device="cpu", preset="best")
    fast = AbstractiveEngine(source, base.with_(backend="ctranslate2"))
    reference = AbstractiveEngine(source, base.with_(backend="transformers"))
    fast.exact_lengths = reference.exact_lengths = exact
    naive = Naive(reference)
    results: list[Measurement] = []
    for name, text in docs.items():
        results.append(_timed("naive", name, functools.partial(naive, text)))
        results.append(_timed("reference", name, _engine_run(reference, [text])))
        results.append(_timed("fast", name, _engine_run(fast, [text])))
        parts = fast._parts([s.text for s in split_sentences(text)])
        say(
            f"{name}: {len(text.split()):,} words, {len(parts)} part(s) of at most {NAIVE_WINDOW} tokens, "
            f"summary target {target(text)} words"
        )

    batch = articles[:batch_docs]

    def naive_batch() -> tuple[int, float]:
        outcomes = [naive(text) for text in batch]
        return sum(t for t, _ in outcomes), sum(s for _, s in outcomes) / len(outcomes)

    results.append(_timed("naive", f"batch{len(batch)}", naive_batch))
    results.append(_timed("fast", f"batch{len(batch)}", _engine_run(fast, batch)))
    guard = agreement(reference, fast, list(docs.values()))
    say(f"quality guard: ROUGE-L between reference and fast summaries {guard:.1f}")
    say(
        f"app process with the fast path loaded, summarizing the report: peak RSS "
        f"{app_peak_rss_mb(source.path, docs['report']):.0f} MB"
    )
    scratch.cleanup()
    return results


def report(results: Sequence[Measurement]) -> list[str]:
    """The table, with each path's time as a multiple of the naive path's on the same document."""
    lines = [
        f"{'document':<10}{'path':<11}{'s/doc':>8}{'read':>7}{'tok/s':>8}{'peak MB':>9}{'x naive':>9}{'docs/s':>8}"
    ]
    naive = {m.document: m.seconds for m in results if m.path == "naive"}
    for m in results:
        count = int(m.document[5:]) if m.document.startswith("batch") else 1
        lines.append(
            f"{m.document:<10}{m.path:<11}{m.seconds / count:>8.2f}{m.share_read:>7.0%}"
            f"{m.generated_tokens / m.seconds:>8.1f}{m.peak_rss_mb:>9.0f}"
            f"{m.seconds / naive[m.document]:>9.2f}{count / m.seconds:>8.2f}"
        )
    return lines
