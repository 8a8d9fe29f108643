"""Turn the outside world into text: uploaded files now; the news feed and article pages too."""

from .document import LEFT_OUT_KINDS, Block, Document, OcrReport
from .errors import (CorruptFileError, ExtractionTimeoutError, FetchError, FileTooLargeError, IngestError,
                     NewsApiError, NoTextError, PasswordProtectedError, UnsafeUrlError, UnsupportedFormatError)
from .files import ingest_file, parse_text
from .marking.highlighted_pdf import Highlighted, highlight_pdf
from .marking.marked_html import marked_html
from .settings import IngestSettings
from .formats.sniff import FORMATS_IN_WORDS, UPLOAD_SUFFIXES

__all__ = [
    "FORMATS_IN_WORDS", "LEFT_OUT_KINDS", "UPLOAD_SUFFIXES", "Block", "CorruptFileError", "Document",
    "ExtractionTimeoutError", "FetchError",
    "FileTooLargeError", "Highlighted", "IngestError", "IngestSettings", "NewsApiError", "NoTextError", "OcrReport",
    "PasswordProtectedError", "UnsafeUrlError", "UnsupportedFormatError", "highlight_pdf", "ingest_file", "marked_html",
    "parse_text",
]
