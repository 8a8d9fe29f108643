"""Captions and footnotes taken out of a PDF's reading order, and the sentences they cut put back together.

In a PDF's reading order a figure's caption sits where the figure floated to, often inside a
sentence ("... the consensus al-" / "Figure 10: Switching directly ..." / "gorithm ..."), and a
page's footnotes sit between the last line of a column and the first of the next. Read as they
come, both end up spliced into the prose, and a footnote can become a summary sentence. They are
told apart by their place and font, not their words: a caption opens with "Figure N:", "Table N."
or "Fig. N" where no sentence is under way; a footnote is smaller text at the foot of a column,
under body text, that opens with a mark (1, *, †), sits under a short rule or after a wide gap.
The marks that point to footnotes from the body (a raised, smaller "1" glued to a word) are
dropped from the sentence.
"""

from __future__ import annotations

import re
from dataclasses import replace

from textkind import is_caption

from ...document import Block, Origin
from ...recognition import words
from .lines import Line
from .pagetext import SMALLER

NOTE_START = re.compile(r"^(?:\d{1,2}|[∗*†‡§¶]{1,3})\s?(?=[A-Z(\[“\"'])")
LONE_MARK = re.compile(r"[∗*†‡§¶]{1,3}")
DIGITS = re.compile(r"\d+")
AXIS_NUMBER = re.compile(r"^[-+(]?\d+(?:[.,]\d+)?[%)]?$")
MIN_TICKS = 4
MIN_COLUMN_TICKS = 3
MAX_LABEL_WORDS = 5
LABEL_REACH = 2.0
FOOT_GAP = 1.6  # a footnote under a gap this many body sizes wide needs no mark or rule
MAX_NOTE_SHARE = 0.45  # footnotes fill at most this share of the page's text height
MIN_PROSE_WORDS = 5
CAPTION_STEP = 1.7  # a caption's next line sits within this many of its sizes
SENTENCE_ENDS = (".", "!", "?", ":", "”", '"')
NOTE_KINDS = ("caption", "footnote")
ORIGINS = {  # where a set-aside block's kind came from, by its lines' `note`
    "caption": Origin.SET_CAPTION,
    "footnote": Origin.SET_FOOTNOTE,
    "ticks": Origin.AXIS_TICKS,
    "figure": Origin.CHART_LABELS,
}
REACH = 3  # blocks other than notes between the halves of a cut sentence


def set_aside(pages: list[list[Line]], body_size: float) -> list[list[Line]]:
    """The pages with their captions, axis ticks and footnotes marked (`Line.note`), so the reader makes them blocks
    of their own: captions and a chart's ticks and labels of the kind "caption", footnotes of the kind
    "footnote"."""
    if not body_size:
        return pages
    return [_page_notes(lines, body_size) for lines in pages]


def _page_notes(lines: list[Line], body_size: float) -> list[Line]:
    """One page's lines with their notes marked."""
    lines = _lone_marks(lines)
    notes = [line.note for line in lines]
    _captions(lines, notes)
    if lines:
        _footnotes(lines, notes, body_size)
    return [line if note == line.note else replace(line, note=note) for line, note in zip(lines, notes)]


def _lone_marks(lines: list[Line]) -> list[Line]:
    """A footnote's mark that PDFium gives as a line of its own ("*", then the note) has no letter to measure: it
    takes the place and size of the note it opens."""
    return [
        replace(
            line,
            size=following.size,
            x=following.x,
            top=following.top,
            last_top=following.top,
            ruled=following.ruled,
        )
        if not line.size and LONE_MARK.fullmatch(line.text) and following.size
        else line
        for line, following in zip(lines, lines[1:])
    ] + lines[-1:]


def _free(line: Line, note: str) -> bool:
    return not (note or line.outline or line.title)


