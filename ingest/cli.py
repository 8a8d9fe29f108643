"""`python -m ingest FILE` prints what the summarizer will read; `python -m ingest news` the headlines."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .errors import IngestError
from .files import ingest_file


def read_file(path: str):
    """A Document from a path, with user-facing errors for missing and unreadable files."""
    file = Path(path)
    if not file.exists():
        raise IngestError(f"{path}: no such file.")
    if file.is_dir():
        raise IngestError(f"{path} is a directory; give a file.")
    try:
        data = file.read_bytes()
    except OSError as error:
        raise IngestError(f"{path} cannot be read: {error.strerror}.") from error
    return ingest_file(file.name, data)


def _show_file(path: str) -> int:
    document = read_file(path)
    print(document.text)
    counts = f"{document.pages} pages" if document.pages else f"{document.paragraphs} paragraphs"
    title = f" \"{document.title}\"" if document.title else ""
    print(f"[{document.name}{title}: {document.kind}, {counts}, {document.words:,} words]", file=sys.stderr)
    for warning in document.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ingest", description=__doc__)
    parser.add_argument("source", help="a .txt, .md, .docx or .pdf file, or 'news' for the headlines")
    args = parser.parse_args(argv)
    try:
        if args.source == "news" and not Path("news").exists():
            from .newscli import show_news
            return show_news()
        return _show_file(args.source)
    except IngestError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
