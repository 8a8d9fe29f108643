"""Stage 3, page furniture: running heads and feet and page numbers, the edge lines repeated across pages or
numbered like the page."""

from __future__ import annotations

import re
from collections import Counter

from .lines import Line

PAGE_NUMBER = re.compile(r"^\W*(?:page\s*)?(?:\d{1,4}|[ivxlc]{1,7})(?:\s*(?:of|/)\s*\d{1,4})?\W*$", re.I)
EDGE_NUMBER = re.compile(r"\b(\d{1,4})\s*\.?$")
DIGITS = re.compile(r"\d+")
EDGE_LINES = 3
APART = 2.0
RUNNING_SHARE = 0.5
MIN_CHAPTER_HEADS = 3
MAX_RUNNING_WORDS = 12
EDGE_LEAD_NUMBER = re.compile(r"^(\d{1,4})\s+\D")
SMALLER_BY = 0.5  # points under the body size that mark a line as set smaller
SAME_PLACE = 2.0  # points apart at most, the heights of one running line on its pages
TITLE_OVER = 2.0  # points over the body size that mark a first page's line as its title, never a running head


def _signature(line: str) -> str:
    return re.sub(r"\d+", "#", " ".join(line.lower().split()))


def _edges(lines: list[Line], body: float) -> list[Line]:
    """The lines at a page's head and foot: near the page's edge, or the topmost or lowest line, no larger than
    the `body` size, set apart from the text by more than `APART` times its size (a running head placed low in
    a wide top margin; a chapter's title, set large over a wide gap, is not one)."""
    ends = lines[:EDGE_LINES] + lines[-EDGE_LINES:] if len(lines) > 2 * EDGE_LINES else lines
    if not any(ln.size for ln in lines):
        return ends
    apart = {id(line) for line in _apart(lines) if line.size <= body + SMALLER_BY}
    return [line for line in ends if line.edge or id(line) in apart]


def _apart(lines: list[Line]) -> list[Line]:
    """The page's topmost and lowest lines, each where a gap of more than `APART` times its size parts it from
    the next line in."""
    tops = sorted({round(ln.top, 1) for ln in lines}, reverse=True)
    if len(tops) < 2:
        return []
    found = []
    for line in lines:
        at = round(line.top, 1)
        gap = tops[0] - tops[1] if at == tops[0] else tops[-2] - tops[-1] if at == tops[-1] else 0.0
        if line.size and gap > APART * line.size:
            found.append(line)
    return found


RUNNING_NOTE = "Running headers, footers and page numbers were left out of the summary (see what was left out)."


def _may_run(text: str) -> bool:
    """Whether a line could be a running head or foot: not the start or middle of a sentence."""
    return not text[0].islower() and len(text.split()) <= MAX_RUNNING_WORDS and not text.endswith(("-", ",", ";"))


def _body_size(pages: list[list[Line]]) -> float:
    """The size most of the text is set in."""
    sizes: Counter[float] = Counter()
    for lines in pages:
        for line in lines:
            sizes[round(line.size, 1)] += len(line.text)
    return sizes.most_common(1)[0][0] if sizes else 0.0


def _edge_number(line: Line, small_end: bool) -> int | None:
    """The number at the end of an edge line, or at its start when it is a page's topmost or lowest line set
    smaller than the body (a heading is never smaller than its text: "3 Results" at a page's top is not
    furniture)."""
    trailing = EDGE_NUMBER.search(line.text)
    if trailing:
        return int(trailing.group(1))
    leading = EDGE_LEAD_NUMBER.match(line.text) if small_end else None
    return int(leading.group(1)) if leading else None


def _small_ends(pages: list[list[Line]]) -> tuple[set[int], set[int]]:
    """ids of each page's topmost line and of its lowest line, each when it is set smaller than the body and
    sits at the page's edge or apart from the text."""
    body = _body_size(pages)
    heads: set[int] = set()
    feet: set[int] = set()
    for lines in pages:
        sized = [ln for ln in lines if ln.size]
        if not body or not sized:
            continue
        apart = _apart(lines)
        for end, found in ((max(sized, key=lambda ln: ln.top), heads), (min(sized, key=lambda ln: ln.top), feet)):
            if end.size < body - SMALLER_BY and _may_run(end.text) and (end.edge or end in apart):
                found.add(id(end))
    return heads, feet


def _numbered_ends(pages: list[list[Line]], offset: int, seen: int) -> set[int]:
    """ids of small head and foot lines numbered like their page: a head carrying its own page's number, or a
    head or foot whose number follows the pages' numbering (`offset`, met `seen` times) at the same height on
    two pages or more (a footnote that happens to carry the page's number sits wherever its text ends)."""
    heads, feet = _small_ends(pages)
    numbered: dict[int, list[int]] = {}
    found: set[int] = set()
    for index, lines in enumerate(pages):
        for line in lines:
            if id(line) not in heads and id(line) not in feet:
                continue
            number = _edge_number(line, True)
            if number is not None and number == index + 1 and id(line) in heads:
                found.add(id(line))
            elif number is not None and number - index == offset and seen >= 2:
                numbered.setdefault(round(line.top), []).append(id(line))
    for ids in numbered.values():
        if len(ids) >= 2:
            found.update(ids)
    return found


