"""Process-wide objects: the one cached summarizer and the news feed, built from settings and secrets."""

from __future__ import annotations

import streamlit as st
from streamlit.errors import StreamlitSecretNotFoundError

from ingest import IngestSettings
from ingest.news import NewsFeed
from summarizer import Settings, Summarizer

LOADS = {"summarizer": 0}


def secret(name: str) -> str:
    """A value from .streamlit/secrets.toml, or "" when there is no such file or key."""
    try:
        return str(st.secrets.get(name, "") or "")
    except (StreamlitSecretNotFoundError, FileNotFoundError):
        return ""


def summarizer_settings() -> Settings:
    return Settings.from_env()


def ingest_settings() -> IngestSettings:
    return IngestSettings.from_env(newsapi_key=secret("NEWSAPI_KEY") or None)


@st.cache_resource(show_spinner="Loading the summarizer…")
def _summarizer(settings: Settings) -> Summarizer:
    summarizer = Summarizer(settings)
    summarizer.engine
    LOADS["summarizer"] += 1
    return summarizer


def summarizer() -> Summarizer:
    """The summarizer for the current settings, loaded once per server process and shared by all sessions."""
    return _summarizer(summarizer_settings())


@st.cache_resource
def _feed(settings: IngestSettings) -> NewsFeed:
    return NewsFeed(settings)


def news_feed() -> NewsFeed:
    return _feed(ingest_settings())
