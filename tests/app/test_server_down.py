"""The app pointed at a summarizer server that is not there: a message, never a traceback, and the text stays."""

from tests.builders import make_text
from tests.summarizer.test_remote import closed_port

ARTICLE = make_text(30, seed=7)


def test_paste_with_the_server_down_says_so_and_keeps_the_text(app, monkeypatch):
    url = f"http://127.0.0.1:{closed_port()}"
    monkeypatch.setenv("SUMMARIZER_URL", url)
    at = app("views/paste.py")
    assert "cannot be reached on the summarizer server" in " ".join(c.value for c in at.sidebar.caption)
    at.text_area(key="paste_area").set_value(ARTICLE).run()
    at.button(key="summarize_paste").click().run()
    for _ in range(20):
        if at.error:
            break
        at.run()
    assert not at.exception
    assert [e.value for e in at.error] == [
        f"The summarizer server at {url} is not answering; your text is kept — try again in a minute."
    ]
    assert at.text_area(key="paste_area").value == ARTICLE


def test_start_page_names_the_server_that_is_down(app, monkeypatch):
    url = f"http://127.0.0.1:{closed_port()}"
    monkeypatch.setenv("SUMMARIZER_URL", url)
    at = app()
    assert f"The summarizer server at {url} is not answering" in " ".join(i.value for i in at.info)
