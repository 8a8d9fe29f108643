"""Downloadable forms of a summary: plain text, Markdown with its provenance, JSON, and the source marked up with it.

Each says what was summarized and when (title, source, date), so a saved file still says where it came from.
The forms themselves are the summarizer's renderers (`render_text`, `render_markdown`, `render_json`), which the
command line prints too; this module adds the provenance.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Callable

from ingest import Document, highlight_pdf, marked_html
from summarizer import (
    Combined,
    Summary,
    render_json,
    render_markdown,
    render_text,
    render_together_markdown,
    unmarked,
)

from .escaping import escape


def _named(summary: Summary, source: str, title: str) -> str:
    """What the summary is of: the document's own title when it has one, else the source's name."""
    return title or summary.title or source


def _stamp(when: datetime | None) -> str:
    return (when or datetime.now(timezone.utc)).strftime("%Y-%m-%d %H:%M UTC")


def as_text(summary: Summary, source: str, when: datetime | None = None, title: str = "") -> str:
    """The summary under its title, source and date (with the authors' abstract after a labelled overview), then its
    sections and key terms, as plain text."""
    head = f"Summary of {_named(summary, source, title)}\nSource: {source}\nDate: {_stamp(when)}"
    return f"{head}\n\n{render_text(summary, sections=True, key_terms=True, abstract=True)}\n"


def as_markdown(summary: Summary, source: str, length: str, when: datetime | None = None, title: str = "") -> str:
    """The summary under '# Summary of TITLE' (the document's own title when it has one, else `source`), then
    its provenance: source, engine, model, device, length, key terms, coverage, date."""
    provenance = [
        f"Source: {escape(source)}",
        f"Engine: {summary.engine}",
        f"Why this engine: {escape(summary.reason)}",
        f"Model: {escape(summary.model)}",
        f"Device: {summary.device}",
        f"Length setting: {escape(length)} (target {summary.target_words} words)",
        f"Key terms: {escape(', '.join(summary.keyterms)) or 'none found'}",
        f"Coverage: {summary.coverage.describe()}",
        f"Date: {_stamp(when)}",
    ]
    return render_markdown(summary, _named(summary, source, title), provenance)


def together_as_text(combined: Combined, when: datetime | None = None) -> str:
    """Sources summarized together as plain text: what they are and when, then `Combined.text` (the command line's)."""
    names = ", ".join(s.label for s in combined.sources)
    return f"Summary of {len(combined.sources)} sources: {names}\nDate: {_stamp(when)}\n\n{combined.text}\n"


def together_as_markdown(combined: Combined, length: str, when: datetime | None = None) -> str:
    """Sources summarized together as Markdown: the overview with each sentence's sources, what each source adds,
    those left out with their reasons, then the provenance."""
    first = combined.first
    provenance = [
        f"Engine: {first.engine}",
        f"Model: {escape(first.model)}",
        f"Device: {first.device}",
        f"Length setting: {escape(length)} (target {combined.target_words} words)",
        f"Key terms: {escape(', '.join(combined.keyterms)) or 'none found'}",
        f"Words: {combined.words:,} from {combined.source_words:,}",
        f"Date: {_stamp(when)}",
    ]
    return render_together_markdown(combined, provenance)


def together_as_json(combined: Combined) -> str:
    """Sources summarized together as JSON: `render_json`, what the command line's --json prints."""
    return render_json(combined)


def marked_source(
    summary: Summary, document: Document, original: bytes | None
) -> tuple[str, str, str, Callable[[], tuple[bytes, str]]] | None:
    """(label, file name, MIME type, a function making the file and saying what it could not mark) for the source
    marked up with the summary: the PDF highlighted, or an HTML page for other files; None for a PDF whose bytes
    are gone."""
    stem = "".join(ch if ch.isalnum() else "-" for ch in document.name.rsplit(".", 1)[0])[:60].strip("-") or "source"
    passages = summary.passages()
    if document.kind == "pdf":
        if original is None:
            return None

        def highlighted() -> tuple[bytes, str]:
            result = highlight_pdf(original, passages, summary.sections, document.name)
            return result.data, unmarked(result.missing, len(passages))

        return "Download highlighted PDF", f"{stem}-highlighted.pdf", "application/pdf", highlighted

    def page() -> tuple[bytes, str]:
        text, missing = marked_html(document.title or document.name, document.blocks, passages)
        return text.encode(), unmarked(missing, len(passages))

    return "Download marked .html", f"{stem}-marked.html", "text/html", page
