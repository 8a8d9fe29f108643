"""The app's pages and the labelled row of modes at the top of every page (also on a phone)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import streamlit as st

PAGE_KEY = "current_page"
# The pages' folder, beside ui/ in the checkout and once installed: pages are named by their full path, so the app
# runs the same from the checkout's app.py and from the installed ui/app.py (`summarizer app`).
VIEWS = Path(__file__).resolve().parents[1] / "views"


def script(name: str) -> str:
    """The full path of the page `name` ('upload'), as st.Page and st.page_link take it."""
    return str(VIEWS / f"{name}.py")


# (script, title, icon, url path); the first is the start page.
PAGES = (
    (script("home"), "Start", ":material/home:", ""),
    (script("upload"), "Upload a file", ":material/upload_file:", "upload"),
    (script("paste"), "Paste text", ":material/content_paste:", "paste"),
    (script("news"), "News", ":material/newspaper:", "news"),
    (script("about"), "About", ":material/info:", "about"),
)


def route() -> Any:
    """The page the address asks for; Streamlit's own page list is hidden in favour of `mode_bar`."""
    pages = [
        st.Page(script, title=title, icon=icon, url_path=path or None, default=not path)
        for script, title, icon, path in PAGES
    ]
    page = st.navigation(pages, position="hidden")
    st.session_state[PAGE_KEY] = page.title
    return page


def current() -> str:
    """The title of the page this run draws, so work started here can say where it belongs."""
    return str(st.session_state.get(PAGE_KEY, ""))


def mode_bar() -> None:
    """Every page as a labelled link in one row that wraps on narrow screens; the current one is highlighted.

    The links carry no icon: Material icons are ligature text, which screen readers read aloud as words
    ("upload_file Upload a file")."""
    with st.container(horizontal=True, gap="small", key="mode_bar"):
        for script, title, _, _ in PAGES:
            st.page_link(script, label=title)
