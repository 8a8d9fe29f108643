"""The upload page offers the source marked up with its summary next to the other downloads, and shows key terms;
a PDF that cannot be highlighted gives a message, never a dead button."""

import io

import pytest

from tests.builders import make_pdf, standard_pdf, styled_docx


def summarized(app, name, data):
    at = app("views/upload.py")
    at.file_uploader(key="uploader").set_value((name, data, "application/octet-stream")).run()
    at.button(key="summarize_upload").click().run()
    assert not at.exception
    return at


def downloads(at):
    return [button.proto.label for button in at.get("download_button")]


def made(at):
    """The page after 'Make …' (the marked source) is clicked."""
    [make] = [button for button in at.button if button.label.startswith("Make ")]
    make.click().run()
    assert not at.exception
    return at


def test_a_pdf_gets_a_highlighted_pdf_download_and_key_terms_above_the_summary(app):
    at = summarized(app, "standard.pdf", standard_pdf())
    assert downloads(at) == ["Download .txt", "Download .md"]
    assert downloads(made(at)) == ["Download .txt", "Download .md", "Download highlighted PDF"]
    captions = [c.value for c in at.caption]
    terms = [c for c in captions if c.startswith("Key terms: ")]
    assert terms and "content type" in terms[0]


def test_a_docx_gets_a_marked_html_download(app):
    at = made(summarized(app, "review.docx", styled_docx()))
    assert downloads(at) == ["Download .txt", "Download .md", "Download marked .html"]


def test_the_deferred_download_makes_the_highlighted_file():
    from ingest import ingest_file
    from summarizer import Settings, Summarizer, SummaryOptions
    from ui.exports import marked_source

    data = standard_pdf()
    document = ingest_file("standard.pdf", data)
    summary = Summarizer(Settings(engine="extractive")).summarize(document.blocks, SummaryOptions())
    label, name, mime, make = marked_source(summary, document, data)
    made, note = make()
    assert (name, mime, note) == ("standard-highlighted.pdf", "application/pdf", "")
    assert made.startswith(data) and made.count(b"/Highlight") == len(summary.passages())
    assert marked_source(summary, document, None) is None, "no bytes (an earlier upload): no PDF button"


def deep_outline() -> bytes:
    """A PDF whose bookmarks nest 150 deep (pypdf refuses past 100)."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(make_pdf(pages=2))))
    parent = None
    for level in range(150):
        parent = writer.add_outline_item(title=f"Level {level}", page_number=0, parent=parent)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def many_annotations() -> bytes:
    """A PDF whose first page lists 200,000 annotations (pypdf refuses arrays that long)."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, NameObject, NullObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(make_pdf(pages=2))))
    writer.pages[0][NameObject("/Annots")] = ArrayObject([NullObject()] * 200_000)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.parametrize("hostile", [deep_outline, many_annotations])
def test_a_pdf_that_cannot_be_highlighted_says_so_instead_of_a_dead_button(app, hostile):
    name = hostile.__name__.replace("_", "-") + ".pdf"
    at = made(summarized(app, name, hostile()))
    assert downloads(at) == ["Download .txt", "Download .md"]
    assert [e.value for e in at.error] == [
        f"{name} could not be rewritten with highlights; part of the PDF is damaged or too unusual to copy."
    ]


def test_sentences_that_cannot_be_marked_are_named_not_dropped():
    from summarizer import unmarked

    assert unmarked([], 12) == ""
    said = unmarked(["The first sentence that was not found on any page of the file at all.", "Second one."], 12)
    assert said.startswith("2 of the summary's 12 source sentences could not be found in the file's text")
    assert "not marked: “The first sentence that was not found on any page of the…”; “Second one.”." in said
