"""Decide a file's type from its bytes first and its name second."""

from __future__ import annotations

import io
import zipfile
from pathlib import PurePath
from typing import Literal, NamedTuple

from ..errors import CorruptFileError, UnsupportedFormatError

PLAIN_SUFFIXES = (".txt", ".text")
MARKDOWN_SUFFIXES = (".md", ".markdown")
TEXT_SUFFIXES = PLAIN_SUFFIXES + MARKDOWN_SUFFIXES
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".tif", ".tiff", ".webp")
FileKind = Literal["pdf", "docx", "image", "text"]  # what `kind_of` finds a file to be; its reader follows


class FileFormat(NamedTuple):
    """A kind of file that can be uploaded: what a reader calls it, its name endings, and a note."""

    name: str
    suffixes: tuple[str, ...]
    note: str = ""


# The one list of what can be uploaded. The app's uploader, the About and Start pages, the CLI help and the
# messages below read it from here.
FILE_FORMATS = (
    FileFormat("plain text", PLAIN_SUFFIXES),
    FileFormat("Markdown", MARKDOWN_SUFFIXES),
    FileFormat("Word", (".docx",)),
    FileFormat("PDF", (".pdf",), "scanned pages read by OCR"),
    FileFormat("scans and photos of pages", IMAGE_SUFFIXES, "read by OCR"),
)
UPLOAD_SUFFIXES = tuple(suffix for kind in FILE_FORMATS for suffix in kind.suffixes)
FORMATS_IN_WORDS = ", ".join(
    f"{kind.name} ({', '.join(kind.suffixes)}{'; ' + kind.note if kind.note else ''})" for kind in FILE_FORMATS
)
SUPPORTED = FORMATS_IN_WORDS
IMAGE_MAGIC = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"II*\x00", b"MM\x00*")


def _is_image(data: bytes) -> bool:
    return data.startswith(IMAGE_MAGIC) or data[:4] == b"RIFF" and data[8:12] == b"WEBP"


def kind_of(name: str, data: bytes) -> FileKind:
    """'pdf', 'docx', 'image' or 'text'; a user-facing error for anything else."""
    suffix = PurePath(name).suffix.lower()
    head = data[:8]
    if data[:1024].lstrip().startswith(b"%PDF-") or b"%PDF-" in data[:1024]:
        return "pdf"
    if _is_image(data):
        return "image"
    if head.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"):
        raise UnsupportedFormatError(
            f"{name} is an old Word (.doc) or Office file; open it in Word and save it as .docx, then upload that."
        )
    if head.startswith(b"PK\x03\x04"):
        try:
            names = set(zipfile.ZipFile(io.BytesIO(data)).namelist())
        except (zipfile.BadZipFile, ValueError, OSError):
            names = set()
        if "word/document.xml" in names:
            return "docx"
        if suffix == ".docx":
            raise CorruptFileError(
                f"{name} is not a valid Word document (.docx): it is a damaged file or another kind of archive."
            )
        raise UnsupportedFormatError(f"{name} is a zip archive; supported formats are {SUPPORTED}.")
    if suffix == ".docx":
        raise CorruptFileError(f"{name} is not a valid Word document (.docx); it may be damaged.")
    if suffix == ".pdf":
        raise CorruptFileError(f"{name} is not a valid PDF (it does not start with a PDF header).")
    if suffix in IMAGE_SUFFIXES:
        raise CorruptFileError(f"{name} is not a valid {suffix[1:].upper()} image; it may be damaged.")
    if data.lstrip()[:5] == b"{\\rtf":
        raise UnsupportedFormatError(f"{name} is a Rich Text (RTF) file; save it as .docx and upload that.")
    if suffix in TEXT_SUFFIXES or suffix in ("", ".doc"):
        return "text"  # a .doc that is not an old Word file is read as text, with a note that says so
    raise UnsupportedFormatError(f"{name}: {suffix} files are not supported; supported formats are {SUPPORTED}.")
