"""Stage 4, tables and figures: a figure's labels, legends and axis ticks told from sections, and the rows of a
two-column table of terms and what they mean (the rows of other tables are found from whole lines' cells, in
`lines`; captions and footnotes in `notes`)."""

from __future__ import annotations

import re
from typing import Sequence

from textkind import is_caption

from ...classify import NUMBERED_HEADING
from ...document import Block, Origin
from . import notes
from .headingrules import MAX_HEADER_CELL_WORDS, first_cell, list_mark
from .lines import Line

MAX_LABEL_WORDS = 3
SECTION_NUMBER = re.compile(
    r"^(?:\d{1,3}(?:\.\d{1,3})*\.?|[A-Z]|[IVXLC]{1,6}\.?)$"
)  # "8", "9.1", "A": a heading's number
TERM_SHARE = 0.5  # a term's column is at most this share of its table's width
ALIGN_EMS = 0.6
ROW_SPACING_EMS = 2.6  # the most space between two lines of one table, in ems
SIZE_TOLERANCE = 0.3  # points: the lines of one table are set in one size


def figure_text(blocks: list[Block]) -> list[Block]:
    """Unnumbered 'headings' right before a figure's caption are its labels and legends (axis titles, plot
    names), not sections; so are the one-to-three-word labels among them ("X", "Coordinator C"), and, under a learned
    judge, the lines in larger type it did not make headings."""
    result = list(blocks)
    index = 0
    while index < len(result):
        end = index
        while end < len(result) and (
            _set_by_font(result[end])
            or result[end].kind == "paragraph"
            and len(result[end].text.split()) <= MAX_LABEL_WORDS
        ):
            end += 1
        run = range(index, end)
        if any(_set_by_font(result[at]) for at in run) and end < len(result) and is_caption(result[end].text):
            for at in run:
                result[at] = Block("caption", result[at].text, page=result[at].page, origin=Origin.FIGURE_TEXT)
        index = end + 1 if end > index else index + 1
    return _axis_labels(result)


def _set_by_font(block: Block) -> bool:
    """An unnumbered heading by its font, or a paragraph a learned judge set apart by its larger type."""
    return (
        block.kind in ("heading", "paragraph")
        and block.origin is Origin.FONT
        and not NUMBERED_HEADING.match(block.text)
    )


def _ticks(block: Block) -> bool:
    """A row of a chart's axis: mostly numbers ("0 50 100 150 200", "0 TB 50 TB 100 TB")."""
    return block.kind in ("paragraph", "code", "caption") and notes.ticks(block.text)


def _axis_labels(blocks: list[Block]) -> list[Block]:
    """An unnumbered 'heading' next to a row of axis ticks is the axis's label ("Day" above "0 50 100 150 ..."):
    figure text, as are the ticks."""
    result = list(blocks)
    for index, block in enumerate(blocks):
        if block.kind != "heading" or block.origin is not Origin.FONT or NUMBERED_HEADING.match(block.text):
            continue
        near = [at for at in (index - 1, index + 1) if 0 <= at < len(blocks) and _ticks(blocks[at])]
        for at in [index, *near] if near else []:
            result[at] = Block("caption", blocks[at].text, page=blocks[at].page, origin=Origin.FIGURE_TEXT)
    return result


def _term_row(line: Line) -> tuple[float, float, float] | None:
    """(left of the term, left and right of its description) of a line that is a term and the start of what it
    means, set in two cells ("Ignorable   A whitespace-delimited list of ..."): a short first cell that is no list's
    mark."""
    if len(line.spans) != 2 or line.mono:
        return None
    (left, _, words), (start, right, _) = line.spans
    term = first_cell(line)
    if words > MAX_HEADER_CELL_WORDS or list_mark(line) or SECTION_NUMBER.match(term):
        return None
    return left, start, right


def _near(a: float, b: float, em: float) -> bool:
    return abs(a - b) < ALIGN_EMS * em


def _run(lines: Sequence[Line], index: int, columns: tuple[float, float, float]) -> tuple[int, int, float]:
    """Where the table that opens with the term row `lines[index]` ends, how many rows it has (its term rows, and
    a last row whose description wraps counted too) and the right edge of its widest row: its rows go on while
    each next line is a row of the same columns or a wrapped line of a description, at line spacing, in one size."""
    em = lines[index].size or 10.0
    rows, right, end, wrapped = 1, columns[2], index + 1, False
    while end < len(lines):
        line, previous = lines[end], lines[end - 1]
        if (
            line.page != previous.page
            or abs(line.size - lines[index].size) > SIZE_TOLERANCE
            or not 0 < previous.last_top - line.top < ROW_SPACING_EMS * em
        ):
            break
        row = _term_row(line)
        if row is not None and _near(row[0], columns[0], em) and _near(row[1], columns[1], em):
            rows, right = rows + 1, max(right, row[2])
        elif len(line.spans) < 2 and _near(line.x, columns[1], em):
            wrapped = True
        else:
            break
        end += 1
    return end, rows + (rows == 1 and wrapped), right


def _header(lines: Sequence[Line], index: int, columns: tuple[float, float, float]) -> Line | None:
    """The header row ("Name  Description": two short cells, one over each column) right above the table's first
    row, if there is one."""
    header = lines[index - 1] if index else None
    first, em = lines[index], lines[index].size or 10.0
    if (
        header is not None
        and header.page == first.page
        and len(header.spans) == 2
        and all(words <= MAX_HEADER_CELL_WORDS for _, _, words in header.spans)
        and header.spans[0][1] < columns[1]
        and header.spans[1][0] > columns[1] - ALIGN_EMS * em
        and 0 < header.last_top - first.top < ROW_SPACING_EMS * em
    ):
        return header
    return None


def definition_rows(lines: Sequence[Line]) -> set[int]:
    """ids of the lines of a table of terms and their meanings (a term in a narrow first column, its description
    wrapped in the second): two rows or more whose columns line up, each with the wrapped lines of its
    description under the description; or one such row, its description wrapped, under a header row of two short
    cells over the two columns ("Name  Description"), as on the page a table goes on to. A term is no heading's
    number ("8  Future Work", "A  Proofs"). Their words are cells: a term glued to its meaning is no
    sentence. The first column is at most `TERM_SHARE` of the table's width (two columns of a page side by side,
    read as one line, are not a table)."""
    found: set[int] = set()
    index = 0
    while index < len(lines):
        columns = _term_row(lines[index])
        if columns is None:
            index += 1
            continue
        end, rows, right = _run(lines, index, columns)
        header = _header(lines, index, columns)
        narrow = columns[1] - columns[0] <= TERM_SHARE * (right - columns[0])
        if narrow and rows >= 2 - (header is not None):
            found.update(id(line) for line in ([header] if header else []) + list(lines[index:end]))
        index = end
    return found
