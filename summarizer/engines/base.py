"""What an engine is to the service: the `Engine` protocol, the inputs it takes and the outputs it gives.

An engine turns inputs (a document's sentences, a word target, hints, a sentence cap) into summaries; the
service does the rest (splitting, structure, grounding, sections). Like simonw/llm's `Model`, an engine
declares what it can do as plain attributes, so the service reads them instead of probing the object:

- `max_batch`: how many documents' parts one model call summarizes together, or None for an engine that
  takes documents one by one at little cost (the offline engine: about a millisecond an article). The
  service picks its strategy from it (`summarizer.service.strategy`), and gathers concurrent callers
  (`summarizer.batching`) only for an engine that batches.
- `can_stream`: whether the engine can pass a single document's text on as it is written (`on_text`);
  `streams(preset)` says whether it does under a preset (a model's beam search decides only at the end).

Engines subclass `Engine` explicitly, which gives them `batches` (the face's `EngineFacts.batches`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, NamedTuple, Protocol, Sequence

from ..engine import NO_HINTS, EngineName, Hints
from ..text.sentences import Sentence

StepProgress = Callable[[int, int], None]  # progress(done, total) in the engine's own steps (model calls)
TextHeard = Callable[[str], None]  # the text of a summary so far, as a model writes it


class EngineInput(NamedTuple):
    """One document for the engine: its sentences, target words, hints, and sentence cap (None: no cap)."""

    sentences: Sequence[Sentence]
    target: int
    hints: Hints = NO_HINTS
    max_sentences: int | None = None


@dataclass(frozen=True)
class EngineOutput:
    """Summary sentences plus what the engine read; support is None when grounding is left to the caller."""

    sentences: list[str]
    support: list[list[int]] | None
    parts: int
    read_tokens: int


class Engine(Protocol):
    """A summarization engine: what it is, why it was chosen, what it can do, and `summarize_many`.

    `progress(done, total)` counts the engine's own steps, and may repeat a step while it runs; raising from it
    stops the work, a model's mid-call. `on_text`, when the engine `streams` under the preset and the call holds
    one document, hears that document's text as it is written.
    """

    name: EngineName
    model: str
    device: str
    reason: str
    max_batch: int | None
    can_stream: bool

    @property
    def batches(self) -> bool:
        """Whether documents sent together cost less than sent alone (a model's batches)."""
        return self.max_batch is not None

    def streams(self, preset: str | None = None) -> bool:
        """Whether `summarize_many` passes a single document's text on as it is written under `preset`."""
        return self.can_stream

    def summarize_many(
        self,
        inputs: Sequence[EngineInput],
        progress: StepProgress | None = None,
        *,
        preset: str | None = None,
        on_text: TextHeard | None = None,
    ) -> list[EngineOutput]:
        """One output per input, in order."""
        ...
