"""Summarizer web app: routes to one page per mode; every page runs inside one error boundary."""

import streamlit as st

from ui import boundary, navigation, results

st.set_page_config(page_title="Summarizer", page_icon=":material/summarize:", layout="wide")
page = navigation.route()
navigation.mode_bar()
with boundary.guard():
    results.watch_pending()
    page.run()
