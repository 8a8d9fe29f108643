import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest import (
    CorruptFileError,
    ExtractionTimeoutError,
    FileTooLargeError,
    IngestSettings,
    NoTextError,
    PasswordProtectedError,
    UnsupportedFormatError,
    ingest_file,
)
from ingest.bounded import run_bounded
from ingest.formats.pdf import RUNNING_NOTE


def test_docx_paragraphs_and_tables_in_order(fixtures):
    document = ingest_file("report.docx", fixtures["report.docx"])
    assert document.kind == "docx" and document.title == "Quarterly Review"
    assert document.text.split("\n\n") == [
        "Summary of findings",
        "Sales rose by a fifth in the third quarter. Costs stayed flat.",
        "Region | Sales",
        "North | 120",
        "The board will meet again in March.",
    ]
    assert "CONFIDENTIAL" not in document.text and document.warnings == [
        "Headers and footers were left out of the summary (see what was left out)."
    ]


def test_pdf_pages_rejoined_without_headers_numbers_hyphens_or_ligatures(fixtures):
    document = ingest_file("report.pdf", fixtures["report.pdf"])
    assert document.kind == "pdf" and document.pages == 4
    text = document.text
    assert "Acme Annual Report" not in text
    assert "recommended replacing them" in text and "recom-" not in text
    assert "risks to the fleet" in text and "flow of water" in text and "ﬁ" not in text
    assert not any(line.strip().isdigit() for line in text.split("\n"))
    assert text.index("Section 1:") < text.index("Section 2:") < text.index("Section 4:")
    assert "Section 2: people and hiring" in text.split("\n\n")
    assert text.count("new funding for the public library.") == 4
    assert RUNNING_NOTE in document.warnings


def test_pages_without_text_are_named_when_ocr_is_off(fixtures):
    document = ingest_file("scan-inside.pdf", fixtures["scan-inside.pdf"], IngestSettings(ocr=False))
    assert (
        "Pages 3-5 of 5 look scanned and were skipped: they have no text layer, and OCR is switched off."
        in document.warnings
    )
    assert "Section 2:" in document.text


def test_encrypted_pdfs(fixtures):
    assert "Section 1:" in ingest_file("open-locked.pdf", fixtures["open-locked.pdf"]).text
    with pytest.raises(PasswordProtectedError, match="locked.pdf is password-protected"):
        ingest_file("locked.pdf", fixtures["locked.pdf"])


@pytest.mark.parametrize(
    "name, error, message",
    [
        ("scan.pdf", NoTextError, "scan.pdf is a scanned image with no text layer, and OCR is switched off"),
        ("scan-stray-word.pdf", NoTextError, "scan-stray-word.pdf is a scanned image with no text layer, and OCR is"),
        ("fake.docx", CorruptFileError, "fake.docx is not a valid Word document (.docx)"),
        ("random.txt", UnsupportedFormatError, "random.txt is not a text file"),
        ("empty.txt", NoTextError, "empty.txt is empty."),
        ("legacy.doc", UnsupportedFormatError, "save it as .docx"),
    ],
)
def test_each_bad_file_gets_its_own_message(fixtures, name, error, message):
    with pytest.raises(error) as raised:
        ingest_file(name, fixtures[name], IngestSettings(ocr=False))
    assert message in str(raised.value)


def test_text_encodings(fixtures):
    utf16 = ingest_file("utf16.txt", fixtures["utf16.txt"])
    assert utf16.text == "Café society met on Tuesday. It rained."
    cp1252 = ingest_file("cp1252.txt", fixtures["cp1252.txt"])
    assert cp1252.text == "The café’s owner said “bonjour” to every guest — and meant it."
    assert ingest_file("bom.txt", "\ufeffHello there, reader.".encode("utf-8")).text == "Hello there, reader."


