"""Scanned pages read by OCR: rendered, recognized, put in reading order as lines of prose, with a confidence.

Boxes on one baseline become one line; a page in two columns is read column by column between the
lines that span both; words the recognizer ran together are split again. The width per character stands
in for the font size (box heights say little: the detector pads short boxes less than long ones), snapped
to the page's usual size when near it, so that the PDF reader's heading and paragraph rules apply to
scans as they do to text pages.
"""

from __future__ import annotations

import math
import statistics
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any, Callable, Sequence

from ..document import OcrReport, page_ranges
from . import ocr, words

MAX_PIXELS = 36_000_000
MIN_DPI = 72
SAME_SIZE = 0.2
EM_PER_CHARACTER = 2.0
MIN_MEASURED = 4
MIN_COLUMN_LINES = 3
GUTTER_RANGE = (0.3, 0.7)
PDFIUM_GREY = (30, 59, 11)  # red, green and blue in each 100 of grey, as PDFium makes grey (its FXRGB2GRAY)

Progress = Callable[[float, str], None]  # progress(fraction, message), as summarizer.Progress


@dataclass(frozen=True)
class Row:
    """One line of a scanned page in reading order: its text, left edge, top, height and font size (pixels)."""

    text: str
    left: float
    top: float
    height: float
    size: float


@dataclass(frozen=True)
class ScannedPage:
    """The rows of one page, its height in pixels, how sure the recognizer was, and what the page holds (`ocr.TEXT`,
    or `ocr.FIGURE` or `ocr.BLANK` for a page judged before reading and not read)."""

    rows: tuple[Row, ...]
    height: float
    confidence: float
    characters: int
    content: str = ocr.TEXT


def render(page: Any, dpi: int) -> Any:
    """A PDF page as a grey image at `dpi` (72 at least), less for a page so large it would pass MAX_PIXELS. It is
    rendered in colour and made grey after, by PDFium's own weights (PDFIUM_GREY): PDFium's grey rendering turns a
    scan's whole image grey at its full resolution first (180 MB for one 6120 x 7920 colour scan, against 50 MB
    so), and its weights, not PIL's, keep OCR's reading the same (a faint running head read by one, not the other)."""
    import numpy
    from PIL import Image

    width, height = page.get_size()
    scale = min(max(dpi, MIN_DPI) / 72, math.sqrt(MAX_PIXELS / max(width * height, 1.0)))
    colour = page.render(scale=scale).to_pil()
    pixels = numpy.asarray(colour.convert("RGB"))
    colour.close()
    grey = numpy.zeros(pixels.shape[:2], numpy.uint16)
    for channel, weight in enumerate(PDFIUM_GREY):
        grey += pixels[..., channel].astype(numpy.uint16) * weight
    del pixels
    grey //= 100
    return Image.fromarray(grey.astype(numpy.uint8))


def _gutter(lines: Sequence[ocr.OcrLine], width: int) -> float | None:
    """The x of the gap between two columns, if there is one: where the fewest lines cross, with at least three
    lines on each side and at most half as many crossing (headings that span both columns)."""
    low, high = (share * width for share in GUTTER_RANGE)
    best: tuple[int, float] | None = None
    for split in sorted({round(line.right) + 1 for line in lines if low <= line.right <= high}):
        left = sum(line.right <= split for line in lines)
        right = sum(line.left >= split for line in lines)
        crossing = sum(line.left < split < line.right for line in lines)
        if (
            left >= MIN_COLUMN_LINES
            and right >= MIN_COLUMN_LINES
            and crossing <= min(left, right) / 2
            and (best is None or crossing < best[0])
        ):
            best = (crossing, split)
    return best[1] if best else None


def _reading_order(lines: Sequence[ocr.OcrLine], width: int) -> list[list[ocr.OcrLine]]:
    """Lines in reading order as groups: one group, or runs of left column, right column and spanning lines."""
    ordered = sorted(lines, key=lambda line: line.top)
    split = _gutter(ordered, width)
    if split is None:
        return [ordered]
    groups: list[list[ocr.OcrLine]] = []
    left: list[ocr.OcrLine] = []
    right: list[ocr.OcrLine] = []
    for line in ordered:
        if line.left < split < line.right:
            groups.extend(group for group in (left, right, [line]) if group)
            left, right = [], []
        else:
            (left if line.right <= split else right).append(line)
    groups.extend(group for group in (left, right) if group)
    return groups


