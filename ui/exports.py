"""Downloadable forms of a summary: plain text, and Markdown with its provenance."""

from __future__ import annotations

from datetime import datetime, timezone

from summarizer import Summary


def as_text(summary: Summary) -> str:
    return summary.text + "\n"


def as_markdown(summary: Summary, source: str, length: str, when: datetime | None = None) -> str:
    when = when or datetime.now(timezone.utc)
    body = summary.text
    return (f"# Summary of {source}\n\n{body}\n\n---\n\n"
            f"- Source: {source}\n- Engine: {summary.engine} ({summary.reason})\n- Model: {summary.model}\n"
            f"- Device: {summary.device}\n- Length setting: {length} (target {summary.target_words} words)\n"
            f"- Coverage: {summary.coverage.share:.0%} of {summary.coverage.input_words:,} words in "
            f"{summary.coverage.parts} part(s)\n- Date: {when.strftime('%Y-%m-%d %H:%M UTC')}\n")
