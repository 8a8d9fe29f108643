"""Stage 6, blocks: the lines in reading order made into titles, headings, paragraphs, code, tables, captions and
footnotes; the outline's entries anchored as headings when the PDF has a usable one."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from typing import Sequence

from textkind import BULLET_MARKS

from ...classify import NUMBERED_HEADING, is_toc_line, numbered_level
from ...document import Block, BlockKind, Origin
from ...recognition import words
from ...sections import finish
from .. import bookmarks, pdfheadings, pdfnotes
from .figures import _figure_text, definition_rows
from .furniture import _furniture
from .headings import (
    HEADING_SIZE,
    ROMAN_HEADING,
    SENTENCE_ENDS,
    _body,
    _heading_level,
    _is_heading,
    _list_items,
    _list_lines,
    _numbered_run_in,
    _reads_like_heading,
    _run_in,
    _stands_out,
    _styles,
    _title_lines,
)
from .lines import MIN_CELLS, Line

PARAGRAPH_GAP = 1.3
RUN_IN_LEVEL = 6
WRAPPED_MIN_WORDS = 5
REFERENCE_START = re.compile(r"^\[\s*[\w+.-]{1,12}\s*\]\s")


@dataclass
class _Page:
    """What the whole text says about its lines: the body font, heading sizes and styles, line spacing per size and
    the typical line length, measured once before the lines are read in order."""

    body: Line
    heading_sizes: list[float]
    styles: dict[tuple[float, bool], int]
    spacings: dict[float, float]
    typical: int
    list_lines: frozenset[int]
    list_items: frozenset[int]

    @classmethod
    def measure(cls, lines: list[Line]) -> "_Page":
        body = _body([line for line in lines if not line.outline])
        sizes = sorted(
            {
                round(ln.size, 1)
                for ln in lines
                if body.size and ln.size >= body.size * HEADING_SIZE and not ln.title and not ln.outline
            },
            reverse=True,
        )
        gaps: dict[float, list[float]] = {}
        for a, b in zip(lines, lines[1:]):
            if a.page == b.page and abs(a.size - b.size) < 0.2 and 0 < a.last_top - b.top < 3 * (a.size or 12):
                gaps.setdefault(round(a.size), []).append(a.last_top - b.top)
        widths = sorted(ln.tail for ln in lines)
        return cls(
            body,
            sizes,
            _styles(lines, body),
            {size: sorted(v)[len(v) // 4] for size, v in gaps.items()},
            widths[len(widths) * 3 // 4] if widths else 0,
            _list_lines(lines, body),
            _list_items(lines, body),
        )

    def listed(self, line: Line) -> bool:
        """A numbered line in the body's own font that is an item of a numbered list ("4. Apply: Write mutations
        ..." between "3. Commit: ..." and "5. Clean up: ...") or a wrapped line of a paragraph that opens with a
        letter ("... found a bare quorum in A and / C. Position 103 is ..."), not a section."""
        return id(line) in self.list_lines

    def item(self, line: Line) -> bool:
        """A line that opens an item of a numbered list: a block of its own."""
        return id(line) in self.list_items

    def new_paragraph(self, previous: Line, line: Line) -> bool:
        """Whether `line` starts a paragraph: a wider gap, a short last line, an indent after a sentence end,
        a change of font kind, a bullet, a reference entry or a contents line."""
        gap = previous.last_top - line.top
        spacing = self.spacings.get(round(line.size), 0.0)
        same_page = previous.page == line.page
        ended = previous.text.endswith(SENTENCE_ENDS)
        indented = line.x - previous.x > 0.6 * (line.size or 10) and same_page and abs(gap) < 3 * (spacing or 12)
        return bool(
            previous.note != line.note
            or pdfnotes.opens_note(line)
            or spacing
            and same_page
            and gap > PARAGRAPH_GAP * spacing
            or ended
            and (previous.tail < 0.7 * self.typical or indented)
            or previous.mono != line.mono
            or (previous.cells >= MIN_CELLS) != (line.cells >= MIN_CELLS)
            or self.item(line)
            or line.text[:1] in BULLET_MARKS
            or REFERENCE_START.match(line.text)
            or _toc_line(line.text)
            or _toc_line(previous.text)
        )


_toc_line = functools.lru_cache(maxsize=1024)(is_toc_line)  # each line is asked twice: as itself, then as the previous


def _joined(lines: list[Line], kind: str) -> tuple[str, tuple[tuple[int, int], ...]]:
    """The lines of one block as its text (code and table rows one per line, prose with hyphenation repaired), and
    where in it each later page starts."""
    text = lines[0].text
    pages: list[tuple[int, int]] = []
    for previous, line in zip(lines, lines[1:]):
        if kind == "paragraph" and text.endswith("-") and line.text[:1].islower() and text[-2:-1].isalpha():
            text = words.dehyphenated(text, line.text)
        else:
            text += ("\n" if kind in ("code", "table") else " ") + line.text
        if line.page != previous.page:
            pages.append((len(text) - len(line.text), line.page))
    return text, tuple(pages)


def _continues_heading(last: Block | None, previous: Line | None, line: Line) -> bool:
    """A layout heading's next line in the same font on the same page: its wrapped second line."""
    return bool(
        last
        and last.kind == "heading"
        and last.origin is not Origin.OUTLINE
        and last.page == line.page
        and previous
        and abs(previous.size - line.size) < 0.2
        and previous.bold == line.bold
        and not NUMBERED_HEADING.match(line.text)
        and len(last.text.split()) + len(line.text.split()) <= 20
    )


