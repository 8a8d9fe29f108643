"""Every page through AppTest: what the user sees, with real engines, real files and the loopback news server."""

import re

import pytest

from tests.builders import labelled_paper_pdf, make_docx, make_pdf, make_text

ARTICLE = make_text(30, seed=3)


def texts(at, kind="markdown"):
    return [element.value for element in getattr(at, kind)]


def summarize_paste(at, text):
    at.text_area(key="paste_area").set_value(text).run()
    at.button(key="summarize_paste").click().run()
    assert not at.exception
    return at


def read_lines(at):
    return [c for c in texts(at, "caption") if c.startswith("Read ")]


def test_start_page_says_what_the_app_does_and_which_engine_in_plain_words(app):
    at = app()
    assert at.title[0].value == "Summarizer"
    page = " ".join(texts(at)) + " ".join(texts(at, "info"))
    assert "short summary" in page and "pick the most important sentences" in page
    assert "set up to work without an AI model" in page and "extractive" not in page.lower()
    links = [link.proto.label for link in at.get("page_link")]
    assert {"Upload a file", "Paste text", "News", "About"} <= set(links)


def test_paste_summarizes_and_says_which_engine(app):
    at = summarize_paste(app("views/paste.py"), ARTICLE)
    assert any(c.startswith("Read 100% of") and "offline extractive" in c for c in texts(at, "caption"))
    assert "Summary" in " ".join(texts(at))
    assert "Offline extractive" in " ".join(c.value for c in at.sidebar.caption)
    assert [b.label for b in at.get("download_button")] == ["Download .txt", "Download .md"]


def test_paste_word_count_and_limit(app):
    at = app("views/paste.py")
    assert "0 words" not in " ".join(texts(at, "caption"))
    assert "word count appears once the text is in" in " ".join(texts(at, "caption"))
    at.text_area(key="paste_area").set_value("one two three").run()
    assert any(c.startswith("3 words ·") for c in texts(at, "caption"))
    assert at.text_area(key="paste_area").proto.max_chars == 2_000_000


def test_same_input_twice_is_computed_once_and_survives_page_switches(app):
    from ui import resources

    at = summarize_paste(app("views/paste.py"), ARTICLE)
    started = resources.tasks().started
    first = read_lines(at)
    at.button(key="summarize_paste").click().run()
    at.button(key="summarize_paste").click().run()
    assert resources.tasks().started == started
    assert read_lines(at) == first
    at.switch_page("views/upload.py").run()
    at.switch_page("views/paste.py").run()
    assert at.text_area(key="paste_area").value == ARTICLE
    assert read_lines(at) == first


def test_changing_length_recomputes_at_once_with_the_offline_engine(app):
    at = summarize_paste(app("views/paste.py"), make_text(80, seed=5))
    medium = read_lines(at)
    at.sidebar.radio(key="length_choice").set_value("short").run()
    assert not at.exception
    short = [m for m in texts(at, "caption") if m.startswith("Read ")]
    assert short and short != medium
    at.sidebar.radio(key="summary_format").set_value("bullets").run()
    bullets = [m for m in texts(at) if m.startswith("- ")]
    assert bullets and all(line.startswith("- ") for line in bullets[0].split("\n"))


def test_paste_errors_keep_the_text(app):
    at = app("views/paste.py")
    at.button(key="summarize_paste").click().run()
    assert "Paste some text first." in texts(at, "warning")
    at = summarize_paste(at, "--- *** ...")
    assert texts(at, "error") == [
        "The text has no sentences to summarize (no words of two or more letters were found)."
    ]
    assert at.text_area(key="paste_area").value == "--- *** ..."
    at.run()
    assert texts(at, "error") == [
        "The text has no sentences to summarize (no words of two or more letters were found)."
    ]


