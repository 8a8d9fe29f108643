"""The format table: one row per kind of file, as docling's `format_to_default_options`: what it is called, the
name endings and the bytes that say a file is one, its reader, and its limits.

Recognising a file (`sniff.kind_of`), reading it (`files.ingest_file`), the uploader's types and every page and
command that lists the formats read their row here; adding a format adds a row. `FileKind` names the kinds and
`Formats` holds one row for each, so mypy stops at a kind without a row, or a row without a kind.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from typing import Callable, Literal, TypedDict

from ..document import Extracted
from ..recognition.scans import Progress
from ..settings import IngestSettings
from . import html, images, pdf, textfile, worddocx

FileKind = Literal["text", "docx", "pdf", "image", "html"]  # what `sniff.kind_of` finds a file to be
Reader = Callable[[bytes, str, IngestSettings, "Progress | None"], Extracted]
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".tif", ".tiff", ".webp")
IMAGE_MAGIC = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"II*\x00", b"MM\x00*")


@dataclass(frozen=True)
class FileFormat:
    """One row: the format's name for people, its name endings, whether its bytes say it is one (None: only its
    name or the lack of any other sign does), its reader, its limits in words (beside the file size and
    reading time every format has), and whether its name alone makes a file one (`named`: a text format, whose
    bytes need say nothing; a PDF, Word file or image must also look like one)."""

    kind: FileKind
    name: str
    suffixes: tuple[str, ...]
    magic: Callable[[bytes], bool] | None
    read: Reader
    limits: str = ""
    named: bool = False


class Formats(TypedDict):
    """One row per kind, in the order people read them and a file's bytes are tried against them (a Word file
    is a zip archive, a PDF opens with its header, an image with its own; text has no bytes of its own)."""

    text: FileFormat
    docx: FileFormat
    pdf: FileFormat
    image: FileFormat
    html: FileFormat


def _is_pdf(data: bytes) -> bool:
    return b"%PDF-" in data[:1024]


def _is_image(data: bytes) -> bool:
    return data.startswith(IMAGE_MAGIC) or data[:4] == b"RIFF" and data[8:12] == b"WEBP"


def _is_docx(data: bytes) -> bool:
    if not data.startswith(b"PK\x03\x04"):
        return False
    try:
        return "word/document.xml" in zipfile.ZipFile(io.BytesIO(data)).namelist()
    except (zipfile.BadZipFile, ValueError, OSError):
        return False


def _read_docx(data: bytes, name: str, settings: IngestSettings, report: Progress | None = None) -> Extracted:
    return worddocx.extract(data, name, settings)


FORMATS: Formats = {
    "text": FileFormat(
        "text",
        "plain text and Markdown",
        textfile.PLAIN_SUFFIXES + textfile.MARKDOWN_SUFFIXES,
        None,
        textfile.extract,
        named=True,
    ),
    "docx": FileFormat("docx", "Word", (".docx",), _is_docx, _read_docx),
    "pdf": FileFormat("pdf", "PDF", (".pdf",), _is_pdf, pdf.extract, "scanned pages read by OCR"),
    "image": FileFormat("image", "scans and photos of pages", IMAGE_SUFFIXES, _is_image, images.extract, "read by OCR"),
    "html": FileFormat(
        "html", "web pages", html.SUFFIXES, html.is_html, html.extract, "the main text, as an article's", True
    ),
}


def format_of(kind: FileKind) -> FileFormat:
    """The row of `kind`."""
    return FORMATS[kind]


ROWS: tuple[FileFormat, ...] = tuple(FORMATS.values())  # type: ignore[arg-type]  # a TypedDict's values are rows
UPLOAD_SUFFIXES = tuple(suffix for row in ROWS for suffix in row.suffixes)
FORMATS_IN_WORDS = ", ".join(
    f"{row.name} ({', '.join(row.suffixes)}{'; ' + row.limits if row.limits else ''})" for row in ROWS
)
