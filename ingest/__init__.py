"""Turn the outside world into text: uploaded files, files and pages a person names, the news feed."""

from .commandline import apology, log_incident, program_name, run_command
from .document import BLOCK_KINDS, LEFT_OUT_KINDS, Block, Document, OcrReport, Origin, words_in
from .errors import (
    CorruptFileError,
    ExtractionTimeoutError,
    FetchError,
    FileTooLargeError,
    IngestError,
    NewsApiError,
    NoTextError,
    PasswordProtectedError,
    SettingsError,
    UnsafeUrlError,
    UnsupportedFormatError,
)
from .files import ingest_file, parse_text
from .formats.table import FORMATS_IN_WORDS, UPLOAD_SUFFIXES
from .marking.highlighted_pdf import Highlighted, highlight_pdf
from .marking.marked_html import marked_html
from .network.articles import fetch_article
from .network.news import FeedResult, Headline, NewsFeed
from .recognition.ocr import in_words as ocr_engine_in_words
from .settings import IngestSettings
from .sources import read_file, read_source
from .units import counted, file_size

__all__ = [
    "BLOCK_KINDS",
    "FORMATS_IN_WORDS",
    "LEFT_OUT_KINDS",
    "UPLOAD_SUFFIXES",
    "Block",
    "CorruptFileError",
    "Document",
    "ExtractionTimeoutError",
    "FeedResult",
    "FetchError",
    "FileTooLargeError",
    "Headline",
    "Highlighted",
    "IngestError",
    "SettingsError",
    "IngestSettings",
    "NewsApiError",
    "NewsFeed",
    "NoTextError",
    "OcrReport",
    "Origin",
    "PasswordProtectedError",
    "UnsafeUrlError",
    "UnsupportedFormatError",
    "apology",
    "counted",
    "fetch_article",
    "file_size",
    "highlight_pdf",
    "ingest_file",
    "log_incident",
    "marked_html",
    "ocr_engine_in_words",
    "parse_text",
    "program_name",
    "read_file",
    "read_source",
    "run_command",
    "words_in",
]
