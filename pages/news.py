"""The latest headlines as cards, each with Read more and an in-place summary; and any article by link."""

import streamlit as st

from ingest import FetchError
from ui import articles, controls, resources
from ui.markdown import escape
from ui.timefmt import exact, relative

URL_KEY = "news_url"
MAX_CARDS = 20

options = controls.sidebar()
st.title("News")
feed = resources.news_feed()
top = st.columns([3, 1])
refresh = top[1].button("Refresh", icon=":material/refresh:", key="refresh_news")

with st.expander("Summarize any article by its link"):
    url = st.text_input("Article link", key=URL_KEY, placeholder="https://…")
    go = st.button("Summarize link", key="summarize_url")
    if url.strip():
        articles.summarize_article(url.strip(), options, "link", clicked=go)
    elif go:
        st.warning("Paste a link first.")

try:
    result = feed.headlines(refresh=refresh)
except FetchError as error:
    st.error(f"Headlines are unavailable right now. {error}")
    st.stop()

top[0].caption(f"{len(result.headlines)} headlines from {result.backend} · as of {exact(result.fetched_at)}")
for note in result.notes:
    st.warning(note)

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
