"""`briefing`: the news briefing on a loopback feed built from CNN/DailyMail articles, timed per article and in total.

The feed holds `events` articles; `second` of them are told a second time by a "second outlet". Each story's
title is its article's first highlight and its description the article's lead (first two sentences). Two
kinds of second outlet are built, each in its own run:

- near: the same story re-reported. The headline and the lead keep about three words in four (a seeded choice,
  never every word: the feed keeps one story per title), and the body's paragraphs come in another order.
  These must land in one group with their first telling.
- angle: the same event told from another angle. The second highlight is the headline and the article's
  third and fourth sentences the lead. No shared lead, so the title-and-lead rule is not expected to find
  them all; the row shows how many it does.

For each run: stories present (every story must be), events whose stories share one group, groups that mix
two events, the closest cosine of a pair that should group and the furthest of one that should not, and the
time to read each article (median and largest) and the whole briefing.
"""

from __future__ import annotations

import json
import random
import statistics
import threading
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime
from html import escape
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Sequence
from xml.sax.saxutils import escape as xml_escape

from ingest import IngestSettings, NewsFeed

from ..briefing import Briefing, brief
from ..interface import SummaryService
from ..text.sentences import split_sentences
from ..text.similar import cosines

VARIANTS = ("near", "angle")


@dataclass(frozen=True)
class Page:
    title: str
    lead: str
    paragraphs: list[str]
    event: int
    published: datetime


@dataclass(frozen=True)
class Row:
    variant: str
    stories: int
    events: int
    present: int
    shared_events: int
    grouped: int
    mixed: int
    lines: int
    closest_same: float
    furthest_other: float
    median_read: float
    max_read: float
    total: float
    failed: int


def _paragraphs(sentences: list[str], size: int = 3) -> list[str]:
    return [" ".join(sentences[i : i + size]) for i in range(0, len(sentences), size)]


def _trimmed(text: str, rng: random.Random, keep: float = 0.75) -> str:
    """About `keep` of the words, never all of them (the feed drops a story whose title it has already)."""
    words = text.split()
    kept = [k for k in range(len(words)) if rng.random() < keep] or [0]
    if len(kept) == len(words) > 1:
        kept.pop(rng.randrange(len(kept)))
    return " ".join(words[k] for k in kept)


def build(pairs: Sequence[dict[str, str]], second: int, variant: str, seed: int = 0) -> list[Page]:
    """The feed's pages: each pair as a story, the first `second` of them told again by a second outlet."""
    rng = random.Random(seed)
    start = datetime(2026, 11, 21, 6, 0, tzinfo=timezone.utc)
    pages = []
    for event, pair in enumerate(pairs):
        sentences = [s.text for s in split_sentences(pair["article"].replace("(CNN)", "").strip())]
        highlights = [h.strip() for h in pair["highlights"].split("\n") if h.strip()]
        at = start + timedelta(minutes=20 * event)
        pages.append(Page(highlights[0], " ".join(sentences[:2]), _paragraphs(sentences), event, at))
        if event >= second:
            continue
        if variant == "near":
            body = _paragraphs(sentences)
            body = body[1:2] + body[:1] + body[2:]
            title, lead = _trimmed(highlights[0], rng), _trimmed(" ".join(sentences[:2]), rng)
        else:
            body = _paragraphs(sentences[2:] + sentences[:2])
            title, lead = (highlights[1:] or highlights)[0], " ".join(sentences[2:4])
        pages.append(Page(title, lead, body, event, at + timedelta(minutes=7)))
    order = rng.sample(range(len(pages)), len(pages))
    return [pages[i] for i in order]


def _rss(pages: list[Page], base: str) -> bytes:
    items = "".join(
        f"<item><title>{xml_escape(p.title)}</title><description>{xml_escape(p.lead)}</description>"
        f"<link>{base}/a/{k}.html</link><pubDate>{format_datetime(p.published)}</pubDate></item>"
        for k, p in enumerate(pages)
    )
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Lab Wire</title>'
        f"<link>{base}/</link>{items}</channel></rss>"
    ).encode()


def _html(page: Page) -> bytes:
    body = "".join(f"<p>{escape(p)}</p>" for p in page.paragraphs)
    return (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{escape(page.title)}</title></head>'
        f"<body><main><article><h1>{escape(page.title)}</h1>{body}</article></main></body></html>"
    ).encode()