def test_upload_docx_shows_facts_then_summarizes(app):
    at = app("views/upload.py")
    at.file_uploader(key="uploader").set_value(("review.docx", make_docx(), "application/octet-stream")).run()
    assert not at.exception
    captions = " ".join(texts(at, "caption"))
    assert "review.docx · 5 paragraphs ·" in captions and "min to read" in captions
    assert "Headers and footers were left out of the summary (see what was left out)." in texts(at, "warning")
    at.button(key="summarize_upload").click().run()
    assert any(c.startswith("Read 100% of") for c in texts(at, "caption"))


def test_upload_pdf_counts_pages_in_good_english(app):
    at = app("views/upload.py")
    at.file_uploader(key="uploader").set_value(("plan.pdf", make_pdf(pages=6), "application/pdf")).run()
    at.button(key="summarize_upload").click().run()
    assert any(c.startswith("Read 100% of 6 pages in 1 part") for c in texts(at, "caption"))
    at.file_uploader(key="uploader").set_value(("one.pdf", make_pdf(pages=1), "application/pdf")).run()
    assert any("one.pdf · 1 page ·" in c for c in texts(at, "caption"))


def test_a_paper_with_an_abstract_shows_the_labelled_overview_and_the_authors_abstract(app):
    at = app("views/upload.py")
    at.file_uploader(key="uploader").set_value(("quickstore.pdf", labelled_paper_pdf(), "application/pdf")).run()
    at.button(key="summarize_upload").click().run()
    assert not at.exception
    own = next(text for text in texts(at) if text.startswith("**Abstract (the authors', p. 1)**  \nWeb services"))
    assert "**This paper presents Quickstore" in own  # "What it is", marked in the abstract, not said twice
    shown = next(text for text in texts(at) if text.startswith("- **What it found"))
    heads = [line.split("**")[1] for line in shown.splitlines()]
    assert heads == ["What it found (p. 4)", "Limits (p. 5)"]
    assert texts(at).index(own) < texts(at).index(shown)


def test_bad_upload_is_a_message_and_goes_when_a_good_file_replaces_it(app):
    at = app("views/upload.py")
    at.file_uploader(key="uploader").set_value(("locked.pdf", make_pdf(password="pw"), "application/pdf")).run()
    assert not at.exception
    assert texts(at, "error") == ["locked.pdf is password-protected; remove the password and upload it again."]
    at.file_uploader(key="uploader").set_value(("plan.pdf", make_pdf(pages=2), "application/pdf")).run()
    assert texts(at, "error") == [] and texts(at, "info") == []


def test_a_scanned_page_is_read_by_ocr_and_says_how_sure_with_a_switch_to_turn_ocr_off(app):
    import io

    from summarizer.lab.ocreval import FONT, scan

    if not FONT.is_file():
        pytest.skip(f"the test font {FONT} is not installed (Debian: fonts-dejavu-core)")
    image, _ = scan(ARTICLE, 200)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    at = app("views/upload.py")
    at.file_uploader(key="uploader").set_value(("letter.png", buffer.getvalue(), "image/png")).run()
    assert not at.exception
    assert texts(at, "info")[0].startswith("The text was read by OCR (Tesseract, confidence ")
    assert any("letter.png · 1 page ·" in c for c in texts(at, "caption"))
    at.button(key="summarize_upload").click().run()
    assert any(
        c.startswith("Read 100% of 1 page in 1 part") and c.endswith("; scanned pages read by Tesseract")
        for c in texts(at, "caption")
    )
    assert any(
        c.startswith("The text was read by OCR (Tesseract, confidence ") and c.endswith("against the scan.")
        for c in texts(at, "caption")
    )
    at.toggle(key="upload_ocr").set_value(False).run()
    assert texts(at, "error")[0].startswith(
        "letter.png is an image, and OCR is switched off, so its text cannot be read; turn OCR on to read it."
    )


def test_untrusted_file_names_are_escaped_in_messages(app):
    at = app("views/upload.py")
    name = "<img src=x onerror=alert(1)>.pdf"
    at.file_uploader(key="uploader").set_value((name, make_pdf(password="pw"), "application/pdf")).run()
    assert texts(at, "error")[0].startswith("\\<img src=x onerror=alert(1)\\>.pdf is password-protected")


