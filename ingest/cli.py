"""`python -m ingest FILE` prints what the summarizer will read; `python -m ingest news` the headlines."""

from __future__ import annotations

import argparse
import os
import stat
import sys
from pathlib import Path

from .errors import FileTooLargeError, IngestError
from .files import ingest_file
from .incidents import run_command
from .settings import IngestSettings
from .formats.sniff import FORMATS_IN_WORDS


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


def _progress(fraction: float, message: str) -> None:
    if sys.stderr.isatty():
        print(f"\r{fraction:4.0%} {message:<50}", end="" if fraction < 1 else "\n", file=sys.stderr)


def read_file(path: str, settings: IngestSettings | None = None):
    """A Document from a path, with user-facing errors for missing, special, oversized and unreadable files."""
    settings = settings or IngestSettings.from_env()
    data = _read_regular(path, settings.max_file_bytes)
    if len(data) > settings.max_file_bytes:
        raise FileTooLargeError(f"{Path(path).name} is larger than {settings.max_file_mb} MB, the limit.")
    return ingest_file(Path(path).name, data, settings, _progress)


def _show_file(path: str) -> int:
    document = read_file(path)
    print(document.text)
    counts = f"{document.pages} page{'' if document.pages == 1 else 's'}" if document.pages else \
        f"{document.block_count} paragraphs"
    title = f" \"{document.title}\"" if document.title else ""
    print(f"[{document.name}{title}: {document.kind}, {counts}, {document.words:,} words]", file=sys.stderr)
    if document.ocr:
        print(f"ocr: {document.ocr.describe()}", file=sys.stderr)
    for warning in document.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    return 0


def _run(source: str) -> int:
    if source == "news" and not Path("news").exists():
        from .newscli import show_news
        return show_news()
    return _show_file(source)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ingest", description=__doc__)
    parser.add_argument("source", help=f"a file ({FORMATS_IN_WORDS}), or 'news' for the headlines")
    args = parser.parse_args(argv)
    return run_command(lambda: _run(args.source), (IngestError,), sys.stderr)
