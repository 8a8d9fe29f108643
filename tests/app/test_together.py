"""Several sources summarized together in the app: uploads and pasted texts through AppTest, each source's part shown
as it is done with a model, and the downloads."""

import json
import re
import time

from tests.app.test_model_cache import tiny_t5  # noqa: F401 (fixture)
from tests.app.test_streaming import HOLD_SECONDS, Hold, streaming_t5  # noqa: F401 (fixture)
from tests.builders import BRIDGE_PAGES, STORIES, paper_docx, paper_pdf

UPLOADS = [
    ("bridge.pdf", paper_pdf("Bridge and airport plans", BRIDGE_PAGES), "application/pdf"),
    ("orchid.docx", paper_docx("A rare orchid", [STORIES[1]]), "application/octet-stream"),
    ("lakes.txt", STORIES[3].encode(), "text/plain"),
]
SOURCE_TEXT = {
    "Bridge and airport plans": STORIES[0] + " " + STORIES[4],
    "A rare orchid": STORIES[1],
    "lakes.txt": STORIES[3],
}


def texts(at, kind="markdown"):
    return [element.value for element in getattr(at, kind)]


def until_done(at, seconds=120):
    """Rerun as the page's progress poll would, until the summary or an error is on screen (the files are read in
    the task, a PDF in a child process)."""
    deadline = time.monotonic() + seconds
    while not any(t.startswith("#### Summary of") for t in texts(at)) and not at.error:
        assert time.monotonic() < deadline, "no summary came"
        time.sleep(0.3)
        at.run()
    assert not at.exception
    return at


def upload_together(at, files):
    at.toggle(key="upload_together").set_value(True).run()
    at.file_uploader(key="uploader_together").set_value(files).run()
    at.button(key="summarize_upload_together").click().run()
    return until_done(at)


def overview_of(at) -> str:
    heading = texts(at).index("#### Summary of 3 sources")
    return texts(at)[heading + 1]


def test_three_uploads_make_one_overview_with_correct_source_marks_and_a_line_each(app):
    at = upload_together(app("views/upload.py"), UPLOADS)
    page = texts(at)
    assert page.count("#### Summary of 3 sources") == 1
    overview = overview_of(at)
    marks = re.findall(r"(.+?) :gray\[\\\[(.+?)\\\]\]", overview)
    assert {label.split(", p.")[0] for _, label in marks} == set(SOURCE_TEXT)  # every source, none left out
    for sentence, label in marks:
        source, _, number = label.partition(", p. ")
        said = sentence.strip().replace("\\", "")
        assert said in SOURCE_TEXT[source]
        assert number == ("" if source != "Bridge and airport plans" else "2" if said in STORIES[4] else "1")
    adds = page[page.index("##### What each source adds") + 1]
    assert adds.count("\n") == 2 and all(f"**{label}**" in adds for label in SOURCE_TEXT)
    labels = [button.proto.label for button in at.get("download_button")]
    assert labels == ["Download .txt", "Download .md", "Download .json"]
    at.toggle(key="ground-upload-together").set_value(True).run()
    assert any("(Bridge and airport plans, page " in text for text in texts(at))


def test_an_unreadable_upload_is_named_and_the_others_summarized(app):
    broken = ("broken.pdf", b"%PDF-1.4 not really", "application/pdf")
    at = upload_together(app("views/upload.py"), [*UPLOADS, broken])
    assert any(w.startswith("broken.pdf was left out:") and "damaged" in w for w in texts(at, "warning"))
    assert "#### Summary of 3 sources" in texts(at)


def test_more_uploads_than_the_limit_is_a_message(app, monkeypatch):
    monkeypatch.setenv("SUMMARIZER_TOGETHER_MAX_SOURCES", "2")
    at = upload_together(app("views/upload.py"), UPLOADS)
    assert any("3 sources were given; at most 2" in e for e in texts(at, "error"))


def test_uploads_over_the_total_size_are_a_message_of_their_own(app, monkeypatch):
    monkeypatch.setenv("SUMMARIZER_MAX_INPUT_CHARS", "600")
    at = upload_together(app("views/upload.py"), UPLOADS)
    assert any("characters together; the limit for sources summarized together is 600" in e for e in texts(at, "error"))


