"""`summarize FILE --highlight OUT`: the source marked up with the summary, a PDF for a PDF, else an HTML page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .errors import InvalidOptionError
from .passages import unmarked
from .summary import Summary


def check_target(document: Any, out: str) -> None:
    """Refuse, before any summarizing, an output name that does not fit the input (a PDF for a PDF, else HTML)."""
    suffix = Path(out).suffix.lower()
    if document.kind == "pdf" and suffix != ".pdf":
        raise InvalidOptionError(f"{out}: the input is a PDF, so --highlight writes a PDF; name it ….pdf.")
    if document.kind != "pdf" and suffix not in (".html", ".htm"):
        raise InvalidOptionError(f"{out}: the input is not a PDF, so --highlight writes an HTML page; name it ….html.")


def write_highlighted(source: str, document: Any, summary: Summary, out: str) -> str:
    """Write the highlighted PDF (PDF input) or the marked HTML page (other files) to `out`; a line saying
    what was done."""
    from ingest import highlight_pdf, marked_html

    passages = summary.passages()
    check_target(document, out)
    target = Path(out)
    if document.kind == "pdf":
        result = highlight_pdf(Path(source).read_bytes(), passages, summary.sections, document.name)
        data, missing = result.data, result.missing
        if result.bookmarks:
            extra = f", {result.bookmarks} bookmarks added"
        else:
            extra = ", its own outline kept" if result.own_outline else ", no sections found to bookmark"
    else:
        page, missing = marked_html(document.title or document.name, document.blocks, passages)
        data, extra = page.encode("utf-8"), ""
    try:
        target.write_bytes(data)
    except OSError as error:
        raise InvalidOptionError(f"{out} cannot be written: {error.strerror}.") from error
    found = len(passages) - len(missing)
    said = f"\n{unmarked(missing, len(passages))}" if missing else ""
    return f"highlighted {found} of {len(passages)} source passages{extra}: {out}{said}"


def write_beside(folder: Path, key: str, path: str, document: Any, summary: Summary) -> str | None:
    """A corpus item's marked-up copy under `folder` at its key (PDF as `KEY`, else `KEY.html`); None when written,
    else a warning for the item's record, so a copy that cannot be made never costs the summary."""
    from ingest import IngestError

    name = (
        key
        if document.kind == "pdf" and key.lower().endswith(".pdf")
        else key + (".pdf" if document.kind == "pdf" else ".html")
    )
    target = folder / name
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_highlighted(path, document, summary, str(target))
    except (IngestError, InvalidOptionError, OSError) as error:
        return f"The highlighted copy was not written: {error}"
    return None
