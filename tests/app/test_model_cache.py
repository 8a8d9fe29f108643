"""The T5 engine behind the app: loaded once per process, shared by sessions and reruns; old summaries kept on new settings."""

import time

import pytest

from tests.builders import make_text


@pytest.fixture
def tiny_t5(app, monkeypatch, tiny_model_dir):
    monkeypatch.setenv("SUMMARIZER_ENGINE", "abstractive")
    monkeypatch.setenv("SUMMARIZER_MODEL", str(tiny_model_dir))
    monkeypatch.setenv("SUMMARIZER_PRESET", "fast")
    monkeypatch.setenv("SUMMARIZER_MAX_INPUT_TOKENS", "128")
    return app


def read_lines(at):
    return [c.value for c in at.caption if c.value.startswith("Read ")]


def until_summary(at, seconds=120):
    """Rerun as the page's progress poll would, until the summary is on screen."""
    deadline = time.monotonic() + seconds
    while not read_lines(at) and time.monotonic() < deadline:
        time.sleep(0.3)
        at.run()
    assert not at.exception
    return at


def test_tiny_t5_is_loaded_once_for_many_sessions_and_reruns(tiny_t5, caplog):
    """The service says in its log when it loads an engine: once here, for two sessions and their reruns."""
    import logging

    import streamlit as st

    st.cache_resource.clear()  # an earlier test in this process may have loaded the same tiny T5 already
    caplog.set_level(logging.INFO, logger="summarizer.service")
    for session in range(2):
        at = tiny_t5("views/paste.py")
        at.text_area(key="paste_area").set_value(make_text(40, seed=session)).run()
        at.button(key="summarize_paste").click().run()
        until_summary(at)
        assert "Abstractive" in " ".join(c.value for c in at.sidebar.caption)
        assert any(c.startswith("Read 100% of") and "abstractive" in c for c in read_lines(at))
    loads = [r.getMessage() for r in caplog.records if r.getMessage().startswith("engine loaded: ")]
    assert len(loads) == 1 and loads[0].startswith("engine loaded: abstractive"), loads


def test_new_settings_keep_the_old_summary_marked_until_updated(tiny_t5):
    at = tiny_t5("views/paste.py")
    at.text_area(key="paste_area").set_value(make_text(40, seed=7)).run()
    at.button(key="summarize_paste").click().run()
    before = read_lines(until_summary(at))
    at.sidebar.radio(key="length_choice").set_value("long").run()
    assert read_lines(at) == before
    assert any("made with the previous settings (medium, paragraph)" in i for i in (e.value for e in at.info))
    at.button(key="update-Paste text").click().run()
    at = until_summary(at)
    assert not any("previous settings" in e.value for e in at.info)
    assert read_lines(at) and at.session_state["summary_requests"]["Paste text"].options.length == "long"
