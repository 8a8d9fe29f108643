"""A long PDF's pages read in parallel give what one process gives, a failing worker costs no text, and a table's
cells are found from its words' boxes, letters spaced out inside one word included."""

import os

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
