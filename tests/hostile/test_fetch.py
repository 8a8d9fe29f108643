"""Slow, malformed and hostile servers on 127.0.0.1, and crafted links: each ends in a clear FetchError.

"In time" is shown by events, not a clock: a dribbling server here never finishes (a line every half second until
the client hangs up), so a fetch that ends at all was cut by its deadline, and the server sees the hang-up.
"""

import socket
import threading
import time

import psutil
import pytest

from ingest import FetchError, IngestSettings, UnsafeUrlError
from ingest.errors import FeedUnavailableError, InvalidUrlError
from ingest.network.articles import fetch_article
from ingest.network.fetch import check_url, get
from ingest.network.news import NewsFeed, from_rss
from tests.hostile.measure import measure_call

FETCH_TIMEOUT = 2.0
FOREVER = 10**6  # dribbled lines: about six days at two a second
WAIT_SECONDS = 300  # the limit on waiting for an event; a loaded machine meets it with room


def settings_for(server, **overrides):
    return IngestSettings.from_env({**server.environment(), "INGEST_FETCH_TIMEOUT": str(FETCH_TIMEOUT)}, **overrides)


@pytest.mark.parametrize("path", ["/dribble/headers.html", "/dribble/body.html"])
def test_a_dribbling_server_is_cut_at_the_whole_fetch_deadline(news_server, path):
    """Each line comes well within the read timeout, and the answer never ends: only the whole fetch's deadline
    can end it, and the server sees the client hang up."""
    news_server.dribble_lines = FOREVER
    assert news_server.dribble_interval < FETCH_TIMEOUT
    with pytest.raises(FetchError, match="did not answer in time"):
        fetch_article(news_server.base + path, settings_for(news_server))
    wait_until(lambda: news_server.hung_up[path] == 1, f"the client never hung up on {path}")


def wait_until(condition, failure: str) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        assert time.monotonic() < deadline, failure
        time.sleep(0.1)


@pytest.mark.parametrize(
    "path, message",
    [
        ("/length/invalid.html", "sent a malformed answer"),
        ("/length/conflicting.html", "sent a malformed answer"),
        ("/type/markdown", "That link is not a web page (it is image/png)."),
    ],
)
def test_broken_headers_are_messages(news_server, path, message):
    run = measure_call(fetch_article, news_server.base + path, settings_for(news_server))
    assert isinstance(run.error, FetchError), run.error
    assert message in str(run.error)  # its own message, not the deadline's "did not answer in time"


@pytest.mark.parametrize(
    "path", ["/length/invalid.html", "/length/conflicting.html", "/type/markdown", "/charset/unknown.html"]
)
def test_a_fetch_leaves_no_connection_open_while_its_error_is_kept(news_server, path):
    """The error a caller keeps (the app shows it later) holds the library's frames; the socket must not live on
    in them, to be found unclosed by the garbage collector at some later, unrelated moment."""
    kept = []
    try:
        kept.append(fetch_article(news_server.base + path, settings_for(news_server)))
    except FetchError as error:
        kept.append(error)
    port = int(news_server.base.rsplit(":", 1)[1])
    still_open = [c for c in psutil.Process().net_connections("tcp") if c.raddr and c.raddr.port == port]
    assert kept and not still_open, still_open


def test_a_remote_content_type_cannot_carry_markdown(news_server):
    with pytest.raises(FetchError) as raised:
        fetch_article(news_server.base + "/type/markdown", settings_for(news_server))
    shown = str(raised.value).split("(it is ")[1].rstrip(").")
    assert not set("[]()!*<>`:_ ") & set(shown) and len(shown) <= 60


def test_an_unknown_charset_is_read_anyway(news_server):
    document = fetch_article(news_server.base + "/charset/unknown.html", settings_for(news_server))
    assert document.text.startswith("The city council voted seven to two")


@pytest.mark.parametrize(
    "url, message",
    [
        ("http://127.0.0.1:99999/", "its port must be a number from 1 to 65535"),
        ("http://127.0.0.1:http/", "its port must be a number from 1 to 65535"),
        ("http://[::1/", "not an IPv6 address"),
        ("http://[zz::1]/", "not an IPv6 address"),
        (
            "https://not a url",
            "^That is not a web address \\(it has spaces, or characters no site name has\\); paste the "
            "article's link, for example https://www.example.com/news/story.$",
        ),
        ("https://news<site>.com/a", "That is not a web address"),
    ],
)
def test_malformed_links_are_messages(url, message):
    with pytest.raises(InvalidUrlError, match=message):
        check_url(url)
    with pytest.raises(InvalidUrlError, match=message):
        fetch_article(url, IngestSettings(fetch_timeout=FETCH_TIMEOUT))


