"""Process-wide objects: the one cached summarizer, the task runner and the news feed, built from settings
and secrets."""

from __future__ import annotations

import streamlit as st
from streamlit.errors import StreamlitSecretNotFoundError

from ingest import IngestSettings, NewsFeed
from summarizer import Settings, Shelf, Summarizer, SummaryService, connect

from .tasks import TaskRunner


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
def _summarizer(settings: Settings) -> SummaryService:
    service = connect(settings)
    if isinstance(service, Summarizer):
        _ = service.engine  # loaded here, under the spinner, not in the first summary
    return service


def summarizer() -> SummaryService:
    """The summarizer for the current settings, shared by all sessions: loaded once per server process,
    or, with SUMMARIZER_URL set, a client of the summarizer server (no model in this process)."""
    return _summarizer(summarizer_settings())


def server() -> str:
    """The summarizer server's address when the app uses one (SUMMARIZER_URL), else ""."""
    return summarizer_settings().url or ""


@st.cache_resource
def _feed(settings: IngestSettings) -> NewsFeed:
    return NewsFeed(settings)


def news_feed() -> NewsFeed:
    return _feed(ingest_settings())


@st.cache_resource
def _briefings(settings: IngestSettings) -> Shelf:
    return Shelf()


def briefings() -> Shelf:
    """The last news briefings of this feed (one per engine and options), kept for every session as the feed is."""
    return _briefings(ingest_settings())


def _connected(session_id: str) -> bool:
    """True while a browser tab still holds this session open (hidden tabs poll slowly but stay connected)."""
    from streamlit import runtime

    return runtime.exists() and runtime.get_instance().is_active_session(session_id)


@st.cache_resource
def tasks() -> TaskRunner:
    """The one runner for summaries in this server process, shared by every session."""
    return TaskRunner(connected=_connected)
