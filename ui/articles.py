"""Fetch an article once per session and summarize it in place."""

from __future__ import annotations

import streamlit as st

from ingest import Document, IngestError
from ingest.articles import fetch_article
from summarizer import SummaryOptions

from . import resources, results

ARTICLES_KEY = "articles"


def summarize_article(url: str, options: SummaryOptions, key: str, fallback: str = "", clicked: bool = False) -> None:
    """Show the article's summary if it exists or was just asked for; errors as messages."""
    st.session_state.setdefault(ARTICLES_KEY, {})
    stored = st.session_state[ARTICLES_KEY].get(url)
    if stored is None and not clicked:
        return
    if stored is None:
        try:
            with st.spinner("Fetching the article…"):
                stored = fetch_article(url, resources.ingest_settings(), fallback)
        except IngestError as error:
            stored = str(error)
        st.session_state[ARTICLES_KEY][url] = stored
    if isinstance(stored, str):
        st.error(stored)
        return
    document: Document = stored
    for warning in document.warnings:
        st.warning(warning)
    summary = results.summarize(document.blocks, options)
    if summary:
        results.show(summary, document.title or url, key, options.describe())
