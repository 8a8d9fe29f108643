"""Paste text and summarize it, or several texts and links together; the text stays when the user comes back."""

import streamlit as st

from ingest import counted, words_in
from ui import controls, resources, results, summarybox, together

TEXT_KEY = "paste_text"
WIDGET_KEY = "paste_area"
TOGETHER_KEY = "paste_together"
SOURCES_KEY = "paste_sources"


def remember() -> None:
    st.session_state[TEXT_KEY] = st.session_state[WIDGET_KEY]


options = controls.sidebar()
st.title("Paste text")
if st.toggle(
    "Several texts or links, one summary",
    key=TOGETHER_KEY,
    help="One overview of several sources, each sentence marked with the source it comes from.",
):
    pasted = st.text_area(
        "Texts and links, separated by a line of three dashes (---)",
        key=SOURCES_KEY,
        height=320,
        placeholder="https://example.com/first-article\n---\nA second text pasted here…\n---\nhttps://example.com/another",
    )
    parts = together.split_pasted(pasted)
    st.caption(counted(len(parts), "source"))
    asked = controls.summarize_button("summarize_paste_together", options)
    if not parts:
        if asked:
            st.warning("Paste some texts or links first, with a line of --- between them.")
    else:
        combined = together.summarize(
            together.Inputs(pasted=tuple(parts), settings=resources.ingest_settings()), options, asked
        )
        if combined is not None:
            together.show(combined, "paste-together", options.describe())
    st.stop()
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
words = words_in(text)
if words:
    st.caption(f"{counted(words, 'word')} · about {max(1, round(words / 230))} min to read")
else:
    st.caption("The word count appears once the text is in: click outside the box or press Ctrl+Enter.")

asked = controls.summarize_button("summarize_paste", options)
if not text.strip():
    if asked:
        st.warning("Paste some text first.")
else:
    outcome = results.summarize(results.pasted(text), options, asked)
    if isinstance(outcome, results.Ready):
        summarybox.show(outcome.summary, "pasted text", "paste", options.describe())
