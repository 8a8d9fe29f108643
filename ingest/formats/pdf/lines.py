"""Stage 2, lines: a page's lines with their font, place and cells (`Line`), read page by page (by forked workers
for long files, see `pool`); pages read by OCR as lines; symbols with no Unicode and words broken at a line's
end mended over the whole text."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from ...recognition import scans, words
from . import pagetext
from .chars import BROKEN, CONTROL, Fonts, line_text, page_text

ALNUM = re.compile(r"[^\W_]")
ALNUM_LAST = re.compile(r"[^\W_](?=[\W_]*$)")
BROKEN_WORD = re.compile(rf"([A-Za-z]+){BROKEN}([A-Za-z]+)")
WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)?")
CONTROL_RUN = re.compile(r" ?[\x00-\x08\x0b-\x1f\x7f-\x9f]+")
HYPHEN_PAGE_NUMBER = re.compile(r"([\ufffe\x02])\s*\d{1,4}\s*$")
HYPHEN_MARK = re.compile("[\ufffe\x02]")
EDGE_SHARE = 0.12
MIN_FONT_SIZE = 2.0
LOOSE_BOX_PER_POINT = 1.15
MAX_ROW_WORDS = 20
MIN_CELLS = 3
MIN_SCANNED_CHARS = 30
SCAN_SHARE = 0.5
POOR_LAYER = 0.75
RULE_REACH = 2.5  # a rule this many of a line's sizes above it is that line's


@dataclass(frozen=True)
class Line:
    """One line of a page with the font facts of its first letters and where it sits."""

    text: str
    page: int
    size: float = 0.0
    bold: bool = False
    mono: bool = False
    x: float = 0.0
    top: float = 0.0
    last_top: float = 0.0
    tail: int = 0
    run_in: str = ""
    edge: bool = False
    ocr: bool = False
    outline: int = 0
    cells: int = 1
    title: bool = False
    note: str = ""  # "caption", "ticks", "figure" or "footnote": set aside from the prose (`notes`)
    ruled: bool = False  # a separator rule lies just above it
    spans: tuple[tuple[float, float, int], ...] = ()  # (left, right, words) of each cell, when it has two or more
    byline: bool = False
    defines: bool = False  # a line of a table of terms and what they mean (`figures.definition_rows`)


def _page_lines(page: Any, number: int) -> tuple[list[Line], float]:
    """Lines of one page, and the share of it covered by an image (a scan, when it has no text): font facts from
    each line's first and last letter, cells from its words' boxes, rules and images from one pass over the page's
    objects."""
    textpage = page.get_textpage()
    try:
        text = pagetext.unmarked(textpage, page_text(textpage))
        reading = _PageText(textpage, text, number, page.get_height() or 1.0)
        found = (reading.line(start, raw) for start, raw in pagetext.physical_lines(textpage, text))
        lines = [line for line in found if line is not None]
        share, rules = pagetext.page_objects(page)
        lines = _ruled(rules, lines)
    finally:
        textpage.close()
    return _lone_rows(lines), share


def _ruled(rules: list[tuple[float, float, float]], lines: list[Line]) -> list[Line]:
    """The lines, those that sit just under one of the page's separator `rules` (see `page_objects`) marked so."""
    return [replace(line, ruled=True) if _under_rule(rules, line) else line for line in lines]


def _under_rule(rules: list[tuple[float, float, float]], line: Line) -> bool:
    size = line.size or 10.0
    return any(left - size < line.x < right and line.top < y < line.top + RULE_REACH * size for left, right, y in rules)


class _PageText:
    """One page's text layer, read line by line into `Line`s."""

    def __init__(self, textpage: Any, text: str, number: int, height: float) -> None:
        self.textpage, self.text, self.number, self.height = textpage, text, number, height
        self.aligned = len(text) == textpage.count_chars()
        self.fonts = Fonts(textpage)

    def line(self, start: int, raw: str) -> Line | None:
        """The line `raw` (at `start` in the page's text), None when it holds no text; its font facts from its
        first and last letter when the text lines up with PDFium's characters."""
        raw = HYPHEN_PAGE_NUMBER.sub("-", raw)
        clean = line_text(raw)
        if not clean:
            return None
        tail = len(HYPHEN_MARK.split(raw)[-1].strip()) or len(clean)
        first = ALNUM.search(raw) if self.aligned else None
        last = ALNUM_LAST.search(raw) if first else None
        if not (first and last):
            return Line(clean, self.number, tail=tail)
        return self._measured(clean, raw, start, tail, (start + first.start(), start + last.start()))

    def _measured(self, clean: str, raw: str, start: int, tail: int, ends: tuple[int, int]) -> Line:
        """A line with its size, weight, pitch, place and cells, from the characters at `ends` (its first and last
        letter)."""
        fonts, textpage = self.fonts, self.textpage
        size, bold_first, mono = fonts(ends[0])
        _, bold_last, _ = fonts(ends[1])
        left, bottom, _, top = textpage.get_charbox(ends[0], loose=True)
        if size < MIN_FONT_SIZE:  # text scaled by its matrix reports size 1: measure the glyph box
            size = round((top - bottom) / LOOSE_BOX_PER_POINT, 1)
        spans: tuple[tuple[float, float, int], ...] = ()
        if not mono and len(clean.split()) <= MAX_ROW_WORDS:
            spans = fonts.spans(self.text, start, start + len(raw), size)
        return Line(
            clean,
            self.number,
            size=size,
            bold=bold_first and bold_last,
            mono=mono,
            x=left,
            top=top,
            last_top=textpage.get_charbox(ends[1], loose=True)[3],
            tail=tail,
            run_in=_bold_prefix(fonts, raw, start) if bold_first and not bold_last else "",
            edge=top > self.height * (1 - EDGE_SHARE) or bottom < self.height * EDGE_SHARE,
            cells=max(1, len(spans)),
            spans=spans,
        )


