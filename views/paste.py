"""Paste text and summarize it; the text stays when the user comes back to the page."""

import streamlit as st

from ui import controls, resources, results

TEXT_KEY = "paste_text"
WIDGET_KEY = "paste_area"


def remember() -> None:
    st.session_state[TEXT_KEY] = st.session_state[WIDGET_KEY]


options = controls.sidebar()
st.title("Paste text")
st.session_state.setdefault(TEXT_KEY, "")
text = st.text_area(
    "Text to summarize",
    value=st.session_state[TEXT_KEY],
    key=WIDGET_KEY,
    height=320,
    max_chars=resources.summarizer_settings().max_input_chars,
    on_change=remember,
    placeholder="Paste an article, a report, meeting notes… then press Summarize.",
)
st.session_state[TEXT_KEY] = text
words = len(text.split())
if words:
    st.caption(f"{words:,} word{'s' if words != 1 else ''} · about {max(1, round(words / 230))} min to read")
else:
    st.caption("The word count appears once the text is in: click outside the box or press Ctrl+Enter.")

asked = controls.summarize_button("summarize_paste", options)
if not text.strip():
    if asked:
        st.warning("Paste some text first.")
else:
    outcome = results.summarize(results.pasted(text), options, asked)
    if isinstance(outcome, results.Ready):
        results.show(outcome.summary, "pasted text", "paste", options.describe())
