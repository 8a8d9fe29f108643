"""Fetch an article once per session and summarize it in place; links typed without a scheme become https."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

import streamlit as st

from ingest import Document, IngestError, fetch_article
from summarizer import SummaryOptions

from . import resources, results, summarybox
from .escaping import escape

ARTICLES_KEY = "articles"
ERRORS_KEY = "article_errors"
_PORT_PATH = re.compile(r"^\d+(/|$)")


@dataclass(frozen=True)
class FetchFailure:
    """Why fetching `url` failed: shown while the link typed is still `url`."""

    url: str
    message: str


def normalize_link(text: str) -> str:
    """'cnn.com/2024/x' -> 'https://cnn.com/2024/x'; links with a scheme (even a refused one) are kept as typed."""
    link = text.strip()
    if not link or "://" in link:
        return link
    parts = urlsplit(link)
    names_a_scheme = parts.scheme and "." not in parts.scheme and not _PORT_PATH.match(parts.path)
    return link if names_a_scheme else "https://" + link.lstrip("/")


def summarize_article(
    url: str, options: SummaryOptions, key: str, fallback: str = "", clicked: bool = False
) -> results.Outcome:
    """Show the article's summary if it exists or was just asked for; a failed fetch is retried on the next click.

    An error is shown only while `url` is the link it was about, so editing the link clears it.
    """
    articles = st.session_state.setdefault(ARTICLES_KEY, {})
    errors: dict[str, FetchFailure] = st.session_state.setdefault(ERRORS_KEY, {})
    document: Document | None = articles.get(url)
    if clicked and document is None:
        errors.pop(key, None)
        try:
            with st.spinner("Fetching the article…"):
                document = fetch_article(url, resources.ingest_settings(), fallback)
            articles[url] = document
        except IngestError as error:
            errors[key] = FetchFailure(url, str(error))
    failed = errors.get(key)
    if failed is not None and failed.url == url:
        st.error(escape(failed.message))
        return results.Failed(failed.message)
    if document is None:
        return results.Idle()
    for warning in document.warnings:
        st.warning(escape(warning))
    outcome = results.summarize(document.blocks, options, clicked, slot=key)
    if isinstance(outcome, results.Ready):
        summarybox.show(outcome.summary, document.title or url, key, options.describe())
    return outcome
