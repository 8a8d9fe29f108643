"""The latest headlines as cards, each with Read more and an in-place summary, a briefing of them all; and any
article by its link."""

from datetime import datetime, timezone

import streamlit as st

from ingest import FetchError, counted
from ui import articles, briefing, controls, navigation, resources
from ui.escaping import escape
from ui.timefmt import exact, relative

URL_KEY = "news_url"
ENTER_KEY = "news_url_entered"
MAX_CARDS = 20


def submitted() -> None:
    """A new link committed with Enter counts as a click on Summarize link."""
    st.session_state[ENTER_KEY] = bool(st.session_state[URL_KEY].strip())


def when_retrying(source: object) -> str:
    """When the feed will be tried again, if the feed says (`retry_at`: a datetime or epoch seconds)."""
    retry_at = getattr(source, "retry_at", None)
    if isinstance(retry_at, (int, float)):
        retry_at = datetime.fromtimestamp(retry_at, timezone.utc)
    if not isinstance(retry_at, datetime) or retry_at <= datetime.now(timezone.utc):
        return "It tries again each time you open this page or press Refresh."
    minutes = max(1, round((retry_at - datetime.now(timezone.utc)).total_seconds() / 60))
    again = f"about {counted(minutes, 'minute')} ({exact(retry_at)})"
    return f"It tries again in {again}, or when you press Refresh."


options = controls.sidebar()
st.title("News")
feed = resources.news_feed()
top = st.columns([3, 1], vertical_alignment="bottom")
refresh = top[1].button("Refresh", icon=":material/refresh:", key="refresh_news")

with st.container(border=True):
    typed = st.text_input(
        "Summarize any article by its link",
        key=URL_KEY,
        on_change=submitted,
        placeholder="cnn.com/2025/… or https://…",
        help="Press Enter or the button.",
    )
    go = st.button("Summarize link", icon=":material/link:", key="summarize_url") or st.session_state.pop(
        ENTER_KEY, False
    )
    url = articles.normalize_link(typed)
    if url:
        articles.summarize_article(url, options, "link", clicked=go)
    elif go:
        st.warning("Paste a link first.")

try:
    result = feed.headlines(refresh=refresh)
except FetchError as error:
    with st.container(border=True):
        st.markdown("#### Headlines can't be loaded right now")
        st.markdown(
            "The news service could not be reached from this server, so there are no headlines to "
            f"show yet. {when_retrying(error)}"
        )
        st.markdown(
            "**What still works:** paste an article's link in the box above, or copy the article's "
            "text into **Paste text**."
        )
        st.page_link(navigation.script("paste"), label="Paste text", icon=":material/content_paste:")
        st.caption(f"Details: {escape(str(error))}")
    st.stop()

top[0].caption(f"{len(result.headlines)} headlines from {escape(result.backend)} · as of {exact(result.fetched_at)}")
if result.stale:
    st.info(
        "The news service can't be reached right now, so these are the last headlines that came in "
        f"(as of {exact(result.fetched_at)}). {when_retrying(result)}",
        icon=":material/cloud_off:",
    )
    for note in result.notes:
        st.caption(f"Details: {escape(note)}")
else:
    for note in result.notes:
        st.info(escape(note))

briefing.section(result, result.headlines[:MAX_CARDS])
for number, headline in enumerate(result.headlines[:MAX_CARDS]):
    with st.container(border=True):
        text, picture = st.columns([3, 1]) if headline.image_url else (st.container(), None)
        with text:
            st.markdown(f"##### {escape(headline.title)}")
            when = f"{relative(headline.published)} · {exact(headline.published)}" if headline.published else "undated"
            byline = f" · {escape(headline.author)}" if headline.author else ""
            st.caption(f"{when} · {escape(headline.source)}{byline}")
            if headline.description:
                st.markdown(escape(headline.description))
            left, right = st.columns([1, 1])
            left.link_button("Read more", headline.url, icon=":material/open_in_new:")
            clicked = right.button("Summarize", key=f"news-{number}", type="primary")
        if picture is not None:
            picture.image(headline.image_url, width="stretch")
        articles.summarize_article(headline.url, options, f"news-{number}", headline.description, clicked)
