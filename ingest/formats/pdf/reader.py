"""The reader: a PDF opened, its pages read (by OCR where scanned and OCR is on), laid out into blocks, titled,
with its warnings."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from ...document import Block, Extracted, OcrReport, page_ranges
from ...errors import CorruptFileError, FileTooLargeError, NoTextError, PasswordProtectedError
from ...recognition import scans, words
from ...settings import IngestSettings
from .. import bookmarks
from . import pagetext, pool
from .blocks import layout
from .furniture import RUNNING_NOTE
from .headingmodel import judge
from .headings import clean_title
from .lines import MIN_SCANNED_CHARS, Line, drop_controls, mend_words, ocr_lines, read_page

JUNK_TITLE = re.compile(
    r"\.(?:pdf|docx?|tex|dvi|ps|indd|qxd)$|^(?:untitled|binder\d*|document\d*|microsoft word\b.*|"
    r"slide \d+|title|none|unknown|\W*)$",
    re.I,
)


def _skipped_note(numbers: list[int], count: int, ocr: int) -> str:
    """`ocr` is how many scanned pages OCR reads at most; 0 when it is off."""
    why = f"OCR reads at most the first {ocr:,} of them" if ocr else "OCR is switched off"
    if len(numbers) == 1:
        return f"Page {numbers[0]} of {count} looks scanned and was skipped: it has no text layer, and {why}."
    return f"Pages {page_ranges(numbers)} of {count} look scanned and were skipped: they have no text layer, and {why}."


def _dropped_note(dropped: int, numbers: list[int], count: int) -> str:
    ranges = page_ranges(numbers)
    where = f"pages {ranges}" if len(ranges) <= 30 else f"{len(numbers)} pages"
    where = f"page {ranges}" if len(numbers) == 1 else where
    return (
        f"{dropped:,} symbol{'s' if dropped > 1 else ''} on {where} of {count} could not be read (the PDF's "
        f"fonts give no Unicode for {'them' if dropped > 1 else 'it'}) and {'were' if dropped > 1 else 'was'} "
        "left out of the text."
    )


def _title(document: Any, blocks: list[Block]) -> str:
    """The first page's title block; else the metadata title when its words are on the first page."""
    shown = next((b.text for b in blocks if b.kind == "title"), "")
    if shown:
        return clean_title(shown)
    try:
        title = " ".join(str(document.get_metadata_value("Title") or "").split())
    except Exception:  # metadata of damaged files is best-effort; the text is what matters
        title = ""
    first_page = bookmarks.key(" ".join(b.text for b in blocks if b.page == 1))
    if title and not JUNK_TITLE.search(title) and len(title) >= 4 and bookmarks.key(title) in first_page:
        return clean_title(title)
    return ""


def _open(data: bytes, name: str) -> Any:
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    try:
        return pdfium.PdfDocument(data)
    except pdfium.PdfiumError as error:
        if error.err_code == pdfium_c.FPDF_ERR_PASSWORD:
            raise PasswordProtectedError(
                f"{name} is password-protected; remove the password and upload it again."
            ) from error
        raise CorruptFileError(f"{name} could not be read; the PDF seems damaged.") from error


def _read_scans(
    document: Any, numbers: list[int], settings: IngestSettings, report: scans.Progress | None
) -> tuple[dict[int, list[Line]], OcrReport]:
    heights = {number: document[number - 1].get_height() for number in numbers}

    def image_of(number: int) -> Any:
        page = document[number - 1]
        try:
            return scans.render(page, settings.ocr_dpi)
        finally:
            page.close()

    found, ocr = scans.read_pages(numbers, image_of, len(document), report, engine=settings.ocr_engine)
    return {
        number: ocr_lines(page, number, heights[number] / max(page.height, 1.0)) for number, page in found.items()
    }, ocr


