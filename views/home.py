"""The start page: what the app does, the three ways in, and which engine makes the summaries."""

import streamlit as st

from ingest import FORMATS_IN_WORDS
from ui import controls, navigation

controls.sidebar()
st.title("Summarizer")
st.markdown(
    "Turns long text into a short summary you can check: every summary sentence can show the "
    "passages of the source it comes from. Pick a way in:"
)
ways = st.columns(3)
for column, (script, label, icon, line) in zip(
    ways,
    (
        (
            navigation.script("upload"),
            "Upload a file",
            ":material/upload_file:",
            f"A report, paper, notes or a scan: {FORMATS_IN_WORDS}.",
        ),
        (
            navigation.script("paste"),
            "Paste text",
            ":material/content_paste:",
            "Any text you copied: an article, an e-mail thread, minutes.",
        ),
        (
            navigation.script("news"),
            "News",
            ":material/newspaper:",
            "Today's headlines, each summarized in place, or any article by its link.",
        ),
    ),
):
    with column.container(border=True):
        st.page_link(script, label=label, icon=icon)
        st.caption(line)
st.info(controls.engine_in_words(), icon=":material/memory:")
st.page_link(navigation.script("about"), label="How it works, limits and settings", icon=":material/info:")
