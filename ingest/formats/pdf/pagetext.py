"""A PDF page's text as PDFium gives it, before it is made lines: each physical line's text, the footnote marks
glued to words, and the page's images and separator rules."""

from __future__ import annotations

import ctypes
import re
from typing import Any, Iterator

HYPHEN_MARKS = "\ufffe\x02"  # PDFium's mark for a hyphen where it joined a broken word's two lines
DROPPED_MARK = "\ue000"  # a footnote mark in the body, one character for one so font look-ups still line up
LINE = re.compile(r"[^\r\n]+")
JOINED = re.compile(rf"[{HYPHEN_MARKS}](?=[^\W_])")
# A raised mark after a word of two letters or more, or after its punctuation ("permission.1", "systems,2", "text∗");
# a lone letter's raised digit is an exponent ("x2", "O(n2)") and stays.
GLUED_MARK = re.compile(r"(?:(?<=[^\W\d_]{2})|(?<=[^\W\d_][.,;:)]))[\d∗*†‡§¶]{1,2}(?!\d)")
RAISED = 0.25  # a mark's foot sits this share of the letters' height above theirs
SMALLER = 0.92  # a mark, caption or footnote is at most this share of the body's size
RULE_HEIGHT = 1.5  # points: a separator rule is a thin path
RULE_WIDTH = (20.0, 0.6)  # at least 20 points wide and at most 0.6 of the page: a footnote rule, not a frame


def physical_lines(textpage: Any, text: str) -> Iterator[tuple[int, str]]:
    """(start, text) of each line of the page's text. PDFium joins a line that ends in a hyphen with the text that
    follows it in the content stream; where that is not the next line down (a caption, a footnote, the next column
    placed between the word's halves), the line is cut there again and keeps its hyphen."""
    for match in LINE.finditer(text):
        start = match.start()
        for joint in JOINED.finditer(match.group()):
            at = match.start() + joint.start()
            if not _wraps(textpage.get_charbox(at, loose=True), textpage.get_charbox(at + 1, loose=True)):
                yield start, text[start:at] + "-"
                start = at + 1
        yield start, text[start : match.end()]


def _wraps(mark: tuple[float, float, float, float], after: tuple[float, float, float, float]) -> bool:
    """Whether the character after a line-end hyphen opens the next line: just below it, to its left."""
    height = mark[3] - mark[1] or 10.0
    return after[0] < mark[0] and -0.5 * height < mark[1] - after[3] < height


def unmarked(textpage: Any, text: str) -> str:
    """`text` with each footnote mark glued to a word replaced by `DROPPED_MARK`: smaller than the letter before it
    and raised above its foot. A lowered digit ("log2") and a mark the same size as the text ("drop0") stay."""
    chars = None
    for match in GLUED_MARK.finditer(text):
        letter = textpage.get_charbox(match.start() - 1, loose=True)
        marks = [textpage.get_charbox(at, loose=True) for at in range(match.start(), match.end())]
        height = letter[3] - letter[1]
        if height > 0 and all(
            box[3] - box[1] <= SMALLER * height and box[1] - letter[1] >= RAISED * height for box in marks
        ):
            chars = chars or list(text)
            chars[match.start() : match.end()] = DROPPED_MARK * (match.end() - match.start())
    return "".join(chars) if chars else text


def page_objects(page: Any) -> tuple[float, list[tuple[float, float, float]]]:
    """One pass over a page's objects: the share of the page its largest image covers (near 1 for a scan, small
    for a figure), and the (left, right, top) of each thin horizontal path no wider than part of the page (a
    separator rule, such as the one above a page's footnotes)."""
    import pypdfium2.raw as pdfium_c

    raw = page.raw
    get_object, get_type, get_bounds = (
        pdfium_c.FPDFPage_GetObject,
        pdfium_c.FPDFPageObj_GetType,
        pdfium_c.FPDFPageObj_GetBounds,
    )
    image, path = pdfium_c.FPDF_PAGEOBJ_IMAGE, pdfium_c.FPDF_PAGEOBJ_PATH
    box = tuple(ctypes.c_float() for _ in range(4))
    refs = tuple(ctypes.byref(v) for v in box)
    left, bottom, right, top = box
    width, height = page.get_size()
    widest = RULE_WIDTH[1] * (width or 1.0)
    largest = 0.0
    rules = []
    for index in range(pdfium_c.FPDFPage_CountObjects(raw)):
        obj = get_object(raw, index)
        kind = get_type(obj)
        if kind not in (image, path) or not get_bounds(obj, *refs):
            continue
        if kind == image:
            largest = max(largest, (right.value - left.value) * (top.value - bottom.value))
        elif top.value - bottom.value <= RULE_HEIGHT and RULE_WIDTH[0] <= right.value - left.value <= widest:
            rules.append((left.value, right.value, top.value))
    return largest / max(width * height, 1.0), rules
