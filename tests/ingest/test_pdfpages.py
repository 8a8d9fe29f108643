"""A long PDF's pages read in parallel give what one process gives (scanned pages read by OCR in the workers
included), a failing worker costs no text and an error in reading a page reaches the caller, and a table's cells are
found from its words' boxes, letters spaced out inside one word included."""

import io
import os
import signal

import pytest
from fpdf import FPDF
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest import ingest_file
from ingest.formats.pdf import pool
from tests.builders import FONT, make_text

WORDS = st.text("abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=8)


def _long_pdf(pages: int, seed: int) -> bytes:
    pdf = FPDF()
    pdf.add_font("Sans", fname=FONT)
    prose = make_text(pages * 6, seed).split("\n\n")
    for number in range(pages):
        pdf.add_page()
        pdf.set_font("Sans", size=11)
        text = " ".join(prose[number * 3 : number * 3 + 3])
        pdf.multi_cell(0, 6, f"Page {number + 1} opens with this sentence. {text}")
    return bytes(pdf.output())


def _page_text(document, number: int) -> tuple[int, str]:
    page = document[number - 1]
    textpage = page.get_textpage()
    try:
        return number, textpage.get_text_range()
    finally:
        textpage.close()
        page.close()


def _fails_in_a_worker(parent: int):
    def read(document, number: int) -> tuple[int, str]:
        if os.getpid() != parent:
            raise RuntimeError("a worker's fault")
        return _page_text(document, number)

    return read


def _document(data: bytes):
    import pypdfium2 as pdfium

    return pdfium.PdfDocument(data)


@given(pages=st.integers(min_value=2, max_value=40), processes=st.integers(min_value=2, max_value=4))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_pages_read_by_forked_workers_come_back_whole_and_in_order(pages, processes):
    document = _document(_long_pdf(pages, pages))
    alone = pool.read_pages(document, pages, _page_text, processes=1)
    spread = pool.read_pages(document, pages, _page_text, processes=processes)
    assert spread == alone
    assert [number for number, _ in spread] == list(range(1, pages + 1))


def test_a_worker_that_fails_leaves_its_pages_to_the_reader():
    document = _document(_long_pdf(30, 3))
    alone = pool.read_pages(document, 30, _page_text, processes=1)
    assert pool.read_pages(document, 30, _fails_in_a_worker(os.getpid()), processes=3) == alone


def _fails_everywhere(document, number: int) -> tuple[int, str]:
    if number == 17:
        raise ValueError("page 17 cannot be read")
    return _page_text(document, number)


def _killed_in_a_worker(parent: int):
    def read(document, number: int) -> tuple[int, str]:
        if os.getpid() != parent and number > 10:
            os.kill(os.getpid(), signal.SIGKILL)
        return _page_text(document, number)

    return read


def test_an_error_reading_a_page_reaches_the_caller_with_its_message():
    document = _document(_long_pdf(30, 4))
    with pytest.raises(ValueError, match="page 17 cannot be read"):
        pool.read_pages(document, 30, _fails_everywhere, processes=3)


def test_a_worker_killed_mid_file_costs_no_page_and_no_wait():
    document = _document(_long_pdf(30, 5))
    alone = pool.read_pages(document, 30, _page_text, processes=1)
    assert pool.read_pages(document, 30, _killed_in_a_worker(os.getpid()), processes=2) == alone


def test_progress_reported_in_a_worker_reaches_the_reader():
    document = _document(_long_pdf(30, 6))
    reports: list[tuple[float, str]] = []

    def report(fraction: float, message: str) -> None:
        reports.append((fraction, message))

    relay = pool.relayed(report)

    def read(document, number: int) -> tuple[int, str]:
        if relay is not None:
            relay(number / 30, f"page {number} by {os.getpid()}")
        return _page_text(document, number)

    pool.read_pages(document, 30, read, processes=2, report=report)
    assert sorted(int(message.split()[1]) for _, message in reports) == list(range(1, 31))
    assert str(os.getpid()) not in {message.split()[-1] for _, message in reports}


def _scans_among_text(pages: int, scans: dict[int, object]) -> bytes:
    """`pages` pages of text (`_long_pdf`'s), those numbered in `scans` images only, as a scanner gives them."""
    pdf = FPDF()
    pdf.add_font("Sans", fname=FONT)
    prose = make_text(pages * 6, 21).split("\n\n")
    for number in range(1, pages + 1):
        pdf.add_page()
        if number in scans:
            buffer = io.BytesIO()
            scans[number].save(buffer, "PNG")
            pdf.image(buffer, x=0, y=0, w=210, h=297)
            continue
        pdf.set_font("Sans", size=11)
        pdf.multi_cell(0, 6, f"Page {number} opens with this sentence. {' '.join(prose[number * 3 : number * 3 + 3])}")
    return bytes(pdf.output())


def _unread_scans() -> dict[int, object]:
    from PIL import Image

    from tests.ingest.test_ocr import figure

    return {8: Image.new("L", (1654, 2339), 255), 13: figure("chart", 7)}


TWO_CORES = pytest.mark.skipif(
    pool.workers(pool.MIN_PAGES) < 2, reason="a long file goes to workers only on two cores or more"
)


@TWO_CORES
def test_scanned_pages_read_by_ocr_in_the_workers_give_what_the_reader_alone_gives(monkeypatch):
    from summarizer.lab.ocreval import FONT as SCAN_FONT
    from summarizer.lab.ocreval import scan

    if not SCAN_FONT.is_file():
        pytest.skip(f"the test font {SCAN_FONT} is not installed")
    text = "The council approved the new river bridge on Tuesday after a long debate about its cost and design."
    data = _scans_among_text(pool.MIN_PAGES + 2, {5: scan(text, 200)[0], **_unread_scans()})
    reports: list[str] = []
    streamed = ingest_file("long.pdf", data, None, lambda fraction, message: reports.append(message))
    assert any(message.startswith("Reading page 5 by OCR") for message in reports), reports
    monkeypatch.setattr(pool, "MIN_PAGES", 1000)  # the same file read in one process, OCR after its text
    alone = ingest_file("long.pdf", data)
    assert streamed.blocks == alone.blocks and streamed.words == alone.words
    assert streamed.warnings == alone.warnings
    assert streamed.ocr == alone.ocr
    assert streamed.ocr.pages == (5,) and streamed.ocr.figures == (13,) and streamed.ocr.blank == (8,)
    assert "council approved the new river bridge" in streamed.text


@TWO_CORES
def test_blank_and_figure_only_scans_in_a_long_file_never_reach_the_ocr_engine(monkeypatch, tmp_path):
    """Counted in the workers by a subclass of tesserocr's engine that notes each image it is given in a file."""
    import tesserocr

    calls = tmp_path / "calls"
    calls.touch()

    class Counting(tesserocr.PyTessBaseAPI):
        def SetImage(self, image):
            with open(calls, "a") as note:
                note.write(f"{os.getpid()}\n")
            return super().SetImage(image)

    monkeypatch.setattr(tesserocr, "PyTessBaseAPI", Counting)
    document = ingest_file("long.pdf", _scans_among_text(pool.MIN_PAGES + 2, _unread_scans()))
    assert document.ocr is None or not document.ocr.pages
    assert calls.read_text() == ""
    assert "Page 13 of 26 holds only a figure and was not read." in document.warnings
    assert "Page 8 of 26 is a blank scan and was not read." in document.warnings


def test_a_long_file_reads_the_same_in_parallel_as_a_short_one_page_by_page():
    """Every page of a file long enough for workers is in the blocks, in order."""
    pages = pool.MIN_PAGES + 6
    text = " ".join(block.text for block in ingest_file("long.pdf", _long_pdf(pages, 11)).blocks)
    places = [text.find(f"Page {number} opens with this sentence.") for number in range(1, pages + 1)]
    assert -1 not in places and places == sorted(places)


def _table_pdf(rows: list[list[str]], spaced: list[str]) -> bytes:
    """A paragraph, a table of `rows` (cells far apart) and lines of one word each with its letters spaced out
    two ems apart (a figure's labels)."""
    pdf = FPDF()
    pdf.add_font("Sans", fname=FONT)
    pdf.add_page()
    pdf.set_font("Sans", size=11)
    pdf.multi_cell(0, 6, make_text(6, 1).replace("\n\n", " "))
    pdf.ln(6)
    for row in rows:
        for column, cell in enumerate(row):
            pdf.set_x(20 + 55 * column)
            pdf.cell(40, 6, cell)
        pdf.ln(7)
    pdf.ln(6)
    pdf.set_char_spacing(22)
    for word in spaced:
        pdf.cell(0, 6, word)
        pdf.ln(7)
    pdf.set_char_spacing(0)
    pdf.ln(6)
    pdf.multi_cell(0, 6, make_text(6, 2).replace("\n\n", " "))
    return bytes(pdf.output())


@given(
    rows=st.lists(st.lists(WORDS, min_size=3, max_size=3), min_size=3, max_size=5),
    spaced=st.lists(WORDS.map(str.upper), min_size=3, max_size=4),
)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_cells_come_from_the_gaps_between_words_and_between_spaced_letters(rows, spaced):
    blocks = ingest_file("table.pdf", _table_pdf(rows, spaced)).blocks
    tables = [block.text for block in blocks if block.kind == "table"]
    assert any(all(cell in table for row in rows for cell in row) for table in tables), blocks
    assert any(all(word in table.split("\n") for word in spaced) for table in tables), blocks
