"""`summarize --news`: the day's briefing on the command line, each line printed as soon as it is written.

Progress goes to stderr, one line per article read (failed ones with their reason). The finished briefing is
kept in `$XDG_CACHE_HOME/summarizer/briefing.json` (per engine and options); when the feed cannot be reached,
that last briefing is printed with the time it was made.
"""

from __future__ import annotations

import logging
import sys

from ingest import FetchError, IngestSettings, NewsFeed

from .briefing import BRIEF_OPTIONS, Briefing, Shelf, brief
from .interface import SummaryService
from .settings import Settings

STORIES = 20  # the headlines a briefing reads: as many as the News page shows


def shelf_key(service: SummaryService) -> str:
    """One kept briefing per engine, model and options."""
    return f"{service.engine.name}:{service.engine.model}:{BRIEF_OPTIONS}"


def _when(briefing: Briefing) -> str:
    made = briefing.made_at.strftime("%Y-%m-%d %H:%M UTC") if briefing.made_at else "unknown"
    return f"made {made} from the headlines of {briefing.feed_at.strftime('%Y-%m-%d %H:%M UTC')}"


def show_briefing(service: SummaryService, places: Settings) -> int:
    """Print the briefing of the current headlines, or the last one kept (where `places` say) when the feed is
    offline."""
    logging.getLogger("ingest.network.news").setLevel(logging.ERROR)  # the note below says it once
    shelf, key = Shelf(places.briefing_shelf), shelf_key(service)
    settings = IngestSettings.from_env()
    try:
        result = NewsFeed(settings).headlines()
    except FetchError as error:
        last = shelf.get(key)
        if last is None:
            raise
        print(f"note: {error} This is the last briefing, {_when(last)}.", file=sys.stderr)
        print(last.text())
        return 0
    for note in result.notes:
        print(f"note: {note}", file=sys.stderr)
    headlines = result.headlines[:STORIES]
    steps = brief(headlines, service, feed_at=result.fetched_at, backend=result.backend, settings=settings)
    reported: set[int] = set()
    printed = 0
    while True:
        try:
            briefing = next(steps)
        except StopIteration as end:
            briefing = end.value
            break
        for k, story in enumerate(briefing.stories):
            if story.state != "waiting" and k not in reported:
                reported.add(k)
                outcome = f"failed: {story.problem}" if story.state == "failed" else f"{story.words:,} words"
                print(
                    f"[{len(reported)}/{len(headlines)}] {story.title} ({story.seconds:.1f} s, {outcome})",
                    file=sys.stderr,
                )
        while printed < len(briefing.topics) and briefing.topics[printed].line:
            print(Briefing(briefing.stories, briefing.feed_at, briefing.backend, (briefing.topics[printed],)).text())
            printed += 1
            sys.stdout.flush()
    shelf.put(key, briefing)
    failed = f", {len(briefing.failed)} read from the feed's description" if briefing.failed else ""
    print(
        f"[{len(briefing.topics)} lines from {len(briefing.stories)} stories{failed}; {briefing.engine}; "
        f"{briefing.seconds:.1f} s]",
        file=sys.stderr,
    )
    return 0
