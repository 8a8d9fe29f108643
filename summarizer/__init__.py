"""Summarize text with a seq2seq model (T5 by default) or the offline extractive engine."""

from .errors import (EmptyInputError, InputTooLargeError, InvalidOptionError, ModelLoadError,
                     NoSentencesError, SummarizerError)
from .options import SummaryOptions
from .service import Summarizer
from .settings import Settings
from .summary import Coverage, SectionSummary, Summary

__all__ = [
    "Coverage", "EmptyInputError", "InputTooLargeError", "InvalidOptionError", "ModelLoadError",
    "NoSentencesError", "SectionSummary", "Settings", "Summarizer", "Summary", "SummaryOptions", "SummarizerError",
]
