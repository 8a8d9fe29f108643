"""One face for the summarizer, in this process or on a server: what the app and the CLIs are typed against.

`Summarizer` (the engine loaded here) and `RemoteSummarizer` (the summarizer server over HTTP) both satisfy
`SummaryService`, so a page asks what the engine is (`engine.name`, an `EngineName`) and never which class
it holds. `Progress` is the one meaning of "progress" for callers: a fraction from 0 to 1 and a message.
"""

from __future__ import annotations

from typing import Callable, Iterator, Protocol, Sequence

from .engine import EngineName
from .errors import SummarizerError
from .options import SummaryOptions
from .partial import Partial
from .sectioned import BlockLike
from .settings import Settings
from .summary import Summary

Progress = Callable[[float, str], None]
Source = str | Sequence[BlockLike]  # plain text, or a document's typed blocks (ingest.Block)


class EngineFacts(Protocol):
    """What a caller may know of the engine: its name, model, device, why it was chosen, whether it batches."""

    @property
    def name(self) -> EngineName: ...

    @property
    def model(self) -> str: ...

    @property
    def device(self) -> str: ...

    @property
    def reason(self) -> str: ...

    @property
    def batches(self) -> bool: ...


class SummaryService(Protocol):
    """Summaries of text or blocks: one, several (bad input becomes that item's error), or one as it is made."""

    settings: Settings

    @property
    def engine(self) -> EngineFacts: ...

    def summarize(
        self, source: Source, options: SummaryOptions | None = None, progress: Progress | None = None
    ) -> Summary: ...

    def summarize_many(
        self, sources: Sequence[Source], options: SummaryOptions | None = None, progress: Progress | None = None
    ) -> list[Summary | SummarizerError]: ...

    def stream(
        self, source: Source, options: SummaryOptions | None = None, progress: Progress | None = None
    ) -> Iterator[Partial]: ...
