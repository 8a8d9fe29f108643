"""Headlines from NewsAPI (when a key is set) or the outlet's RSS feeds, cached and kept on failure.

One refresh runs at a time (single flight): callers that arrive meanwhile wait for it, at most until
its deadline, and otherwise get the last good headlines. A failed refresh is remembered for
`feed_retry_after` seconds, so clicks in between do not hit the sources again.
"""

from __future__ import annotations

import calendar
import logging
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from typing import Any, Callable
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import requests

from ..errors import FeedUnavailableError, FetchError, NewsApiError
from ..settings import IngestSettings
from .connection import Watch
from .fetch import Response, get, guard, host_label, mount_pinned
from .textclean import plain_text, shortened

logger = logging.getLogger(__name__)
NEWSAPI_MESSAGES = {
    "apiKeyInvalid": "The NewsAPI key is not valid; check NEWSAPI_KEY.",
    "apiKeyMissing": "No NewsAPI key was sent; set NEWSAPI_KEY.",
    "apiKeyDisabled": "The NewsAPI key has been disabled.",
    "apiKeyExhausted": "The NewsAPI key has used up its requests for today (the free plan allows 100).",
    "rateLimited": "NewsAPI is rate-limiting this key; try again later (the free plan allows 100 requests a day).",
    "sourcesTooMany": "Too many NewsAPI sources were requested.",
    "sourceDoesNotExist": "NewsAPI does not know the configured source.",
}
# The most characters of each text a headline keeps from its source: a title, a description (shown on the News page
# and printed by the command lines), and the outlet's and author's names.
TITLE_CHARS = 300
DESCRIPTION_CHARS = 1_000
NAME_CHARS = 100
FEED_NAME_CHARS = 80
_UNSAFE_PATH_CHARS = re.compile(r"[^A-Za-z0-9/._~-]")
FEED_TYPES = ("application/rss+xml", "application/xml", "text/xml", "application/atom+xml", "text/plain", "")
TRACKING_PARAMETERS = frozenset(
    {
        "fbclid",
        "gclid",
        "dclid",
        "gbraid",
        "wbraid",
        "msclkid",
        "mc_cid",
        "mc_eid",
        "igshid",
        "yclid",
        "_ga",
        "_gl",
        "cmpid",
        "ocid",
        "iid",
        "ref_src",
    }
)


@dataclass(frozen=True)
class Headline:
    """One story: text fields are plain text (never HTML); links are http(s) only."""

    title: str
    description: str
    source: str
    url: str
    published: datetime | None
    backend: str
    author: str = ""
    image_url: str = ""


@dataclass(frozen=True)
class FeedResult:
    """Headlines newest first, which backend gave them, when, and any note for the user."""

    headlines: list[Headline]
    backend: str
    fetched_at: datetime
    stale: bool = False
    notes: list[str] = field(default_factory=list)
    retry_at: datetime | None = None


def _text(value: object, limit: int) -> str:
    """A feed's field as plain text, shortened to `limit` characters."""
    return shortened(plain_text(str(value or "")), limit)


def feed_name(url: str) -> str:
    """A feed's host and path for a message: only safe characters, shortened."""
    try:
        path = urlsplit(url).path
    except ValueError:
        path = ""
    return shortened(host_label(url) + _UNSAFE_PATH_CHARS.sub("", path), FEED_NAME_CHARS)


def _web_link(url: str | None) -> str:
    return url.strip() if url and urlsplit(url.strip()).scheme in ("http", "https") else ""


