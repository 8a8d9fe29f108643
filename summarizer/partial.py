"""A summary while it is being made: what has arrived so far and what is still coming.

`Summarizer.stream` yields these: first, where the model allows, the overview's text as it is written
(a draft, no summary yet), then the overview with every section still coming, then one more group of
sections at a time; the last one has nothing coming.
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