def test_type_comes_from_content_not_name(fixtures):
    document = ingest_file("renamed.txt", fixtures["report.pdf"])
    assert document.kind == "pdf" and "actually a PDF" in document.warnings[0]
    notes = ingest_file("notes.doc", b"The council met on Monday. It voted to build a bridge.")
    assert notes.kind == "text" and notes.text == "The council met on Monday. It voted to build a bridge."
    assert notes.warnings[0] == "notes.doc is actually a text file and was read as one."
    with pytest.raises(UnsupportedFormatError, match=r"letter.doc is a Rich Text \(RTF\) file; save it as .docx"):
        ingest_file("letter.doc", b"{\\rtf1\\ansi The council met on Monday.}")
    with pytest.raises(
        UnsupportedFormatError,
        match=r"supported formats are plain text and Markdown \(\.txt.*Word \(\.docx\), PDF \(\.pdf.*\.png.*web pages \(\.html",
    ):
        ingest_file("animation.gif", b"GIF89a" + b"\x00" * 50)
    with pytest.raises(CorruptFileError, match="photo.png could not be read; the image seems damaged"):
        ingest_file("photo.png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 50)
    with pytest.raises(CorruptFileError, match="photo.jpg is not a valid JPG image"):
        ingest_file("photo.jpg", b"just some words")
    with pytest.raises(CorruptFileError, match="not a valid PDF"):
        ingest_file("notes.pdf", b"just some words")


def test_limits(fixtures):
    with pytest.raises(FileTooLargeError, match="the limit is 1 MB"):
        ingest_file("big.txt", b"word " * 300_000, IngestSettings(max_file_mb=1))
    with pytest.raises(FileTooLargeError, match="has 4 pages; the limit is 2"):
        ingest_file("report.pdf", fixtures["report.pdf"], IngestSettings(max_pages=2))
    with pytest.raises(FileTooLargeError, match="characters of text"):
        ingest_file("long.txt", b"word " * 1000, IngestSettings(max_chars=100))


def _spin(seconds):
    import time

    time.sleep(seconds)


def test_a_parser_that_hangs_is_stopped():
    with pytest.raises(ExtractionTimeoutError, match="longer than 0.5 seconds"):
        run_bounded(_spin, (30,), "slow.pdf", 0.5)


def _report_then_wait_for(go: str, report) -> str:
    """A reader that reports once, then runs until the file `go` exists (the test creates it when done)."""
    import os
    import time

    report(0.0, "started")
    while not os.path.exists(go):
        time.sleep(0.05)
    return "read"


def test_the_reader_child_holds_none_of_the_servers_connections(tmp_path):
    """A connection the server closes ends while the forked reader still runs. The child used to inherit every
    socket of the app: a keep-alive connection the server dropped stayed open in the child, so the browser's next
    request on it (the Paste page's script) went unanswered until OCR of the whole scan was over."""
    import socket
    import threading

    go = tmp_path / "go"
    started = threading.Event()
    outcome: list = []
    with socket.create_server(("127.0.0.1", 0)) as listener:
        browser = socket.create_connection(listener.getsockname())
        served, _ = listener.accept()
        reader = threading.Thread(
            target=lambda: outcome.append(
                run_bounded(_report_then_wait_for, (str(go),), "scan.pdf", 600, progress=lambda *_: started.set())
            )
        )
        reader.start()
        try:
            assert started.wait(300), "the reader never reported"
            served.close()  # the server is done with this connection while the child still reads
            browser.settimeout(300)
            assert browser.recv(1) == b"", "the connection stays open"
            assert reader.is_alive()
        finally:
            go.touch()
            reader.join(300)
            browser.close()
    assert outcome == ["read"]


def _pictures_only_pdf(pictures: list[tuple[int, int, int, int, tuple[int, int, int]]], pages: int) -> bytes:
    """A PDF whose pages hold only the pictures (x, y, width, height in points, colour): no text at all."""
    import io

    from fpdf import FPDF
    from PIL import Image, ImageDraw

    pdf = FPDF(unit="pt", format="A4")
    for _ in range(pages):
        pdf.add_page()
        for x, y, width, height, colour in pictures:
            picture = Image.new("RGB", (width, height), "white")
            ImageDraw.Draw(picture).ellipse((2, 2, width - 3, height - 3), fill=colour)
            buffer = io.BytesIO()
            picture.save(buffer, "PNG")
            pdf.image(buffer, x=x, y=y, w=width, h=height)
    return bytes(pdf.output())


@given(
    pictures=st.lists(
        st.tuples(
            st.integers(0, 400),
            st.integers(0, 600),
            st.integers(12, 180),
            st.integers(12, 180),
            st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255)),
        ),
        min_size=1,
        max_size=3,
    ),
    pages=st.integers(1, 3),
)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_pdf_of_logos_and_pictures_without_text_says_so_not_blank(pictures, pages):
    with pytest.raises(NoTextError) as refused:
        ingest_file("letterhead.pdf", _pictures_only_pdf(pictures, pages))
    assert "hold only images" in str(refused.value) and "blank" not in str(refused.value)


def test_a_pdf_of_empty_pages_is_called_blank():
    with pytest.raises(NoTextError, match=r"its pages are blank"):
        ingest_file("empty.pdf", _pictures_only_pdf([], 2))
