"""The source marked up with its summary: highlighted PDFs (text layer and scans) with bookmarks, and marked HTML.

Papers are made here with fpdf2, summarized by the offline engine, highlighted, and read back with both
pypdf and pypdfium2: the text under each highlight is extracted and compared with its source sentence.
"""

from __future__ import annotations

import io
import re

import pytest

from ingest import highlight_pdf, ingest_file, marked_html
from summarizer import Settings, Summarizer, SummaryOptions
from tests.builders import BOLD, FONT, standard_pdf, styled_docx
from tests.load import busy_cores

OFFLINE = Summarizer(Settings(engine="extractive"))
PAPER = {
    "Introduction": [
        "Replicated state machines keep copies of a service consistent across many servers. "
        "A consensus algorithm lets the servers agree on one order of commands even when some fail. "
        "This paper describes a consensus algorithm that is easier to understand than earlier ones."
    ],
    "Leader election": [
        "The servers elect a leader that accepts commands from clients and replicates them. "
        "A server that hears nothing from the leader for a while starts an election for a new term. "
        "The candidate that gathers votes from a majority of servers becomes the leader of the term."
    ],
    "Log replication": [
        "The leader appends each command to its log and sends the new entries to its followers. "
        "An entry is committed once a majority of servers have stored it in their logs. "
        "Followers apply committed entries to their replicated state machines in log order."
    ],
    "Safety": [
        "The consensus algorithm never returns a wrong result under network delays and lost messages. "
        "Only a server whose log holds every committed entry can win an election for leader. "
        "Therefore replicated state machines that apply the same log reach the same state."
    ],
}


