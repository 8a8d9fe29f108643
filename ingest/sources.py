"""Read what a person names: a file path or an article URL, as a Document, with messages for every refusal.

The command lines (`python -m ingest`, `python -m summarizer`) and the corpus job read through here, so a
missing file, a directory, a pipe, an oversized or unreadable file is said the same way everywhere. The app
never reads paths: uploads arrive as bytes (`ingest_file`).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Callable

from .document import Document
from .errors import FileTooLargeError, IngestError
from .files import ingest_file
from .network.articles import fetch_article
from .settings import IngestSettings

URL_SCHEMES = ("http://", "https://")
Report = Callable[[float, str], None]


def _read_regular(path: str, limit: int) -> bytes:
    """At most `limit` + 1 bytes of a regular file; FIFOs, devices and sockets are refused before any read."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise IngestError(f"{path}: no such file.") from None
    except IsADirectoryError:
        raise IngestError(f"{path} is a directory; give a file.") from None
    except OSError as error:
        raise IngestError(f"{path} cannot be read: {error.strerror}.") from error
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        if stat.S_ISDIR(mode):
            raise IngestError(f"{path} is a directory; give a file.")
        raise IngestError(f"{path} is not a regular file (it is a pipe, device or socket); give a file.")
    os.set_blocking(descriptor, True)
    with os.fdopen(descriptor, "rb") as handle:
        try:
            return handle.read(limit + 1)
        except OSError as error:
            raise IngestError(f"{path} cannot be read: {error.strerror}.") from error


def read_file(path: str, settings: IngestSettings | None = None, progress: Report | None = None) -> Document:
    """A Document from a path, with user-facing errors for missing, special, oversized and unreadable files."""
    settings = settings or IngestSettings.from_env()
    data = _read_regular(path, settings.max_file_bytes)
    if len(data) > settings.max_file_bytes:
        raise FileTooLargeError(f"{Path(path).name} is larger than {settings.max_file_mb} MB, the limit.")
    return ingest_file(Path(path).name, data, settings, progress)


def read_source(source: str, settings: IngestSettings | None = None, progress: Report | None = None) -> Document:
    """A Document from an http(s) article URL (fetched, main text only) or else a file path."""
    if source.startswith(URL_SCHEMES):
        return fetch_article(source, settings)
    return read_file(source, settings, progress)
