"""Times as people read them: "3 hours ago", with the exact time beside it."""

from __future__ import annotations

from datetime import datetime, timezone

from ingest import counted


def relative(when: datetime, now: datetime | None = None) -> str:
    seconds = max(0, int(((now or datetime.now(timezone.utc)) - when).total_seconds()))
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            count = seconds // size
            return f"{counted(count, unit)} ago"
    return "just now"


def exact(when: datetime) -> str:
    return when.astimezone(timezone.utc).strftime("%d %b %Y, %H:%M UTC")
