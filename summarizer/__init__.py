"""Summarize text with a seq2seq model (T5 by default) or the offline extractive engine, here or on a server."""

from .errors import (EmptyInputError, InputTooLargeError, InvalidOptionError, ModelLoadError,
                     NoSentencesError, ServiceBusyError, ServiceUnavailableError, SummarizerError)
from .options import WORD_TARGET_RANGE, SummaryOptions
from .partial import Partial
from .network.remote import RemoteSummarizer, connect
from .service import Summarizer
from .settings import Settings
from .summary import Coverage, SectionSummary, Summary

__all__ = [
    "Coverage", "EmptyInputError", "InputTooLargeError", "InvalidOptionError", "ModelLoadError",
    "NoSentencesError", "Partial", "RemoteSummarizer", "SectionSummary", "ServiceBusyError",
    "ServiceUnavailableError", "Settings", "Summarizer", "Summary", "SummaryOptions", "SummarizerError",
    "WORD_TARGET_RANGE", "connect",
]
