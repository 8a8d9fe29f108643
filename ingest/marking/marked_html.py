"""A document without pages (docx, Markdown, plain text) as one HTML file with the summary's sources marked.

The counterpart of the highlighted PDF: every block in reading order, headings linked from a table
of contents, and each summary sentence's source text wrapped in `<mark>` (one colour for the
overview, one for section summaries) with the note as its tooltip. Everything from the document
is escaped, so nothing in it can run or link anywhere in a browser.
"""

from __future__ import annotations

import html
import re
from typing import Any, Sequence

from ..document import Block
from .highlighted_pdf import Mark

STYLE = (
    "body{font:16px/1.55 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#222}"
    "mark.overview{background:#ffd54f}mark.section{background:#90caf9}"
    "mark.overview.section{background:linear-gradient(#ffd54f 50%,#90caf9 50%)}"
    "nav{border:1px solid #ddd;padding:.5rem 1rem;margin-bottom:1.5rem}pre{white-space:pre-wrap}"
    ".legend mark{padding:0 .3rem}"
)


def _pattern(text: str) -> re.Pattern[str] | None:
    words = text.split()
    return re.compile(r"\s+".join(map(re.escape, words))) if words else None


def _spans(blocks: Sequence[Block], marks: Sequence[Mark]) -> tuple[dict[int, list[list[Any]]], list[str]]:
    """Per block index, [start, end, roles, notes] spans without overlaps; and the marks not found."""
    spans: dict[int, list[list[Any]]] = {}
    missing = []
    for mark in marks:
        pattern = _pattern(mark.text)
        found = None
        for index, block in enumerate(blocks):
            match = pattern.search(block.text) if pattern else None
            if match:
                found = (index, match.start(), match.end())
                break
        if not found:
            missing.append(mark.text)
            continue
        index, start, end = found
        row = spans.setdefault(index, [])
        same = [span for span in row if span[0] == start and span[1] == end]
        if same:
            same[0][2].add(mark.role)
            same[0][3].append(mark.note)
        elif not any(start < span[1] and span[0] < end for span in row):
            row.append([start, end, {mark.role}, [mark.note]])
    return spans, missing


def _body(text: str, spans: list[list[Any]]) -> str:
    out, at = [], 0
    for start, end, roles, notes in sorted(spans):
        out.append(html.escape(text[at:start]))
        out.append(
            f'<mark class="{" ".join(sorted(roles))}" title="{html.escape(chr(10).join(notes))}">'
            f"{html.escape(text[start:end])}</mark>"
        )
        at = end
    out.append(html.escape(text[at:]))
    return "".join(out)


def marked_html(title: str, blocks: Sequence[Block], marks: Sequence[Mark]) -> tuple[str, list[str]]:
    """(the HTML page, the mark texts that were not found in any block)."""
    spans, missing = _spans(blocks, marks)
    contents, body = [], []
    for index, block in enumerate(blocks):
        text = _body(block.text, spans.get(index, []))
        if block.kind == "heading":
            level = min(6, max(2, block.level + 1))
            anchor = f"section-{index}"
            contents.append(
                f'<li style="margin-left:{level - 2}rem"><a href="#{anchor}">{html.escape(block.text)}</a></li>'
            )
            body.append(f'<h{level} id="{anchor}">{text}</h{level}>')
        elif block.kind in ("code", "table"):
            body.append(f"<pre>{text}</pre>")
        else:
            body.append(f"<p>{'• ' if block.kind == 'list_item' else ''}{text}</p>")
    nav = f"<nav><strong>Contents</strong><ul>{''.join(contents)}</ul></nav>" if contents else ""
    legend = (
        '<p class="legend">Marked: <mark class="overview">summary</mark> '
        '<mark class="section">section summaries</mark> (hover for the note)</p>'
    )
    page = (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>{legend}{nav}{''.join(body)}"
        "</body></html>\n"
    )
    return page, missing