def _no_text(
    name: str,
    document: Any,
    count: int,
    read_by_ocr: bool,
    skipped: bool,
    unread: tuple[tuple[int, ...], ...] = ((), ()),
) -> NoTextError:
    """Why a PDF gave no text: OCR found none, OCR is off, its pages hold only images (a logo), or they are blank;
    `unread` is the scanned pages OCR did not read as (figures, blank ones)."""
    if read_by_ocr:
        return NoTextError(scans.no_text_message(name, *unread))
    if skipped:
        return NoTextError(
            f"{name} is a scanned image with no text layer, and OCR is switched off; turn it on to read the file."
        )
    for number in range(count):
        page = document[number]
        try:
            pictured = pagetext.page_objects(page)[0] > 0
        finally:
            page.close()
        if pictured:
            return NoTextError(
                f"{name} has no text to summarize: its pages hold only images (a logo, a picture), with no text "
                "layer, and no text was found in them."
            )
    return NoTextError(f"{name} has no text to summarize (its pages are blank).")


@dataclass(frozen=True)
class _Read:
    """Each page's lines as read (by OCR where scanned and OCR is on), the pages OCR was to read, the scanned pages
    skipped, the OCR report (None when OCR read no page) and the pages OCR did not read as only figures or blank."""

    pages: list[list[Line]]
    chosen: list[int]
    skipped: list[int]
    ocr: OcrReport | None
    figures: tuple[int, ...]
    blank: tuple[int, ...]


def _read(document: Any, count: int, settings: IngestSettings, report: scans.Progress | None) -> _Read:
    """The pages' lines, scanned pages read by OCR as far as the settings allow and the rest left empty."""
    found = pool.read_pages(document, count, read_page)
    pages = [lines for lines, _ in found]
    scanned = [number for number, (_, needs_ocr) in enumerate(found, 1) if needs_ocr]
    chosen = scanned[: settings.ocr_max_pages] if settings.ocr else []
    ocr = None
    if chosen:
        read, ocr = _read_scans(document, chosen, settings, report)
        ocr = _merged(pages, read, ocr)
    skipped = [n for n in scanned if n not in chosen and sum(len(ln.text) for ln in pages[n - 1]) < MIN_SCANNED_CHARS]
    for number in skipped:
        pages[number - 1] = []
    return _Read(
        pages, chosen, skipped, ocr if ocr and ocr.pages else None, *((ocr.figures, ocr.blank) if ocr else ((), ()))
    )


def _merged(pages: list[list[Line]], read: dict[int, list[Line]], ocr: OcrReport) -> OcrReport:
    """`pages` with OCR's reading in place of each text layer it does not confirm; the report of those pages."""
    confirmed = {number for number, lines in read.items() if words.confirms(_text(lines), _text(pages[number - 1]))}
    for number, lines in read.items():
        if number not in confirmed:
            pages[number - 1] = lines
    return replace(ocr, pages=tuple(number for number in ocr.pages if number not in confirmed))


def _text(lines: list[Line]) -> str:
    return " ".join(line.text for line in lines)


def extract(data: bytes, name: str, settings: IngestSettings, report: scans.Progress | None = None) -> Extracted:
    """The blocks, title, page count, warnings and OCR report of a PDF; scanned pages read by OCR when it is on."""
    document = _open(data, name)
    try:
        count = len(document)
        if count > settings.max_pages:
            raise FileTooLargeError(
                f"{name} has {count:,} pages; the limit is {settings.max_pages:,}. Split it into parts."
            )
        read = _read(document, count, settings, report)
        pages, dropped, dropped_pages = drop_controls(read.pages)
        pages = mend_words(pages)
        if not any(pages):
            raise _no_text(name, document, count, bool(read.chosen), bool(read.skipped), (read.figures, read.blank))
        entries = bookmarks.read(document)
        unusable = bookmarks.usable(entries, count)
        blocks, furniture = layout(pages, [] if unusable else entries, judge(settings.headings))
        outline = f"The PDF's outline was not used for its sections ({unusable}); they come from the layout."
        warnings = [outline] if entries and unusable else []
        if read.skipped:
            warnings.append(_skipped_note(read.skipped, count, settings.ocr_max_pages if settings.ocr else 0))
        warnings.extend(
            scans.unread_notes([n for n in read.chosen if not pages[n - 1]], read.figures, count, read.blank)
        )
        if dropped:
            warnings.append(_dropped_note(dropped, dropped_pages, count))
        if furniture:
            warnings.append(RUNNING_NOTE)
        return Extracted(blocks, _title(document, list(blocks)), count, warnings, read.ocr)
    finally:
        document.close()