def paper_pdf(outline: bool) -> bytes:
    """Four pages with a heading and a paragraph that wraps over several lines each; an outline when asked."""
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_font("Sans", fname=FONT)
    pdf.add_font("Sans", style="B", fname=BOLD)
    for number, (title, paragraphs) in enumerate(PAPER.items(), 1):
        pdf.add_page()
        if outline:
            pdf.start_section(title)
        pdf.set_font("Sans", "B", 15)
        pdf.cell(0, 10, f"{number} {title}", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Sans", size=11)
        for paragraph in paragraphs:
            pdf.multi_cell(0, 6, paragraph, new_x="LMARGIN", new_y="NEXT")
            pdf.ln(3)
    return bytes(pdf.output())


def key(text: str) -> str:
    return re.sub(r"[\W_]", "", text).lower()


def highlights(data: bytes) -> list[tuple[int, str, str, list[float]]]:
    """(page, colour role, note, quad points) of every highlight, read with pypdf."""
    from pypdf import PdfReader

    found = []
    for number, page in enumerate(PdfReader(io.BytesIO(data)).pages, 1):
        for ref in page.get("/Annots", []):
            annotation = ref.get_object()
            if annotation["/Subtype"] == "/Highlight":
                found.append(
                    (
                        number,
                        str(annotation["/Subj"]),
                        str(annotation["/Contents"]),
                        [float(v) for v in annotation["/QuadPoints"]],
                    )
                )
    return found


def text_under(data: bytes, page: int, quads: list[float]) -> str:
    """The text PDFium finds inside each quad (left, bottom, right, top) of one highlight, joined."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(data)
    textpage = document[page - 1].get_textpage()
    return " ".join(
        textpage.get_text_bounded(quads[i + 4] + 0.5, quads[i + 5] + 0.5, quads[i + 2] - 0.5, quads[i + 1] - 0.5)
        for i in range(0, len(quads), 8)
    )


def page_texts(data: bytes) -> list[str]:
    import pypdfium2 as pdfium

    return [page.get_textpage().get_text_range() for page in pdfium.PdfDocument(data)]


@pytest.fixture(scope="module")
def paper():
    data = paper_pdf(outline=False)
    document = ingest_file("paper.pdf", data)
    summary = OFFLINE.summarize(document.blocks, SummaryOptions())
    return data, document, summary, highlight_pdf(data, summary.passages(), summary.sections)


def test_one_highlight_per_summary_sentence_over_exactly_its_source_text(paper):
    data, _, summary, result = paper
    passages = summary.passages()
    every = summary.sentences + [s for section in summary.sections for s in section.sentences]
    assert summary.sections and len(passages) == len(every) == result.placed and not result.missing
    found = highlights(result.data)
    assert len(found) == len(passages)
    by_note = {note: (page, role, quads) for page, role, note, quads in found}
    for passage in passages:
        page, role, quads = by_note[passage.note]
        assert (page, role) == (passage.page, passage.role)
        under = text_under(result.data, page, quads)
        assert key(passage.text) in key(under) and len(key(under)) <= len(key(passage.text)) + 2, (under, passage)
        assert len(quads) // 8 >= 1
    assert {role for _, role, _, _ in found} == {"overview", "section"}


def test_notes_name_the_role_and_the_section(paper):
    _, _, summary, result = paper
    notes = [note for _, _, note, _ in highlights(result.data)]
    assert notes[0] == f"Summary, sentence 1 of {len(summary.sentences)}"
    section = next(s for s in summary.sections if s.sentences)  # sections the length left unsummarized have none
    assert f"Section summary: {section.title} ({section.pages}), sentence 1 of {len(section.sentences)}" in notes


def test_pages_are_otherwise_untouched_and_both_readers_open_it(paper):
    from pypdf import PdfReader

    data, _, _, result = paper
    assert result.data.startswith(data), "the original bytes come first: an incremental update"
    assert len(PdfReader(io.BytesIO(result.data)).pages) == len(PdfReader(io.BytesIO(data)).pages) == 4
    assert page_texts(result.data) == page_texts(data)


def outline_of(data: bytes) -> list[tuple[str, int]]:
    """(title, page) of every bookmark, nested ones included, in order."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))

    def walk(items) -> list[tuple[str, int]]:
        found = []
        for item in items:
            if isinstance(item, list):
                found.extend(walk(item))
            else:
                found.append((item.title, reader.get_destination_page_number(item) + 1))
        return found

    return walk(reader.outline)


def test_bookmarks_are_added_for_the_detected_sections(paper):
    _, document, summary, result = paper
    headings = [(block.text, block.page) for block in document.blocks if block.kind == "heading"]
    assert outline_of(result.data) == headings == [(f"{n} {title}", n) for n, title in enumerate(PAPER, 1)]
    assert result.bookmarks == len(summary.sections) == 4


def test_bookmarks_are_the_sections_shown_not_every_heading():
    """Subsections, a table's header row and the references are headings or look like them, but the summary
    shows the numbered sections alone: the bookmarks are those, each at the page its section starts on."""
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_font("Sans", fname=FONT)
    pdf.add_font("Sans", style="B", fname=BOLD)
    pdf.add_page()
    for number, (title, paragraphs) in enumerate(PAPER.items(), 1):
        for sub, heading in enumerate((f"{number} {title}", f"{number}.1 Details", f"{number}.2 Examples")):
            pdf.set_font("Sans", "B", 15 if sub == 0 else 12)
            pdf.cell(0, 10, heading, new_x="LMARGIN", new_y="NEXT")
            pdf.set_font("Sans", size=11)
            pdf.multi_cell(0, 6, paragraphs[0], new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Sans", "B", 15)
    pdf.cell(0, 10, "References", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Sans", size=11)
    pdf.multi_cell(0, 6, "[1] J. Smith. Consensus in practice. Proceedings of OSDI, pp. 1-12, 2019.")
    data = bytes(pdf.output())
    document = ingest_file("paper.pdf", data)
    summary = OFFLINE.summarize(document.blocks, SummaryOptions())
    result = highlight_pdf(data, summary.passages(), summary.sections)
    shown = [(section.title, section.first_page) for section in summary.sections]
    assert [title for title, _ in shown] == [f"{n} {title}" for n, title in enumerate(PAPER, 1)]
    assert sum(b.kind == "heading" for b in document.blocks) > len(shown)
    assert outline_of(result.data) == shown and result.bookmarks == len(shown)


def test_a_pdf_with_its_own_outline_keeps_it():
    from pypdf import PdfReader

    data = standard_pdf()
    document = ingest_file("standard.pdf", data)
    summary = OFFLINE.summarize(document.blocks, SummaryOptions())
    result = highlight_pdf(data, summary.passages(), summary.sections)
    before = [item.title for item in PdfReader(io.BytesIO(data)).outline]
    after = [item.title for item in PdfReader(io.BytesIO(result.data)).outline]
    assert (
        after
        == before
        == ["Scope", "Terms and definitions", "Package structure", "Interleaving and storage", "References"]
    )
    assert result.bookmarks == 0 and result.placed == len(summary.passages())


def test_a_scanned_page_is_highlighted_from_its_ocr_boxes():
    import pypdfium2 as pdfium

    from summarizer.lab.ocreval import scan
    from tests.ingest.test_ocr import ARTICLE, pdf_with_text_page_then

    image, _ = scan(ARTICLE, 200, title="Bridge repairs approved")
    data = pdf_with_text_page_then([image])
    document = ingest_file("minutes.pdf", data)
    summary = OFFLINE.summarize(document.blocks, SummaryOptions())
    scanned = [p for p in summary.passages() if p.page == 2]
    assert scanned
    with busy_cores() as hogs:  # OCR'd again for its boxes: the limit counts time without progress, as reading's
        result = highlight_pdf(data, summary.passages(), summary.sections)
        assert all(process.poll() is None for process in hogs)
    assert result.placed == len(summary.passages()) and not result.missing
    page = pdfium.PdfDocument(data)[1]
    width, height = page.get_size()
    ink = page.render(scale=1, grayscale=True).to_pil()
    on_scan = [quads for number, _, _, quads in highlights(result.data) if number == 2]
    assert len(on_scan) == len(scanned)
    for quads in on_scan:
        for i in range(0, len(quads), 8):
            left, top, right, bottom = quads[i], quads[i + 1], quads[i + 2], quads[i + 5]
            assert 0 <= left < right <= width and 0 <= bottom < top <= height
            crop = ink.crop((int(left), int(height - top), int(right), int(height - bottom)))
            assert crop.getextrema()[0] < 100, "the highlight sits on printed text"


def test_docx_becomes_an_html_page_with_contents_and_the_sources_marked():
    document = ingest_file("review.docx", styled_docx())
    summary = OFFLINE.summarize(document.blocks, SummaryOptions())
    passages = summary.passages()
    page, missing = marked_html(document.title, document.blocks, passages)
    assert not missing
    headings = [b.text for b in document.blocks if b.kind == "heading"]
    nav = re.search(r"<nav>(.*?)</nav>", page).group(1)
    assert re.findall(r'<a href="#section-\d+">(.*?)</a>', nav) == headings
    marked = re.findall(r'<mark class="([a-z ]+)" title="[^"]*">(.*?)</mark>', page)
    assert {text for _, text in marked} == {p.text for p in passages}
    assert any("section" in roles for roles, _ in marked) and any("overview" in roles for roles, _ in marked)


def test_html_export_escapes_the_document():
    from ingest import Block

    blocks = (
        Block("heading", "Notes <script>alert(1)</script>", 1),
        Block("paragraph", "The board met on Monday <img src=x onerror=alert(2)> and approved the bridge plan."),
    )

    class Mark:
        text, page, role, note = blocks[1].text, None, "overview", 'Summary "quoted" <b>'

    page, missing = marked_html("<title>", blocks, [Mark()])
    assert not missing and "<script>" not in page and "<img" not in page and "&lt;img src=x" in page
    assert 'title="Summary &quot;quoted&quot; &lt;b&gt;"' in page


def test_a_pdf_encrypted_with_an_empty_password_is_highlighted_in_a_decrypted_copy():
    from tests.builders import make_pdf

    data = make_pdf(pages=2, password="")
    document = ingest_file("open.pdf", data)
    summary = OFFLINE.summarize(document.blocks, SummaryOptions())
    result = highlight_pdf(data, summary.passages(), summary.sections)
    assert result.placed == len(summary.passages()) and len(highlights(result.data)) == len(summary.passages())
    assert page_texts(result.data) == page_texts(data)


def test_a_damaged_pdf_is_a_clear_error():
    from ingest import CorruptFileError

    with pytest.raises(CorruptFileError, match="broken.pdf could not be read for highlighting"):
        highlight_pdf(b"%PDF-1.4 not really", [], name="broken.pdf")