def _parse_time(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00")).astimezone(timezone.utc)
    except ValueError:
        return None


def _is_tracking(name: str) -> bool:
    name = name.lower()
    return name.startswith("utm_") or name in TRACKING_PARAMETERS


def _key(headline: Headline) -> tuple[str, str]:
    """The link without tracking parameters or fragment (other query parameters name the article), and the title."""
    parts = urlsplit(headline.url)
    query = urlencode(sorted((k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if not _is_tracking(k)))
    link = urlunsplit((parts.scheme, parts.netloc.lower(), parts.path.rstrip("/"), query, ""))
    return link, headline.title.lower()


def newest_first(headlines: list[Headline]) -> list[Headline]:
    """Sorted newest first (undated last) with duplicates by link or title removed."""
    seen_urls: set[str] = set()
    seen_titles: set[str] = set()
    unique = []
    for headline in headlines:
        url, title = _key(headline)
        if url in seen_urls or title in seen_titles:
            continue
        seen_urls.add(url)
        seen_titles.add(title)
        unique.append(headline)
    oldest = datetime.min.replace(tzinfo=timezone.utc)
    return sorted(unique, key=lambda h: h.published or oldest, reverse=True)


class _EndpointSession(requests.Session):
    """Sends newsapi-python's requests to the configured endpoint: guarded, pinned and cut at the fetch deadline."""

    def __init__(self, settings: IngestSettings):
        super().__init__()
        self.settings = settings
        self.headers["User-Agent"] = settings.user_agent
        self.watch = Watch(settings.fetch_timeout)
        mount_pinned(self, self.watch)

    def request(self, method: str, url: str | bytes, *args: Any, **kwargs: Any) -> requests.Response:
        from newsapi import const

        if url == const.TOP_HEADLINES_URL:
            url = self.settings.newsapi_url
        kwargs["timeout"] = max(0.01, self.watch.remaining())
        kwargs["allow_redirects"] = False
        target = guard(url.decode() if isinstance(url, bytes) else url, self.settings, self.watch)
        return super().request(method, target, *args, **kwargs)

    def close(self) -> None:
        super().close()
        self.watch.close()


def from_newsapi(settings: IngestSettings) -> list[Headline]:
    """Top headlines from NewsAPI through newsapi-python; NewsApiError or FetchError on failure."""
    found = (_newsapi_headline(item) for item in _top_headlines(settings).get("articles") or [])
    return [headline for headline in found if headline is not None]


def _top_headlines(settings: IngestSettings) -> dict[str, Any]:
    """NewsAPI's answer for the configured sources; each way it can fail said as a NewsApiError or FetchError."""
    from newsapi import NewsApiClient
    from newsapi.newsapi_exception import NewsAPIException

    with _EndpointSession(settings) as session:
        client = NewsApiClient(api_key=settings.newsapi_key, session=session)
        try:
            payload: dict[str, Any] = client.get_top_headlines(
                sources=settings.newsapi_sources, language=None, page_size=50
            )
            return payload
        except NewsAPIException as error:
            details = error.get_exception() if isinstance(error.get_exception(), dict) else {}
            code = re.sub(r"[^A-Za-z0-9]", "", str(details.get("code", "")))[:40]
            fallback = f"NewsAPI answered with an error ({code or 'unknown'})."
            raise NewsApiError(NEWSAPI_MESSAGES.get(code, fallback)) from error
        except requests.Timeout as error:
            raise FetchError("NewsAPI did not answer in time.") from error
        except requests.ConnectionError as error:
            if session.watch.expired:
                raise FetchError("NewsAPI did not answer in time.") from error
            raise FetchError("NewsAPI could not be reached; check the network.") from error
        except (requests.RequestException, ValueError) as error:
            raise FetchError(f"NewsAPI sent an answer that could not be read ({type(error).__name__}).") from error


def _newsapi_headline(item: dict[str, Any]) -> Headline | None:
    """One NewsAPI article as a headline; None when it has no web link or no title."""
    url = _web_link(item.get("url"))
    title = _text(item.get("title"), TITLE_CHARS)
    if not url or not title:
        return None
    return Headline(
        title=title,
        description=_text(item.get("description"), DESCRIPTION_CHARS),
        source=_text((item.get("source") or {}).get("name"), NAME_CHARS) or "NewsAPI",
        url=url,
        published=_parse_time(item.get("publishedAt")),
        backend="NewsAPI",
        author=_text(item.get("author"), NAME_CHARS),
        image_url=_web_link(item.get("urlToImage")),
    )


def _entry_image(entry: Any) -> str:
    for key in ("media_content", "media_thumbnail"):
        for media in entry.get(key) or []:
            link = _web_link(media.get("url"))
            if link:
                return link
    for link in entry.get("links") or []:
        if link.get("rel") == "enclosure" and str(link.get("type", "")).startswith("image/"):
            return _web_link(link.get("href"))
    return ""


def _fetch_feed(feed_url: str, settings: IngestSettings) -> Response | FetchError:
    """The feed's response, or the FetchError that says why it could not be had."""
    try:
        response = get(feed_url, settings, accept=FEED_TYPES, kind="an RSS or Atom feed")
    except FetchError as error:
        return error
    if response.status >= 400:
        return FetchError(f"the feed at {host_label(feed_url)} answered HTTP {response.status}")
    return response


def _feed_headlines(parsed: Any, feed_url: str) -> list[Headline]:
    """The stories of a parsed feed that have a web link and a title, their texts shortened."""
    source = _text(parsed.feed.get("title", ""), NAME_CHARS).split(" - ")[0] or host_label(feed_url) or "RSS"
    headlines = []
    for entry in parsed.entries:
        url, title = _web_link(entry.get("link")), _text(entry.get("title"), TITLE_CHARS)
        if not url or not title:
            continue
        stamp = entry.get("published_parsed") or entry.get("updated_parsed")
        headlines.append(
            Headline(
                title=title,
                description=_text(entry.get("summary"), DESCRIPTION_CHARS),
                source=source,
                url=url,
                published=datetime.fromtimestamp(calendar.timegm(stamp), timezone.utc) if stamp else None,
                backend="RSS",
                author=_text(entry.get("author"), NAME_CHARS),
                image_url=_entry_image(entry),
            )
        )
    return headlines


def from_rss(settings: IngestSettings) -> list[Headline]:
    """Headlines from every configured feed, fetched side by side; FetchError only when none of them could be read,
    naming each feed and why."""
    import feedparser

    headlines: list[Headline] = []
    failures: list[str] = []
    with ThreadPoolExecutor(max_workers=max(1, min(8, len(settings.feeds))), thread_name_prefix="feed") as pool:
        responses = list(pool.map(lambda url: _fetch_feed(url, settings), settings.feeds))
    for feed_url, response in zip(settings.feeds, responses):
        if isinstance(response, FetchError):
            failures.append(str(response))
            continue
        parsed = feedparser.parse(response.body)
        found = _feed_headlines(parsed, feed_url)
        if not found:
            why = "it is not valid XML" if parsed.bozo else "it has no story with a title and a link"
            failures.append(f"the feed at {feed_name(feed_url)} could not be read ({why})")
        headlines.extend(found)
    if not headlines:
        reasons = list(dict.fromkeys(f.rstrip(".") for f in failures)) or ["no feeds are configured"]
        raise FetchError("The news feed is unavailable: " + "; ".join(reasons) + ".")
    return headlines


class _Flight:
    """One refresh in progress: its start, and its outcome once `done` is set."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.done = threading.Event()
        self.result: FeedResult | None = None
        self.error: Exception | None = None


class NewsFeed:
    """Cached headlines: refreshed after `feed_ttl` seconds, one refresh at a time; failures remembered briefly."""

    def __init__(self, settings: IngestSettings | None = None, clock: Callable[[], float] = time.time) -> None:
        self.settings = settings or IngestSettings.from_env()
        self._clock = clock
        self._lock = threading.Lock()
        self._last: FeedResult | None = None
        self._last_at = 0.0
        self._failure: Exception | None = None
        self._retry_at = 0.0
        self._flight: _Flight | None = None

    @property
    def deadline(self) -> float:
        """Seconds one refresh may take: NewsAPI (when a key is set), then all feeds side by side."""
        return self.settings.fetch_timeout * (2 if self.settings.newsapi_key else 1) + 1.0

    def _fetch(self) -> FeedResult:
        notes = []
        if self.settings.newsapi_key:
            try:
                headlines = from_newsapi(self.settings)
                return FeedResult(newest_first(headlines), "NewsAPI", self._now())
            except FetchError as error:
                notes.append(f"{error} Showing the RSS feed instead.")
        headlines = from_rss(self.settings)
        return FeedResult(newest_first(headlines), "RSS", self._now(), notes=notes)

    def _now(self, at: float | None = None) -> datetime:
        return datetime.fromtimestamp(self._clock() if at is None else at, timezone.utc)

    def headlines(self, refresh: bool = False) -> FeedResult:
        """Current headlines; FeedUnavailableError only when no source works and nothing was fetched before.

        Never waits longer than one refresh's deadline, and never behind more than one refresh.
        """
        with self._lock:
            last = self._last
            if last is not None and self._clock() - self._last_at < self.settings.feed_ttl and not refresh:
                return last
            remembered = self._failure if self._failure is not None and self._clock() < self._retry_at else None
            flight = self._flight
            leading = flight is None and remembered is None
            if leading:
                flight = self._flight = _Flight()
        if remembered is not None:
            return self._after_failure(remembered)
        assert flight is not None  # with nothing remembered, this call leads a new flight or follows one
        if leading:
            self._refresh(flight)
        elif not flight.done.wait(max(0.0, flight.started + self.deadline - time.monotonic())):
            return self._still_loading()
        if flight.error is not None:
            if isinstance(flight.error, FetchError):
                return self._after_failure(flight.error)
            raise flight.error
        assert flight.result is not None  # `done` is set after the result or the error
        return flight.result

    def _refresh(self, flight: _Flight) -> None:
        try:
            result = self._fetch()
        except Exception as error:
            with self._lock:
                flight.error = error
                if isinstance(error, FetchError):
                    self._failure, self._retry_at = error, self._clock() + self.settings.feed_retry_after
                    logger.warning("news refresh failed; next try in %.0f s: %s", self.settings.feed_retry_after, error)
        else:
            with self._lock:
                flight.result = self._last = result
                self._last_at = self._clock()
                self._failure, self._retry_at = None, 0.0
        finally:
            with self._lock:
                self._flight = None
            flight.done.set()

    def _after_failure(self, error: Exception) -> FeedResult:
        """The last good headlines marked stale, or FeedUnavailableError; both say when the next try will be."""
        with self._lock:
            last, retry_at = self._last, self._now(self._retry_at) if self._retry_at else None
        if last is None:
            raise FeedUnavailableError(str(error), retry_at=retry_at) from error
        as_of = last.fetched_at.strftime("%H:%M UTC")
        return replace(
            last,
            stale=True,
            retry_at=retry_at,
            notes=[f"As of {as_of}; the news source is unavailable right now ({error})"],
        )

    def _still_loading(self) -> FeedResult:
        with self._lock:
            last = self._last
        if last is None:
            raise FeedUnavailableError("The news feed is still loading; try again in a moment.")
        as_of = last.fetched_at.strftime("%H:%M UTC")
        return replace(last, stale=True, notes=[f"As of {as_of}; fresh headlines are still loading."])