def _row_boxes(lines: list[ocr.OcrLine]) -> list[list[ocr.OcrLine]]:
    """Boxes whose middles sit within half a line of each other are one row, read left to right."""
    rows: list[list[ocr.OcrLine]] = []
    for line in lines:
        middle = (line.top + line.bottom) / 2
        if rows and abs(middle - (rows[-1][0].top + rows[-1][0].bottom) / 2) < rows[-1][0].height / 2:
            rows[-1].append(line)
        else:
            rows.append([line])
    for boxes in rows:
        boxes.sort(key=lambda line: line.left)
    return rows


def reading_lines(page: ocr.OcrPage) -> list[ocr.OcrLine]:
    """The page's line boxes in the order `scanned_page` reads their text (columns, then rows left to right)."""
    return [box for group in _reading_order(page.lines, page.width) for row in _row_boxes(group) for box in row]


def _rows(lines: list[ocr.OcrLine]) -> list[Row]:
    result = []
    for boxes in _row_boxes(lines):
        text = words.spaced(" ".join(box.text for box in boxes))
        characters = sum(len(box.text) for box in boxes)
        size = EM_PER_CHARACTER * sum(box.right - box.left for box in boxes) / characters
        result.append(
            Row(
                text,
                boxes[0].left,
                min(b.top for b in boxes),
                max(b.height for b in boxes),
                size if characters >= MIN_MEASURED else 0.0,
            )
        )
    return result


def _sized(rows: list[Row]) -> tuple[Row, ...]:
    """Sizes within 20% of the page's usual size set to it (the width of letters varies that much in body
    text), and so are those of lines too short to measure."""
    measured = [row.size for row in rows if row.size]
    if not measured:
        return tuple(replace(row, size=row.height) for row in rows)
    usual = statistics.median(measured)
    return tuple(
        replace(row, size=usual) if not row.size or abs(row.size / usual - 1) < SAME_SIZE else row for row in rows
    )


def scanned_page(image: Any, tick: ocr.Tick = ocr.idle, judge: bool = False) -> ScannedPage:
    """One page image read by OCR into rows in reading order; `tick()` each time a batch of its lines is read. With
    `judge`, a page that holds only a figure or nothing is not read, and FIGURE or BLANK comes back."""
    page = ocr.read(image, tick, judge)
    if page.content != ocr.TEXT:
        return FIGURE if page.content == ocr.FIGURE else BLANK
    rows = [row for group in _reading_order(page.lines, page.width) for row in _rows(group)]
    return ScannedPage(_sized(rows), page.height, page.confidence, page.characters)


FIGURE = ScannedPage((), 0.0, 0.0, 0, ocr.FIGURE)
BLANK = ScannedPage((), 0.0, 0.0, 0, ocr.BLANK)


class _Pages:
    """Pages read by OCR side by side (both engines run outside the GIL), each with its progress told through one
    lock: the count of pages done gives the fraction, and every batch of lines read is reported, so that the
    bounded reader's time limit runs from the last progress rather than from the start of a page."""

    def __init__(self, numbers: Sequence[int], image_of: Callable[[int], object], report: Progress | None):
        self.numbers, self.image_of, self.report = numbers, image_of, report
        self.lock = threading.Lock()
        self.started = self.done = 0

    def _tell(self, message: str) -> None:
        if self.report:
            self.report(self.done / len(self.numbers), message)

    def read(self, number: int, skip_figures: bool) -> ScannedPage:
        with self.lock:  # PDFium and PIL's multi-frame images are not safe to use from two threads at once
            self.started += 1
            message = f"Reading page {number} by OCR ({self.started} of {len(self.numbers)})"
            self._tell(message)
            image = self.image_of(number)

        def tick() -> None:
            with self.lock:
                self._tell(message)

        page = scanned_page(image, tick, skip_figures)
        with self.lock:
            self.done += 1
        return page


