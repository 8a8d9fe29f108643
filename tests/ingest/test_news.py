from datetime import timezone

import pytest

from ingest import FetchError, IngestSettings, NewsApiError, UnsafeUrlError
from ingest.network.articles import fetch_article
from ingest.network.fetch import check_url
from ingest.network.news import NewsFeed, from_newsapi, from_rss


def settings_for(server, **overrides):
    return IngestSettings.from_env(server.environment(overrides.pop("key", "")), **overrides)


def test_rss_headlines_are_plain_text_newest_first_without_duplicates(news_server):
    result = NewsFeed(settings_for(news_server)).headlines()
    titles = [h.title for h in result.headlines]
    assert result.backend == "RSS"
    assert titles == [
        "Scientists map the deep ocean floor in record detail",
        "City council approves river bridge repairs after long debate",
        "Storm warning issued for the east coast",
        "Markets close higher on tech rally",
    ]
    bridge = result.headlines[1]
    assert bridge.description == "The council voted 7-2 to fund repairs to the century-old bridge."
    assert bridge.image_url == "https://cdn.cnn.com/bridge-super-169.jpg"
    assert bridge.published.tzinfo == timezone.utc and bridge.source == "CNN.com"
    assert result.headlines[2].image_url == "https://cdn.cnn.com/storm-t1.jpg"
    for headline in result.headlines:
        assert "<" not in headline.title + headline.description and headline.url.startswith("http")
    assert (
        result.headlines[1].description
        and result.headlines[0].description == "A new survey reveals thousands of undersea mountains & canyons."
    )


def test_newsapi_headlines_newest_first(news_server):
    headlines = NewsFeed(settings_for(news_server, key="good-key")).headlines()
    assert headlines.backend == "NewsAPI"
    assert [h.title.split(":")[0] for h in headlines.headlines] == ["Newest story", "Middle story", "Older story"]
    newest, _, older = headlines.headlines
    assert newest.image_url == "" and newest.description == "Teams arrived by boat on Saturday."
    assert older.author == "Jane Doe" and older.image_url == "https://cdn.cnn.com/budget.jpg"


@pytest.mark.parametrize(
    "key, message", [("bad-key", "The NewsAPI key is not valid"), ("limited-key", "NewsAPI is rate-limiting this key")]
)
def test_newsapi_errors_are_explained_and_rss_takes_over(news_server, key, message):
    with pytest.raises(NewsApiError, match=message):
        from_newsapi(settings_for(news_server, key=key))
    result = NewsFeed(settings_for(news_server, key=key)).headlines()
    assert result.backend == "RSS" and message in result.notes[0] and "Showing the RSS feed instead." in result.notes[0]


def test_feed_is_cached_and_the_last_good_copy_survives_a_failure(news_server):
    now = [1_000_000.0]
    feed = NewsFeed(settings_for(news_server, feed_ttl=900), clock=lambda: now[0])
    first = feed.headlines()
    hits = news_server.hits["/rss/top.rss"]
    now[0] += 60
    assert feed.headlines() is first and news_server.hits["/rss/top.rss"] == hits
    now[0] += 900
    news_server.down = True
    stale = feed.headlines()
    assert news_server.hits["/rss/top.rss"] == hits + 1
    assert stale.stale and stale.headlines == first.headlines
    assert stale.notes[0].startswith("As of ") and "unavailable" in stale.notes[0]


def test_no_source_at_all_is_a_clear_error(news_server):
    news_server.down = True
    with pytest.raises(FetchError, match="The news feed is unavailable"):
        NewsFeed(settings_for(news_server)).headlines()


def test_malformed_feed(news_server):
    settings = settings_for(news_server, feeds=(f"{news_server.base}/rss/malformed.rss",))
    with pytest.raises(
        FetchError, match=r"the feed at 127.0.0.1/rss/malformed.rss could not be read \(it is not valid XML\)"
    ):
        from_rss(settings)


def test_full_article_text_is_extracted(news_server):
    document = fetch_article(f"{news_server.base}/article/normal.html", settings_for(news_server))
    assert document.title == "City council approves river bridge repairs after long debate"
    assert document.text.startswith("The city council voted seven to two")
    assert "Most read" not in document.text and "All Rights Reserved" not in document.text
    assert "promised regular updates" in document.text and not document.warnings


def test_thin_page_falls_back_to_the_description(news_server):
    document = fetch_article(
        f"{news_server.base}/article/thin.html",
        settings_for(news_server),
        fallback="A new survey reveals thousands of undersea mountains.",
    )
    assert document.text == "A new survey reveals thousands of undersea mountains."
    assert document.warnings == ["Only the summary paragraph could be read; the page had little or no article text."]


@pytest.mark.parametrize(
    "path, message",
    [
        ("/report.pdf", "That link is not a web page (it is application/pdf)."),
        ("/slow.html", "did not answer in time"),
        ("/big.html", "larger than 5 MB"),
        ("/missing.html", "HTTP 404"),
    ],
)
def test_article_fetch_failures_are_explained(news_server, path, message):
    with pytest.raises(FetchError, match=message.replace("(", r"\(").replace(")", r"\)")):
        fetch_article(news_server.base + path, settings_for(news_server))


def test_url_guard(news_server):
    with pytest.raises(UnsafeUrlError, match="Only http and https"):
        check_url("file:///etc/passwd")
    with pytest.raises(UnsafeUrlError, match="private or local address"):
        check_url("http://169.254.169.254/latest/meta-data/")
    for private in ("http://10.1.2.3/", "http://192.168.0.1/", "http://127.0.0.1:8501/", "http://[::1]/"):
        with pytest.raises(UnsafeUrlError):
            check_url(private)
    assert check_url(news_server.base, allow_private=True) == news_server.base
    with pytest.raises(UnsafeUrlError, match="private or local address"):
        fetch_article(f"{news_server.base}/to-metadata", IngestSettings(allow_private_urls=False))


def test_redirect_to_a_private_address_is_refused(news_server):
    settings = settings_for(news_server)
    guarded = IngestSettings(**{**settings.__dict__, "allow_private_urls": False})
    with pytest.raises(UnsafeUrlError):
        fetch_article(f"{news_server.base}/to-metadata", guarded)


def test_unknown_host_is_a_dns_message():
    with pytest.raises(FetchError, match="could not be found"):
        check_url("http://no-such-host.invalid/")


def test_links_differing_in_their_query_are_different_articles():
    from ingest.network.news import Headline, newest_first

    def story(url, title):
        return Headline(title=title, description="", source="CNN", url=url, published=None, backend="RSS")

    kept = newest_first(
        [
            story("https://example.com/article.php?id=1", "Bridge repairs approved"),
            story("https://example.com/article.php?id=2", "Storm warning issued"),
            story("https://example.com/article.php?utm_source=rss&id=1&fbclid=x#comments", "Bridge repairs (update)"),
            story("https://example.com/article.php?id=3&utm_medium=feed", "Markets close higher"),
        ]
    )
    assert [h.title for h in kept] == ["Bridge repairs approved", "Storm warning issued", "Markets close higher"]
