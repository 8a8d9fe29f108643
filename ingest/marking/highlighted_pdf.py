"""The original PDF with the summary's source sentences highlighted, and bookmarks for the sections it shows.

Positions come from PDFium's character boxes (the text layer ingest read), or for a scanned page from
the OCR line boxes of that page, read again at ingest's resolution so the text matches what was
summarized. Text is matched on its letters and digits alone, lower-cased and NFKC-normalised, so line
breaks, hyphenation, ligatures, quotes and the spacing ingest repaired do not stop a match. Where the exact
letters are not there in one run (a sentence broken by a page number or running head at a page break, by a
footnote or a float between columns, by a footnote mark, or a word that ingest's cleanup changed), the sentence
is aligned in pieces instead (`_align`): in order, each piece at least `MIN_PIECE` letters, the gaps between them
at most `MAX_GAP` letters, and together most of the sentence (`MIN_SHARE`). A mark found neither way is reported
as missing, for the caller to say so.

pypdf writes the result as an incremental update: the original bytes come first, unchanged, and
only the annotations and the outline are appended, so every page keeps its content, text and images.
(A file encrypted with an empty password is written as a decrypted full copy instead.) It lives in
ingest because it is PDF knowledge: it takes the marks as plain data (text, page, role, note) and
knows nothing of models.
"""

from __future__ import annotations

import io
import logging
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

from ..bounded import run_bounded
from ..errors import CorruptFileError, IngestError, PasswordProtectedError
from ..settings import IngestSettings

logger = logging.getLogger(__name__)
COLOURS = {"overview": "ffd54f", "section": "90caf9"}
ALNUM = re.compile(r"[^\W_]")
MIN_LAYER_CHARS = 30
LINE_OVERLAP = 0.5
POPUP_SIZE = (220.0, 120.0)
CLOSING = ".!?;:,)]\"'”’»"
MIN_PIECE = 8  # letters in a row a piece of a sentence must share with the page
MAX_GAP = 2500  # letters of other text (a footnote, a page's furniture, a float) a sentence may jump over
MIN_SHARE = 0.85  # of a sentence's letters its pieces must cover


class Mark(Protocol):
    """What the highlighter reads of a summary passage: the source text, its page, role and pop-up note
    (read-only, so frozen dataclasses fit)."""

    @property
    def text(self) -> str: ...
    @property
    def page(self) -> int | None: ...
    @property
    def role(self) -> str: ...
    @property
    def note(self) -> str: ...


class Bookmarked(Protocol):
    """What the highlighter reads of a section the summary shows: its title, level and first page (read-only,
    so the summary's own section records fit). The bookmarks are these and no others: a reader who opens
    the PDF finds the sections the summary view listed, not every line that looked like a heading."""

    @property
    def title(self) -> str: ...
    @property
    def level(self) -> int: ...
    @property
    def first_page(self) -> int | None: ...


@dataclass(frozen=True)
class Highlighted:
    """The highlighted PDF, how many marks were placed, the texts that could not be found, how many bookmarks
    were added (none when the file had its own outline, which is kept, or no sections were found), and whether
    it had that outline."""

    data: bytes
    placed: int
    missing: list[str] = field(default_factory=list)
    bookmarks: int = 0
    own_outline: bool = False


def _key(text: str) -> str:
    """Letters and digits only, lower-cased and NFKC-normalised: what two renderings of a sentence share."""
    return "".join(ALNUM.findall(unicodedata.normalize("NFKC", text).lower()))


class _Page:
    """One page's matchable text (`stream`), the character each of its letters came from, and their boxes; with
    the page's text, the closing punctuation after a match is covered too."""

    def __init__(self, stream: str, owners: list[Any], box_of: Any, text: str = "") -> None:
        self.stream, self.owners, self._box_of, self.text = stream, owners, box_of, text

    def boxes(self, start: int, stop: int) -> list[tuple[float, float, float, float]]:
        chosen = list(dict.fromkeys(self.owners[start:stop]))
        after = chosen[-1] + 1 if chosen and self.text else len(self.text)
        while after < len(self.text) and self.text[after] in CLOSING:
            chosen.append(after)
            after += 1
        return [self._box_of(owner) for owner in chosen]


