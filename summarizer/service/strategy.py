"""How the service spends engine calls, chosen by what the engine table says a call costs (`EngineKind.cost`).

The engines differ in what a call costs, and the service's work follows from that:

- `OneByOne`, for a fast engine, which takes documents one by one at little cost (the offline engine, about a
  millisecond an article). Every overview and section goes in one call; a section that
  repeats the overview or an earlier section is summarized again without it (`repeats`), a second call
  that costs nothing a reader notices. A stream yields once: the whole summary arrives at once anyway.
- `Batched`, for an engine whose calls cost seconds (a model, `max_batch` parts a call, one for a model that
  takes them one by one).
  Every overview and section, of every document asked for, goes in one call and nothing is asked twice.
  A stream shows the overview first and the sections in growing groups (`streaming`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Generator, Protocol, Sequence

from ..engine import kind_of
from ..engines.base import Engine, EngineInput, EngineOutput, StepProgress
from ..interface import Progress
from ..options import SummaryOptions
from ..partial import Partial
from ..settings import Settings
from ..summary import Summary
from .prepared import Prepared, Source, prepare
from .repeats import without_repeats
from .streaming import in_groups

Outcome = tuple[Prepared, list[EngineOutput]]  # a document (narrowed, where repeats were taken out) and its outputs


class Worker(Protocol):
    """What a strategy needs of the service: its settings, its engine, and `summarize`."""

    settings: Settings

    @property
    def engine(self) -> Engine: ...

    def summarize(
        self, source: Source, options: SummaryOptions | None = None, progress: Progress | None = None
    ) -> Summary: ...


class Strategy(Protocol):
    """The engine calls for several documents at once, and for one document as it is made."""

    def outputs(
        self, engine: Engine, ready: Sequence[Prepared], options: SummaryOptions, progress: StepProgress
    ) -> list[Outcome]: ...

    def stream(
        self, service: Worker, source: Source, options: SummaryOptions, progress: Progress | None
    ) -> Generator[Partial, None, None]: ...


def strategy_for(engine: Engine) -> Strategy:
    """`OneByOne` for a fast engine, `Batched` for a model (its row's `cost` in the engine table), `max_batch` parts
    a call (one for a model that takes documents one by one)."""
    return OneByOne() if kind_of(engine.name).cost == "fast" else Batched(engine.max_batch or 1)


def call(
    engine: Engine, inputs: Sequence[EngineInput], options: SummaryOptions, progress: StepProgress
) -> list[EngineOutput]:
    """The engine's outputs for these inputs, in one call."""
    if not inputs:
        return []
    return engine.summarize_many(inputs, progress, preset=options.preset)


def _every_job(
    engine: Engine, ready: Sequence[Prepared], options: SummaryOptions, progress: StepProgress
) -> list[Outcome]:
    """Every document's overview and sections in one call, the outputs handed back to each document."""
    done = call(engine, [one for item in ready for one in item.engine_inputs()], options, progress)
    outcomes, taken = [], 0
    for item in ready:
        outcomes.append((item, done[taken : taken + item.size]))
        taken += item.size
    return outcomes


@dataclass(frozen=True)
class OneByOne:
    """For an engine that takes documents one by one at little cost (see the module's docstring)."""

    def outputs(
        self, engine: Engine, ready: Sequence[Prepared], options: SummaryOptions, progress: StepProgress
    ) -> list[Outcome]:
        """Every overview and section in one call; a section that repeats is summarized again without it."""
        outcomes = []
        for item, outputs in _every_job(engine, ready, options, progress):
            overview, sections = outputs[: len(item.overview_parts)], outputs[len(item.overview_parts) :]
            item, sections = without_repeats(
                item, overview, sections, lambda inputs: call(engine, inputs, options, progress)
            )
            outcomes.append((item, overview + sections))
        return outcomes

    def stream(
        self, service: Worker, source: Source, options: SummaryOptions, progress: Progress | None
    ) -> Generator[Partial, None, None]:
        """The whole summary, once: it takes milliseconds."""
        yield Partial(service.summarize(source, options, progress))


@dataclass(frozen=True)
class Batched:
    """For an engine whose calls cost and share well, `max_batch` parts a call (see the module's docstring)."""

    max_batch: int

    def outputs(
        self, engine: Engine, ready: Sequence[Prepared], options: SummaryOptions, progress: StepProgress
    ) -> list[Outcome]:
        """Every overview and section of every document in one call."""
        return _every_job(engine, ready, options, progress)

    def stream(
        self, service: Worker, source: Source, options: SummaryOptions, progress: Progress | None
    ) -> Generator[Partial, None, None]:
        """The overview, then sections in groups of 1, 2, 4 ... (`streaming`); bad input raises first."""
        report = progress or (lambda fraction, message: None)
        started = time.perf_counter()
        report(0.02, "Splitting into sentences")
        engine = service.engine
        item = prepare(source, options, service.settings.max_input_chars)
        yield from in_groups(engine, item, options, report, started, self.max_batch)
