"""Concurrent callers in one process: every call alone (the old lock) against calls gathered into batches.

Both services load the same checkpoint; the same articles are sent by the same number of threads
released at the same moment, and the wall time until the last caller has its summary is compared,
with how many batched summaries are the ones their articles got alone (and ROUGE-L between the two).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from ..engines.abstractive import AbstractiveEngine
from ..engines.locate import ModelSource
from ..options import SummaryOptions
from ..service import Summarizer
from ..settings import Settings

PATHS = (("ctranslate2", "best"), ("ctranslate2", "fast"), ("transformers", "fast"))


@dataclass(frozen=True)
class ConcurrencyRow:
    backend: str
    preset: str
    mode: str
    clients: int
    seconds: float
    batches: str
    same_as_alone: str = ""

    @property
    def docs_per_second(self) -> float:
        return self.clients / self.seconds


def _clients(service: Summarizer, articles: Sequence[str]) -> tuple[float, list[str]]:
    """Seconds until every one of len(articles) threads, started together, has its summary; the summaries."""
    gate = threading.Barrier(len(articles) + 1)
    errors: list[BaseException] = []
    summaries = [""] * len(articles)

    def call(index: int, text: str) -> None:
        gate.wait()
        try:
            summaries[index] = service.summarize(text, SummaryOptions()).text
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=call, args=pair) for pair in enumerate(articles)]
    for thread in threads:
        thread.start()
    gate.wait()
    started = time.perf_counter()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return time.perf_counter() - started, summaries


def same_as_alone(alone: Sequence[str], batched: Sequence[str]) -> str:
    """'38/40 identical, ROUGE-L 99.1': batched summaries against the same articles' summaries made alone."""
    from rouge_score import rouge_scorer

    scorer = rouge_scorer.RougeScorer(["rougeL"])
    scores = [scorer.score(a, b)["rougeL"].fmeasure for a, b in zip(alone, batched)]
    same = sum(a == b for a, b in zip(alone, batched))
    return f"{same}/{len(alone)} identical, ROUGE-L {100 * sum(scores) / len(scores):.1f}"


def _service(
    source: ModelSource, backend: str, preset: str, exact: bool, places: Settings, **batching: int
) -> Summarizer:
    service = Summarizer(
        places.anew(model=source.path, engine="abstractive", device="cpu", backend=backend, preset=preset, **batching)
    )
    _model(service).exact_lengths = exact
    return service


def _model(service: Summarizer) -> AbstractiveEngine:
    """The service's model engine, inside the batcher when there is one."""
    engine = getattr(service.engine, "engine", service.engine)
    if not isinstance(engine, AbstractiveEngine):
        raise TypeError(f"the concurrency lab measures a model, not the {engine.name} engine")
    return engine


def ceiling(service: Summarizer, articles: Sequence[str], preset: str) -> float:
    """How much faster one generate call of len(articles) windows is than as many calls of one: what batching
    can gain at most on this machine, whoever the callers are."""
    from ..engines.budgets import Budget

    generator = _model(service).generator
    budget = Budget(64, 64)
    windows = [" ".join(a.split()[:300]) for a in articles]
    generator.generate(windows[:1], budget, preset)
    started = time.perf_counter()
    for window in windows:
        generator.generate([window], budget, preset)
    alone = time.perf_counter() - started
    started = time.perf_counter()
    generator.generate(windows, budget, preset)
    return alone / (time.perf_counter() - started)


def run_concurrency(
    source: ModelSource,
    exact: bool,
    articles: Sequence[str],
    say: Callable[[str], None],
    paths: Sequence[tuple[str, str]] = PATHS,
    places: Settings | None = None,
) -> list[ConcurrencyRow]:
    """For each (backend, preset): the articles sent at once by as many threads, each call alone, then batched;
    the models are found and kept where `places` says (default: `Settings()`)."""
    places = places or Settings()
    rows = []
    for backend, preset in paths:
        alone: list[str] = []
        for mode, batching in (("one at a time", dict(batch_max_documents=1)), ("batched", {})):
            service = _service(source, backend, preset, exact, places, **batching)
            service.summarize(articles[0])
            sizes = getattr(service.engine, "batch_sizes", None)
            if sizes is not None:
                sizes.clear()
            seconds, summaries = _clients(service, articles)
            shape = "+".join(map(str, sizes)) if sizes is not None else "1" + "+1" * (len(articles) - 1)
            same = same_as_alone(alone, summaries) if alone else ""
            alone = alone or summaries
            rows.append(ConcurrencyRow(backend, preset, mode, len(articles), seconds, shape, same))
            say(
                f"{backend} {preset}, {mode}: {len(articles)} concurrent articles in {seconds:.2f} s "
                f"(callers per batch: {shape}){'; against alone: ' + same if same else ''}"
            )
        gain = ceiling(service, articles, preset)
        say(
            f"{backend} {preset}: one generate call of {len(articles)} windows is {gain:.2f}x "
            f"as fast as {len(articles)} calls of one (the most batching can gain here)"
        )
    return rows


def report_concurrency(rows: Sequence[ConcurrencyRow]) -> list[str]:
    lines = [
        f"{'backend':<14}{'preset':<8}{'callers':<15}{'clients':>8}{'seconds':>9}{'docs/s':>8}{'x alone':>9}"
        "  callers per batch"
    ]
    alone = {(r.backend, r.preset): r.seconds for r in rows if r.mode == "one at a time"}
    for r in rows:
        lines.append(
            f"{r.backend:<14}{r.preset:<8}{r.mode:<15}{r.clients:>8}{r.seconds:>9.2f}{r.docs_per_second:>8.2f}"
            f"{alone[(r.backend, r.preset)] / r.seconds:>9.2f}  {r.batches}"
            + (f"; {r.same_as_alone}" if r.same_as_alone else "")
        )
    return lines


def model_source(
    model: str, articles: Sequence[str], scratch: Path, say: Callable[[str], None], settings: Settings | None = None
) -> tuple[ModelSource, bool]:
    """Real weights when they can be found (where `settings` say), else a random-init t5-small that generates
    its full budget."""
    from ..engines.locate import locate
    from ..errors import ModelLoadError
    from .randommodel import build_random_t5

    try:
        source = locate(model, (settings or Settings()).with_(hub_timeout=2.0))
        say(f"model: {model} (real weights, from the {source.where})")
        return source, False
    except ModelLoadError as error:
        say(
            f"model: random-init t5-small configuration; every call generates its full token budget "
            f"(real weights absent: {error})"
        )
        build_random_t5(scratch, articles, vocab_size=8000, model_vocab_size=32128)
        return ModelSource("random t5-small", str(scratch), True, "local directory"), True
