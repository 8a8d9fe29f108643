"""`python -m ingest news`: the current headlines, one block each.

A one-shot command: a failure is said once, by the error line, and nothing speaks of a later try (the
feed's retry schedule and its log warning are for the app, which keeps one feed for all its users).
"""

from __future__ import annotations

import logging
import sys

from .network.news import NewsFeed


def show_news() -> int:
    logging.getLogger("ingest.network.news").setLevel(logging.ERROR)  # the error line below says it once
    result = NewsFeed().headlines()
    for note in result.notes:
        print(f"note: {note}", file=sys.stderr)
    for headline in result.headlines:
        when = headline.published.strftime("%Y-%m-%d %H:%M UTC") if headline.published else "undated"
        print(f"{headline.title}\n  {when} · {headline.source}\n  {headline.url}\n")
    print(f"[{len(result.headlines)} headlines from {result.backend}]", file=sys.stderr)
    return 0