def test_news_cards_are_text_with_read_more_and_summarize_in_place(app):
    at = app("views/news.py")
    titles = [m for m in texts(at) if m.startswith("##### ")]
    assert titles[0] == "##### Scientists map the deep ocean floor in record detail"
    assert any("Markets close higher on tech rally" in t and "<script>" not in t for t in titles)
    assert any("from RSS · as of" in c for c in texts(at, "caption"))
    links = at.get("link_button")
    assert links[1].proto.label == "Read more" and links[1].proto.url.endswith("/article/normal.html")
    at.button(key="news-1").click().run()
    assert not at.exception
    assert any("city council voted seven to two" in m.lower() for m in texts(at))


def test_news_page_cuts_huge_titles_and_descriptions(app_env, app, monkeypatch):
    from ingest.network.news import DESCRIPTION_CHARS, TITLE_CHARS
    from tests.newsserver import HUGE_STORIES

    monkeypatch.setenv("INGEST_FEEDS", f"{app_env.base}/rss/huge.rss")
    at = app("views/news.py")
    titles = [m for m in texts(at) if m.startswith("##### ")]
    assert titles and all(len(t) <= len("##### ") + TITLE_CHARS + 20 for t in titles)  # room for escapes
    page = sum(len(m) for kind in ("markdown", "caption") for m in texts(at, kind))
    assert page < HUGE_STORIES * (TITLE_CHARS + DESCRIPTION_CHARS + 400)  # forty 100 kB titles made 1.3 M


def test_news_offline_is_calm_and_keeps_the_ways_that_still_work(app_env, app):
    app_env.down = True
    at = app("views/news.py")
    assert texts(at, "error") == []
    page = " ".join(texts(at))
    assert "Headlines can't be loaded right now" in page and "tries again" in page
    assert "paste an article's link in the box above" in page
    assert at.text_input(key="news_url") is not None
    assert any(link.proto.label == "Paste text" for link in at.get("page_link"))


def test_news_keeps_the_last_headlines_when_the_feed_goes_down(app_env, app):
    at = app("views/news.py")
    app_env.down = True
    at.button(key="refresh_news").click().run()
    assert any("last headlines that came in" in i for i in texts(at, "info"))
    assert any(m.startswith("##### ") for m in texts(at))


def test_any_article_link_by_enter_without_a_scheme_and_errors_that_clear(app_env, app):
    at = app("views/news.py")
    at.text_input(key="news_url").set_value(f"{app_env.base}/article/normal.html").run()
    assert not at.exception
    assert any("city council voted seven to two" in m.lower() for m in texts(at))
    at.text_input(key="news_url").set_value("file:///etc/passwd").run()
    assert texts(at, "error") == ["Only http and https links can be opened, not file links."]
    at.text_input(key="news_url").set_value(f"{app_env.base}/article/thin.html").run()
    assert texts(at, "error") == []
    assert any(w.startswith("Only the summary paragraph could be read") for w in texts(at, "warning"))


def test_links_typed_without_a_scheme_become_https():
    from ui.articles import normalize_link

    assert normalize_link(" cnn.com/2025/01/01/world/story ") == "https://cnn.com/2025/01/01/world/story"
    assert normalize_link("www.cnn.com") == "https://www.cnn.com"
    assert normalize_link("localhost:8501/article") == "https://localhost:8501/article"
    assert normalize_link("http://example.org/a") == "http://example.org/a"
    assert normalize_link("file:///etc/passwd") == "file:///etc/passwd"
    assert normalize_link("javascript:alert(1)") == "javascript:alert(1)"
    assert normalize_link("") == ""


def test_thin_article_says_only_the_summary_paragraph_was_read(app):
    at = app("views/news.py")
    at.button(key="news-0").click().run()
    assert any(w.startswith("Only the summary paragraph could be read") for w in texts(at, "warning"))