def ticks(text: str) -> bool:
    """A row of a chart's axis: mostly numbers ("0 50 100 150 200", "0 TB 50 TB 100 TB")."""
    if len(DIGITS.findall(text)) < MIN_TICKS:  # each number holds a run of digits of its own
        return False
    tokens = text.split()
    numbers = sum(bool(AXIS_NUMBER.match(token)) for token in tokens)
    return numbers >= MIN_TICKS and numbers >= 0.5 * len(tokens)


def _captions(lines: list[Line], notes: list[str]) -> None:
    """Into `notes` (one per line): a line that opens like a caption where no sentence runs on into it, and the
    lines set close under it in its font; a chart's axis ticks, in a row or one number a line, which no sentence
    holds; and a chart's short labels between its ticks and its caption."""
    _ticks(lines, notes)
    index = 0
    while index < len(lines):
        line = lines[index]
        previous = lines[index - 1] if index else None
        if (
            not (_free(line, notes[index]) and is_caption(line.text))
            or previous is not None
            and _runs_into(previous, line)
        ):
            index += 1
            continue
        _labels(lines, notes, index)
        notes[index] = "caption"
        index += 1
        while index < len(lines) and _caption_goes_on(lines[index - 1], lines[index], notes[index]):
            notes[index] = "caption"
            index += 1


def _ticks(lines: list[Line], notes: list[str]) -> None:
    """Rows of axis ticks ("0 20 40 60 80"), and columns of them: `MIN_COLUMN_TICKS` or more lines in a row that are
    each one number."""
    for index, line in enumerate(lines):
        if _free(line, notes[index]) and line.cells < 3 and ticks(line.text):
            notes[index] = "ticks"
    run: list[int] = []
    for index, line in enumerate(lines):
        number = _free(line, notes[index]) and bool(AXIS_NUMBER.match(line.text))
        if number and (not run or lines[run[-1]].page == line.page):
            run.append(index)
            continue
        _column(run, notes)
        run = [index] if number else []
    _column(run, notes)


def _column(run: list[int], notes: list[str]) -> None:
    if len(run) >= MIN_COLUMN_TICKS:
        for index in run:
            notes[index] = "ticks"


def _labels(lines: list[Line], notes: list[str], caption: int) -> None:
    """The short lines just before a caption on its page, back to the first line of prose, that sit level with axis
    ticks among them (within `LABEL_REACH` of their sizes): the chart's labels and legend ("Operation Success Rate %",
    "Read/Query"); not a short last line of the prose above the chart."""
    run = []
    for index in range(caption - 1, -1, -1):
        line, note = lines[index], notes[index]
        short = len(line.text.split()) <= MAX_LABEL_WORDS and not line.text.endswith(SENTENCE_ENDS)
        if line.page != lines[caption].page or note not in ("", "ticks") or not (note or short):
            break
        run.append(index)
    tops = [lines[index].top for index in run if notes[index] == "ticks"]
    for index in run if tops else []:
        line = lines[index]
        if min(tops) - LABEL_REACH * line.size <= line.top <= max(tops) + LABEL_REACH * line.size:
            notes[index] = notes[index] or "figure"


def _runs_into(previous: Line, line: Line) -> bool:
    """`line` is the next line of `previous`'s paragraph: the line below in its font, the sentence not ended."""
    return (
        abs(previous.size - line.size) < 0.3
        and 0 < previous.last_top - line.top < CAPTION_STEP * (line.size or 10)
        and not previous.text.endswith(SENTENCE_ENDS)
    )


def _caption_goes_on(previous: Line, line: Line, note: str) -> bool:
    return (
        _free(line, note)
        and previous.page == line.page
        and abs(previous.size - line.size) < 0.3
        and 0 < previous.last_top - line.top < CAPTION_STEP * (line.size or 10)
        and not is_caption(line.text)
        and line.cells < 3
    )


