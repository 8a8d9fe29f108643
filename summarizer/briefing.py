"""The day's news on one screen: every headline's article read, stories of one event grouped, one line each.

`brief(headlines, service)` is a generator. It yields a `Briefing` as each article is read (a progress line
per article) and as each batch of lines is written, and returns the finished one. An article that cannot be
read is named with its reason, and the feed's description stands in for it. Stories are grouped by the
similarity of their titles and leads (`text.similar`); a group's articles are summarized together into its
one line. With a model the lines are written in batches of 1, 2, 4 ... (up to the engine's batch size), so
the first come soon and later ones still share calls; the offline engine writes them all in one call.

`Shelf` keeps the last finished briefing per engine and options, in memory and, given a path, in a JSON file,
so a page or a command can show it, with its time, when the feed cannot be reached.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generator, Sequence

from .errors import SummarizerError
from .interface import Progress, Source, SummaryService
from .options import SummaryOptions
from .partial import arriving_batches
from .summary import Summary
from .text.similar import similar_groups

if TYPE_CHECKING:  # ingest loads when a briefing is made, not when the summarizer is imported
    from ingest import Headline, IngestSettings

logger = logging.getLogger(__name__)
BRIEF_OPTIONS = SummaryOptions(words=30, sections=False)  # about one sentence a line
LINE_WORDS = 45  # a line keeps the summary's sentences up to this many words (always the first)
FETCH_SHARE = 0.5  # of the progress bar: reading the articles; the rest is writing the lines


@dataclass(frozen=True)
class Story:
    """One headline as the briefing read it: `state` is waiting, read or failed (`problem` says why, and the
    feed's description stood in); `problem` also notes an article with little text."""

    title: str
    url: str
    source: str
    published: datetime | None
    description: str = ""
    state: str = "waiting"
    words: int = 0
    seconds: float = 0.0
    problem: str = ""

    @property
    def lead(self) -> str:
        """What the grouping compares: the title and the feed's description."""
        return f"{self.title}. {self.description}"


@dataclass(frozen=True)
class Topic:
    """One line of the briefing: the stories it covers (indices into `Briefing.stories`, newest first)."""

    stories: tuple[int, ...]
    line: str = ""
    problem: str = ""


@dataclass(frozen=True)
class Briefing:
    """Stories in the feed's order, their topics once every article is read, and when it was made from which feed."""

    stories: tuple[Story, ...]
    feed_at: datetime
    backend: str
    topics: tuple[Topic, ...] = ()
    made_at: datetime | None = None
    engine: str = ""
    seconds: float = 0.0
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def done(self) -> bool:
        return self.made_at is not None

    @property
    def read(self) -> int:
        """Articles finished, read or failed."""
        return sum(story.state != "waiting" for story in self.stories)

    @property
    def failed(self) -> list[Story]:
        return [story for story in self.stories if story.state == "failed"]

    def text(self) -> str:
        """The briefing as plain text: one line per topic, each story's link and time under it."""
        out = []
        for topic in self.topics:
            out.append(f"- {topic.line or '(still being written)'}")
            for k in topic.stories:
                story = self.stories[k]
                when = story.published.strftime("%Y-%m-%d %H:%M UTC") if story.published else "undated"
                out.append(f"    {story.title} · {story.source} · {when}\n    {story.url}")
                if story.problem:
                    out.append(f"    ({story.problem})")
        return "\n".join(out)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Briefing:
        """The briefing `as_dict` gave, its times read back from text; ValueError for one without its feed's time."""
        stories = tuple(Story(**{**s, "published": _moment(s["published"])}) for s in data["stories"])
        topics = tuple(Topic(tuple(t["stories"]), t["line"], t["problem"]) for t in data["topics"])
        feed_at = _moment(data["feed_at"])
        if feed_at is None:
            raise ValueError("the kept briefing does not say when its headlines came in")
        return cls(
            stories,
            feed_at,
            data["backend"],
            topics,
            _moment(data["made_at"]),
            data["engine"],
            data["seconds"],
            data["timings"],
        )


def _moment(value: object) -> datetime | None:
    """A kept time: ISO text read back, a datetime as it is, anything else none."""
    if isinstance(value, str):
        return datetime.fromisoformat(value)
    return value if isinstance(value, datetime) else None


def _story(headline: Headline) -> Story:
    return Story(headline.title, headline.url, headline.source, headline.published, headline.description)


def _read(story: Story, settings: IngestSettings | None) -> tuple[Story, Source]:
    """The story read and what its line is made from: the article, or (named as failed) its description."""
    from ingest import IngestError, fetch_article, parse_text

    started = time.perf_counter()
    try:
        document = fetch_article(story.url, settings, story.description)
    except IngestError as error:
        stand_in = story.description or story.title
        problem = f"{error} The feed's description is used instead."
        took = time.perf_counter() - started
        return replace(story, state="failed", problem=problem, seconds=took), parse_text(stand_in).blocks
    took = time.perf_counter() - started
    note = " ".join(document.warnings)
    return replace(story, state="read", words=document.words, seconds=took, problem=note), document.blocks


def brief(
    headlines: Sequence[Headline],
    service: SummaryService,
    *,
    feed_at: datetime,
    backend: str,
    settings: IngestSettings | None = None,
    options: SummaryOptions = BRIEF_OPTIONS,
    progress: Progress | None = None,
    workers: int = 4,
) -> Generator[Briefing, None, Briefing]:
    """The briefing of `headlines` as it is made (see the module's docstring); returns the finished one."""
    report = progress or (lambda fraction, message: None)
    started = time.perf_counter()
    briefing = Briefing(tuple(_story(h) for h in headlines), feed_at, backend)
    sources: list[Source] = [""] * len(headlines)
    total = len(headlines)
    report(0.0, f"Reading {total} articles")
    pool = ThreadPoolExecutor(max_workers=max(1, min(workers, total or 1)), thread_name_prefix="briefing")
    try:
        pending: dict[Future[tuple[Story, Source]], int] = {
            pool.submit(_read, s, settings): k for k, s in enumerate(briefing.stories)
        }
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:  # one step per article, even when two finish together
                k = pending.pop(future)
                stories = list(briefing.stories)
                stories[k], sources[k] = future.result()
                briefing = replace(briefing, stories=tuple(stories))
                report(FETCH_SHARE * briefing.read / max(1, total), f"Read {briefing.read} of {total} articles")
                yield briefing
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    fetched = time.perf_counter() - started
    groups = similar_groups([story.lead for story in briefing.stories])
    topics = [Topic(tuple(group)) for group in groups]
    briefing = replace(briefing, topics=tuple(topics))
    yield briefing
    engine = service.engine
    calls = arriving_batches(len(topics), engine.batches, service.settings.batch_max_documents)
    written = 0
    for call in calls:
        parts = [_together([sources[k] for k in topics[t].stories]) for t in call]
        tick = _writing(report, written, call, len(topics))
        for t, result in zip(call, service.summarize_many(parts, options, tick)):
            topics[t] = _line(topics[t], result, briefing.stories)
        written += len(call)
        report(FETCH_SHARE + (1 - FETCH_SHARE) * written / len(topics), f"Wrote {written} of {len(topics)} lines")
        briefing = replace(briefing, topics=tuple(topics))
        yield briefing
    took = time.perf_counter() - started
    timings = {"read": fetched, "write": took - fetched, "total": took}
    report(1.0, "Done")
    return replace(
        briefing,
        made_at=datetime.now(timezone.utc),
        engine=f"{engine.name}: {engine.model}",
        seconds=took,
        timings=timings,
    )


def _writing(report: Progress, written: int, call: range, total: int) -> Progress:
    """One call's progress on its share of the bar's writing half, its message naming the lines it writes."""
    share = FETCH_SHARE + (1 - FETCH_SHARE) * written / total
    width = (1 - FETCH_SHARE) * len(call) / total
    lines = f"Writing line {call.start + 1}" + (f"-{call.stop}" if len(call) > 1 else "") + f" of {total}"

    def tick(fraction: float, message: str) -> None:
        report(share + width * fraction, lines)

    return tick


def _together(sources: list[Source]) -> Source:
    """One story's blocks, or several stories' blocks one after another, each paragraph once."""
    from ingest import parse_text

    if len(sources) == 1:
        return sources[0]
    seen: set[str] = set()
    blocks = []
    for source in sources:
        for block in parse_text(source).blocks if isinstance(source, str) else source:
            if block.text not in seen:  # a second outlet's copy of a paragraph is read once
                seen.add(block.text)
                blocks.append(block)
    return blocks


def _line(topic: Topic, result: Summary | SummarizerError, stories: tuple[Story, ...]) -> Topic:
    """The topic with its line, or, when nothing could be summarized, its first story's description and why."""
    first = stories[topic.stories[0]]
    if isinstance(result, SummarizerError):
        return replace(topic, line=first.description or first.title, problem=str(result))
    kept: list[str] = []
    for sentence in result.sentences:
        if kept and len(" ".join(kept + [sentence]).split()) > LINE_WORDS:
            break
        kept.append(sentence)
    return replace(topic, line=" ".join(kept).strip() or first.description or first.title)


class Shelf:
    """The last finished briefing per key (engine and options): in memory, and in `path` (JSON) when given."""

    def __init__(self, path: Path | None = None):
        self.path = path
        self._lock = threading.Lock()
        self._kept: dict[str, Briefing] = {}

    def put(self, key: str, briefing: Briefing) -> None:
        with self._lock:
            self._kept[key] = briefing
            if self.path is not None:
                stored = self._stored()
                stored[key] = json.loads(json.dumps(briefing.as_dict(), default=str))
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self.path.write_text(json.dumps(stored, ensure_ascii=False, indent=1), encoding="utf-8")

    def get(self, key: str) -> Briefing | None:
        with self._lock:
            if key in self._kept:
                return self._kept[key]
            data = self._stored().get(key) if self.path is not None else None
        try:
            return Briefing.from_dict(data) if data else None
        except (KeyError, TypeError, ValueError) as error:
            logger.warning("the kept briefing in %s could not be read: %s", self.path, error)
            return None

    def _stored(self) -> dict[str, Any]:
        assert self.path is not None
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}
