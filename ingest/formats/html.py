"""Web pages saved as files (.html): the readable main text by trafilatura, as for an article fetched from the
news, with its headings kept as Markdown headings, so the page's sections are the summary's."""

from __future__ import annotations

from ..document import Extracted
from ..errors import NoTextError
from ..recognition.scans import Progress
from ..settings import IngestSettings
from . import markdown
from .textfile import decoded

SUFFIXES = (".html", ".htm")
MARKS = (b"<!doctype html", b"<html")  # how a page opens (after a byte order mark and blank space), in lowercase


def is_html(data: bytes) -> bool:
    """Whether the bytes open as an HTML page."""
    return data[:512].lstrip(b"\xef\xbb\xbf \t\r\n").lower().startswith(MARKS)


def extract(data: bytes, name: str, settings: IngestSettings, report: Progress | None = None) -> Extracted:
    """The page's main text as blocks, headings as sections (menus, footers and comments left out), and its
    title."""
    import trafilatura

    page, warnings = decoded(data, name, settings)
    text = trafilatura.extract(
        page, output_format="markdown", include_formatting=True, include_comments=False, include_tables=True
    )
    if not text or not text.strip():
        raise NoTextError(f"{name} has no readable main text (a page of menus or links, or one built by scripts).")
    metadata = trafilatura.extract_metadata(page)
    title = (metadata.title if metadata and metadata.title else "").strip()
    blocks = markdown.parse(text)
    if blocks and title and blocks[0].kind == "heading" and blocks[0].text == title:
        blocks = blocks[1:]  # the page's title, not a section of it
    return Extracted(blocks, title=title, warnings=warnings)
