"""Summarize text with a seq2seq model (T5 by default) or the offline extractive engine, here or on a server."""

from .briefing import Briefing, Shelf, brief
from .engine import EngineKind, EngineName, kind_of
from .errors import (
    EmptyInputError,
    InputTooLargeError,
    InvalidOptionError,
    ModelLoadError,
    NoSentencesError,
    ServiceBusyError,
    ServiceUnavailableError,
    SummarizerError,
)
from .interface import EngineFacts, Progress, SummaryService
from .options import WORD_TARGET_RANGE, SummaryFormat, SummaryOptions
from .partial import Partial
from .passages import unmarked
from .remote.client import RemoteSummarizer, connect
from .rendering import (
    escape_markdown,
    marked_text,
    page_overview,
    render_json,
    render_markdown,
    render_text,
    render_together_markdown,
)
from .sectioned import has_sentences
from .service import Summarizer
from .settings import Settings
from .summary import Coverage, SectionSummary, Summary
from .together import (
    Combined,
    CombinedSentence,
    Mark,
    NamedSource,
    PartialTogether,
    SourceResult,
    Unreadable,
    check_count,
    stream_together,
    summarize_together,
)

__all__ = [
    "Briefing",
    "summarize_together",
    "stream_together",
    "PartialTogether",
    "check_count",
    "Unreadable",
    "SourceResult",
    "NamedSource",
    "Mark",
    "CombinedSentence",
    "Combined",
    "Coverage",
    "EmptyInputError",
    "EngineFacts",
    "EngineKind",
    "EngineName",
    "kind_of",
    "InputTooLargeError",
    "InvalidOptionError",
    "ModelLoadError",
    "NoSentencesError",
    "Partial",
    "Progress",
    "RemoteSummarizer",
    "SectionSummary",
    "Shelf",
    "ServiceBusyError",
    "ServiceUnavailableError",
    "Settings",
    "Summarizer",
    "Summary",
    "SummaryFormat",
    "SummaryOptions",
    "SummaryService",
    "SummarizerError",
    "WORD_TARGET_RANGE",
    "brief",
    "connect",
    "has_sentences",
    "escape_markdown",
    "render_json",
    "render_markdown",
    "render_text",
    "page_overview",
    "marked_text",
    "unmarked",
    "render_together_markdown",
]
