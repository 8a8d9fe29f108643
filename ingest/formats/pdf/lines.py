"""Stage 2, lines: a page's lines with their font, place and cells (`Line`), read page by page (by forked workers
for long files, see `pdfpool`); pages read by OCR as lines; symbols with no Unicode and words broken at a line's
end mended over the whole text."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...recognition import scans, words
from .. import pdfnotes
from .chars import BROKEN, CONTROL, _Fonts, _line_text, _page_text

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


@dataclass
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
    note: str = ""  # "caption", "ticks", "figure" or "footnote": set aside from the prose (pdfnotes)
    ruled: bool = False  # a separator rule lies just above it
    spans: tuple[tuple[float, float, int], ...] = ()  # (left, right, words) of each cell, when it has two or more
    byline: bool = False
    defines: bool = False  # a line of a table of terms and what they mean (`figures.definition_rows`)


def _page_lines(page, number: int) -> tuple[list[Line], float]:
    """Lines of one page, and the share of it covered by an image (a scan, when it has no text): font facts from
    each line's first and last letter, cells from its words' boxes, rules and images from one pass over the page's
    objects."""
    textpage = page.get_textpage()
    try:
        text = pdfnotes.unmarked(textpage, _page_text(textpage))
        aligned = len(text) == textpage.count_chars()
        height = page.get_height() or 1.0
        fonts = _Fonts(textpage)
        lines: list[Line] = []
        for start, raw in pdfnotes.physical_lines(textpage, text):
            raw = HYPHEN_PAGE_NUMBER.sub("-", raw)
            clean = _line_text(raw)
            if not clean:
                continue
            line = Line(clean, number, tail=len(HYPHEN_MARK.split(raw)[-1].strip()) or len(clean))
            first = ALNUM.search(raw) if aligned else None
            last = ALNUM_LAST.search(raw) if first else None
            if first and last:
                line.size, bold_first, line.mono = fonts(start + first.start())
                _, bold_last, _ = fonts(start + last.start())
                line.bold = bold_first and bold_last
                if bold_first and not bold_last:
                    line.run_in = _bold_prefix(fonts, raw, start)
                left, bottom, _, top = textpage.get_charbox(start + first.start(), loose=True)
                line.x, line.top = left, top
                if line.size < MIN_FONT_SIZE:  # text scaled by its matrix reports size 1: measure the glyph box
                    line.size = round((top - bottom) / LOOSE_BOX_PER_POINT, 1)
                line.last_top = textpage.get_charbox(start + last.start(), loose=True)[3]
                line.edge = top > height * (1 - EDGE_SHARE) or bottom < height * EDGE_SHARE
                if not line.mono and len(clean.split()) <= MAX_ROW_WORDS:
                    line.spans = fonts.spans(text, start, start + len(raw), line.size)
                    line.cells = max(1, len(line.spans))
            lines.append(line)
        share, rules = pdfnotes.page_objects(page)
        pdfnotes.mark_ruled(rules, lines)
    finally:
        textpage.close()
    _lone_rows(lines)
    return lines, share


def _lone_rows(lines: list[Line]) -> None:
    """A table has rows: a line of cells with no such line above or below it is a justified or spaced-out line."""
    rows = [line.cells >= MIN_CELLS for line in lines]
    for index, line in enumerate(lines):
        if rows[index] and not (index and rows[index - 1] or index + 1 < len(lines) and rows[index + 1]):
            line.cells = 1


def _without_controls(pages: list[list[Line]]) -> tuple[int, list[int]]:
    """Control characters left in the text layer (symbols of fonts with no Unicode that no table maps) taken out of
    the lines, and lines left empty dropped; how many characters went and from which pages."""
    dropped = 0
    where: list[int] = []
    for number, lines in enumerate(pages, 1):
        found = sum(len(CONTROL.findall(line.text)) for line in lines)
        if not found:
            continue
        for line in lines:
            line.text = CONTROL_RUN.sub("", line.text).strip()
            line.run_in = CONTROL_RUN.sub("", line.run_in).strip()
        lines[:] = [line for line in lines if line.text]
        dropped, where = dropped + found, where + [number]
    return dropped, where


def _broken_words(pages: list[list[Line]]) -> None:
    """Each word broken at a line's end written as the text writes it elsewhere ('Copyset', 'lock-free', or its
    singular); else with its hyphen where the halves are words and the whole is not ('globally-distributed'),
    joined otherwise."""
    found = [line for lines in pages for line in lines if BROKEN in line.text or BROKEN in line.run_in]
    if not found:
        return
    seen = {word.lower() for word in WORD.findall("\n".join(line.text for lines in pages for line in lines))}

    def mended(match: re.Match) -> str:
        head, tail = match.groups()
        joined = f"{head}{tail}".lower()
        if joined in seen or joined.endswith("s") and joined[:-1] in seen:
            return f"{head}{tail}"
        if f"{head}-{tail}".lower() in seen:
            return f"{head}-{tail}"
        return words.dehyphenated(f"{head}-", tail)

    for line in found:
        line.text = BROKEN_WORD.sub(mended, line.text).replace(BROKEN, "")
        line.run_in = BROKEN_WORD.sub(mended, line.run_in).replace(BROKEN, "")


def _bold_prefix(fonts: _Fonts, raw: str, start: int) -> str:
    """The bold words a line starts with ('Tree construction' in 'Tree construction This component ...')."""
    for index in (start + found.start() for found in ALNUM.finditer(raw)):
        if not fonts(index)[1]:
            return _line_text(raw[: index - start])
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


def _read_page(document, number: int) -> tuple[list[Line], bool]:
    """The lines of page `number` and whether it needs OCR."""
    page = document[number - 1]
    try:
        lines, image_share = _page_lines(page, number)
    finally:
        page.close()
    return lines, _needs_ocr(lines, image_share)
