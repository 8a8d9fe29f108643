"""Downloadable forms of a summary: plain text, Markdown with its provenance, and the source marked up with it.

Both say what was summarized and when (title, source, date), so a saved file still says where it came from.
The Markdown is escaped as it is read: a source's `<script>`, `onerror=` or `javascript:` link, or an
entity such as `&lt;`, comes out as the visible text it was, never as markup.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Callable

from ingest import Document, highlight_pdf, marked_html
from summarizer import Combined, Summary

from .escaping import escape


def _named(summary: Summary, source: str, title: str) -> str:
    """What the summary is of: the document's own title when it has one, else the source's name."""
    return title or summary.title or source


def _stamp(when: datetime | None) -> str:
    return (when or datetime.now(timezone.utc)).strftime("%Y-%m-%d %H:%M UTC")


def as_text(summary: Summary, source: str, when: datetime | None = None, title: str = "") -> str:
    """The summary under its title, source and date, then its sections and key terms, as plain text."""
    parts = [f"Summary of {_named(summary, source, title)}\nSource: {source}\nDate: {_stamp(when)}", summary.overview]
    parts += [section.text for section in summary.sections]
    if summary.keyterms:
        parts.append("Key terms: " + ", ".join(summary.keyterms))
    return "\n\n".join(parts) + "\n"


def as_markdown(summary: Summary, source: str, length: str, when: datetime | None = None, title: str = "") -> str:
    """The summary under '# Summary of TITLE' (the document's own title when it has one, else `source`), then
    its provenance: source, engine, model, device, length, key terms, coverage, date."""
    if summary.format == "bullets":
        body = "\n".join(f"- {escape(s)}" for s in summary.sentences)
    else:
        body = escape(" ".join(summary.sentences))
    for section in summary.sections:
        pages = f" ({section.pages})" if section.pages else ""
        lines = "\n".join(f"- {escape(s)}" for s in section.sentences) or f"_{escape(section.note)}_"
        body += f"\n\n## {escape(section.title)}{pages}\n\n" + lines
    coverage = summary.coverage
    return (
        f"# Summary of {escape(_named(summary, source, title))}\n\n{body}\n\n---\n\n"
        f"- Source: {escape(source)}\n- Engine: {summary.engine}\n- Why this engine: {escape(summary.reason)}\n"
        f"- Model: {escape(summary.model)}\n- Device: {summary.device}\n"
        f"- Length setting: {escape(length)} (target {summary.target_words} words)\n"
        f"- Key terms: {escape(', '.join(summary.keyterms)) or 'none found'}\n"
        f"- Coverage: {coverage.describe()}\n"
        f"- Date: {_stamp(when)}\n"
    )


def together_as_text(combined: Combined, when: datetime | None = None) -> str:
    """Sources summarized together as plain text: what they are and when, then `Combined.text` (the command line's)."""
    names = ", ".join(s.label for s in combined.sources)
    return f"Summary of {len(combined.sources)} sources: {names}\nDate: {_stamp(when)}\n\n{combined.text}\n"


def together_as_markdown(combined: Combined, length: str, when: datetime | None = None) -> str:
    """Sources summarized together as Markdown: the overview with each sentence's sources, what each source adds,
    those left out with their reasons, then the provenance."""
    lines = [
        f"{escape(s.text)} \\[{escape('; '.join(combined.mark_text(m) for m in s.marks))}\\]"
        for s in combined.sentences
    ]
    body = "\n".join(f"- {line}" for line in lines) if combined.format == "bullets" else " ".join(lines)
    adds = "\n".join(f"- **{escape(s.label)}** ({escape(s.name)}): {escape(s.adds)}" for s in combined.summarized)
    failed = "\n".join(f"- {escape(s.name)}: {escape(s.error)}" for s in combined.failed)
    first = combined.first
    return (
        f"# Summary of {len(combined.sources)} sources\n\n{body}\n\n## What each source adds\n\n{adds}\n\n"
        + (f"## Left out\n\n{failed}\n\n" if failed else "")
        + f"---\n\n- Engine: {first.engine}\n- Model: {escape(first.model)}\n- Device: {first.device}\n"
        f"- Length setting: {escape(length)} (target {combined.target_words} words)\n"
        f"- Key terms: {escape(', '.join(combined.keyterms)) or 'none found'}\n"
        f"- Words: {combined.words:,} from {combined.source_words:,}\n"
        f"- Date: {_stamp(when)}\n"
    )


def together_as_json(combined: Combined) -> str:
    """Sources summarized together as JSON: `Combined.as_dict()`, what the command line's --json prints."""
    return json.dumps(combined.as_dict(), ensure_ascii=False, indent=2)


def marked_source(
    summary: Summary, document: Document, original: bytes | None
) -> tuple[str, str, str, Callable[[], bytes]] | None:
    """(label, file name, MIME type, a function making the file) for the source marked up with the summary:
    the PDF highlighted, or an HTML page for other files; None for a PDF whose bytes are gone."""
    stem = "".join(ch if ch.isalnum() else "-" for ch in document.name.rsplit(".", 1)[0])[:60].strip("-") or "source"
    if document.kind == "pdf":
        if original is None:
            return None
        return (
            "Download highlighted PDF",
            f"{stem}-highlighted.pdf",
            "application/pdf",
            lambda: highlight_pdf(original, summary.passages(), summary.sections, document.name).data,
        )
    return (
        "Download marked .html",
        f"{stem}-marked.html",
        "text/html",
        lambda: marked_html(document.title or document.name, document.blocks, summary.passages())[0].encode(),
    )