def test_about_page_lists_engine_limits_and_work_done(app):
    at = app("views/about.py")
    about = " ".join(texts(at))
    assert "**Engine:** extractive" in about and "25 MB" in about and ".png" in about
    assert "scanned pages and photos are read" in about and "Not included" not in about
    assert "**OCR engine:** Tesseract (English model from " in about
    assert any(re.search(r"Summaries computed since this server started: \d+", c) for c in texts(at, "caption"))


def test_about_start_and_the_uploader_take_the_formats_from_ingest(app):
    """One list of what can be uploaded (ingest's): About and Start name every file ending in it, the uploader
    accepts exactly those, and About no longer says OCR is missing."""
    import ingest

    start = " ".join(texts(app(), "caption"))
    about = " ".join(texts(app("views/about.py")))
    for page in (start, about):
        assert ingest.FORMATS_IN_WORDS in page
        assert all(suffix in page for suffix in ingest.UPLOAD_SUFFIXES), page
        assert ".docx" in page and ".pdf" in page and ".png" in page and "OCR" in page
    assert "Not included" not in about
    uploader = app("views/upload.py").get("file_uploader")[0].proto
    assert sorted(uploader.type) == sorted(ingest.UPLOAD_SUFFIXES)


def test_custom_word_target_offers_the_range_the_options_accept(app):
    from summarizer import WORD_TARGET_RANGE, InvalidOptionError, SummaryOptions

    at = app("views/paste.py")
    at.sidebar.radio(key="length_choice").set_value("custom").run()
    words = at.sidebar.number_input(key="length_words")
    assert (words.min, words.max) == WORD_TARGET_RANGE
    SummaryOptions(words=words.min)
    SummaryOptions(words=words.max)
    with pytest.raises(InvalidOptionError):
        SummaryOptions(words=words.min - 1)


def test_a_broken_file_after_a_good_one_says_what_is_still_shown_and_why_blocks_were_left_out(app):
    at = app("views/upload.py")
    at.file_uploader(key="uploader").set_value(("review.docx", make_docx(), "application/octet-stream")).run()
    left_out = " ".join(texts(at))
    assert "· why: a page header or footer" in left_out and "typed so" not in left_out
    at.file_uploader(key="uploader").set_value(("broken.pdf", b"%PDF-1.4 not really", "application/pdf")).run()
    assert not at.exception
    [error] = texts(at, "error")
    assert error.startswith("broken.pdf") and error.endswith("Still showing your last file, review.docx.")
    assert "summary below" not in error


def test_paste_of_a_lone_title_says_it_reads_as_a_heading(app):
    at = summarize_paste(app("views/paste.py"), "Quarterly report")
    [error] = texts(at, "error")
    assert "headings, code or a table" in error and "no words" not in error


def test_the_openai_compatible_engine_is_labelled_and_says_where_the_text_goes(app, chat_server, monkeypatch):
    for name, value in chat_server.environment().items():
        monkeypatch.setenv(name, value)
    at = summarize_paste(app("views/paste.py"), ARTICLE)
    assert any(c.startswith("Read ") and "OpenAI-compatible, tiny-chat" in c for c in texts(at, "caption"))
    assert "**OpenAI-compatible**: an AI model (tiny-chat) at an OpenAI-compatible service" in " ".join(
        c.value for c in at.sidebar.caption
    )
    assert chat_server.requests and not texts(at, "error")
    at.switch_page("views/home.py").run()
    page = " ".join(texts(at)) + " ".join(texts(at, "info"))
    port = chat_server.server_address[1]
    assert "What you send goes to the AI service at 127" in page and f"0.1:{port}." in page


def test_upload_takes_a_web_page_and_summarizes_it_by_its_headings(app):
    from tests.ingest.test_html import PAGE

    at = app("views/upload.py")
    assert ".html" in at.get("file_uploader")[0].proto.type
    at.file_uploader(key="uploader").set_value(("page.html", PAGE, "text/html")).run()
    assert not at.exception and not texts(at, "error")
    at.button(key="summarize_upload").click().run()
    assert any(c.startswith("Read 100% of") for c in texts(at, "caption"))
    assert {"The new bridge", "Money and works"} <= {e.label.split(" · ")[0] for e in at.expander}
