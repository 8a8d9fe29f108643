"""The News page's briefing through AppTest, on the loopback feed: grouped lines with links and times, a failed
article named, progress per article while one is held back, and the last briefing kept when the feed goes down."""

from __future__ import annotations

import time

import pytest

from tests.app.test_model_cache import tiny_t5  # noqa: F401 (fixture)
from tests.app.test_pages import texts

WAIT_SECONDS = 240


@pytest.fixture
def briefing_feed(app_env, monkeypatch):
    monkeypatch.setenv("INGEST_FEEDS", f"{app_env.base}/rss/briefing.rss")
    return app_env


def captions(at) -> list[str]:
    return texts(at, "caption")


def until(at, condition, what: str):
    """Rerun as the page's progress poll would, until `condition(at)` holds."""
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition(at):
        assert time.monotonic() < deadline, f"{what} never came; page: {captions(at)}"
        time.sleep(0.3)
        at.run()
    assert not at.exception
    return at


def briefed(at):
    return any(" lines · made " in c for c in captions(at))


def test_the_briefing_groups_one_event_links_every_story_and_names_the_failed_article(briefing_feed, app):
    at = app("views/news.py")
    at.button(key="brief_news").click().run()
    until(at, briefed, "the briefing")
    summary = next(c for c in captions(at) if " lines · made " in c)
    assert summary.startswith("5 stories in 4 lines · made ") and "extractive" in summary
    page = texts(at)
    bridge = [m for m in page if "voted seven to two" in m]
    assert len(bridge) == 1 and bridge[0].endswith("· **2 stories**")  # two outlets, one line
    links = " ".join(captions(at))
    for title, path in [
        ("City council approves river bridge repairs after long debate", "/article/normal.html)"),
        ("Century-old river bridge to be repaired after 7-2 council vote", "/article/normal.html?outlet=second)"),
        ("Storm warning issued for the east coast", "/article/storm-warning.html)"),
        ("Scientists map the deep ocean floor in record detail", "/article/thin.html)"),
        ("Harbour museum reopens its doors after the spring flood", "/article/gone.html)"),
    ]:
        assert f"[{title}]({briefing_feed.base}{path}" in links, title
    assert "21 Nov 2026, 21:50 UTC" in links  # each story's time
    assert texts(at, "warning") == [
        "Harbour museum reopens its doors after the spring flood: The article could not be opened (the site "
        "answered HTTP 404). The feed's description is used instead."
    ]
    assert any(m.startswith("The harbour museum welcomed visitors again on Saturday") for m in page)


def test_progress_shows_each_article_while_one_is_still_being_read(app_env, app, monkeypatch):
    monkeypatch.setenv("INGEST_FEEDS", f"{app_env.base}/rss/briefing.rss,{app_env.base}/rss/held.rss")
    monkeypatch.setenv("INGEST_FETCH_TIMEOUT", str(WAIT_SECONDS))
    try:
        at = app("views/news.py")
        at.button(key="brief_news").click().run()
        waiting = "⏳ 1. Volcano observatory raises the alert level on Mount Kelvar"
        until(at, lambda at: waiting in captions(at) and sum("✅" in c for c in captions(at)) == 4, "the held article")
        assert any(c.startswith("⚠️ ") and "Harbour museum" in c and "HTTP 404" in c for c in captions(at))
        assert any(p.proto.text.startswith("Read 5 of 6 articles") for p in at.get("progress"))
        assert not briefed(at)
    finally:
        app_env.release.set()
    until(at, briefed, "the briefing")
    assert any(c.startswith("6 stories in 5 lines") for c in captions(at))


def test_the_last_briefing_stays_with_its_time_when_the_feed_goes_down(briefing_feed, app):
    at = app("views/news.py")
    at.button(key="brief_news").click().run()
    until(at, briefed, "the briefing")
    made = next(c for c in captions(at) if " lines · made " in c).split(" · made ")[1].split(" from ")[0]
    briefing_feed.down = True
    at.button(key="refresh_news").click().run()
    assert any("last headlines that came in" in i for i in texts(at, "info"))
    assert f"The news service can't be reached right now; this is the last briefing, made {made}." in texts(at, "info")
    assert any("voted seven to two" in m for m in texts(at)) and briefed(at)
    other = app("views/news.py")  # another visitor, while the feed is still down, sees it too
    assert any("voted seven to two" in m for m in texts(other))


def test_the_briefing_with_t5(tiny_t5, briefing_feed):
    at = tiny_t5("views/news.py")
    at.button(key="brief_news").click().run()
    until(at, briefed, "the briefing")
    summary = next(c for c in captions(at) if " lines · made " in c)
    assert summary.startswith("5 stories in 4 lines") and "abstractive" in summary
    assert sum(m.endswith("· **2 stories**") for m in texts(at)) == 1


def sidebar_lines(at) -> list[str]:
    return [c.value for c in at.sidebar.caption if c.value.startswith("News briefing: ")]


def test_the_sidebar_lists_a_briefing_in_progress_on_other_pages_and_it_is_kept_when_done(app_env, app, monkeypatch):
    """One article is held back by the news server, so the briefing is certainly still running when the test looks
    at another page's sidebar; released, the line goes and the briefing is on the News page."""
    monkeypatch.setenv("INGEST_FEEDS", f"{app_env.base}/rss/briefing.rss,{app_env.base}/rss/held.rss")
    monkeypatch.setenv("INGEST_FETCH_TIMEOUT", str(WAIT_SECONDS))
    try:
        at = app("views/news.py")
        at.button(key="brief_news").click().run()
        at.switch_page("views/home.py").run()
        until(at, lambda at: any("read 5 of 6 articles" in line for line in sidebar_lines(at)), "the sidebar line")
        assert sidebar_lines(at)[0].endswith("%)") and not briefed(at)
    finally:
        app_env.release.set()
    until(at, lambda at: not sidebar_lines(at), "the end of the sidebar line")
    at.switch_page("views/news.py").run()
    assert briefed(at) and any(c.startswith("6 stories in 5 lines") for c in captions(at))
    assert not sidebar_lines(at)
