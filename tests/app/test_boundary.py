"""The error boundary: expected errors as their own message, anything else as an apology with an id, never a traceback."""

import logging
import re

from streamlit.testing.v1 import AppTest


def page_that_fails():
    import streamlit as st

    from ingest import NoTextError
    from ui import boundary

    with boundary.guard():
        if st.session_state.get("expected"):
            raise NoTextError("<b>scan.pdf</b> has no text layer.")
        st.markdown("drawn before the failure")
        {}["missing"]


def test_unexpected_error_is_an_apology_with_an_id_and_logged_with_its_traceback(caplog):
    at = AppTest.from_function(page_that_fails)
    with caplog.at_level(logging.ERROR, logger="ui.boundary"):
        at.run()
    assert not at.exception
    assert at.markdown[0].value == "drawn before the failure"
    incident = re.search(r"mention incident ([0-9a-f]{6})\.", at.error[0].value)
    assert incident and "KeyError" not in at.error[0].value
    record = next(r for r in caplog.records if incident.group(1) in r.getMessage())
    assert record.exc_info and record.exc_info[0] is KeyError


def test_expected_error_is_its_own_message_escaped():
    at = AppTest.from_function(page_that_fails)
    at.session_state["expected"] = True
    at.run()
    assert not at.exception
    assert [e.value for e in at.error] == ["\\<b\\>scan.pdf\\</b\\> has no text layer."]


def test_a_setting_that_cannot_be_read_is_named_on_the_page(app, monkeypatch):
    """The news page reads the ingest settings first: a bad value is its own message, not an apology."""
    monkeypatch.setenv("INGEST_FEED_TTL", "an hour")
    at = app("views/news.py")
    shown = [e.value.replace("\\_", "_") for e in at.error]  # escaped for Markdown, drawn with plain underscores
    assert shown == ["INGEST_FEED_TTL='an hour' is not a number from 0 to 86,400; give one, or unset it."]
