"""Downloadable forms of a summary: plain text, and Markdown with its provenance.

The Markdown is escaped as it is read: a source's `<script>`, `onerror=` or `javascript:` link
comes out as visible text, never as markup.
"""

from __future__ import annotations

from datetime import datetime, timezone

from summarizer import Summary

from .markdown import escape


def as_text(summary: Summary) -> str:
    parts = [summary.overview]
    for section in summary.sections:
        heading = f"{section.title} ({section.pages})" if section.pages else section.title
        parts.append(heading + "\n" + "\n".join(f"- {s}" for s in section.sentences))
    return "\n\n".join(parts) + "\n"


def as_markdown(summary: Summary, source: str, length: str, when: datetime | None = None) -> str:
    when = when or datetime.now(timezone.utc)
    if summary.format == "bullets":
        body = "\n".join(f"- {escape(s)}" for s in summary.sentences)
    else:
        body = escape(" ".join(summary.sentences))
    for section in summary.sections:
        pages = f" ({section.pages})" if section.pages else ""
        body += f"\n\n## {escape(section.title)}{pages}\n\n" + "\n".join(f"- {escape(s)}" for s in section.sentences)
    coverage = summary.coverage
    return (f"# Summary of {escape(source)}\n\n{body}\n\n---\n\n"
            f"- Source: {escape(source)}\n- Engine: {summary.engine} ({escape(summary.reason)})\n"
            f"- Model: {escape(summary.model)}\n- Device: {summary.device}\n"
            f"- Length setting: {escape(length)} (target {summary.target_words} words)\n"
            f"- Coverage: {coverage.share:.0%} of {coverage.input_words:,} words in {coverage.parts} part(s)\n"
            f"- Date: {when.strftime('%Y-%m-%d %H:%M UTC')}\n")