def read_pages(
    numbers: Sequence[int],
    image_of: Callable[[int], object],
    total: int,
    report: Progress | None = None,
    skip_figures: bool = True,
    engine: str = ocr.TESSERACT,
) -> tuple[dict[int, ScannedPage], OcrReport]:
    """The pages `numbers` (of `total`) read by OCR, `ocr.page_workers()` at a time, reporting progress as lines are
    read, and what OCR made of them. With `skip_figures`, a page that holds no lines of words (`ocr.content`) is not
    read: the report counts it among its figures or its blank pages. `engine` is
    the OCR engine (`ocr.ENGINES`; RapidOCR where Tesseract is not installed)."""
    pages = _Pages(numbers, image_of, report)
    ocr.prepare(len(numbers), engine)
    workers = min(ocr.page_workers(), len(numbers))
    if workers > 1:
        with ThreadPoolExecutor(workers) as pool:
            found = dict(zip(numbers, pool.map(lambda number: pages.read(number, skip_figures), numbers)))
    else:
        found = {number: pages.read(number, skip_figures) for number in numbers}
    if report:
        report(1.0, "Read by OCR")
    return found, report_of(found, total)


def report_of(found: dict[int, ScannedPage], total: int) -> OcrReport:
    """What OCR made of the pages `found` (of `total`): those it read, its confidence, the figures and blank pages."""
    figures = tuple(number for number, page in found.items() if page.content == ocr.FIGURE)
    blank = tuple(number for number, page in found.items() if page.content == ocr.BLANK)
    characters = sum(page.characters for page in found.values())
    confidence = sum(page.confidence * page.characters for page in found.values()) / max(1, characters)
    read = tuple(number for number, page in found.items() if page.rows)
    return OcrReport(read, total, confidence, figures, ocr.LABELS[ocr.backend()], blank)


def read_alone(number: int, image_of: Callable[[int], Any], total: int, report: Progress | None = None) -> ScannedPage:
    """Page `number` (of `total`) read by OCR on its own, as a reader's worker reads its share of a long file: one page
    at a time, its image freed and the heap it took given back (`ocr.release`) before the next one is rendered, so
    that a worker holds one page image at most. A page that holds only a figure or nothing is not read (FIGURE,
    BLANK); progress goes to `report` as lines are read, the fraction by the page's place in the file."""
    message = f"Reading page {number} by OCR ({number} of {total} pages)"

    def tick() -> None:
        if report:
            report((number - 1) / max(1, total), message)

    tick()
    ocr.release()  # what reading the pages before it freed, given back before the image is rendered
    image = image_of(number)
    try:
        return scanned_page(image, tick, judge=True)
    finally:
        image.close()
        del image
        ocr.release()


def unread_notes(empty: Sequence[int], figures: Sequence[int], count: int, blank: Sequence[int] = ()) -> list[str]:
    """What to tell the reader of scanned pages that gave no text: those that hold only figures and those that are
    blank (neither ever read), and those OCR read and found nothing on."""
    notes = []
    if len(figures) == 1:
        notes.append(f"Page {figures[0]} of {count} holds only a figure and was not read.")
    elif figures:
        notes.append(
            f"{len(figures)} pages hold only figures and were not read: pages {page_ranges(list(figures))} of {count}."
        )
    if len(blank) == 1:
        notes.append(f"Page {blank[0]} of {count} is a blank scan and was not read.")
    elif blank:
        notes.append(
            f"{len(blank)} pages are blank scans and were not read: pages {page_ranges(list(blank))} of {count}."
        )
    unread = [number for number in empty if number not in figures and number not in blank]
    if unread:
        notes.append(
            f"{'Pages' if len(unread) > 1 else 'Page'} {page_ranges(unread)} of {count} "
            f"look{'s' if len(unread) == 1 else ''} scanned, and OCR found no text there."
        )
    return notes


def no_text_message(name: str, figures: Sequence[int], blank: Sequence[int] = ()) -> str:
    """Why a scanned file gave no text: its pages hold only figures, are blank, or OCR found nothing on them."""
    if len(figures) == 1:
        return f"{name} holds only a figure and no text to summarize: its scanned page was not read by OCR."
    if figures:
        return f"{name} holds only figures and no text to summarize: its {len(figures)} scanned pages were not read."
    if blank:
        return f"{name} has no text to summarize: its scanned {'page is' if len(blank) == 1 else 'pages are'} blank."
    return f"{name} is a scanned image, and OCR found no text in it (is the scan blank or very faint?)."