def furniture_ids(pages: list[list[Line]]) -> set[int]:
    """ids of running headers, footers and page numbers: edge lines repeated across pages (on most pages, on
    most even or odd pages, or on three or more: a chapter's heads), numbered like the page, or repeated at the
    same place with only a number that follows the pages changing (from two pages on). Running heads
    alternate between even and odd pages ("2 DIANE MACLAGAN", "SHORT TITLE 3"), so each side is compared with
    itself, the page number at either end set aside; in a short document, where each side may carry its head
    only once, a head or foot set smaller than the body and numbered like the page is furniture too."""
    body = _body_size(pages)
    small = set().union(*_small_ends(pages))
    edges = [_edges(lines, body) for lines in pages]
    found = {id(line) for lines in edges for line in lines if PAGE_NUMBER.match(line.text)}
    counts, by_side = _signatures(edges)
    offset, seen = _page_offset(edges, small)
    found |= _numbered_ends(pages, offset, seen)
    found |= _numbered_repeats(edges, body)
    if sum(1 for lines in pages if lines) < 3:
        return found
    running = _running(pages, counts, by_side)
    numbered = seen >= max(3, 0.3 * len(pages))
    for index, lines in enumerate(edges):
        for line in lines:
            if _runs(line, index, body) and (
                _signature(line.text) in running or numbered and _numbered_like_page(line, index, offset, counts)
            ):
                found.add(id(line))
    return found


def _runs(line: Line, index: int, body: float) -> bool:
    """Whether an edge line may be a running head or foot (`_may_run`); never the first page's title, set large,
    though later pages repeat it small as their running head."""
    return _may_run(line.text) and not (index == 0 and line.size > body + TITLE_OVER)


def _numbered_repeats(edges: list[list[Line]], body: float) -> set[int]:
    """ids of edge lines no larger than the `body` size, of two words or more besides the number, repeated at the
    same height on two pages or more with only a number changing, and that number following the pages ("Company
    Report — page 1", "... page 2"): furniture from a document's second page on. A line repeated with no number,
    or with the same one, may be the text's own and is kept; so is a heading ("Question 2", set large)."""
    by_signature: dict[str, list[tuple[int, Line]]] = {}
    for index, lines in enumerate(edges):
        for line in lines:
            if _may_repeat(line, body):
                by_signature.setdefault(_signature(line.text), []).append((index, line))
    return {id(line) for group in by_signature.values() if _follows_pages(group) for _, line in group}


def _may_repeat(line: Line, body: float) -> bool:
    """A line that may be a numbered running line: it could run, carries a number and two words, and is no larger
    than the body."""
    words = sum(1 for word in line.text.split() if any(ch.isalpha() for ch in word))
    return _may_run(line.text) and words >= 2 and line.size <= body + SMALLER_BY and bool(DIGITS.search(line.text))


def _follows_pages(group: list[tuple[int, Line]]) -> bool:
    """Whether one line's copies (page index, line), one a page on two pages or more, sit at the same height and
    carry a number that keeps the same distance from their page's index."""
    pages = {index for index, _ in group}
    tops = [line.top for _, line in group]
    if len(pages) < 2 or len(pages) < len(group) or max(tops) - min(tops) > SAME_PLACE:
        return False
    numbers = [[int(n) for n in DIGITS.findall(line.text)] for _, line in group]
    return any(len({row[k] - index for row, (index, _) in zip(numbers, group)}) == 1 for k in range(len(numbers[0])))


def _signatures(edges: list[list[Line]]) -> tuple[Counter[str], tuple[Counter[str], Counter[str]]]:
    """How many pages carry each edge line's signature (its digits as '#'), over all pages and over the odd and the
    even ones."""
    counts: Counter[str] = Counter()
    by_side: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
    for index, lines in enumerate(edges):
        signatures = {_signature(ln.text) for ln in lines if _may_run(ln.text)}
        counts.update(signatures)
        by_side[index % 2].update(signatures)
    return counts, by_side


def _page_offset(edges: list[list[Line]], small: set[int]) -> tuple[int, int]:
    """The most common difference between an edge line's number and its page's index, and how often it is met."""
    offsets: Counter[int] = Counter()
    for index, lines in enumerate(edges):
        for line in lines:
            number = _edge_number(line, id(line) in small)
            if number is not None:
                offsets[number - index] += 1
    return offsets.most_common(1)[0] if offsets else (0, 0)


def _running(pages: list[list[Line]], counts: Counter[str], by_side: tuple[Counter[str], Counter[str]]) -> set[str]:
    """Signatures of running heads and feet: on most pages, on three or more (a chapter's heads, two words or
    more), or on most pages of one side."""
    sides = [sum(1 for lines in pages[side::2] if lines) for side in (0, 1)]
    return {
        sig
        for sig, n in counts.items()
        if n >= max(2, RUNNING_SHARE * sum(sides))
        or n >= MIN_CHAPTER_HEADS
        and len(sig.split()) >= 2
        or any(by_side[side][sig] >= max(2, RUNNING_SHARE * sides[side]) for side in (0, 1))
    }


def _numbered_like_page(line: Line, index: int, offset: int, counts: Counter[str]) -> bool:
    """The number at the end of an edge line, or at its start on a line met on two pages or more, follows the
    pages' numbering (`offset` from the page's index)."""
    trailing, leading = EDGE_NUMBER.search(line.text), EDGE_LEAD_NUMBER.match(line.text)
    return bool(
        trailing
        and int(trailing.group(1)) - index == offset
        or leading
        and counts[_signature(line.text)] >= 2
        and int(leading.group(1)) - index == offset
    )
