"""Uploaded files (name + bytes) and pasted text to `Document`s, within the size, page, character and time limits."""

from __future__ import annotations

from pathlib import PurePath

from . import markdown, pdf, plaintext, textblocks, worddocx
from .bounded import run_bounded
from .document import Block, Document
from .errors import FileTooLargeError, NoTextError
from .settings import IngestSettings
from .sniff import TEXT_SUFFIXES, kind_of

MARKDOWN_SUFFIXES = (".md", ".markdown")


def _extract(kind: str, data: bytes, name: str, max_pages: int) -> tuple[tuple[Block, ...], str, int | None, list[str]]:
    if kind == "pdf":
        return pdf.extract(data, name, max_pages)
    if kind == "docx":
        blocks, title, warnings = worddocx.extract(data, name)
        return blocks, title, None, warnings
    text, encoding = plaintext.decode(data, name)
    warnings = [] if encoding.startswith(("utf-8", "ascii")) else [f"Read as {encoding} text."]
    parser = markdown if PurePath(name).suffix.lower() in MARKDOWN_SUFFIXES else textblocks
    return parser.parse(text), "", None, warnings


def _checked(name: str, blocks: tuple[Block, ...], settings: IngestSettings) -> None:
    if not any(ch.isalnum() for block in blocks for ch in block.text):
        raise NoTextError(f"{name} has no text to summarize.")
    characters = sum(len(block.text) + 2 for block in blocks)
    if characters > settings.max_chars:
        raise FileTooLargeError(f"{name} has {characters:,} characters of text; the limit is {settings.max_chars:,}.")


def ingest_file(name: str, data: bytes, settings: IngestSettings | None = None) -> Document:
    """Blocks of an uploaded file in reading order, or an IngestError that says what to do."""
    settings = settings or IngestSettings.from_env()
    name = PurePath(name).name or "the file"
    if len(data) > settings.max_file_bytes:
        raise FileTooLargeError(f"{name} is {len(data) / 1048576:.1f} MB; the limit is {settings.max_file_mb} MB.")
    if not data:
        raise NoTextError(f"{name} is empty.")
    kind = kind_of(name, data)
    blocks, title, pages, warnings = run_bounded(
        _extract, (kind, data, name, settings.max_pages), name, settings.extract_timeout,
        settings.extract_memory_mb)
    suffix = PurePath(name).suffix.lower()
    if kind == "pdf" and suffix != ".pdf" or kind == "docx" and suffix != ".docx" or \
            kind == "text" and suffix not in TEXT_SUFFIXES + ("",):
        warnings.insert(0, f"{name} is actually a {kind.upper() if kind == 'pdf' else kind} file and was read as one.")
    _checked(name, blocks, settings)
    return Document(name=name, kind=kind, blocks=blocks, title=title, pages=pages, warnings=warnings)


def parse_text(text: str, name: str = "pasted text", markdown_syntax: bool = False) -> Document:
    """Pasted or piped text as a Document: paragraphs, headings and lists found as in a .txt file."""
    blocks = (markdown if markdown_syntax else textblocks).parse(text)
    return Document(name=name, kind="text", blocks=blocks)