@pytest.mark.parametrize(
    "address",
    [
        "[::127.0.0.1]",
        "[::ffff:127.0.0.1]",
        "[64:ff9b::7f00:1]",
        "[64:ff9b::a00:1]",
        "[2002:7f00:1::]",
        "[2002:a9fe:a9fe::1]",
        "[ff02::1]",
        "[ff0e::1]",
        "224.0.0.1",
        "239.255.255.250",
        "0.0.0.0",
        "[::]",
        "100.64.0.1",
        "255.255.255.255",
    ],
)
def test_addresses_hiding_a_private_one_are_refused(address):
    with pytest.raises(UnsafeUrlError, match="private or local address"):
        check_url(f"http://{address}/")


@pytest.mark.parametrize("address", ["[64:ff9b::808:808]", "[2002:808:808::1]", "[::ffff:8.8.8.8]", "8.8.8.8"])
def test_addresses_carrying_a_public_ipv4_pass(address):
    assert check_url(f"http://{address}/") == f"http://{address}/"


def test_the_connection_goes_to_the_checked_address(news_server, monkeypatch):
    """A resolver that answers loopback to the guard and another address afterwards (DNS rebinding)."""
    real = socket.getaddrinfo
    answers = []

    def rebinding(host, port, *args, **kwargs):
        if host != "rebind.test":
            return real(host, port, *args, **kwargs)
        answers.append(host)
        address = "127.0.0.1" if len(answers) == 1 else "127.0.0.2"
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]

    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    port = news_server.base.rsplit(":", 1)[1]
    document = fetch_article(f"http://rebind.test:{port}/article/normal.html", settings_for(news_server))
    assert document.text.startswith("The city council voted seven to two")
    assert answers == ["rebind.test"]
    assert news_server.hosts["/article/normal.html"] == f"rebind.test:{port}"


def test_an_html_page_given_as_a_feed_is_called_a_web_page(news_server):
    settings = settings_for(news_server, feeds=(f"{news_server.base}/article/normal.html",))
    with pytest.raises(FetchError, match="That link is a web page, not an RSS or Atom feed"):
        from_rss(settings)


def test_a_feed_that_is_too_large_is_not_downloaded(news_server):
    with pytest.raises(FetchError, match="larger than 5 MB"):
        get(news_server.base + "/big.html", settings_for(news_server))


def test_three_users_opening_news_while_the_feed_dribbles(news_server):
    """One fetch for all three, each cut by the refresh's deadline (the feeds never end), and the failure is
    remembered: asked again, nobody fetches."""
    news_server.dribble_lines = FOREVER
    feeds = (f"{news_server.base}/dribble/feed.rss", f"{news_server.base}/dribble/headers.html")
    feed = NewsFeed(settings_for(news_server, feeds=feeds, feed_retry_after=60))
    outcomes = {}

    def user(number):
        try:
            feed.headlines()
        except FeedUnavailableError as error:
            outcomes[number] = error

    users = [threading.Thread(target=user, args=(n,)) for n in range(3)]
    for thread in users:
        thread.start()
    for thread in users:
        thread.join(WAIT_SECONDS)
    assert sorted(outcomes) == [0, 1, 2]
    for error in outcomes.values():
        assert "did not answer in time" in str(error) and error.retry_at is not None
    assert news_server.hits["/dribble/feed.rss"] == 1
    with pytest.raises(FeedUnavailableError):
        feed.headlines(refresh=True)
    assert news_server.hits["/dribble/feed.rss"] == 1


def test_users_get_the_last_good_headlines_while_a_refresh_hangs(news_server):
    now = [1_000_000.0]
    settings = settings_for(news_server, feed_ttl=900)
    feed = NewsFeed(settings, clock=lambda: now[0])
    good = feed.headlines()
    now[0] += 1000
    object.__setattr__(settings, "feeds", (f"{news_server.base}/dribble/feed.rss",))
    news_server.dribble_lines = FOREVER
    leader = threading.Thread(target=feed.headlines)
    leader.start()
    wait_until(lambda: news_server.hits["/dribble/feed.rss"] == 1, "the refresh never reached the feed")
    run = measure_call(feed.headlines)
    leader.join(WAIT_SECONDS)
    assert not leader.is_alive()
    assert run.error is None and run.result.headlines == good.headlines
    after = feed.headlines(refresh=True)
    assert after.stale and after.retry_at is not None and after.headlines == good.headlines
    assert "unavailable" in after.notes[0]
