"""Stage 6, blocks: the lines in reading order made into titles, headings, paragraphs, code, tables, captions and
footnotes; the outline's entries anchored as headings when the PDF has a usable one."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from typing import Callable, Sequence

from textkind import BULLET_MARKS

from ...classify import NUMBERED_HEADING, is_toc_line, numbered_level
from ...document import Block, BlockKind, Origin
from ...recognition import words
from ...sections import finish
from .. import bookmarks
from . import headingrules, notes
from .anchors import anchored
from .figures import definition_rows, figure_text
from .furniture import furniture_ids
from .headingfeatures import Context, wraps_on
from .headingmodel import Judge
from .headings import (
    HEADING_SIZE,
    SENTENCE_ENDS,
    body_font,
    heading_level,
    heading_styles,
    is_heading,
    list_items,
    listed_lines,
    numbered_run_in,
    reads_like_heading,
    run_in_heading,
    stands_out,
    title_lines,
)
from .lines import MIN_CELLS, Line

PARAGRAPH_GAP = 1.3
RUN_IN_LEVEL = 6
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
    judged: frozenset[int] | None = None  # ids of the lines a learned model says open a heading; None: the rules

    @classmethod
    def measure(cls, lines: list[Line], judge: Judge | None = None) -> "_Page":
        body = body_font([line for line in lines if not line.outline])
        widths = sorted(ln.tail for ln in lines)
        typical, listed = widths[len(widths) * 3 // 4] if widths else 0, listed_lines(lines, body)
        return cls(
            body,
            _heading_sizes(lines, body),
            heading_styles(lines, body),
            _spacings(lines),
            typical,
            listed,
            list_items(lines, body),
            None if judge is None else judge.headings(Context.of(lines, body, typical, listed)),
        )

    def listed(self, line: Line) -> bool:
        """A numbered line in the body's own font that is an item of a numbered list ("4. Apply: Write mutations
        ..." between "3. Commit: ..." and "5. Clean up: ...") or a wrapped line of a paragraph that opens with a
        letter ("... found a bare quorum in A and / C. Position 103 is ..."), not a section."""
        return id(line) in self.list_lines

    def item(self, line: Line) -> bool:
        """A line that opens an item of a numbered list: a block of its own."""
        return id(line) in self.list_items

    def set_apart(self, line: Line) -> bool:
        """Under a learned judge, a line in type larger than the body's by `HEADING_SIZE` that the judge did not make
        a heading (a figure's labels, a pull quote): a block of its own, not the next line of the prose around it."""
        return self.judged is not None and bool(self.body.size) and line.size >= self.body.size * HEADING_SIZE

    def new_paragraph(self, previous: Line, line: Line) -> bool:
        """Whether `line` starts a paragraph: a wider gap, a short last line, an indent after a sentence end,
        a change of font kind, a bullet, a reference entry or a contents line (`PARAGRAPH_STARTS`)."""
        return self._wider_gap(previous, line) or any(rule(self, previous, line) for rule in PARAGRAPH_STARTS)

    def _wider_gap(self, previous: Line, line: Line) -> bool:
        spacing = self.spacings.get(round(line.size), 0.0)
        return bool(spacing) and previous.page == line.page and previous.last_top - line.top > PARAGRAPH_GAP * spacing

    def sentence_ended(self, previous: Line, line: Line) -> bool:
        """`previous` ends a sentence and is a short last line, or `line` is indented under it."""
        if not previous.text.endswith(SENTENCE_ENDS):
            return False
        gap = previous.last_top - line.top
        spacing = self.spacings.get(round(line.size), 0.0)
        same_page = previous.page == line.page
        indented = line.x - previous.x > 0.6 * (line.size or 10) and same_page and abs(gap) < 3 * (spacing or 12)
        return previous.tail < 0.7 * self.typical or indented


def _heading_sizes(lines: list[Line], body: Line) -> list[float]:
    """The sizes larger than the body's by `HEADING_SIZE` or more, largest first, titles and outline entries aside."""
    return sorted(
        {
            round(ln.size, 1)
            for ln in lines
            if body.size and ln.size >= body.size * HEADING_SIZE and not ln.title and not ln.outline
        },
        reverse=True,
    )


def _spacings(lines: list[Line]) -> dict[float, float]:
    """The usual spacing (the lower quartile) between consecutive lines of each size on a page."""
    gaps: dict[float, list[float]] = {}
    for a, b in zip(lines, lines[1:]):
        if a.page == b.page and abs(a.size - b.size) < 0.2 and 0 < a.last_top - b.top < 3 * (a.size or 12):
            gaps.setdefault(round(a.size), []).append(a.last_top - b.top)
    return {size: sorted(v)[len(v) // 4] for size, v in gaps.items()}


_toc_line = functools.lru_cache(maxsize=1024)(is_toc_line)  # each line is asked twice: as itself, then as the previous

# What else starts a paragraph at `line` after `previous` (besides a wider gap): a note's start or end, a sentence's
# end with a short last line or an indent, a change to or from code or a table, a bullet, a reference entry, a
# contents line.
PARAGRAPH_STARTS: tuple[Callable[[_Page, Line, Line], object], ...] = (
    lambda page, previous, line: previous.note != line.note,
    lambda page, previous, line: notes.opens_note(line),
    _Page.sentence_ended,
    lambda page, previous, line: previous.mono != line.mono,
    lambda page, previous, line: (previous.cells >= MIN_CELLS) != (line.cells >= MIN_CELLS),
    lambda page, previous, line: page.item(line),
    lambda page, previous, line: page.set_apart(previous) != page.set_apart(line),
    lambda page, previous, line: line.text[:1] in BULLET_MARKS,
    lambda page, previous, line: REFERENCE_START.match(line.text),
    lambda page, previous, line: _toc_line(line.text),
    lambda page, previous, line: _toc_line(previous.text),
)


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
        origin = notes.ORIGINS.get(lines[0].note)
    elif kind == "list_item":
        origin = Origin.NUMBERED_ITEM
    elif kind == "table":
        origin = Origin.TERM_ROWS if any(ln.defines for ln in lines) else Origin.SHORT_CELLS
    elif kind == "paragraph" and all(page.set_apart(ln) for ln in lines):
        origin = Origin.FONT
    return Block(kind, text, page=lines[0].page, origin=origin, later_pages=later)


def _blocks(lines: list[Line], depth: int = 0, judge: Judge | None = None) -> list[Block]:
    """Paragraphs, code, tables and headings of the lines; with an outline (`depth` levels deep) its entries are the
    headings at their levels and what only looks like a heading goes below them. `judge` tells headings by a learned
    model instead of the rules."""
    reading = _Reading(lines, depth, judge)
    for number in range(len(lines)):
        reading.read(number)
    reading.flush()
    return notes.rejoined(figure_text(reading.blocks))


def _split_run_in(line: Line, body: Line) -> tuple[str, str, int, Origin]:
    """(heading, rest, level, origin) of a heading run into its paragraph: bold, or numbered and in capitals; the
    heading '' when the line opens with none."""
    heading, rest = run_in_heading(line, body)
    if heading:
        return heading, rest, RUN_IN_LEVEL, Origin.BOLD_RUN_IN
    heading, rest = numbered_run_in(line)
    return heading, rest, numbered_level(heading), Origin.NUMBERED_RUN_IN


class _Reading:
    """The lines read in order into blocks: the blocks made so far, the open paragraph, and the captions and
    footnotes met inside it, set down after it."""

    def __init__(self, lines: list[Line], depth: int, judge: Judge | None = None) -> None:
        self.lines, self.depth = lines, depth
        self.page = _Page.measure(lines, judge)
        self.blocks: list[Block] = []
        self.current: list[Line] = []
        self.held: list[list[Line]] = []
        self.joined: set[int] = set()  # ids of a heading's wrapped lines, already part of it

    def flush(self) -> None:
        """The open paragraph and the notes held inside it made blocks."""
        self.blocks.extend(_block(group, self.page) for group in ([self.current] if self.current else []) + self.held)
        self.current.clear()
        self.held.clear()

    def read(self, number: int) -> None:
        """`lines[number]` added: to a note, as a title or heading line, or to the open paragraph."""
        line = self.lines[number]
        if id(line) in self.joined:
            return
        previous = self.lines[number - 1] if number else None
        if line.note:  # a caption or footnote: never a heading, and out of the sentence it cuts
            self._hold(previous, line)
            return
        heading, rest, level, origin = _split_run_in(line, self.page.body)
        seems_heading, text, wrapped = _layout_heading(self.lines, number, self.page)
        if line.title or line.outline or heading or seems_heading:
            self.flush()
        if line.title:
            self._title(line)
        elif line.outline:
            self.blocks.append(Block("heading", line.text, line.outline, line.page, origin=Origin.OUTLINE))
        elif heading:
            self.blocks.append(Block("heading", heading, level + self.depth, line.page, origin=origin))
            self.current.append(replace(line, text=rest, run_in=""))
        elif seems_heading:
            self.joined.update(id(ln) for ln in wrapped)
            _add_heading(self.blocks, previous, line, text if wrapped else "", self.page, self.depth)
        else:
            self._continue(line)

    def _continue(self, line: Line) -> None:
        """A line of prose, code or a table: the open paragraph's next line, or the first of a new one."""
        if not self.current or self.page.new_paragraph(self.current[-1], line):
            self.flush()
        self.current.append(line)

    def _hold(self, previous: Line | None, line: Line) -> None:
        """A caption or footnote line: the next line of the note just held, or a new one."""
        held = self.held
        if held and held[-1][-1] is previous and not self.page.new_paragraph(held[-1][-1], line):
            held[-1].append(line)
        else:
            held.append([line])

    def _title(self, line: Line) -> None:
        """A title line: the title block's next line, or the title block."""
        last = self.blocks[-1] if self.blocks else None
        if last and last.kind == "title":
            self.blocks[-1] = Block("title", f"{last.text} {line.text}", page=line.page, origin=last.origin)
        else:
            self.blocks.append(Block("title", line.text, page=line.page, origin=Origin.LARGEST_TEXT))


def _add_heading(blocks: list[Block], previous: Line | None, line: Line, wrapped: str, page: _Page, depth: int) -> None:
    """The heading `line` opens (its `wrapped` lines joined, when it has any) added to `blocks`, or added to the
    heading just before it when it is that heading's next line."""
    last = blocks[-1] if blocks else None
    if last is not None and not wrapped and _continues_heading(last, previous, line):
        blocks[-1] = Block("heading", f"{last.text} {line.text}", last.level, last.page, origin=last.origin)
    else:
        level = heading_level(line, page.heading_sizes, page.styles) + depth
        blocks.append(Block("heading", wrapped or line.text, level, line.page, origin=Origin.FONT))


def _layout_heading(lines: list[Line], number: int, page: _Page) -> tuple[bool, str, list[Line]]:
    """Whether `lines[number]` opens a heading by its layout, the heading's text and the wrapped lines joined to it."""
    line, body = lines[number], page.body
    following = lines[number + 1] if number + 1 < len(lines) else None
    if page.judged is not None:
        return _judged_heading(lines, number, page.body, page.judged)
    if not stands_out(line, body) or page.listed(line) or headingrules.runs_on(line, following, body, page.typical):
        return False, line.text, []
    text, wrapped = headingrules.joined_heading(
        lines, number, body, lambda text: not line.byline and reads_like_heading(replace(line, text=text))
    )
    return bool(wrapped) or is_heading(line, body) and not wraps_on(line, following), text, wrapped


def _judged_heading(lines: list[Line], number: int, body: Line, judged: frozenset[int]) -> tuple[bool, str, list[Line]]:
    """`_layout_heading` as a learned model decides it: the line opens a heading when the model says so and it is
    not the byline (the authors' names under the title, as the rules hold too), its wrapped lines (same font, line
    spacing) joined to it."""
    line = lines[number]
    if id(line) not in judged or line.byline:
        return False, line.text, []
    wrapped = []
    for more in headingrules.wrapped(lines, number, body):
        if id(more) in judged:
            break
        wrapped.append(more)
    return True, " ".join([line.text, *(ln.text for ln in wrapped)]), wrapped


def layout(
    pages: list[list[Line]], entries: Sequence[bookmarks.Bookmark] = (), judge: Judge | None = None
) -> tuple[tuple[Block, ...], bool]:
    """Typed blocks of the pages' lines with running headers, footers and page numbers left out; and whether
    there were any. With outline entries, those are the headings; `judge`, when given, tells the other headings
    (a learned model instead of the rules)."""
    furniture = furniture_ids(pages)
    kept = [[line for line in page if id(line) not in furniture] for page in pages]
    depth = 0
    if entries:
        kept, depth = anchored(kept, list(entries))
    kept, title = _titled(kept)
    kept = [_with_table_rows(page) for page in kept]
    kept = notes.set_aside(kept, body_font([line for page in kept for line in page]).size)
    blocks = _blocks([line for page in kept for line in page], depth, judge)
    blocks = headingrules.title_repeats(blocks, title, Origin.FONT)
    return finish(blocks) + _running(pages, furniture), bool(furniture)


def _titled(pages: list[list[Line]]) -> tuple[list[list[Line]], str]:
    """The pages with the first page's title lines and byline marked, and the title's text."""
    if not pages or not pages[0]:
        return pages, ""
    first = pages[0]
    title = title_lines(first, body_font([line for page in pages for line in page]))
    marked = {id(line) for line in title}
    names = headingrules.byline(first, title)
    first = [
        replace(line, title=True) if id(line) in marked else replace(line, byline=True) if id(line) in names else line
        for line in first
    ]
    return [first, *pages[1:]], " ".join(line.text for line in title)


def _with_table_rows(lines: list[Line]) -> list[Line]:
    """A page's lines with its tables' header rows and the rows of its tables of terms (marked `defines`) made rows
    of cells, like the rows under them."""
    terms = definition_rows(lines)
    rows = headingrules.header_rows(lines) | terms
    return [replace(line, cells=MIN_CELLS, defines=id(line) in terms) if id(line) in rows else line for line in lines]


def _running(pages: list[list[Line]], furniture: set[int]) -> tuple[Block, ...]:
    """One block of each page's running heads, feet and page numbers (the lines whose ids are in `furniture`)."""
    return tuple(
        Block(
            "running",
            " · ".join(line.text for line in page if id(line) in furniture),
            page=number,
            origin=Origin.RUNNING,
        )
        for number, page in enumerate(pages, 1)
        if any(id(line) in furniture for line in page)
    )