def _text_layer(page: Any) -> _Page:
    textpage = page.get_textpage()
    text = textpage.get_text_range()
    stream, owners = [], []
    for match in ALNUM.finditer(text):
        ch = match.group()
        if ch.isascii():
            stream.append(ch.lower())
            owners.append(match.start())
        else:
            key = _key(ch)
            stream.append(key)
            owners.extend([match.start()] * len(key))
    if len(text) != textpage.count_chars():  # characters outside the BMP: fall back to PDFium's own index
        import pypdfium2.raw as pdfium_c

        owners = [pdfium_c.FPDFText_GetCharIndexFromTextIndex(textpage.raw, i) for i in owners]
    closing = text if len(text) == textpage.count_chars() else ""
    return _Page("".join(stream), owners, lambda index: textpage.get_charbox(index, loose=False), closing)


def _ocr_layer(page: Any, dpi: int, engine: str, tick: Callable[[], None]) -> _Page:
    """A scanned page's OCR lines, each character given its share of its line's box, in PDF points; `tick` is
    called as OCR makes progress."""
    from ..recognition import ocr, scans

    image = scans.render(page, dpi)
    width, height = page.get_size()
    scale = width / max(image.width, 1)
    ocr.prepare(1, engine)
    read = ocr.read(image, tick)
    stream: list[str] = []
    owners: list[int] = []
    boxes: list[tuple[float, float, float, float]] = []
    for line in scans.reading_lines(read) if not read.turn else ():
        text = _key(line.text)
        step = (line.right - line.left) / max(len(text), 1)
        for offset, ch in enumerate(text):
            left = line.left + offset * step
            owners.append(len(boxes))
            boxes.append((left * scale, height - line.bottom * scale, (left + step) * scale, height - line.top * scale))
            stream.append(ch)
    return _Page("".join(stream), owners, boxes.__getitem__)


def _lines(boxes: list[tuple[float, float, float, float]]) -> list[tuple[float, float, float, float]]:
    """Character boxes merged into one rectangle per line of text (left, bottom, right, top)."""
    rects: list[list[float]] = []
    for left, bottom, right, top in boxes:
        if right <= left or top <= bottom:
            continue
        if rects:
            last = rects[-1]
            shared = min(top, last[3]) - max(bottom, last[1])
            if shared >= LINE_OVERLAP * min(top - bottom, last[3] - last[1]) and left >= last[0] - 1:
                last[:] = [min(last[0], left), min(last[1], bottom), max(last[2], right), max(last[3], top)]
                continue
        rects.append([left, bottom, right, top])
    return [(left, bottom, right, top) for left, bottom, right, top in rects]


class _Pages:
    """Pages read on demand: the text layer, or OCR for a page with next to no text layer."""

    def __init__(self, document: Any, settings: IngestSettings, tick: Callable[[], None]) -> None:
        self.document, self.settings, self.tick = document, settings, tick
        self.cache: dict[int, _Page] = {}

    def get(self, number: int) -> _Page | None:
        if not 1 <= number <= len(self.document):
            return None
        if number not in self.cache:
            page = self.document[number - 1]
            layer = _text_layer(page)
            if len(layer.stream) < MIN_LAYER_CHARS and self.settings.ocr:
                layer = _ocr_layer(page, self.settings.ocr_dpi, self.settings.ocr_engine, self.tick)
            self.cache[number] = layer
        return self.cache[number]

    def find(self, key: str, page: int | None) -> dict[int, list[tuple[float, float, float, float]]]:
        """Line rectangles per page for `key`, searched on its page, then across a page break either side: the
        exact letters first, then aligned in pieces."""
        windows = (
            [[page], [page, page + 1], [page - 1, page]] if page else [[n] for n in range(1, len(self.document) + 1)]
        )
        for matcher in (_exact, _align):
            for window in windows:
                layers = [(n, layer) for n in window if (layer := self.get(n)) is not None]
                if len(layers) < len(window):
                    continue
                pieces = matcher(key, "".join(layer.stream for _, layer in layers))
                if pieces:
                    return _rects(layers, pieces)
        return {}