class FeedServer:
    """The pages as an RSS feed (`/feed.rss`) and article pages (`/a/K.html`) on 127.0.0.1."""

    def __init__(self, pages: list[Page]):
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                if self.path == "/feed.rss":
                    return self._send("application/rss+xml", _rss(pages, outer.base))
                name = self.path.removeprefix("/a/").removesuffix(".html")
                if name.isdigit() and int(name) < len(pages):
                    return self._send("text/html; charset=utf-8", _html(pages[int(name)]))
                self.send_error(404)

            def _send(self, kind: str, body: bytes) -> None:
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def _event_of(url: str, pages: list[Page]) -> int:
    return pages[int(url.rsplit("/", 1)[1].removesuffix(".html"))].event


def run(pairs: Sequence[dict[str, str]], second: int, variant: str, service: SummaryService, seed: int = 0) -> Row:
    """One briefing of a built feed, scored."""
    pages = build(pairs, second, variant, seed)
    server = FeedServer(pages)
    try:
        briefing = _briefing(server, service)
    finally:
        server.close()
    return _scored(briefing, pages, variant)


def _briefing(server: FeedServer, service: SummaryService) -> Briefing:
    """The briefing of the feed `server` serves, run to its end."""
    settings = IngestSettings(feeds=(f"{server.base}/feed.rss",), allow_private_urls=True, fetch_timeout=30.0)
    result = NewsFeed(settings).headlines()
    steps = brief(result.headlines, service, feed_at=result.fetched_at, backend=result.backend, settings=settings)
    while True:
        try:
            next(steps)
        except StopIteration as end:
            made: Briefing = end.value
            return made


def _cosines(briefing: Briefing, events: list[int]) -> tuple[float, float]:
    """The closest cosine of two stories of the same event and the furthest of two of different events (nan
    where there are no such pairs)."""
    similarity = cosines([s.lead for s in briefing.stories])
    n = len(events)
    same = [similarity[i, j] for i in range(n) for j in range(i + 1, n) if events[i] == events[j]]
    other = [similarity[i, j] for i in range(n) for j in range(i + 1, n) if events[i] != events[j]]
    return float(min(same)) if same else float("nan"), float(max(other)) if other else float("nan")


def _grouping(briefing: Briefing, events: list[int]) -> tuple[int, int, int]:
    """The events told twice, how many of them are grouped in one line, and the lines mixing events."""
    groups = [{events[k] for k in topic.stories} for topic in briefing.topics]
    told_twice = {e for e in set(events) if events.count(e) > 1}
    members = {e: {k for k in range(len(events)) if events[k] == e} for e in told_twice}
    grouped = sum(any(members[e] <= set(topic.stories) for topic in briefing.topics) for e in told_twice)
    return len(told_twice), grouped, sum(len(g) > 1 for g in groups)


def _scored(briefing: Briefing, pages: list[Page], variant: str) -> Row:
    """The briefing's row: its stories, events told twice and grouped, groups, cosines and times."""
    events = [_event_of(s.url, pages) for s in briefing.stories]
    shown = [k for topic in briefing.topics for k in topic.stories]
    reads = [s.seconds for s in briefing.stories]
    return Row(
        variant,
        len(pages),
        len(set(p.event for p in pages)),
        len(set(shown)),
        *_grouping(briefing, events),
        len(briefing.topics),
        *_cosines(briefing, events),
        statistics.median(reads),
        max(reads),
        briefing.seconds,
        len(briefing.failed),
    )


def load(path: str, events: int, seed: int) -> list[dict[str, str]]:
    """`events` articles of the JSONL file (seeded sample), each with at least two sentences and a highlight."""
    with open(path, encoding="utf-8") as lines:
        rows: list[dict[str, str]] = [json.loads(line) for line in lines if line.strip()]
    usable = [r for r in rows if r.get("highlights", "").strip() and len(split_sentences(r["article"])) >= 6]
    return random.Random(seed).sample(usable, min(events, len(usable)))


def table(rows: list[Row], engine: str, threshold: float) -> str:
    head = (
        "| second outlet | stories | present | events told twice | grouped | groups mixing events | lines | "
        "closest same-event cosine | furthest other cosine | read / article (median, max) | briefing total |\n"
        "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n"
    )
    body = "".join(
        f"| {r.variant} | {r.stories} | {r.present} | {r.shared_events} | {r.grouped} | {r.mixed} | {r.lines} | "
        f"{r.closest_same:.2f} | {r.furthest_other:.2f} | {r.median_read:.2f} s, {r.max_read:.2f} s | "
        f"{r.total:.1f} s |\n"
        for r in rows
    )
    return head + body + f"\nEngine: {engine}; stories group at a title-and-lead cosine of {threshold} or more."
