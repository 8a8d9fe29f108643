"""Uploaded files (name + bytes) and pasted text to `Document`s, within the size, page, character and time limits."""

from __future__ import annotations

from pathlib import PurePath
from typing import Callable

from .bounded import run_bounded
from .document import Block, Document, Extracted
from .errors import FileTooLargeError, NoTextError
from .formats.sniff import kind_of
from .formats.table import FileKind, format_of
from .formats.textfile import MARKDOWN_SUFFIXES, PLAIN_SUFFIXES, text_reader
from .settings import IngestSettings
from .units import file_size

UNSURE = 0.8


def _extract(
    kind: FileKind, data: bytes, name: str, settings: IngestSettings, report: Callable[[float, str], None] | None = None
) -> Extracted:
    """What the reader of `kind`'s row finds in the file (run in a child process by `run_bounded`)."""
    return format_of(kind).read(data, name, settings, report)


def _ignore(fraction: float, message: str) -> None:
    """Progress nobody watches: the child still reports, so each OCR page gets its own time bound."""


def _misnamed(kind: FileKind, suffix: str) -> bool:
    """Whether the name ends otherwise than the kind's row says (a text may have no ending at all)."""
    return suffix not in format_of(kind).suffixes + (("",) if kind == "text" else ())


def _checked(name: str, blocks: tuple[Block, ...], settings: IngestSettings) -> None:
    if not any(ch.isalnum() for block in blocks for ch in block.text):
        raise NoTextError(f"{name} has no text to summarize.")
    characters = sum(len(block.text) + 2 for block in blocks)
    if characters > settings.max_chars:
        raise FileTooLargeError(f"{name} has {characters:,} characters of text; the limit is {settings.max_chars:,}.")


def ingest_file(
    name: str, data: bytes, settings: IngestSettings | None = None, progress: Callable[[float, str], None] | None = None
) -> Document:
    """Blocks of an uploaded file in reading order, or an IngestError that says what to do.

    `progress(fraction, message)` hears from pages read by OCR as they are done (nothing else reports)."""
    settings = settings or IngestSettings.from_env()
    name = PurePath(name).name or "the file"
    if len(data) > settings.max_file_bytes:
        raise FileTooLargeError(f"{name} is {file_size(len(data))}; the limit is {settings.max_file_mb} MB.")
    if not data:
        raise NoTextError(f"{name} is empty.")
    kind = kind_of(name, data)
    found: Extracted = run_bounded(
        _extract,
        (kind, data, name, settings),
        name,
        settings.extract_timeout,
        memory_mb=settings.extract_memory_mb,
        progress=progress or _ignore,
        step_timeout=settings.ocr_page_timeout,
    )
    warnings, ocr = found.warnings, found.ocr
    if _misnamed(kind, PurePath(name).suffix.lower()):
        label = {"pdf": "a PDF", "image": "an image"}.get(kind, f"a {kind}")
        warnings.insert(0, f"{name} is actually {label} file and was read as one.")
    if ocr and ocr.confidence < UNSURE:
        warnings.append(
            f"OCR was unsure of this text (confidence {ocr.confidence:.0%}): names and figures may be "
            "wrong; check them against the scan."
        )
    _checked(name, found.blocks, settings)
    return Document(
        name=name, kind=kind, blocks=found.blocks, title=found.title, pages=found.pages, warnings=warnings, ocr=ocr
    )


def parse_text(text: str, name: str = "pasted text", markdown_syntax: bool | None = None) -> Document:
    """Pasted or piped text as a Document: paragraphs, headings and lists found as in a .txt file, or as in a .md
    file when the text is written in Markdown (`markdown_syntax` True or False says which instead)."""
    suffix = {True: MARKDOWN_SUFFIXES[0], False: PLAIN_SUFFIXES[0], None: ""}[markdown_syntax]
    return Document(name=name, kind="text", blocks=text_reader(suffix, text).parse(text))
