"""The words the engines, the service, the settings and the public face share: the engine table and hints.

The engine table (`ENGINES`) holds one row per engine, as simonw/llm's `register_models` does: its declared
name, the label a summary shows, its cost and what it can do. The service and the pages read a row
(`kind_of`) and never compare an engine's name; a new engine is a new row here, its loader in
`engines/registry.py` and its module. What an engine is (the `Engine` protocol, its inputs and outputs) lives
with the engines, in `engines/base.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal, Mapping, Sequence

Cost = Literal["fast", "model"]  # milliseconds a document (recomputed at once), or a model's seconds (a task, streamed)


class EngineName(StrEnum):
    """The engines there are (the settings add "auto": the model when it loads, else the offline engine).

    Members are strings, so they compare equal to the names in JSON, settings and the CLI."""

    ABSTRACTIVE = "abstractive"
    EXTRACTIVE = "extractive"
    OPENAI = "openai"


@dataclass(frozen=True)
class EngineKind:
    """One row of the engine table: what the engine is called and what it can do.

    `label` names it under a summary; `cost` says whether a summary is worth a task and a stream; `batches`:
    documents sent together cost less than alone; `streams`: it can pass a summary's text on as it is
    written; `writes`: an AI model writes new sentences (else the source's own are picked, and each is its own
    source); `local`: the text stays on this machine; `does`: what it does, in a few words for the sidebar
    (`{model}` is filled in)."""

    name: EngineName
    label: str
    cost: Cost
    batches: bool
    streams: bool
    writes: bool
    local: bool
    does: str

    def describe(self, model: str) -> str:
        """How a summary names the engine that made it: 'offline extractive', 'abstractive, t5-small'."""
        return f"{self.label}, {model}" if self.writes else self.label


def _table(*rows: EngineKind) -> Mapping[EngineName, EngineKind]:
    """The rows by name; every name has its row (checked here, at import, as well as by the tests)."""
    table = {row.name: row for row in rows}
    missing = set(EngineName) - set(table)
    if missing:
        raise RuntimeError(f"engines without a row in the engine table: {sorted(missing)}")
    return table


ENGINES = _table(
    EngineKind(
        EngineName.EXTRACTIVE,
        label="offline extractive",
        cost="fast",
        batches=False,
        streams=False,
        writes=False,
        local=True,
        does="picks the key sentences of your text, no AI model",
    ),
    EngineKind(
        EngineName.ABSTRACTIVE,
        label="abstractive",
        cost="model",
        batches=True,
        streams=True,
        writes=True,
        local=True,
        does="an AI model ({model}) writes the summary",
    ),
    EngineKind(
        EngineName.OPENAI,
        label="OpenAI-compatible",
        cost="model",
        batches=False,
        streams=False,
        writes=True,
        local=False,
        does="an AI model ({model}) at an OpenAI-compatible service writes the summary",
    ),
)


def kind_of(name: str) -> EngineKind:
    """The row of the engine named `name` (a summary's `engine`, an engine's `name`)."""
    return ENGINES[EngineName(name)]


@dataclass(frozen=True)
class Hints:
    """What the service knows beyond the words: a bonus per sentence and the group (section, topic) of each.

    Only the offline engine uses them; a model reads the words alone. `learned`: text without headings, where
    the learned sentence score applies (`engines.scoring`). `min_sentences`: the summary goes on past its
    word target until it has this many (a Short overview is more than the TL;DR's one sentence). `allowed`: the
    sentences it may show, when some of them must never be (a section's figure walk-throughs and footnotes);
    ignored when it allows no candidate. `standalone`: sentences that read alone though they open as if they
    leant on another ("This section presents ..." in that section's own summary). `ranks`: a TL;DR's score of
    each sentence (`engines.tldr`), which then replaces the relevance. `texts`: what to show for a sentence in place
    of its own words, or None (a TL;DR's "this problem" named as "the consensus problem", `text.reference`).
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
    texts: Sequence[str | None] | None = None


NO_HINTS = Hints()  # the default: no part of the text allowed or kept apart
