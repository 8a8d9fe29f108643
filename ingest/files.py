"""Uploaded files (name + bytes) and pasted text to `Document`s, within the size, page, character and time limits."""

from __future__ import annotations

import re
from pathlib import PurePath
from types import ModuleType
from typing import Callable

from .bounded import run_bounded
from .document import Block, Document, Extracted
from .errors import FileTooLargeError, NoTextError
from .formats import images, markdown, pdf, plaintext, textblocks, worddocx
from .formats.sniff import IMAGE_SUFFIXES, MARKDOWN_SUFFIXES, PLAIN_SUFFIXES, TEXT_SUFFIXES, FileKind, kind_of
from .settings import IngestSettings
from .units import file_size

# Before decoding, a file holds at least (its bytes that are neither whitespace nor zero) / 4 characters that
# are not whitespace: UTF-8 spends at most four bytes on a character, UTF-16 and UTF-32 pad with zeros.
MAX_BYTES_PER_CHAR = 4
BLANK_BYTES = b" \t\n\r\x0b\x0c\x00"
SPACE_RUN = re.compile(r"\s{2,}")  # blocks fold each run of whitespace to one space

UNSURE = 0.8


def _extract(
    kind: FileKind, data: bytes, name: str, settings: IngestSettings, report: Callable[[float, str], None] | None = None
) -> Extracted:
    """What the reader for `kind` finds in the file (run in a child process by `run_bounded`)."""
    if kind == "pdf":
        return pdf.extract(data, name, settings, report)
    if kind == "image":
        return images.extract(data, name, settings, report)
    if kind == "docx":
        return worddocx.extract(data, name, settings)
    _stop_at_limit(name, len(data.translate(None, BLANK_BYTES)) // MAX_BYTES_PER_CHAR, settings)
    text, encoding = plaintext.decode(data, name)
    _stop_at_limit(name, len(text) - sum(len(run) - 1 for run in SPACE_RUN.findall(text)), settings)
    warnings = [] if encoding.startswith(("utf-8", "ascii")) else [f"Read as {encoding} text."]
    return Extracted(_text_reader(PurePath(name).suffix.lower(), text).parse(text), warnings=warnings)


def _text_reader(suffix: str, text: str) -> ModuleType:
    """The one place that decides whether text is read as Markdown: a file's name says so (.md, .markdown) or
    says plain text (.txt, .text); text with no such name (pasted, piped, a README, a .doc that is text) is
    Markdown when it uses Markdown's own syntax."""
    if suffix in MARKDOWN_SUFFIXES:
        return markdown
    if suffix in PLAIN_SUFFIXES:
        return textblocks
    return markdown if markdown.written_in_markdown(text) else textblocks


def _ignore(fraction: float, message: str) -> None:
    """Progress nobody watches: the child still reports, so each OCR page gets its own time bound."""


def _misnamed(kind: FileKind, suffix: str) -> bool:
    expected = {"pdf": (".pdf",), "docx": (".docx",), "image": IMAGE_SUFFIXES, "text": TEXT_SUFFIXES + ("",)}
    return suffix not in expected[kind]


def _stop_at_limit(name: str, at_least: int, settings: IngestSettings) -> None:
    """Refuse a text as soon as it is known to hold more characters than the limit, before the costly steps:
    from its bytes alone before decoding it (see MAX_BYTES_PER_CHAR), and
    from its characters with whitespace folded before splitting it into blocks. A 10-19 MB text was
    decoded and parsed whole before `_checked` refused it, long enough for ten at once to time out."""
    if at_least > settings.max_chars:
        raise FileTooLargeError(
            f"{name} has more than {settings.max_chars:,} characters of text, the limit; reading stopped there. "
            "Split it into smaller files."
        )


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
    return Document(name=name, kind="text", blocks=_text_reader(suffix, text).parse(text))
