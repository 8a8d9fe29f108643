"""Paste text and summarize it; the text stays when the user comes back to the page."""

import streamlit as st

from ingest import parse_text
from ui import controls, results

TEXT_KEY = "paste_text"
WIDGET_KEY = "paste_area"


def remember() -> None:
    st.session_state[TEXT_KEY] = st.session_state[WIDGET_KEY]


options = controls.sidebar()
st.title("Paste text")
st.session_state.setdefault(TEXT_KEY, "")
text = st.text_area("Text to summarize", value=st.session_state[TEXT_KEY], key=WIDGET_KEY, height=320,
                    on_change=remember, placeholder="Paste an article, a report, meeting notes…")
st.session_state[TEXT_KEY] = text
words = len(text.split())
st.caption(f"{words:,} word{'s' if words != 1 else ''}")

blocks = parse_text(text).blocks
summary = results.cached(blocks, options) if text.strip() else None
if st.button("Summarize", type="primary", key="summarize_paste") or summary:
    if not text.strip():
        st.warning("Paste some text first.")
    else:
        summary = summary or results.summarize(blocks, options)
        if summary:
            results.show(summary, "pasted text", "paste", options.describe())
