"""Headlines from NewsAPI (when a key is set) or the outlet's RSS feeds, cached and kept on failure."""

from __future__ import annotations

import calendar
import logging
import threading
import time
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from urllib.parse import urlsplit, urlunsplit

import requests

from .errors import FetchError, NewsApiError
from .settings import IngestSettings
from .textclean import plain_text
from .web import check_url, get

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
FEED_TYPES = ("application/rss+xml", "application/xml", "text/xml", "application/atom+xml", "text/plain", "")


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


def _web_link(url: str | None) -> str:
    return url.strip() if url and urlsplit(url.strip()).scheme in ("http", "https") else ""


def _parse_time(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00")).astimezone(timezone.utc)
    except ValueError:
        return None


def _key(headline: Headline) -> tuple[str, str]:
    parts = urlsplit(headline.url)
    return urlunsplit((parts.scheme, parts.netloc.lower(), parts.path.rstrip("/"), "", "")), headline.title.lower()


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
    """Sends newsapi-python's requests to the configured endpoint, with our timeout and user agent."""

    def __init__(self, settings: IngestSettings):
        super().__init__()
        self.settings = settings
        self.headers["User-Agent"] = settings.user_agent

    def request(self, method, url, **kwargs):
        from newsapi import const

        if url == const.TOP_HEADLINES_URL:
            url = self.settings.newsapi_url
        kwargs["timeout"] = self.settings.fetch_timeout
        return super().request(method, check_url(url, self.settings.allow_private_urls), **kwargs)


def from_newsapi(settings: IngestSettings) -> list[Headline]:
    """Top headlines from NewsAPI through newsapi-python; NewsApiError or FetchError on failure."""
    from newsapi import NewsApiClient
    from newsapi.newsapi_exception import NewsAPIException

    with _EndpointSession(settings) as session:
        client = NewsApiClient(api_key=settings.newsapi_key, session=session)
        try:
            payload = client.get_top_headlines(sources=settings.newsapi_sources, language=None, page_size=50)
        except NewsAPIException as error:
            details = error.get_exception() if isinstance(error.get_exception(), dict) else {}
            code = details.get("code", "")
            raise NewsApiError(NEWSAPI_MESSAGES.get(code, f"NewsAPI answered with an error ({code or 'unknown'}).")) from error
        except requests.Timeout as error:
            raise FetchError("NewsAPI did not answer in time.") from error
        except requests.ConnectionError as error:
            raise FetchError("NewsAPI could not be reached; check the network.") from error
        except (requests.RequestException, ValueError) as error:
            raise FetchError(f"NewsAPI sent an answer that could not be read ({type(error).__name__}).") from error
    headlines = []
    for item in payload.get("articles") or []:
        url = _web_link(item.get("url"))
        title = plain_text(item.get("title") or "")
        if not url or not title:
            continue
        headlines.append(Headline(
            title=title, description=plain_text(item.get("description") or ""),
            source=((item.get("source") or {}).get("name") or "NewsAPI"), url=url,
            published=_parse_time(item.get("publishedAt")), backend="NewsAPI",
            author=plain_text(item.get("author") or ""), image_url=_web_link(item.get("urlToImage"))))
    return headlines


def _entry_image(entry) -> str:
    for key in ("media_content", "media_thumbnail"):
        for media in entry.get(key) or []:
            link = _web_link(media.get("url"))
            if link:
                return link
    for link in entry.get("links") or []:
        if link.get("rel") == "enclosure" and str(link.get("type", "")).startswith("image/"):
            return _web_link(link.get("href"))
    return ""


def from_rss(settings: IngestSettings) -> list[Headline]:
    """Headlines from every configured feed; FetchError only when none of them could be read."""
    import feedparser

    headlines: list[Headline] = []
    failures: list[str] = []
    for feed_url in settings.feeds:
        try:
            response = get(feed_url, settings, accept=FEED_TYPES)
            if response.status >= 400:
                raise FetchError(f"the feed answered HTTP {response.status}")
        except FetchError as error:
            failures.append(str(error))
            continue
        parsed = feedparser.parse(response.body)
        if not parsed.entries:
            failures.append(f"{urlsplit(feed_url).hostname} sent a feed that could not be read")
            continue
        source = plain_text(parsed.feed.get("title", "")).split(" - ")[0] or urlsplit(feed_url).hostname or "RSS"
        for entry in parsed.entries:
            url, title = _web_link(entry.get("link")), plain_text(entry.get("title", ""))
            if not url or not title:
                continue
            stamp = entry.get("published_parsed") or entry.get("updated_parsed")
            published = datetime.fromtimestamp(calendar.timegm(stamp), timezone.utc) if stamp else None
            headlines.append(Headline(
                title=title, description=plain_text(entry.get("summary", "")), source=source, url=url,
                published=published, backend="RSS", author=plain_text(entry.get("author", "")),
                image_url=_entry_image(entry)))
    if not headlines:
        reasons = list(dict.fromkeys(f.rstrip(".") for f in failures)) or ["no feeds are configured"]
        raise FetchError("The news feed is unavailable: " + "; ".join(reasons) + ".")
    return headlines


class NewsFeed:
    """Cached headlines: refreshed after `feed_ttl` seconds; the last good result is served when a refresh fails."""

    def __init__(self, settings: IngestSettings | None = None, clock=time.time):
        self.settings = settings or IngestSettings.from_env()
        self._clock = clock
        self._lock = threading.Lock()
        self._last: FeedResult | None = None
        self._last_at = 0.0

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

    def _now(self) -> datetime:
        return datetime.fromtimestamp(self._clock(), timezone.utc)

    def headlines(self, refresh: bool = False) -> FeedResult:
        """Current headlines; FetchError only when no source works and nothing was fetched before."""
        with self._lock:
            fresh = self._last is not None and self._clock() - self._last_at < self.settings.feed_ttl
            if fresh and not refresh:
                return self._last
            try:
                self._last = self._fetch()
                self._last_at = self._clock()
                return self._last
            except FetchError as error:
                if self._last is None:
                    raise
                as_of = self._last.fetched_at.strftime("%H:%M UTC")
                return replace(self._last, stale=True,
                               notes=[f"As of {as_of}; the news source is unavailable right now ({error})"])
