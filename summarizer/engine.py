"""The words the engines, the service, the settings and the public face share: engine names and hints.

What an engine is (the `Engine` protocol, its inputs and outputs) lives with the engines, in `engines/base.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Sequence


class EngineName(StrEnum):
    """The engines there are (the settings add "auto": the model when it loads, else the offline engine).

    Members are strings, so they compare equal to the names in JSON, settings and the CLI."""

    ABSTRACTIVE = "abstractive"
    EXTRACTIVE = "extractive"


@dataclass(frozen=True)
class Hints:
    """What the service knows beyond the words: a bonus per sentence and the group (section, topic) of each.

    Only the offline engine uses them; a model reads the words alone. `learned`: text without headings, where
    the learned sentence score applies (`engines.scoring`). `min_sentences`: the summary goes on past its
    word target until it has this many (a Short overview is more than the TL;DR's one sentence). `allowed`: the
    sentences it may show, when some of them must never be (a section's figure walk-throughs and footnotes);
    ignored when it allows no candidate. `standalone`: sentences that read alone though they open as if they
    leant on another ("This section presents ..." in that section's own summary). `ranks`: a TL;DR's score of
    each sentence (`engines.tldr`), which then replaces the relevance.
    """

    bonus: Sequence[float] | None = None
    groups: Sequence[int] | None = None
    position_weight: float | None = None
    spread: float | None = None
    learned: bool = False
    min_sentences: int = 1
    allowed: Sequence[bool] | None = None
    standalone: Sequence[bool] | None = None
    ranks: Sequence[float] | None = None


NO_HINTS = Hints()  # the default: no part of the text allowed or kept apart