def _rects(layers: list[tuple[int, _Page]], pieces: list[tuple[int, int]]) -> dict[int, list[Any]]:
    """Line rectangles per page for the `pieces` (start, stop) of the joined streams of `layers`."""
    found: dict[int, list[Any]] = {}
    for where, stop in pieces:
        offset = 0
        for number, layer in layers:
            begin, end = max(where, offset) - offset, min(stop, offset + len(layer.stream)) - offset
            if begin < end:
                found.setdefault(number, []).extend(_lines(layer.boxes(begin, end)))
            offset += len(layer.stream)
    return found


def _exact(key: str, stream: str) -> list[tuple[int, int]]:
    where = stream.find(key)
    return [(where, where + len(key))] if where >= 0 else []


def _longest(key: str, stream: str, lo: int, hi: int) -> tuple[int, int]:
    """(length, where) of the longest start of `key` found in `stream[lo:hi]` (binary search: a start that is
    found has every shorter start found too)."""
    short, long, where = 0, min(len(key), hi - lo), -1
    while short < long:
        middle = (short + long + 1) // 2
        at = stream.find(key[:middle], lo, hi)
        if at >= 0:
            short, where = middle, at
        else:
            long = middle - 1
    return (short, where) if short else (0, -1)


def _align(key: str, stream: str) -> list[tuple[int, int]]:
    """`key` found in `stream` in pieces, in order: each the longest run of the sentence's next letters found within
    `MAX_GAP` of the last piece (a letter found nowhere is skipped, as a word the cleanup changed); the pieces, or
    none when they cover less than `MIN_SHARE` of the sentence."""
    pieces: list[tuple[int, int]] = []
    index = 0
    while index <= len(key) - MIN_PIECE:
        lo = pieces[-1][1] if pieces else 0
        hi = min(len(stream), lo + MAX_GAP + len(key) - index) if pieces else len(stream)
        length, where = _longest(key[index:], stream, lo, hi)
        if length >= MIN_PIECE:
            pieces.append((where, where + length))
            index += length
        else:
            index += 1
    covered = sum(stop - start for start, stop in pieces)
    return pieces if covered >= MIN_SHARE * len(key) else []


def _quads(rects: Any) -> list[float]:
    points = []
    for left, bottom, right, top in rects:
        points += [left, top, right, top, left, bottom, right, bottom]
    return points


def _annotate(writer: Any, number: int, rects: Any, mark: Mark) -> None:
    from pypdf.annotations import Highlight, Popup
    from pypdf.generic import ArrayObject, FloatObject, NameObject, TextStringObject

    box = (min(r[0] for r in rects), min(r[1] for r in rects), max(r[2] for r in rects), max(r[3] for r in rects))
    highlight = Highlight(
        rect=box,
        quad_points=ArrayObject(FloatObject(v) for v in _quads(rects)),
        highlight_color=COLOURS.get(mark.role, COLOURS["section"]),
        printing=True,
    )
    highlight[NameObject("/Contents")] = TextStringObject(mark.note)
    highlight[NameObject("/T")] = TextStringObject("Summary")
    highlight[NameObject("/Subj")] = TextStringObject(mark.role)
    added = writer.add_annotation(page_number=number - 1, annotation=highlight)
    width, height = POPUP_SIZE
    popup = Popup(rect=(box[2], box[3] - height, box[2] + width, box[3]), parent=added, open=False)
    writer.add_annotation(page_number=number - 1, annotation=popup)


def _bookmarks(writer: Any, sections: Sequence[Bookmarked]) -> int:
    """Nested outline items for the sections that have a title and a page; the count added."""
    stack: list[tuple[int, object]] = []
    added = 0
    for section in sections:
        if not section.title or not section.first_page:
            continue
        level = max(1, section.level)
        while stack and stack[-1][0] >= level:
            stack.pop()
        item = writer.add_outline_item(
            title=section.title, page_number=section.first_page - 1, parent=stack[-1][1] if stack else None
        )
        stack.append((level, item))
        added += 1
    return added


