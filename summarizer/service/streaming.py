"""A document's summary as a model makes it: the overview first, then its sections in growing groups.

A model takes seconds a call, so a reader should not wait for the last section to see the first: the
overview is summarized alone (its text shown as it is written when the engine streams under the preset),
then sections in groups of 1, 2, 4 ... up to the engine's `max_batch`, so the first sections come soon and
later ones still share calls. Each group yields a `Partial` with the summary so far and the sections still
coming. A TL;DR of several stories is one call, yielded once.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Generator

from ..engines.base import Engine, EngineInput, EngineOutput, TextHeard
from ..interface import Progress
from ..options import SummaryOptions
from ..partial import Partial
from ..summary import SectionSummary
from .drafts import drafted
from .finishing import finish
from .prepared import Prepared
from .progress import ENGINE_BEGIN, ENGINE_WIDTH, stage, what


def stream_groups(sections: int, batch_size: int) -> list[list[int]]:
    """Input indices per engine call when streaming: the overview (0) alone, then sections in groups of 1, 2,
    4 ... up to the batch size."""
    groups, start, size = [[0]], 1, 1
    while start <= sections:
        groups.append(list(range(start, min(start + size, sections + 1))))
        start += size
        size = min(size * 2, max(1, batch_size))
    return groups


@dataclass
class _Clock:
    """When the work began, how long splitting took, and when the engine began."""

    started: float
    split: float
    generated_at: float = field(default_factory=time.perf_counter)

    def timings(self) -> dict[str, float]:
        now = time.perf_counter()
        return {"split": self.split, "summarize": now - self.generated_at, "total": now - self.started}


def in_groups(
    engine: Engine,
    item: Prepared,
    options: SummaryOptions,
    report: Progress,
    started: float,
    max_batch: int,
) -> Generator[Partial, None, None]:
    """`item`'s summary as it is made (see the module's docstring); `started` is when splitting began."""
    split_seconds = time.perf_counter() - started
    inputs = item.engine_inputs()
    if len(item.overview_parts) != 1:  # a TL;DR of several stories: one line each, all in one call
        outputs = engine.summarize_many(
            inputs, stage(report, ENGINE_BEGIN, ENGINE_WIDTH, "Summarizing part"), preset=options.preset
        )
        now = time.perf_counter()
        report(1.0, "Done")
        timings = {"split": split_seconds, "summarize": now - started, "total": now - started}
        yield Partial(finish(item, outputs, engine, options, timings))
        return
    yield from _Groups(engine, item, options, report, inputs, _Clock(started, split_seconds)).run(max_batch)


class _Groups:
    """The overview, then each group of sections, summarized and yielded in turn."""

    def __init__(
        self,
        engine: Engine,
        item: Prepared,
        options: SummaryOptions,
        report: Progress,
        inputs: list[EngineInput],
        clock: _Clock,
    ):
        self.engine = engine
        self.item = item
        self.options = options
        self.report = report
        self.inputs = inputs
        self.clock = clock
        self.weights = [sum(len(s.text.split()) for s in document.sentences) for document in inputs]
        self.whole = max(1, sum(self.weights))
        self.all_coming = [
            SectionSummary(
                planned.section.title,
                planned.section.level,
                planned.section.first_page,
                planned.section.last_page,
                [],
                [],
            )
            for planned in item.all_section_plans
        ]

    def run(self, max_batch: int) -> Generator[Partial, None, None]:
        outputs: list[EngineOutput] = []
        done_weight = 0
        for group in stream_groups(len(self.item.section_plans), max_batch):
            outputs += yield from self._group(group, done_weight)
            done_weight += sum(self.weights[i] for i in group)
            summary = finish(self.item, outputs, self.engine, self.options, self.clock.timings())
            coming = self.all_coming[len(summary.sections) :]
            if not coming:
                self.report(1.0, "Done")
            yield Partial(summary, coming)

    def _group(self, group: list[int], done_weight: int) -> Generator[Partial, None, list[EngineOutput]]:
        """One group's outputs; the overview's text yielded as drafts while it is written, where it can be."""
        share = sum(self.weights[i] for i in group) / self.whole
        tick = stage(
            self.report,
            ENGINE_BEGIN + ENGINE_WIDTH * done_weight / self.whole,
            ENGINE_WIDTH * share,
            "Summarizing part",
            f" ({what(group, len(self.item.section_plans))})",
            since=self.clock.generated_at,
        )
        inputs = [self.inputs[i] for i in group]
        preset = self.options.preset

        def call(on_text: TextHeard | None = None) -> list[EngineOutput]:
            return self.engine.summarize_many(inputs, tick, preset=preset, on_text=on_text)

        if group == [0] and self.engine.streams(preset):
            return (yield from drafted(call, self.all_coming))
        return call()
