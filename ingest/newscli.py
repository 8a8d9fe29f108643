"""`python -m ingest news`: the current headlines, one block each."""

from __future__ import annotations

import sys

from .news import NewsFeed


def show_news() -> int:
    result = NewsFeed().headlines()
    for note in result.notes:
        print(f"note: {note}", file=sys.stderr)
    if result.retry_at:
        print(f"note: the next try will be at {result.retry_at:%H:%M:%S UTC}", file=sys.stderr)
    for headline in result.headlines:
        when = headline.published.strftime("%Y-%m-%d %H:%M UTC") if headline.published else "undated"
        print(f"{headline.title}\n  {when} · {headline.source}\n  {headline.url}\n")
    print(f"[{len(result.headlines)} headlines from {result.backend}]", file=sys.stderr)
    return 0
