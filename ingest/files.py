"""Uploaded files (name + bytes) to `Document`s, within the size, page, character and time limits."""

from __future__ import annotations

from pathlib import PurePath

from . import pdf, plaintext, worddocx
from .bounded import run_bounded
from .document import Document
from .errors import FileTooLargeError, NoTextError
from .settings import IngestSettings
from .sniff import TEXT_SUFFIXES, kind_of


def _extract(kind: str, data: bytes, name: str, max_pages: int) -> tuple[str, str, int | None, int, list[str]]:
    if kind == "pdf":
        text, title, pages, warnings = pdf.extract(data, name, max_pages)
        return text, title, pages, text.count("\n\n") + 1, warnings
    if kind == "docx":
        text, title, paragraphs, warnings = worddocx.extract(data, name)
        return text, title, None, paragraphs, warnings
    text, encoding = plaintext.decode(data, name)
    warnings = [] if encoding.startswith(("utf-8", "ascii")) else [f"Read as {encoding} text."]
    paragraphs = len([p for p in text.split("\n\n") if p.strip()])
    return text, "", None, paragraphs, warnings


def ingest_file(name: str, data: bytes, settings: IngestSettings | None = None) -> Document:
    """Text of an uploaded file in reading order, or an IngestError that says what to do."""
    settings = settings or IngestSettings.from_env()
    name = PurePath(name).name or "the file"
    if len(data) > settings.max_file_bytes:
        raise FileTooLargeError(f"{name} is {len(data) / 1048576:.1f} MB; the limit is {settings.max_file_mb} MB.")
    if not data:
        raise NoTextError(f"{name} is empty.")
    kind = kind_of(name, data)
    text, title, pages, paragraphs, warnings = run_bounded(
        _extract, (kind, data, name, settings.max_pages), name, settings.extract_timeout)
    suffix = PurePath(name).suffix.lower()
    if kind == "pdf" and suffix != ".pdf" or kind == "docx" and suffix != ".docx" or \
            kind == "text" and suffix not in TEXT_SUFFIXES + ("",):
        warnings.insert(0, f"{name} is actually a {kind.upper() if kind == 'pdf' else kind} file and was read as one.")
    if not any(ch.isalnum() for ch in text):
        raise NoTextError(f"{name} has no text to summarize.")
    if len(text) > settings.max_chars:
        raise FileTooLargeError(f"{name} has {len(text):,} characters of text; the limit is {settings.max_chars:,}.")
    return Document(name=name, kind=kind, text=text.strip(), title=title, pages=pages,
                    paragraphs=paragraphs, warnings=warnings)
