"""The upload page offers the source marked up with its summary next to the other downloads, and shows key terms."""

from tests.builders import standard_pdf, styled_docx


def summarized(app, name, data):
    at = app("views/upload.py")
    at.file_uploader(key="uploader").set_value((name, data, "application/octet-stream")).run()
    at.button(key="summarize_upload").click().run()
    assert not at.exception
    return at


def downloads(at):
    return [button.proto.label for button in at.get("download_button")]


def test_a_pdf_gets_a_highlighted_pdf_download_and_key_terms_above_the_summary(app):
    at = summarized(app, "standard.pdf", standard_pdf())
    assert downloads(at) == ["Download .txt", "Download .md", "Download highlighted PDF"]
    captions = [c.value for c in at.caption]
    terms = [c for c in captions if c.startswith("Key terms: ")]
    assert terms and "content type" in terms[0]


def test_a_docx_gets_a_marked_html_download(app):
    at = summarized(app, "review.docx", styled_docx())
    assert downloads(at) == ["Download .txt", "Download .md", "Download marked .html"]


def test_the_deferred_download_makes_the_highlighted_file():
    from ingest import ingest_file
    from summarizer import Settings, Summarizer, SummaryOptions
    from ui.exports import marked_source

    data = standard_pdf()
    document = ingest_file("standard.pdf", data)
    summary = Summarizer(Settings(engine="extractive")).summarize(document.blocks, SummaryOptions())
    label, name, mime, make = marked_source(summary, document, data)
    made = make()
    assert (name, mime) == ("standard-highlighted.pdf", "application/pdf")
    assert made.startswith(data) and made.count(b"/Highlight") == len(summary.passages())
    assert marked_source(summary, document, None) is None, "no bytes (an earlier upload): no PDF button"
