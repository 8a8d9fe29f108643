"""A PDF's own outline (bookmarks): each entry's level, title, page and, where given, height on the page.

When the authors gave their PDF an outline, it is the best account of the document's sections
there is; the layout reader uses it as the structure and only falls back to fonts and numbering
when there is none, or when it is damaged or useless (see `usable`).
"""

from __future__ import annotations

import ctypes
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Protocol, Sequence

MAX_ENTRIES = 5000


class HasText(Protocol):
    """A page's line as `anchor` reads it: its text and its height on the page."""

    @property
    def text(self) -> str: ...

    @property
    def top(self) -> float: ...


@dataclass(frozen=True)
class Bookmark:
    """One outline entry: depth (0 = top), title, 1-based page or None, and the y it points at (PDF units) or None."""

    level: int
    title: str
    page: int | None
    top: float | None = None


def read(document: Any) -> list[Bookmark]:
    """The outline of an open pypdfium2 document, in order; empty when it has none or it cannot be read."""
    import pypdfium2.raw as pdfium_c

    entries: list[Bookmark] = []
    try:
        for item in document.get_toc(max_depth=15):
            title = " ".join((item.get_title() or "").split())
            dest = item.get_dest()
            page = dest.get_index() if dest is not None else None
            top = None
            if dest is not None:
                has_x, has_y, has_zoom = (ctypes.c_int() for _ in range(3))
                x, y, zoom = (ctypes.c_float() for _ in range(3))
                if (
                    pdfium_c.FPDFDest_GetLocationInPage(
                        dest.raw, *(ctypes.byref(v) for v in (has_x, has_y, has_zoom, x, y, zoom))
                    )
                    and has_y.value
                ):
                    top = float(y.value)
            entries.append(Bookmark(item.level, title, None if page is None else page + 1, top))
            if len(entries) >= MAX_ENTRIES:
                break
    except Exception:  # a damaged outline is no outline: the layout reader takes over, and says so
        return []
    return entries


def usable(entries: list[Bookmark], pages: int) -> str:
    """'' when the outline can be the structure, else why not (said in the extraction warnings)."""
    if not entries:
        return "no outline"
    titled = [e for e in entries if e.title]
    pointing = [e for e in titled if e.page is not None and 1 <= e.page <= pages]
    if len(pointing) < max(2, 0.5 * len(entries)):
        return "most of its entries point nowhere"
    counts = Counter(e.title.lower() for e in pointing)
    if counts.most_common(1)[0][1] > max(2, 0.5 * len(pointing)):
        return "its entries share one title"
    if len(pointing) >= 5 and all(e.title.lower().startswith(("page", "p.")) or e.title.isdigit() for e in pointing):
        return "it lists pages, not sections"
    return ""


NUMBER = re.compile(
    r"^(?:§\s*)?(?:(?:chapter|part|section|annex|appendix)\s+)?"
    r"(?:\d{1,3}(?:\.\d{1,3})*|[IVXLC]{1,6}|[A-Z])(?:\.\d{1,3})*[.:)]?\s+",
    re.I,
)
MAX_WRAP = 4


@dataclass(frozen=True)
class Anchor:
    """Where an outline entry's heading is: page index, first line, how many lines it spans, and the
    heading's text (the lines joined; a run-in heading's own words only); line None when not found."""

    entry: Bookmark
    level: int
    page: int
    line: int | None
    span: int = 1
    text: str = ""


def key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _variants(title: str) -> set[str]:
    """The title's key with and without its number ('2.1 Streams' -> '21streams', 'streams')."""
    found = {key(title), key(NUMBER.sub("", title, count=1))}
    return {v for v in found if len(v) >= 2}


def _prefix_length(text: str, wanted: str) -> int:
    """How many characters of `text` it takes for its key to reach `wanted`'s length."""
    seen = 0
    for index, ch in enumerate(text):
        if ch.isalnum():
            seen += 1
            if seen == len(wanted):
                return index + 1
    return len(text)


def _candidates(lines: Sequence[HasText], variants: set[str]) -> list[tuple[int, int, str, bool]]:
    """(first line, span, heading text, exact) of every place on a page where the title starts a line."""
    found = (_candidate(lines, start, variants) for start in range(len(lines)))
    return [candidate for candidate in found if candidate is not None]


def _candidate(lines: Sequence[HasText], start: int, variants: set[str]) -> tuple[int, int, str, bool] | None:
    """(first line, span, heading text, exact) where the title starts at `lines[start]`, alone, wrapped over the
    next lines or run into its paragraph; None when it does not start there."""
    joined, texts = "", []
    for end in range(start, min(start + MAX_WRAP, len(lines))):
        texts.append(lines[end].text)
        joined += key(lines[end].text)
        stripped = key(NUMBER.sub("", " ".join(texts), count=1))
        if joined in variants or stripped in variants:
            return start, end - start + 1, " ".join(texts), True
        run_in = _run_in(lines[start].text, joined, stripped, variants) if end == start else None
        if run_in:
            return start, 1, lines[start].text[: _prefix_length(lines[start].text, run_in)], False
        if not any(v.startswith(joined) or v.startswith(stripped) for v in variants):
            return None
    return None


def _run_in(text: str, joined: str, stripped: str, variants: set[str]) -> str | None:
    """The key of the part of the line `text` (its key `joined`, `stripped` without its number) that spells the
    title, when the line opens with the title run into its paragraph; else None."""
    found = next((v for v in variants if joined.startswith(v) and len(v) >= 4), None)
    if found is not None:
        return found
    found = next((v for v in variants if stripped.startswith(v) and len(v) >= 4), None)
    if found is None:
        return None
    return key(text)[: len(key(text)) - len(stripped) + len(found)]


def anchor(entries: list[Bookmark], pages: Sequence[Sequence[HasText]]) -> list[Anchor]:
    """Each entry (a lone root, the document's title, left out) placed on its page's lines.

    `pages` holds each page's lines (objects with `text` and `top`). The line nearest the entry's
    position wins among those that spell its title, wrapped or not, numbered or not; an entry
    whose heading is not found on its page or the next is placed at its position, title as given."""
    top_level = min((e.level for e in entries), default=0)
    roots = [e for e in entries if e.level == top_level]
    if len(roots) == 1 and len(entries) > 1:
        top_level = min(e.level for e in entries if e is not roots[0])
    anchors = []
    for entry in entries:
        if entry.level < top_level or not entry.title or entry.page is None or not 1 <= entry.page <= len(pages):
            continue
        anchors.append(_placed(entry, entry.page, entry.level - top_level + 1, pages))
    return anchors


def _placed(entry: Bookmark, page: int, level: int, pages: Sequence[Sequence[HasText]]) -> Anchor:
    """Where `entry` (pointing at `page`) is: the candidate on its page, the next or the one before nearest its
    position, an exact spelling first; at its position, title as given, when none spells it."""
    variants = _variants(entry.title)
    for near in (page, page + 1, page - 1):
        if not variants or not 1 <= near <= len(pages):
            continue
        lines = pages[near - 1]
        found = _candidates(lines, variants)
        if found:

            def distance(
                candidate: tuple[int, int, str, bool], lines: Sequence[HasText] = lines, near: int = near
            ) -> tuple[bool, float]:
                line = lines[candidate[0]]
                off = abs(line.top - entry.top) if entry.top is not None and near == entry.page else 0.0
                return (not candidate[3], off)

            start, span, text, _ = min(found, key=distance)
            return Anchor(entry, level, near, start, span, " ".join(text.split()))
    return Anchor(entry, level, page, None, 1, entry.title)