def _kind(lines: list[Line], page: _Page) -> BlockKind:
    """What a block of lines is: a caption or footnote as set aside, code, a table, an item of a numbered list, else
    a paragraph."""
    if lines[0].note:
        return "footnote" if lines[0].note == "footnote" else "caption"
    if all(ln.cells >= MIN_CELLS for ln in lines):
        return "table"
    if all(ln.mono for ln in lines) and page.body.size and not page.body.mono:
        return "code"
    return "list_item" if page.item(lines[0]) else "paragraph"


def _block(lines: list[Line], page: _Page) -> Block:
    """The block a group of lines makes, with why it has its kind where that is not plain."""
    kind = _kind(lines, page)
    text, later = _joined(lines, "paragraph" if lines[0].note else kind)
    origin: Origin | None = None
    if lines[0].note:
        origin = pdfnotes.ORIGINS.get(lines[0].note)
    elif kind == "list_item":
        origin = Origin.NUMBERED_ITEM
    elif kind == "table":
        origin = Origin.TERM_ROWS if any(ln.defines for ln in lines) else Origin.SHORT_CELLS
    return Block(kind, text, page=lines[0].page, origin=origin, later_pages=later)


def _blocks(lines: list[Line], depth: int = 0) -> list[Block]:
    """Paragraphs, code, tables and headings of the lines; with an outline (`depth` levels deep) its entries are the
    headings at their levels and what only looks like a heading goes below them."""
    page = _Page.measure(lines)
    body = page.body
    blocks: list[Block] = []
    current: list[Line] = []
    held: list[list[Line]] = []  # captions and footnotes met inside the open paragraph, set down after it
    joined: set[int] = set()  # ids of a heading's wrapped lines, already part of it

    def flush() -> None:
        blocks.extend(_block(group, page) for group in ([current] if current else []) + held)
        current.clear()
        held.clear()

    for number, line in enumerate(lines):
        if id(line) in joined:
            continue
        previous = lines[number - 1] if number else None
        if line.note:  # a caption or footnote: never a heading, and out of the sentence it cuts
            if held and held[-1][-1] is previous and not page.new_paragraph(held[-1][-1], line):
                held[-1].append(line)
            else:
                held.append([line])
            continue
        heading, rest = _run_in(line, body)
        run_in_level, run_in_origin = RUN_IN_LEVEL, Origin.BOLD_RUN_IN
        if not heading:
            heading, rest = _numbered_run_in(line)
            run_in_level, run_in_origin = numbered_level(heading), Origin.NUMBERED_RUN_IN
        seems_heading, text, wrapped = _layout_heading(lines, number, page)
        if line.title or line.outline or heading or seems_heading:
            flush()
        if line.title:
            last = blocks[-1] if blocks else None
            if last and last.kind == "title":
                blocks[-1] = Block("title", f"{last.text} {line.text}", page=line.page, origin=last.origin)
            else:
                blocks.append(Block("title", line.text, page=line.page, origin=Origin.LARGEST_TEXT))
        elif line.outline:
            blocks.append(Block("heading", line.text, line.outline, line.page, origin=Origin.OUTLINE))
        elif heading:
            blocks.append(Block("heading", heading, run_in_level + depth, line.page, origin=run_in_origin))
            line.text, line.run_in = rest, ""
            current.append(line)
        elif seems_heading:
            joined.update(id(ln) for ln in wrapped)
            _add_heading(blocks, previous, line, text if wrapped else "", page, depth)
        else:
            if not current or page.new_paragraph(current[-1], line):
                flush()
            current.append(line)
    flush()
    return pdfnotes.rejoined(_figure_text(blocks))


def _add_heading(blocks: list[Block], previous: Line | None, line: Line, wrapped: str, page: _Page, depth: int) -> None:
    """The heading `line` opens (its `wrapped` lines joined, when it has any) added to `blocks`, or added to the
    heading just before it when it is that heading's next line."""
    last = blocks[-1] if blocks else None
    if last is not None and not wrapped and _continues_heading(last, previous, line):
        blocks[-1] = Block("heading", f"{last.text} {line.text}", last.level, last.page, origin=last.origin)
    else:
        level = _heading_level(line, page.heading_sizes, page.styles) + depth
        blocks.append(Block("heading", wrapped or line.text, level, line.page, origin=Origin.FONT))


