"""Decide a file's type from its bytes first and its name second, by the format table (`table.py`), with a
clear message for the files no row reads."""

from __future__ import annotations

from pathlib import PurePath

from ..errors import CorruptFileError, UnsupportedFormatError
from .table import FORMATS_IN_WORDS, IMAGE_SUFFIXES, ROWS, FileKind

SUPPORTED = FORMATS_IN_WORDS


def kind_of(name: str, data: bytes) -> FileKind:
    """The kind of the first row of the format table whose bytes the file's match, else of the text row its name
    ends as (`FileFormat.named`); a user-facing error for anything else."""
    suffix = PurePath(name).suffix.lower()
    head = data[:8]
    for row in ROWS:
        if row.magic is not None and row.magic(data):
            return row.kind
    if head.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"):
        raise UnsupportedFormatError(
            f"{name} is an old Word (.doc) or Office file; open it in Word and save it as .docx, then upload that."
        )
    if head.startswith(b"PK\x03\x04"):
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
    for row in ROWS:
        if row.named and suffix in row.suffixes:
            return row.kind
    if suffix in ("", ".doc"):
        return "text"  # a .doc that is not an old Word file is read as text, with a note that says so
    raise UnsupportedFormatError(f"{name}: {suffix} files are not supported; supported formats are {SUPPORTED}.")