def _writer(reader: Any, name: str) -> Any:
    """An incremental writer; for a file encrypted with an empty password (which ingest opens too), a decrypted
    full copy, since an update cannot be appended to it without its keys."""
    from pypdf import PdfWriter
    from pypdf.errors import DependencyError

    if not reader.is_encrypted:
        return PdfWriter(reader, incremental=True)
    try:
        opened = reader.decrypt("")
    except DependencyError as error:
        raise PasswordProtectedError(
            f"{name} is encrypted in a way this server cannot open to write highlights ({error})."
        ) from error
    if not opened:
        raise PasswordProtectedError(f"{name} is password-protected; remove the password to get it highlighted.")
    return PdfWriter(clone_from=reader)


def highlight_pdf(
    data: bytes,
    marks: Sequence[Mark],
    sections: Sequence[Bookmarked] = (),
    name: str = "the PDF",
    settings: IngestSettings | None = None,
) -> Highlighted:
    """The PDF with one highlight (and pop-up note) per mark, and a bookmark for each of the summary's `sections`
    unless it has an outline of its own.

    Written in the bounded reader, like reading itself: a hostile file (bookmarks nested hundreds deep, an
    annotation array of 200,000 entries, a 13 MB PDF that needs half a gigabyte) costs a child process its
    time and memory limits, never the app's, and whatever goes wrong comes back as an IngestError to show.
    A scanned page is read again by OCR for its boxes, and that OCR reports progress as reading's does, so
    the same limit applies: time without progress, not a busy machine's slower pages."""
    settings = settings or IngestSettings.from_env()
    return run_bounded(
        _highlight_or_refuse,
        (data, marks, sections, name, settings),
        name,
        settings.extract_timeout,
        memory_mb=settings.extract_memory_mb,
        progress=_unwatched,
        step_timeout=settings.ocr_page_timeout,
    )


def _unwatched(fraction: float, message: str) -> None:
    """Progress nobody watches: the child still reports, so each OCR'd page gets its own time bound."""


def _highlight_or_refuse(
    data: bytes,
    marks: Sequence[Mark],
    sections: Sequence[Bookmarked],
    name: str,
    settings: IngestSettings,
    report: Callable[[float, str], None],
) -> Highlighted:
    """`_highlight`, with any parser's or writer's failure said as what it means for the reader."""
    try:
        return _highlight(data, marks, sections, name, settings, lambda: report(0.0, "reading a scanned page"))
    except (IngestError, MemoryError):
        raise  # already a message; the bounded reader words running out of memory
    except RecursionError as error:
        raise CorruptFileError(
            f"{name} could not be highlighted: its outline or structure is nested too deeply to copy."
        ) from error
    except Exception as error:  # pypdf and PDFium raise many kinds on hostile files; none is the reader's to see
        logger.info("could not highlight %s: %s: %s", name, type(error).__name__, str(error)[:300])
        raise CorruptFileError(
            f"{name} could not be rewritten with highlights; part of the PDF is damaged or too unusual to copy."
        ) from error


def _highlight(
    data: bytes,
    marks: Sequence[Mark],
    sections: Sequence[Bookmarked],
    name: str,
    settings: IngestSettings,
    tick: Callable[[], None],
) -> Highlighted:
    import pypdfium2 as pdfium
    from pypdf import PdfReader

    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as error:
        raise CorruptFileError(f"{name} could not be read for highlighting; the PDF seems damaged.") from error
    try:
        pages = _Pages(document, settings, tick)
        reader = PdfReader(io.BytesIO(data))
        writer = _writer(reader, name)
        placed, missing = 0, []
        for mark in marks:
            found = pages.find(_key(mark.text), mark.page) if _key(mark.text) else {}
            for number, rects in found.items():
                if rects:
                    _annotate(writer, number, rects, mark)
            placed += bool(found)
            if not found:
                missing.append(mark.text)
        own_outline = bool(len(reader.outline))
        bookmarks = 0 if own_outline else _bookmarks(writer, sections)
        out = io.BytesIO()
        writer.write(out)
        return Highlighted(out.getvalue(), placed, missing, bookmarks, own_outline)
    finally:
        document.close()
