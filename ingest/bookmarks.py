"""A PDF's own outline (bookmarks): each entry's level, title, page and, where given, height on the page.

When the authors gave their PDF an outline, it is the best account of the document's sections
there is; the layout reader uses it as the structure and only falls back to fonts and numbering
when there is none, or when it is damaged or useless (see `usable`).
"""

from __future__ import annotations

import ctypes
from collections import Counter
from dataclasses import dataclass

MAX_ENTRIES = 5000


@dataclass(frozen=True)
class Bookmark:
    """One outline entry: depth (0 = top), title, 1-based page or None, and the y it points at (PDF units) or None."""

    level: int
    title: str
    page: int | None
    top: float | None = None


def read(document) -> list[Bookmark]:
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
                if pdfium_c.FPDFDest_GetLocationInPage(dest.raw, *(ctypes.byref(v) for v in (
                        has_x, has_y, has_zoom, x, y, zoom))) and has_y.value:
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
