"""Word .docx files: body paragraphs and tables in document order, headings as paragraph breaks."""

from __future__ import annotations

import io
import zipfile

from .errors import CorruptFileError


def extract(data: bytes, name: str) -> tuple[str, str, int, list[str]]:
    """(text, title, paragraph count, warnings) of a .docx file."""
    import docx
    from docx.table import Table

    try:
        document = docx.Document(io.BytesIO(data))
    except (zipfile.BadZipFile, KeyError, ValueError, OSError) as error:
        raise CorruptFileError(f"{name} is not a valid Word document (.docx); it may be damaged.") from error
    except Exception as error:  # lxml and python-docx raise many types on damaged XML
        if type(error).__module__.startswith(("lxml", "docx")):
            raise CorruptFileError(f"{name} is not a valid Word document (.docx); it may be damaged.") from error
        raise
    blocks: list[str] = []
    title = (document.core_properties.title or "").strip()
    for item in document.iter_inner_content():
        if isinstance(item, Table):
            blocks.extend(_table_rows(item))
            continue
        text = item.text.strip()
        if not text:
            continue
        style = (item.style.name if item.style is not None else "") or ""
        if not title and style in ("Title", "Heading 1"):
            title = text
        blocks.append(text)
    header = [p.text.strip() for s in document.sections for p in s.header.paragraphs if p.text.strip()]
    warnings = ["Headers and footers were left out."] if header else []
    return "\n\n".join(blocks), title, len(blocks), warnings


def _table_rows(table) -> list[str]:
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