def _layout_heading(lines: list[Line], number: int, page: _Page) -> tuple[bool, str, list[Line]]:
    """Whether `lines[number]` opens a heading by its layout, the heading's text and the wrapped lines joined to it."""
    line, body = lines[number], page.body
    following = lines[number + 1] if number + 1 < len(lines) else None
    if not _stands_out(line, body) or page.listed(line) or pdfheadings.runs_on(line, following, body, page.typical):
        return False, line.text, []
    text, wrapped = pdfheadings.joined_heading(
        lines, number, body, lambda text: not line.byline and _reads_like_heading(replace(line, text=text))
    )
    return bool(wrapped) or _is_heading(line, body) and not _wraps_on(line, following), text, wrapped


def _wraps_on(line: Line, following: Line | None) -> bool:
    """An unnumbered line whose sentence goes on in lowercase on the next line of the same page (a bold
    abstract's first line, "Abstract— The emergence of new applications on the Internet" / "like
    voice-over-IP, ..."): the first line of a paragraph, not a heading. A figure's one- or two-word labels
    ("Randomly" over "pick copyset") are left to the figure pass."""
    return bool(
        following is not None
        and len(line.text.split()) >= WRAPPED_MIN_WORDS
        and following.page == line.page
        and following.text[:1].islower()
        and not NUMBERED_HEADING.match(line.text)
        and not ROMAN_HEADING.match(line.text)
    )


def _anchored(pages: list[list[Line]], entries: list[bookmarks.Bookmark]) -> tuple[list[list[Line]], int]:
    """The pages' lines with each outline entry's heading marked at its level (wrapped lines joined into one,
    a run-in heading split off its paragraph, a heading not found on the page put at the entry's position);
    and how deep the outline goes."""
    anchors = bookmarks.anchor(entries, pages)
    result = [list(lines) for lines in pages]
    taken: set[tuple[int, int]] = set()
    for item in sorted(anchors, key=lambda a: (a.page, -1 if a.line is None else a.line), reverse=True):
        lines = result[item.page - 1]
        if item.line is not None and any((item.page, i) in taken for i in range(item.line, item.line + item.span)):
            continue
        taken.update((item.page, i) for i in range(item.line or 0, (item.line or 0) + item.span))
        if item.line is None:
            below = [i for i, line in enumerate(lines) if item.entry.top is not None and line.top < item.entry.top]
            at = below[0] if below else 0
            lines.insert(at, Line(item.text, item.page, top=item.entry.top or 0.0, outline=item.level))
            continue
        first = lines[item.line]
        if item.span == 1 and len(item.text) < len(first.text) and not first.outline:
            rest = first.text[len(item.text) :].strip()
            lines.insert(item.line + 1, replace(first, text=rest, tail=len(rest), run_in="", cells=1, title=False))
        lines[item.line] = replace(
            first,
            text=item.text,
            last_top=lines[item.line + item.span - 1].last_top,
            run_in="",
            outline=item.level,
            cells=1,
            title=False,
        )
        del lines[item.line + 1 : item.line + item.span]
    return result, max((a.level for a in anchors), default=0)


def layout(pages: list[list[Line]], entries: Sequence[bookmarks.Bookmark] = ()) -> tuple[tuple[Block, ...], bool]:
    """Typed blocks of the pages' lines with running headers, footers and page numbers left out; and whether
    there were any. With outline entries, those are the headings."""
    furniture = _furniture(pages)
    kept = [[line for line in page if id(line) not in furniture] for page in pages]
    depth = 0
    title: list[Line] = []
    if entries:
        kept, depth = _anchored(kept, list(entries))
    if kept and kept[0]:
        body = _body([line for page in kept for line in page])
        title = _title_lines(kept[0], body)
        for line in title:
            line.title = True
        for line in kept[0]:
            line.byline = id(line) in pdfheadings.byline(kept[0], title)
    for page in kept:
        terms = definition_rows(page)
        rows = pdfheadings.header_rows(page) | terms
        for line in page:
            line.cells = MIN_CELLS if id(line) in rows else line.cells
            line.defines = id(line) in terms
    pdfnotes.set_aside(kept, _body([line for page in kept for line in page]).size)
    running = [
        Block(
            "running",
            " · ".join(line.text for line in page if id(line) in furniture),
            page=number,
            origin=Origin.RUNNING,
        )
        for number, page in enumerate(pages, 1)
        if any(id(line) in furniture for line in page)
    ]
    blocks = _blocks([line for page in kept for line in page], depth)
    blocks = pdfheadings.title_repeats(blocks, " ".join(ln.text for ln in title), Origin.FONT)
    return finish(blocks) + tuple(running), bool(furniture)