def test_pasted_texts_and_links_are_summarized_together_and_a_dead_link_is_named(app, app_env):
    at = app("views/paste.py")
    at.toggle(key="paste_together").set_value(True).run()
    article, missing = f"{app_env.base}/article/normal.html", f"{app_env.base}/article/gone.html"
    pasted = f"{STORIES[0]}\n---\n{STORIES[1]}\n---\n{article}\n---\n{missing}"
    at.text_area(key="paste_sources").set_value(pasted).run()
    at.button(key="summarize_paste_together").click().run()
    until_done(at)
    assert "#### Summary of 3 sources" in texts(at)
    overview = overview_of(at)
    assert "text 1" in overview and "text 2" in overview
    assert re.search(r":gray\[\\\[(?!text \d)[^\]]+\\\]\]", overview)  # the article's own title marks its sentences
    assert f"{missing} was left out: The article could not be opened (the site answered HTTP 404)." in texts(
        at, "warning"
    )
    assert "[City council approves river bridge repairs after long debate" in overview.replace("\\", "")


def test_the_downloads_carry_every_source():
    from summarizer import NamedSource, Settings, Summarizer, summarize_together
    from ui.exports import together_as_json, together_as_markdown, together_as_text

    sources = [NamedSource(f"s{k}.txt", text, f"Story <{k}>") for k, text in enumerate(STORIES[:3])]
    combined = summarize_together(Summarizer(Settings(engine="extractive")), sources)
    text, markdown = together_as_text(combined), together_as_markdown(combined, "medium")
    data = json.loads(together_as_json(combined))
    for k in range(3):
        assert f"[Story <{k}>]" in text and f"Story \\<{k}\\>" in markdown
    assert not re.search(r"(?<!\\)[<\[]", markdown)
    assert [s["name"] for s in data["sources"]] == ["s0.txt", "s1.txt", "s2.txt"]
    assert all(s["sources"][0]["sentence"] for s in data["overview"])


def test_with_a_model_each_sources_part_shows_as_it_is_done_then_the_combined_result_replaces_them(streaming_t5):
    """The model is held (a forward pre-hook on the tiny T5's encoder, as in test_streaming) once the first source's
    part is made, until the test has looked at the page: so the part is seen before the rest is computed, with no
    timing. Then the combined result replaces the parts."""
    from ui import resources

    engine = resources.summarizer().engine.engine  # the model inside the batcher
    hold = Hold(resources.tasks(), shows=lambda partial: bool(partial.summarized))
    handle = engine.generator.model.get_encoder().register_forward_pre_hook(hold)
    try:
        at = streaming_t5("views/paste.py")
        at.toggle(key="paste_together").set_value(True).run()
        at.text_area(key="paste_sources").set_value("\n---\n".join(STORIES[:3])).run()
        at.button(key="summarize_paste_together").click().run()
        hold.key = at.session_state["summary_requests"]["Paste text"].key
        hold.known.set()
        deadline = time.monotonic() + HOLD_SECONDS
        while not hold.holding.wait(0.2):
            assert time.monotonic() < deadline, "the first source's part never arrived"
            at.run()
        at.run()
        assert not at.exception
        page = texts(at)
        assert "#### Summarizing 3 sources together" in page
        assert not any(t.startswith("#### Summary of") for t in page), "the combined result waits for every source"
        assert "1 of 3 sources summarized so far; the overview follows when all are done." in texts(at, "caption")
        line = page.index(next(t for t in page if t.startswith("**text 1** · ")))
        assert " words" in page[line] and ":gray[\\[text 1\\]]" in page[line + 1]  # its line, then its part
        assert [c for c in texts(at, "caption") if c.endswith("· coming")] == [
            "⏳ text 2 · coming",
            "⏳ text 3 · coming",
        ]

        hold.release()
        at = until_done(at)
        page = texts(at)
        assert "#### Summary of 3 sources" in page and "#### Summarizing 3 sources together" not in page
        assert not any(c.endswith("· coming") for c in texts(at, "caption"))
        assert "##### What each source adds" in page
    finally:
        hold.release()
        handle.remove()
