"""The engine's own steps told to the caller as a share of one bar, with the time left.

Callers hear one `Progress` (a fraction and a message) for the whole work, whatever the engine counts
(model calls, documents) and however many calls a strategy makes; the bar never moves back when an
engine finds more steps to do (a long text's parts condensed again).
"""

from __future__ import annotations

import time

from ..engines.base import StepProgress
from ..eta import time_left
from ..interface import Progress

ENGINE_BEGIN, ENGINE_WIDTH = 0.1, 0.85  # the engine's share of the bar: splitting before it, finishing after


def stage(
    report: Progress, begin: float, width: float, label: str, where: str = "", since: float | None = None
) -> StepProgress:
    """An engine's (done, total) mapped onto its share of the bar, never moving back when the total grows, with
    the time left for the whole of the engine's work (its share of the bar, begun at `since`, by default now)
    estimated from the share done so far."""
    reached, started = begin, time.perf_counter() if since is None else since

    def tick(done: int, total: int) -> None:
        nonlocal reached
        reached = max(reached, begin + width * min(1.0, done / max(total, 1)))
        left = time_left(time.perf_counter() - started, (reached - ENGINE_BEGIN) / ENGINE_WIDTH)
        report(reached, f"{label} {done} of {total}{where}" + (f" · {left}" if left else ""))

    return tick


def what(group: list[int], sections: int) -> str:
    """'the overview', 'section 3 of 9', 'sections 4-7 of 9' for a streaming group."""
    if group == [0]:
        return "the overview"
    if len(group) == 1:
        return f"section {group[0]} of {sections}"
    return f"sections {group[0]}–{group[-1]} of {sections}"
