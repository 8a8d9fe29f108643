"""Stage 6, the outline's entries anchored: each entry's heading marked on its page at its level, wrapped lines
joined, a run-in heading split off its paragraph, a heading not found on the page put at the entry's position."""

from __future__ import annotations

from dataclasses import replace

from .. import bookmarks
from .lines import Line


def anchored(pages: list[list[Line]], entries: list[bookmarks.Bookmark]) -> tuple[list[list[Line]], int]:
    """The pages' lines with each outline entry's heading marked at its level (wrapped lines joined into one,
    a run-in heading split off its paragraph, a heading not found on the page put at the entry's position);
    and how deep the outline goes."""
    anchors = bookmarks.anchor(entries, pages)
    result = [list(lines) for lines in pages]
    taken: set[tuple[int, int]] = set()
    for item in sorted(anchors, key=lambda a: (a.page, -1 if a.line is None else a.line), reverse=True):
        if item.line is not None and any((item.page, i) in taken for i in range(item.line, item.line + item.span)):
            continue
        taken.update((item.page, i) for i in range(item.line or 0, (item.line or 0) + item.span))
        result[item.page - 1] = _placed(result[item.page - 1], item)
    return result, max((a.level for a in anchors), default=0)


def _placed(lines: list[Line], item: bookmarks.Anchor) -> list[Line]:
    """A page's lines with the heading of one outline entry: its lines made one heading line at the entry's level
    (a run-in heading's rest a line of its own), or, where the heading was not found, a line at the entry's
    position."""
    if item.line is None:
        below = [i for i, line in enumerate(lines) if item.entry.top is not None and line.top < item.entry.top]
        at = below[0] if below else 0
        return [*lines[:at], Line(item.text, item.page, top=item.entry.top or 0.0, outline=item.level), *lines[at:]]
    first = lines[item.line]
    heading = replace(
        first,
        text=item.text,
        last_top=lines[item.line + item.span - 1].last_top,
        run_in="",
        outline=item.level,
        cells=1,
        title=False,
    )
    rest: list[Line] = []
    if item.span == 1 and len(item.text) < len(first.text) and not first.outline:
        text = first.text[len(item.text) :].strip()
        rest = [replace(first, text=text, tail=len(text), run_in="", cells=1, title=False)]
    return [*lines[: item.line], heading, *rest, *lines[item.line + item.span :]]
