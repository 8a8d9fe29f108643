"""What every engine is to the service, and the types they share.

An engine turns documents (lists of sentences) into summaries; the service does the rest
(splitting, structure, grounding, sections). Engines batch inside `summarize_many`, so the
service hands them as many documents at once as it can: a document's sections, or the
documents of several callers gathered by `batching.BatchingEngine`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Callable, Protocol, Sequence

from .text.sentences import Sentence

StepProgress = Callable[[int, int], None]  # progress(done, total) in the engine's own steps (model calls)


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
    leant on another ("This section presents ..." in that section's own summary).
    """

    bonus: Sequence[float] | None = None
    groups: Sequence[int] | None = None
    position_weight: float | None = None
    spread: float | None = None
    learned: bool = False
    min_sentences: int = 1
    allowed: Sequence[bool] | None = None
    standalone: Sequence[bool] | None = None


NO_HINTS = Hints()  # the default: no part of the text allowed or kept apart


@dataclass(frozen=True)
class EngineOutput:
    """Summary sentences plus what the engine read; support is None when grounding is left to the caller."""

    sentences: list[str]
    support: list[list[int]] | None
    parts: int
    read_tokens: int


class Engine(Protocol):
    """A summarization engine: what it is, why it was chosen, and `summarize_many`.

    `progress(done, total)` counts the engine's own steps, and may repeat a step while it runs; raising from it
    stops the work, a model's mid-call.
    `hints` and `max_sentences`, when given, hold one entry per document.
    """

    name: EngineName
    model: str
    device: str
    reason: str
    batches: bool

    def summarize_many(
        self,
        documents: Sequence[Sequence[Sentence]],
        targets: Sequence[int],
        progress: StepProgress | None = None,
        *,
        preset: str | None = None,
        hints: Sequence[Hints] | None = None,
        max_sentences: Sequence[int | None] | None = None,
    ) -> list[EngineOutput]: ...

    def streams(self, preset: str | None = None) -> bool:
        """Whether `summarize_many` can pass a single document's text on as it is written (`on_text`)."""
        ...
