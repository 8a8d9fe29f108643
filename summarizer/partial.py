"""A summary while it is being made: what has arrived so far and what is still coming.

`Summarizer.stream` yields these: first, where the model allows, the overview's text as it is written
(a draft, no summary yet), then the overview with every section still coming, then one more group of
sections at a time; the last one has nothing coming. `arriving_batches` is how work shown as it comes (the
briefing's lines, sources summarized together) splits into calls.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .summary import SectionSummary, Summary


@dataclass(frozen=True)
class Partial:
    """The overview and the sections done so far (`summary`), and the sections still coming (titles and pages, no
    sentences); while the overview is being written, no summary yet and its text so far in `draft`."""

    summary: Summary | None
    coming: list[SectionSummary] = field(default_factory=list)
    draft: str = ""

    @property
    def finished(self) -> bool:
        return self.summary is not None and not self.coming


def arriving_batches(count: int, batches: bool, size: int) -> list[range]:
    """Item indices in the calls that make them when each call's results are shown as they come: every item in one
    call for an engine that does not batch (the offline engine takes milliseconds), else 1, 2, 4 ... up to `size`
    items a call, so the first comes soon and later ones still share calls."""
    if not batches:
        return [range(count)] if count else []
    out, start, step = [], 0, 1
    while start < count:
        out.append(range(start, min(count, start + step)))
        start, step = start + step, min(max(1, size), step * 2)
    return out
