"""Hostile feeds from the loopback server: 100 kB titles and descriptions are cut to a bound in the library and the
command line, and a feed that is not valid XML is reported as unreadable, by its name."""

import pytest

from ingest import FetchError, IngestSettings
from ingest.network.news import DESCRIPTION_CHARS, TITLE_CHARS, from_rss
from tests.ingest.test_cli import run_with
from tests.newsserver import HUGE_STORIES


def settings_for(server, *paths):
    return IngestSettings.from_env(server.environment(), feeds=tuple(f"{server.base}{path}" for path in paths))


def test_huge_titles_and_descriptions_are_cut_to_their_bounds(news_server):
    headlines = from_rss(settings_for(news_server, "/rss/huge.rss"))
    assert len(headlines) == HUGE_STORIES
    assert max(len(h.title) for h in headlines) <= TITLE_CHARS
    assert max(len(h.description) for h in headlines) <= DESCRIPTION_CHARS
    first = headlines[0]
    assert first.title.startswith("Story 0 bridge bridge") and first.title.endswith("bridge…")
    assert first.description.startswith("About 0 bridge") and first.description.endswith("bridge…")


def test_the_news_command_prints_bounded_titles(news_server):
    result = run_with(
        {**news_server.environment(), "INGEST_FEEDS": f"{news_server.base}/rss/huge.rss"}, "ingest", "news"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("Story ") == HUGE_STORIES
    assert max(len(line) for line in result.stdout.splitlines()) <= TITLE_CHARS
    assert len(result.stdout) < HUGE_STORIES * (TITLE_CHARS + 200)


@pytest.mark.parametrize(
    "path",
    ["/rss/linkless.rss", "/rss/malformed.rss"],
)
def test_a_feed_that_is_not_valid_xml_is_unreadable_by_its_name(news_server, path):
    with pytest.raises(FetchError) as raised:
        from_rss(settings_for(news_server, path))
    assert str(raised.value) == (
        f"The news feed is unavailable: the feed at 127.0.0.1{path} could not be read (it is not valid XML)."
    )


def test_each_unreadable_feed_is_named_beside_one_that_works(news_server):
    headlines = from_rss(settings_for(news_server, "/rss/linkless.rss", "/rss/top.rss"))
    assert headlines and all(h.source != "Half" for h in headlines)
    with pytest.raises(FetchError) as raised:
        from_rss(settings_for(news_server, "/rss/linkless.rss", "/article/normal.html"))
    message = str(raised.value)
    assert "the feed at 127.0.0.1/rss/linkless.rss could not be read (it is not valid XML)" in message
    assert "no feeds are configured" not in message