def _footnotes(lines: list[Line], notes: list[str], body_size: float) -> None:
    """Into `notes`: runs of smaller lines in the text's face (code is set in a fixed-pitch one) at the foot of a
    column, under body text, that open with a mark, sit under a rule or after a wide gap below a line of prose."""
    tops = [line.top for line in lines]
    height = max(tops) - min(tops) or 1.0
    small = [
        _free(line, note) and 0 < line.size <= SMALLER * body_size and line.cells < 3 and not line.mono
        for line, note in zip(lines, notes)
    ]
    index = 1
    while index < len(lines):
        if not small[index] or small[index - 1]:
            index += 1
            continue
        end = _run_end(lines, small, index)
        if _at_foot(lines, index, end, height) and _noted(lines[index - 1], lines[index], body_size):
            notes[index:end] = ["footnote"] * (end - index)
        index = end


def _run_end(lines: list[Line], small: list[bool], start: int) -> int:
    """Where the run of small lines from `start` ends: at the first line that is not small or sits above it."""
    end = start
    while end < len(lines) and small[end] and lines[end].top <= lines[start].top:
        end += 1
    return end


def _at_foot(lines: list[Line], start: int, end: int, height: float) -> bool:
    """The run `lines[start:end]` sits at a column's foot, under the line before it, and fills at most
    `MAX_NOTE_SHARE` of the page's text height."""
    first = lines[start]
    return (
        (end == len(lines) or lines[end].top > first.top)
        and lines[start - 1].last_top > first.top
        and first.top - lines[end - 1].top <= MAX_NOTE_SHARE * height
    )


def _noted(above: Line, first: Line, body_size: float) -> bool:
    """A run opened by `first` under `above` is footnotes: it sits under a rule, opens with a mark, or lies a wide
    gap below a line of prose."""
    wide = above.last_top - first.top >= FOOT_GAP * body_size
    prose = len(above.text.split()) >= MIN_PROSE_WORDS and not above.bold
    return first.ruled or _marked(first) or wide and prose


def opens_note(line: Line) -> bool:
    """A footnote line that starts the next footnote with its mark."""
    return line.note == "footnote" and _marked(line)


def _marked(line: Line) -> bool:
    return bool(NOTE_START.match(line.text) or LONE_MARK.fullmatch(line.text))


def rejoined(blocks: list[Block]) -> list[Block]:
    """A paragraph cut by a page, column, caption, footnote or figure is put back together, its broken word joined
    ('al-' and 'gorithm'); the notes that cut it follow it."""
    result: list[Block] = []
    for block in blocks:
        target = _continued(result, block) if block.kind == "paragraph" else None
        if target is None:
            result.append(block)
        else:
            earlier = result[target]
            if earlier.text.endswith("-") and earlier.text[-2:-1].isalpha() and block.text[:1].isalpha():
                text = words.dehyphenated(earlier.text, block.text)
            else:
                text = f"{earlier.text} {block.text}"
            at = len(text) - len(block.text)
            later = [(at, block.page)] if block.page and block.page != earlier.page_at(len(earlier.text)) else []
            pages = earlier.later_pages + tuple(later) + tuple((at + k, page) for k, page in block.later_pages)
            result[target] = Block("paragraph", text, page=earlier.page, later_pages=pages)
    return result


def _continued(blocks: list[Block], block: Block) -> int | None:
    """Index of the unfinished paragraph `block` goes on from, past any notes and up to `REACH` other blocks (figure
    text, tables, code), never past a heading: it opens in lowercase, or the paragraph ends in a broken word."""
    reach = REACH
    for back in range(len(blocks) - 1, -1, -1):
        earlier = blocks[back]
        if earlier.kind == "heading":
            return None
        if earlier.kind == "paragraph":
            if earlier.text.endswith(SENTENCE_ENDS):
                return None
            return back if block.text[:1].islower() or earlier.text.endswith("-") else None
        reach -= earlier.kind not in NOTE_KINDS
        if reach <= 0:
            return None
    return None
