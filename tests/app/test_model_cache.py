"""The T5 engine behind the app: loaded once per process, shared by sessions and reruns."""

from tests.conftest import make_text


def test_tiny_t5_is_loaded_once_for_many_sessions_and_reruns(app, monkeypatch, tiny_model_dir):
    from ui import resources

    monkeypatch.setenv("SUMMARIZER_ENGINE", "abstractive")
    monkeypatch.setenv("SUMMARIZER_MODEL", str(tiny_model_dir))
    monkeypatch.setenv("SUMMARIZER_PRESET", "fast")
    monkeypatch.setenv("SUMMARIZER_MAX_INPUT_TOKENS", "128")
    before = resources.LOADS["summarizer"]
    for session in range(2):
        at = app("views/paste.py")
        at.text_area(key="paste_area").set_value(make_text(40, seed=session)).run()
        at.button(key="summarize_paste").click().run()
        at.run()
        assert not at.exception
        assert "Abstractive" in " ".join(c.value for c in at.sidebar.caption)
        assert any(c.value.startswith("Read 100% of") and "abstractive" in c.value for c in at.caption)
    assert resources.LOADS["summarizer"] == before + 1
