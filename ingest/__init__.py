"""Turn the outside world into text: uploaded files now; the news feed and article pages too."""

from .document import LEFT_OUT_KINDS, Block, Document, OcrReport
from .errors import (CorruptFileError, ExtractionTimeoutError, FetchError, FileTooLargeError, IngestError,
                     NewsApiError, NoTextError, PasswordProtectedError, UnsafeUrlError, UnsupportedFormatError)
from .files import ingest_file, parse_text
from .highlight import Highlighted, highlight_pdf
from .marked import marked_html
from .settings import IngestSettings

__all__ = [
    "LEFT_OUT_KINDS", "Block", "CorruptFileError", "Document", "ExtractionTimeoutError", "FetchError",
    "FileTooLargeError", "Highlighted", "IngestError", "IngestSettings", "NewsApiError", "NoTextError", "OcrReport",
    "PasswordProtectedError", "UnsafeUrlError", "UnsupportedFormatError", "highlight_pdf", "ingest_file", "marked_html",
    "parse_text",
]
