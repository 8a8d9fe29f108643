"""The title is the largest text near the top of page 1 that is not an author line, an affiliation, a venue, a
running head or a date: proved on generated first pages with bylines above and below the title, set larger or
smaller than it."""

import pytest
from fpdf import FPDF

from ingest import IngestSettings, ingest_file
from ingest.formats.pdf.headingrules import names_line

TITLE = "Consensus in the Presence of Partial Synchrony"
BYLINES = ("CYNTHIA DWORK AND NANCY LYNCH", "Gregory Cooper and Shriram Krishnamurthi", "C. A. R. Hoare")
AFFILIATION = "Massachusetts Institute of Technology"
VENUE = "Proceedings of the 3rd Symposium on Principles of Distributed Computing"
PROSE = (
    "The processors of a distributed system must agree on a value although some of them fail. We show how "
    "many faults can be tolerated when the bounds on message delay hold only eventually, and we give protocols "
    "that reach agreement in each case. "
)


def first_page(byline: str, above: bool, byline_size: int, venue: bool) -> bytes:
    pdf = FPDF(unit="pt", format="Letter")
    pdf.add_page()
    pdf.set_auto_page_break(True, 60)
    if venue:
        pdf.set_font("Times", "I", 9)
        pdf.cell(0, 12, VENUE, align="C", new_x="LMARGIN", new_y="NEXT")
        pdf.ln(12)
    people = [(byline, byline_size, ""), (AFFILIATION, 12, "I"), ("April 1988", 11, "")]
    if above:
        for text, size, style in people:
            pdf.set_font("Times", style, size)
            pdf.cell(0, size + 4, text, align="C", new_x="LMARGIN", new_y="NEXT")
        pdf.ln(10)
    pdf.set_font("Times", "B", 18)
    pdf.multi_cell(0, 22, TITLE, align="C")
    if not above:
        pdf.ln(10)
        for text, size, style in people:
            pdf.set_font("Times", style, size)
            pdf.cell(0, size + 4, text, align="C", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(16)
    pdf.set_font("Times", "", 10)
    for _ in range(4):
        pdf.multi_cell(0, 12, PROSE * 3)
        pdf.ln(4)
    return bytes(pdf.output())


@pytest.mark.parametrize("byline", BYLINES)
@pytest.mark.parametrize("above, byline_size", [(True, 20), (True, 12), (False, 20), (False, 12)])
@pytest.mark.parametrize("venue", [True, False])
def test_the_title_is_not_the_byline_affiliation_venue_or_date(byline, above, byline_size, venue):
    document = ingest_file("paper.pdf", first_page(byline, above, byline_size, venue))
    assert document.title == TITLE
    assert [b.text for b in document.blocks if b.kind == "title"] == [TITLE]


def journal_pages(pages: int, byline: str) -> bytes:
    """A first page headed by its title, set large, over the byline, and later pages whose running head repeats the
    title small with the page's number (a journal's layout: Dwork, Lynch and Stockmeyer's JACM paper)."""
    pdf = FPDF(unit="pt", format="Letter")
    pdf.set_auto_page_break(False)
    for page in range(1, pages + 1):
        pdf.add_page()
        pdf.set_y(36)
        if page == 1:
            pdf.set_font("Times", "B", 18)
            pdf.multi_cell(0, 22, TITLE, align="C")
            pdf.set_font("Times", "", 11)
            pdf.cell(0, 16, byline, align="C", new_x="LMARGIN", new_y="NEXT")
        else:
            pdf.set_font("Times", "", 8)
            if page % 2:  # the title's copy, and the page's number written last: two lines of the text layer
                pdf.cell(300, 10, TITLE, align="L", new_x="LMARGIN", new_y="NEXT")
            else:
                pdf.cell(0, 10, f"{page + 287} C. DWORK ET AL.", align="L", new_x="LMARGIN", new_y="NEXT")
        pdf.ln(30)
        pdf.set_font("Times", "", 10)
        for _ in range(3):
            pdf.multi_cell(0, 12, PROSE * 3)
            pdf.ln(4)
        if page > 1 and page % 2:
            pdf.set_xy(pdf.w - 100, 36)
            pdf.set_font("Times", "", 8)
            pdf.cell(72, 10, str(page + 287), align="R")
    return bytes(pdf.output())


@pytest.mark.parametrize("byline", BYLINES)
@pytest.mark.parametrize("pages", [4, 9])
def test_a_title_that_later_pages_repeat_small_as_their_running_head_stays_the_title(byline, pages):
    document = ingest_file("paper.pdf", journal_pages(pages, byline))
    assert document.title == TITLE
    assert [b.text for b in document.blocks if b.kind == "title"] == [TITLE]
    assert not [b for b in document.blocks if b.page > 1 and b.kind != "running" and b.text.startswith(TITLE)]


AUTHOR_LISTS = (
    "Benjamin H. Sigelman, Luiz André Barroso, Mike Burrows, Pat Stephenson",
    "Alan Demers, Mark Gealy, Dan Greene, Carl Hauser, and Wes Irish",
    "José Pérez and Zoë Müller",
)


def title_twice(byline: str) -> bytes:
    """A paper whose byline, set larger than the body, is under its title on page 1 and again under the title
    repeated over the abstract on page 2."""
    pdf = FPDF(unit="pt", format="Letter")
    pdf.set_auto_page_break(True, 60)
    for heading in ("1 Introduction", "Abstract"):
        pdf.add_page()
        pdf.set_font("Times", "B", 18)
        pdf.multi_cell(0, 22, TITLE, align="C", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Times", "", 12)
        pdf.multi_cell(0, 16, byline, align="C", new_x="LMARGIN", new_y="NEXT")
        pdf.ln(16)
        pdf.set_font("Times", "B", 12)
        pdf.cell(0, 16, heading, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Times", "", 10)
        for _ in range(3):
            pdf.multi_cell(0, 12, PROSE * 2, new_x="LMARGIN", new_y="NEXT")
            pdf.ln(4)
    return bytes(pdf.output())


@pytest.mark.parametrize("headings", ["rules", "learned"])
@pytest.mark.parametrize("byline", AUTHOR_LISTS)
def test_an_author_list_under_the_title_or_under_its_repeat_is_no_heading(byline, headings):
    # Under the learned judge, "Benjamin H. Sigelman, Luiz Andre Barroso, ..." (Dapper), "Alan Demers, Mark Gealy, ..."
    # under a title repeated on page 2 (Epidemic Algorithms) were headings; accented names were not read as names.
    document = ingest_file("paper.pdf", title_twice(byline), IngestSettings.from_env(headings=headings))
    shown = [b.text for b in document.blocks if b.kind == "heading"]
    assert shown == ["1 Introduction", "Abstract"]
    assert document.title == TITLE


def test_an_accent_set_as_a_mark_of_its_own_does_not_unmake_a_line_of_names():
    # PDFs set "André" as "Andre" and a lone combining accent (U+0301) after it.
    assert names_line("Benjamin H. Sigelman, Luiz Andre Barroso, Mike Burrows, Pat Stephenson, \u0301 Manoj Plakal")
    assert names_line("Zoë Müller and José Pérez")
    assert not names_line("Related Work")