def _lone_rows(lines: list[Line]) -> list[Line]:
    """A table has rows: a line of cells with no such line above or below it is a justified or spaced-out line."""
    rows = [line.cells >= MIN_CELLS for line in lines]
    return [
        replace(line, cells=1)
        if rows[index] and not (index and rows[index - 1] or index + 1 < len(lines) and rows[index + 1])
        else line
        for index, line in enumerate(lines)
    ]


def drop_controls(pages: list[list[Line]]) -> tuple[list[list[Line]], int, list[int]]:
    """The pages with the control characters left in the text layer (symbols of fonts with no Unicode that no table
    maps) taken out of the lines, and lines left empty dropped; how many characters went and from which pages."""
    dropped = 0
    where: list[int] = []
    result = []
    for number, lines in enumerate(pages, 1):
        found = sum(len(CONTROL.findall(line.text)) for line in lines)
        if found:
            cleaned = (
                replace(
                    line, text=CONTROL_RUN.sub("", line.text).strip(), run_in=CONTROL_RUN.sub("", line.run_in).strip()
                )
                for line in lines
            )
            lines = [line for line in cleaned if line.text]
            dropped, where = dropped + found, where + [number]
        result.append(lines)
    return result, dropped, where


def mend_words(pages: list[list[Line]]) -> list[list[Line]]:
    """The pages with each word broken at a line's end written as the text writes it elsewhere ('Copyset',
    'lock-free', or its singular); else with its hyphen where the halves are words and the whole is not
    ('globally-distributed'), joined otherwise."""
    if not any(BROKEN in line.text or BROKEN in line.run_in for lines in pages for line in lines):
        return pages
    seen = {word.lower() for word in WORD.findall("\n".join(line.text for lines in pages for line in lines))}

    def mended(match: re.Match[str]) -> str:
        head, tail = match.groups()
        joined = f"{head}{tail}".lower()
        if joined in seen or joined.endswith("s") and joined[:-1] in seen:
            return f"{head}{tail}"
        if f"{head}-{tail}".lower() in seen:
            return f"{head}-{tail}"
        return words.dehyphenated(f"{head}-", tail)

    def mend(text: str) -> str:
        return BROKEN_WORD.sub(mended, text).replace(BROKEN, "")

    return [
        [
            replace(line, text=mend(line.text), run_in=mend(line.run_in))
            if BROKEN in line.text or BROKEN in line.run_in
            else line
            for line in lines
        ]
        for lines in pages
    ]


def _bold_prefix(fonts: Fonts, raw: str, start: int) -> str:
    """The bold words a line starts with ('Tree construction' in 'Tree construction This component ...')."""
    for index in (start + found.start() for found in ALNUM.finditer(raw)):
        if not fonts(index)[1]:
            return line_text(raw[: index - start])
    return ""


def ocr_lines(page: scans.ScannedPage, number: int, scale: float) -> list[Line]:
    """A page read by OCR as the reader's lines: pixels turned into points (`scale` per pixel), y counted upwards."""
    lines = []
    for row in page.rows:
        top = (page.height - row.top) * scale
        edge = row.top < page.height * EDGE_SHARE or row.top + row.height > page.height * (1 - EDGE_SHARE)
        lines.append(
            Line(
                row.text,
                number,
                size=row.size * scale,
                x=row.left * scale,
                top=top,
                last_top=top,
                tail=len(row.text),
                edge=edge,
                ocr=True,
            )
        )
    return lines


def _needs_ocr(lines: list[Line], image_share: float) -> bool:
    """A scan with no text layer or a poor one, or a page whose text layer is junk from a broken font encoding."""
    text = " ".join(line.text for line in lines)
    letters = sum(map(str.isalnum, text))
    if image_share >= SCAN_SHARE:
        return letters < MIN_SCANNED_CHARS or words.known_share(text) < POOR_LAYER
    return letters >= MIN_SCANNED_CHARS and words.garbled(text)


def read_page(document: Any, number: int) -> tuple[list[Line], bool]:
    """The lines of page `number` and whether it needs OCR."""
    page = document[number - 1]
    try:
        lines, image_share = _page_lines(page, number)
    finally:
        page.close()
    return lines, _needs_ocr(lines, image_share)
