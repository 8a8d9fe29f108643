"""What a user meets first on the Upload page: sizes in one unit, limits checked while reading, clear refusals."""

from tests.builders import make_docx


def test_sizes_count_a_megabyte_as_a_million_bytes_in_the_limit_and_the_caption(app, monkeypatch):
    monkeypatch.setenv("INGEST_MAX_FILE_MB", "1")
    at = app("views/upload.py")
    over = b"word " * 200_000 + b"x"  # 1,000,001 bytes: over 1 MB, under 1 MiB
    at.file_uploader(key="uploader").set_value(("big.txt", over, "text/plain")).run()
    assert not at.exception
    assert [e.value for e in at.error] == ["big.txt is 1.0 MB; the limit is 1 MB."]
    at.file_uploader(key="uploader").set_value(("review.docx", make_docx(), "application/octet-stream")).run()
    assert any(c.value.endswith(" kB") and "review.docx ·" in c.value for c in at.caption)


def _huge_number() -> int:
    return int("9" * 5000)  # Python's own ValueError, whose words end "use sys.set_int_max_str_digits()"


def test_a_reader_that_fails_on_its_own_says_the_file_is_damaged_without_the_parsers_words():
    import pytest

    from ingest import CorruptFileError
    from ingest.bounded import run_bounded

    with pytest.raises(CorruptFileError) as caught:
        run_bounded(_huge_number, (), "odd.pdf", 60)
    assert str(caught.value) == "odd.pdf could not be read; the file seems damaged."


def test_the_highlight_line_does_not_claim_an_outline_the_pdf_never_had(tmp_path):
    from fpdf import FPDF

    from ingest import read_file
    from summarizer import Settings, Summarizer, SummaryOptions
    from summarizer.highlighting import write_highlighted
    from tests.builders import FONT, make_text

    pdf = FPDF()
    pdf.add_page()
    pdf.add_font("DejaVu", fname=FONT)
    pdf.set_font("DejaVu", size=11)
    pdf.multi_cell(0, 6, make_text(8, seed=5))
    source = tmp_path / "plain.pdf"
    source.write_bytes(bytes(pdf.output()))
    document = read_file(str(source))
    summary = Summarizer(Settings(engine="extractive")).summarize(document.blocks, SummaryOptions(words=40))
    line = write_highlighted(str(source), document, summary, str(tmp_path / "out.pdf"))
    assert "outline" not in line and line.endswith(f", no sections found to bookmark: {tmp_path / 'out.pdf'}")


def test_the_coverage_line_does_not_claim_pages_that_were_skipped(app):
    from tests.builders import make_pdf

    at = app("views/upload.py")
    at.toggle(key="upload_ocr").set_value(False).run()
    at.file_uploader(key="uploader").set_value(("mixed.pdf", make_pdf(pages=5, image_only=(4, 5)), "application/pdf"))
    at.run()
    at.button(key="summarize_upload").click().run()
    assert not at.exception
    read = [c.value for c in at.caption if c.value.startswith("Read ")]
    assert read and read[0].startswith("Read 100% of the text on 3 of 5 pages in 1 part"), read


def test_a_text_over_the_character_limit_is_refused_while_reading_not_after(app):
    """12 MB of text: refused from its size before decoding; 2.5 MB of UTF-8 letters, before parsing."""
    at = app("views/upload.py")
    refusal = (
        "has more than 2,000,000 characters of text, the limit; reading stopped there. Split it into smaller files."
    )
    for name, data in (("big.txt", b"Words go here. " * 800_000), ("wide.md", "Ünïcödé wörds. ".encode() * 160_000)):
        at.file_uploader(key="uploader").set_value((name, data, "text/plain")).run()
        assert not at.exception
        assert [e.value for e in at.error] == [f"{name} {refusal}"]


def test_whitespace_does_not_count_towards_the_character_limit():
    from ingest import IngestSettings, ingest_file

    padded = ("word " * 150 + " " * 5000 + "\n\n" + "more words here. " * 10).encode()
    document = ingest_file("padded.txt", padded, IngestSettings(max_chars=1000))
    assert document.words == 180


def test_a_docx_of_labels_only_is_refused_at_upload_not_after_the_click(app):
    import io

    import docx

    labels = docx.Document()
    for number in range(1, 10):
        labels.add_paragraph(f"P{number}")
    data = io.BytesIO()
    labels.save(data)
    at = app("views/upload.py")
    at.file_uploader(key="uploader").set_value(("labels.docx", data.getvalue(), "application/octet-stream")).run()
    assert not at.exception
    assert [e.value for e in at.error] == [
        "labels.docx has no sentences to summarize: it reads as labels, headings, figures or a table, not as "
        "running text."
    ]
    assert not [button for button in at.button if button.key == "summarize_upload"]


def test_the_summarize_button_says_which_length_it_will_use_and_where_to_change_it(app):
    at = app("views/paste.py")
    hint = "change it in the sidebar (» at the top left on a phone)."
    assert f"Length: medium, paragraph · {hint}" in [c.value for c in at.caption]
    at.sidebar.radio(key="length_choice").set_value("short").run()
    assert f"Length: short, paragraph · {hint}" in [c.value for c in at.caption]


def test_a_word_bomb_is_too_large_when_inflated_not_damaged(app):
    from tests.builders import docx_bomb

    at = app("views/upload.py")
    at.file_uploader(key="uploader").set_value(("bomb.docx", docx_bomb(200), "application/octet-stream")).run()
    assert not at.exception
    [error] = [e.value for e in at.error]
    assert error.startswith("bomb.docx is too large when inflated: its parts unpack to more than 100 MB, the limit")
