"""Every page through AppTest: what the user sees, with real engines and real files."""

from tests.ingest.conftest import make_docx, make_pdf
from tests.conftest import make_text

ARTICLE = make_text(30, seed=3)


def texts(at, kind="markdown"):
    return [element.value for element in getattr(at, kind)]


def summarize_paste(at, text):
    at.text_area(key="paste_area").set_value(text).run()
    at.button(key="summarize_paste").click().run()
    assert not at.exception
    return at


def test_paste_summarizes_and_says_which_engine(app):
    at = summarize_paste(app("pages/paste.py"), ARTICLE)
    assert any(c.startswith("Read 100% of") and "offline extractive" in c for c in texts(at, "caption"))
    assert "Summary" in " ".join(texts(at))
    sidebar = " ".join(c.value for c in at.sidebar.caption)
    assert "Offline extractive" in sidebar and "offline engine was chosen" in sidebar
    assert [b.label for b in at.get("download_button")] == ["Download .txt", "Download .md"]


def test_same_input_twice_is_not_summarized_again_and_survives_page_switches(app):
    at = summarize_paste(app("pages/paste.py"), ARTICLE)
    first = [c for c in texts(at, "caption") if c.startswith("Read")]
    at.button(key="summarize_paste").click().run()
    assert len(at.session_state["summaries"]) == 1
    assert [c for c in texts(at, "caption") if c.startswith("Read")] == first
    at.switch_page("pages/upload.py").run()
    at.switch_page("pages/paste.py").run()
    assert at.text_area(key="paste_area").value == ARTICLE
    assert [c for c in texts(at, "caption") if c.startswith("Read")] == first


def test_paste_errors_keep_the_text(app):
    at = app("pages/paste.py")
    at.button(key="summarize_paste").click().run()
    assert "Paste some text first." in texts(at, "warning")
    at = summarize_paste(at, "--- *** ...")
    assert texts(at, "error") == ["The text has no sentences to summarize (no words were found)."]
    assert at.text_area(key="paste_area").value == "--- *** ..."


def test_length_and_format_controls_change_the_summary(app):
    at = app("pages/paste.py")
    at.sidebar.radio(key="summary_format").set_value("bullets").run()
    at.sidebar.radio(key="length_choice").set_value("short").run()
    at = summarize_paste(at, make_text(80, seed=5))
    bullets = [m for m in texts(at) if m.startswith("- ")]
    assert bullets and all(line.startswith("- ") for line in bullets[0].split("\n"))


def test_upload_docx_shows_facts_then_summarizes(app):
    at = app()
    at.file_uploader(key="uploader").set_value(("review.docx", make_docx(), "application/octet-stream")).run()
    assert not at.exception
    captions = " ".join(texts(at, "caption"))
    assert "review.docx · 5 paragraphs ·" in captions and "min to read" in captions
    assert "Headers and footers were left out." in texts(at, "warning")
    at.button(key="summarize_upload").click().run()
    assert any(c.startswith("Read 100% of") for c in texts(at, "caption"))


def test_upload_pdf_coverage_counts_pages(app):
    at = app()
    at.file_uploader(key="uploader").set_value(("plan.pdf", make_pdf(pages=6), "application/pdf")).run()
    at.button(key="summarize_upload").click().run()
    assert any(c.startswith("Read 100% of 6 pages in 1 part") for c in texts(at, "caption"))


def test_bad_upload_is_a_message_not_a_traceback(app):
    at = app()
    at.file_uploader(key="uploader").set_value(("locked.pdf", make_pdf(password="pw"), "application/pdf")).run()
    assert not at.exception
    assert texts(at, "error") == ["locked.pdf is password-protected; remove the password and upload it again."]


def test_news_cards_are_text_with_read_more_and_summarize_in_place(app):
    at = app("pages/news.py")
    titles = [m for m in texts(at) if m.startswith("##### ")]
    assert titles[0] == "##### Scientists map the deep ocean floor in record detail"
    assert any("Markets close higher on tech rally" in t and "<script>" not in t for t in titles)
    assert any("from RSS · as of" in c for c in texts(at, "caption"))
    links = at.get("link_button")
    assert links[1].proto.label == "Read more" and links[1].proto.url.endswith("/article/normal.html")
    at.button(key="news-1").click().run()
    assert not at.exception
    assert any("city council voted seven to two" in m.lower() for m in texts(at))


def test_news_unavailable_is_a_banner(app_env, app):
    app_env.down = True
    at = app("pages/news.py")
    assert any(e.startswith("Headlines are unavailable right now.") for e in texts(at, "error"))


def test_any_article_link(app_env, app):
    at = app("pages/news.py")
    at.text_input(key="news_url").set_value(f"{app_env.base}/article/normal.html").run()
    at.button(key="summarize_url").click().run()
    assert not at.exception
    assert any("city council voted seven to two" in m.lower() for m in texts(at))
    at.text_input(key="news_url").set_value("file:///etc/passwd").run()
    at.button(key="summarize_url").click().run()
    assert "Only http and https links can be opened, not file links." in texts(at, "error")


def test_thin_article_says_only_the_summary_paragraph_was_read(app):
    at = app("pages/news.py")
    at.button(key="news-0").click().run()
    assert any(w.startswith("Only the summary paragraph could be read") for w in texts(at, "warning"))


def test_about_page_lists_engine_and_limits(app):
    at = app("pages/about.py")
    about = " ".join(texts(at))
    assert "**Engine:** extractive" in about and "25 MB" in about and "OCR" in about
