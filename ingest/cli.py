"""`python -m ingest FILE` prints what the summarizer will read; `python -m ingest news` the headlines."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .commandline import program_name, run_command
from .errors import IngestError
from .formats.table import FORMATS_IN_WORDS
from .sources import read_file
from .units import counted


def _progress(fraction: float, message: str) -> None:
    """OCR progress, rewritten in place on a terminal; nothing in a log or a pipe (the closing line says it)."""
    if sys.stderr.isatty():
        print(f"\r{fraction:4.0%} {message:<50}", end="" if fraction < 1 else "\n", file=sys.stderr)


def _show_file(path: str) -> int:
    document = read_file(path, progress=_progress)
    print(document.text)
    counts = counted(document.pages, "page") if document.pages else counted(document.block_count, "paragraph")
    title = f' "{document.title}"' if document.title else ""
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
    """`python -m ingest` and the installed `ingest` command (pyproject.toml)."""
    parser = argparse.ArgumentParser(prog=program_name("ingest"), description=__doc__)
    parser.add_argument("source", help=f"a file ({FORMATS_IN_WORDS}), or 'news' for the headlines")
    args = parser.parse_args(argv)
    return run_command(lambda: _run(args.source), (IngestError,), sys.stderr)
