"""Summarizer web app: routes to one page per mode; the pages share one cached summarizer."""

import streamlit as st

st.set_page_config(page_title="Summarizer", page_icon=":material/summarize:", layout="wide")

pages = [
    st.Page("pages/upload.py", title="Upload a file", icon=":material/upload_file:", default=True),
    st.Page("pages/paste.py", title="Paste text", icon=":material/content_paste:"),
    st.Page("pages/news.py", title="News", icon=":material/newspaper:"),
    st.Page("pages/about.py", title="About", icon=":material/info:"),
]
st.navigation(pages).run()
