"""Word .docx files to blocks: heading and list styles, tables and captions in document order."""

from __future__ import annotations

import io
import re
import zipfile
from typing import Any

from ..document import Block, BlockKind, Extracted, Origin
from ..errors import CorruptFileError, FileTooLargeError
from ..sections import finish
from ..settings import IngestSettings

PLACEHOLDER = re.compile(r"^(?:|untitled|title|document\d*|microsoft word\b.*|python-docx\b.*|.*\.docx?)$", re.I)
HEADING_STYLE = re.compile(r"^(?:heading|überschrift|titre|título|titolo)\s*(\d)$", re.I)
CHUNK = 1 << 20  # bytes inflated at a time while a file's parts are measured


def _kind(style: str, paragraph: Any) -> tuple[BlockKind, int]:
    name = style.lower()
    heading = HEADING_STYLE.match(style)
    if heading:
        return "heading", int(heading.group(1))
    if name in ("title", "subtitle"):
        return "title", 0
    if name.startswith("toc") or name.startswith("table of figures"):
        return "toc", 0
    if name == "caption":
        return "caption", 0
    if name.startswith("list") or paragraph._p.pPr is not None and paragraph._p.pPr.numPr is not None:
        return "list_item", 0
    if "code" in name or "source" in name or name in ("html preformatted", "plain text", "macro text"):
        return "code", 0
    return "paragraph", 0


def extract(data: bytes, name: str, settings: IngestSettings) -> Extracted:
    """The blocks, title and warnings of a .docx file whose parts unpack within `settings.max_inflated_mb`."""
    document = _open(data, name, settings)
    blocks = _body_blocks(document)
    running = [
        p.text.strip()
        for s in document.sections
        for part in (s.header, s.footer)
        for p in part.paragraphs
        if p.text.strip()
    ]
    blocks.extend(Block("running", text, origin=Origin.PAGE_HEADER) for text in dict.fromkeys(running))
    warnings = ["Headers and footers were left out of the summary (see what was left out)."] if running else []
    return Extracted(finish(blocks), _title(blocks, document.core_properties.title or ""), warnings=warnings)


def _inflated_within(data: bytes, name: str, settings: IngestSettings) -> None:
    """Refuse a file whose parts unpack to more than `settings.max_inflated_mb`, before anything parses them: by the
    sizes its central directory declares, then by the bytes inflating them gives, a chunk at a time (a directory can
    lie)."""
    too_large = FileTooLargeError(
        f"{name} is too large when inflated: its parts unpack to more than {settings.max_inflated_mb:,} MB, the limit "
        "(INGEST_MAX_INFLATED_MB). Save it again from Word, or split it into smaller files."
    )
    limit = settings.max_inflated_bytes
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        members = archive.infolist()
        if sum(member.file_size for member in members) > limit:
            raise too_large
        inflated = 0
        for member in members:
            with archive.open(member) as part:
                while chunk := part.read(CHUNK):
                    inflated += len(chunk)
                    if inflated > limit:
                        raise too_large


def _open(data: bytes, name: str, settings: IngestSettings) -> Any:
    """The python-docx document; a file that unpacks past `settings.max_inflated_mb` refused with a
    `FileTooLargeError`, a damaged one with a `CorruptFileError`."""
    import docx

    try:
        _inflated_within(data, name, settings)
        return docx.Document(io.BytesIO(data))
    except FileTooLargeError:
        raise
    except (zipfile.BadZipFile, KeyError, ValueError, OSError) as error:
        raise CorruptFileError(f"{name} is not a valid Word document (.docx); it may be damaged.") from error
    except Exception as error:  # lxml and python-docx raise many types on damaged XML
        if "memory" in str(error).lower():
            raise MemoryError(str(error)) from error
        if type(error).__module__.startswith(("lxml", "docx")):
            raise CorruptFileError(f"{name} is not a valid Word document (.docx); it may be damaged.") from error
        raise


def _body_blocks(document: Any) -> list[Block]:
    """The body's paragraphs and tables as blocks, in document order; empty paragraphs left out."""
    from docx.table import Table

    blocks: list[Block] = []
    for item in document.iter_inner_content():
        if isinstance(item, Table):
            blocks.extend(Block("table", row) for row in _table_rows(item))
            continue
        text = item.text.strip()
        if not text:
            continue
        style = (item.style.name if item.style is not None else "") or ""
        kind, level = _kind(style, item)
        blocks.append(Block(kind, text, level, origin=Origin.TITLE_STYLE if kind == "title" else None))
    return blocks


def _title(blocks: list[Block], stated: str) -> str:
    """The first Title-style paragraph; else the title in the file's properties unless it is a placeholder."""
    styled = next((b.text for b in blocks if b.kind == "title"), "")
    stated = " ".join(stated.split())
    return styled or ("" if PLACEHOLDER.match(stated) else stated)


def _table_rows(table: Any) -> list[str]:
    rows = []
    for row in table.rows:
        cells: list[str] = []
        for cell in row.cells:
            text = " ".join(cell.text.split())
            if text and (not cells or cells[-1] != text):
                cells.append(text)
        if cells:
            rows.append(" | ".join(cells))
    return rows
