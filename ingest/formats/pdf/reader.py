"""The reader: a PDF opened, its pages read (by OCR where scanned and OCR is on), laid out into blocks, titled,
with its warnings."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Callable

from ...document import Block, Extracted, OcrReport, page_ranges
from ...errors import CorruptFileError, FileTooLargeError, NoTextError, PasswordProtectedError
from ...recognition import ocr as ocr_engine
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


def _renderer(document: Any, dpi: int) -> Callable[[int], Any]:
    """image_of(number): page `number` of the document rendered for OCR, the page closed again."""

    def image_of(number: int) -> Any:
        page = document[number - 1]
        try:
            return scans.render(page, dpi)
        finally:
            page.close()

    return image_of


def _read_scans(
    document: Any, numbers: list[int], settings: IngestSettings, report: scans.Progress | None
) -> tuple[dict[int, list[Line]], OcrReport]:
    found, ocr = scans.read_pages(
        numbers, _renderer(document, settings.ocr_dpi), len(document), report, engine=settings.ocr_engine
    )
    return _scanned_lines(document, found), ocr


def _scanned_lines(document: Any, found: dict[int, scans.ScannedPage]) -> dict[int, list[Line]]:
    """Each page OCR read as the reader's lines, its rows scaled from pixels to the page's points."""
    heights = {number: document[number - 1].get_height() for number in found}
    return {number: ocr_lines(page, number, heights[number] / max(page.height, 1.0)) for number, page in found.items()}


class _Streamed:
    """read(document, number) for `pool.read_pages` when OCR streams with the text: the page's lines, whether it needs
    OCR, and, for each of the first `ocr_max_pages` pages that do in this process, OCR's reading of it, done there
    and then (`scans.read_alone`), its progress relayed to the reader (`pool.relayed`). Each forked worker counts
    its own pages, so every page among the file's first `ocr_max_pages` scanned ones is read (the reader keeps
    those and drops the rest)."""

    def __init__(self, settings: IngestSettings, count: int, report: scans.Progress | None):
        self.settings, self.count, self.report = settings, count, report
        self.read = 0

    def __call__(self, document: Any, number: int) -> tuple[list[Line], bool, scans.ScannedPage | None]:
        lines, needs_ocr = read_page(document, number)
        if not needs_ocr or self.read >= self.settings.ocr_max_pages:
            if self.read and self.report:  # once OCR has reported, the reader's time bound runs from each report
                self.report((number - 1) / self.count, f"Reading page {number} of {self.count}")
            return lines, needs_ocr, None
        self.read += 1
        image_of = _renderer(document, self.settings.ocr_dpi)
        return lines, needs_ocr, scans.read_alone(number, image_of, self.count, self.report)


def _read_again(
    document: Any, number: int, settings: IngestSettings, report: scans.Progress | None
) -> scans.ScannedPage:
    """A page among the first `ocr_max_pages` scanned ones that came back unread (its worker failed, and the reader,
    reading that worker's pages itself, had used up its own count), read by OCR here."""
    return scans.read_alone(number, _renderer(document, settings.ocr_dpi), len(document), report)


def _streams(count: int, settings: IngestSettings) -> bool:
    """Whether OCR runs in the page workers, each page read as its text is (a long file, OCR on, Tesseract): a
    worker then holds one page image at most and the reader never builds engines beside every page's text. RapidOCR
    keeps one engine in the reader, after the text (two of its engines at once overran the memory cap)."""
    return settings.ocr and pool.workers(count) > 1 and ocr_engine.chosen(settings.ocr_engine) == ocr_engine.TESSERACT


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


_Pages = tuple[list[list[Line]], list[int], list[int], dict[int, list[Line]], OcrReport | None]


def _read_streamed(document: Any, count: int, settings: IngestSettings, report: scans.Progress | None) -> _Pages:
    """(each page's lines, the scanned pages, those OCR was to read, OCR's lines of them, its report), OCR done in the
    page workers as each scanned page is read (`_Streamed`)."""
    ocr_engine.prepare(1, settings.ocr_engine)
    streamed = pool.read_pages(document, count, _Streamed(settings, count, pool.relayed(report)), report=report)
    pages = [lines for lines, _, _ in streamed]
    scanned = [number for number, (_, needs_ocr, _) in enumerate(streamed, 1) if needs_ocr]
    chosen = scanned[: settings.ocr_max_pages]
    found = {number: streamed[number - 1][2] for number in chosen}
    del streamed
    if not chosen:
        return pages, scanned, chosen, {}, None
    done = {
        number: page if page is not None else _read_again(document, number, settings, report)
        for number, page in found.items()
    }
    return pages, scanned, chosen, _scanned_lines(document, done), scans.report_of(done, count)


def _read_after(document: Any, count: int, settings: IngestSettings, report: scans.Progress | None) -> _Pages:
    """As `_read_streamed`, OCR done in the reader once every page's text is read (`scans.read_pages`)."""
    plain = pool.read_pages(document, count, read_page)
    pages = [lines for lines, _ in plain]
    scanned = [number for number, (_, needs_ocr) in enumerate(plain, 1) if needs_ocr]
    chosen = scanned[: settings.ocr_max_pages] if settings.ocr else []
    if not chosen:
        return pages, scanned, chosen, {}, None
    return pages, scanned, chosen, *_read_scans(document, chosen, settings, report)


def _read(document: Any, count: int, settings: IngestSettings, report: scans.Progress | None) -> _Read:
    """The pages' lines, scanned pages read by OCR as far as the settings allow and the rest left empty."""
    reader = _read_streamed if _streams(count, settings) else _read_after
    pages, scanned, chosen, read, ocr = reader(document, count, settings, report)
    if ocr is not None:
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
