"""Errors from reading the outside world, each with a message that tells the user what to do.

IngestError
├── UnsupportedFormatError   not a format we read (the message lists the ones we do)
├── FileTooLargeError        over a size, page or character limit
├── CorruptFileError         claims a format but cannot be parsed
├── PasswordProtectedError   encrypted and no empty password opens it
├── NoTextError              nothing to read: empty, or a scanned PDF
├── ExtractionTimeoutError   the parser ran past the time bound
├── SettingsError            an INGEST_* variable holds a value that cannot be read as its setting
└── FetchError               network: feed or article could not be fetched or read
    ├── NewsApiError         NewsAPI answered with an error code
    ├── UnsafeUrlError       the URL is not http(s) or points at a private address
    ├── InvalidUrlError      the URL cannot be parsed (port out of range, broken IPv6 literal)
    └── FeedUnavailableError no news source works; `retry_at` says when the next try will be
"""

from __future__ import annotations

from datetime import datetime


class IngestError(Exception):
    """Base class: str(error) is a complete sentence a user can act on."""


class UnsupportedFormatError(IngestError):
    pass


class FileTooLargeError(IngestError):
    pass


class CorruptFileError(IngestError):
    pass


class PasswordProtectedError(IngestError):
    pass


class NoTextError(IngestError):
    pass


class ExtractionTimeoutError(IngestError):
    pass


class SettingsError(IngestError):
    pass


class FetchError(IngestError):
    pass


class NewsApiError(FetchError):
    pass


class UnsafeUrlError(FetchError):
    pass


class InvalidUrlError(FetchError):
    pass


class FeedUnavailableError(FetchError):
    def __init__(self, message: str, retry_at: datetime | None = None):
        super().__init__(message)
        self.retry_at = retry_at
