"""The news briefing on the loopback feed: `brief` with the offline engine and the tiny T5 (lines written in batches,
each batch yielded as it is done), the kept briefing, and `summarize --news` as a user runs it."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from ingest import IngestSettings, NewsFeed
from summarizer import Briefing, Settings, Shelf, Summarizer, brief
from tests.summarizer.test_cli import run

TITLES = {
    "Scientists map the deep ocean floor in record detail",
    "Century-old river bridge to be repaired after 7-2 council vote",
    "City council approves river bridge repairs after long debate",
    "Harbour museum reopens its doors after the spring flood",
    "Storm warning issued for the east coast",
}


def feed_settings(server) -> IngestSettings:
    return IngestSettings.from_env({**server.environment(), "INGEST_FEEDS": f"{server.base}/rss/briefing.rss"})


def every_step(steps) -> tuple[list[Briefing], Briefing]:
    made = []
    while True:
        try:
            made.append(next(steps))
        except StopIteration as end:
            return made, end.value


def briefing_of(server, service) -> tuple[list[Briefing], Briefing]:
    settings = feed_settings(server)
    result = NewsFeed(settings).headlines()
    steps = brief(result.headlines, service, feed_at=result.fetched_at, backend=result.backend, settings=settings)
    return every_step(steps)


def test_every_story_is_in_one_line_and_the_failed_one_is_named(news_server):
    steps, briefing = briefing_of(news_server, Summarizer(Settings(engine="extractive")))
    assert [step.read for step in steps[:5]] == [1, 2, 3, 4, 5]  # one step per article read
    assert briefing.done and {s.title for s in briefing.stories} == TITLES
    covered = sorted(k for topic in briefing.topics for k in topic.stories)
    assert covered == list(range(5)) and all(topic.line for topic in briefing.topics)
    together = [{briefing.stories[k].title for k in t.stories} for t in briefing.topics if len(t.stories) > 1]
    assert together == [{title for title in TITLES if "bridge" in title}]
    [failed] = briefing.failed
    assert failed.title.startswith("Harbour museum") and "HTTP 404" in failed.problem
    assert "feed's description is used instead" in failed.problem
    museum = next(t for t in briefing.topics if briefing.stories[t.stories[0]] == failed)
    assert museum.line.startswith("The harbour museum welcomed visitors again on Saturday")
    assert all(s.seconds > 0 for s in briefing.stories) and briefing.timings["total"] >= briefing.timings["read"]


def test_with_t5_the_lines_come_in_batches_each_shown_as_it_is_done(news_server, tiny_model_dir):
    service = Summarizer(
        Settings.from_env(model=str(tiny_model_dir), engine="abstractive", preset="fast", max_input_tokens=128)
    )
    steps, briefing = briefing_of(news_server, service)
    written = [sum(bool(t.line) for t in step.topics) for step in steps if step.topics]
    assert written == [0, 1, 3, 4]  # four lines: calls of 1, 2 and 1 (the batch doubles up to the engine's size)
    assert briefing.engine.startswith("abstractive") and all(t.line for t in briefing.topics)


def test_the_kept_briefing_reads_back_from_its_file(tmp_path, news_server):
    _, briefing = briefing_of(news_server, Summarizer(Settings(engine="extractive")))
    Shelf(tmp_path / "kept.json").put("offline", briefing)
    again = Shelf(tmp_path / "kept.json").get("offline")
    assert again == briefing and again.made_at.tzinfo is not None
    assert Shelf(tmp_path / "kept.json").get("t5") is None
    (tmp_path / "kept.json").write_text("{not json", encoding="utf-8")
    assert Shelf(tmp_path / "kept.json").get("offline") is None


def test_an_empty_feed_makes_an_empty_briefing():
    steps, briefing = every_step(
        brief([], Summarizer(Settings(engine="extractive")), feed_at=datetime.now(timezone.utc), backend="RSS")
    )
    assert briefing.done and briefing.topics == () and briefing.text() == ""


@pytest.fixture
def news_env(news_server, tmp_path):
    return {
        **news_server.environment(),
        "INGEST_FEEDS": f"{news_server.base}/rss/briefing.rss",
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "SUMMARIZER_ENGINE": "extractive",
    }


def test_summarize_news_prints_the_briefing_and_offline_the_last_one_with_its_time(news_server, news_env):
    done = run("summarize", "--news", env_extra=news_env)
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line.startswith("- ")]
    assert len(lines) == 4 and any("voted seven to two" in line for line in lines)
    for title in TITLES:
        assert done.stdout.count(title) == 1 and f"] {title} (" in done.stderr  # a progress line per article
    assert "failed: The article could not be opened (the site answered HTTP 404)" in done.stderr
    assert (
        done.stderr.strip().splitlines()[-1].startswith("[4 lines from 5 stories, 1 read from the feed's description")
    )
    news_server.down = True
    offline = run("summarize", "--news", env_extra=news_env)
    assert offline.returncode == 0, offline.stderr
    assert offline.stdout == done.stdout
    assert "The news feed is unavailable" in offline.stderr and "This is the last briefing, made " in offline.stderr


def test_summarize_news_offline_with_nothing_kept_is_one_line(news_server, news_env):
    news_server.down = True
    offline = run("summarize", "--news", env_extra=news_env)
    assert offline.returncode == 1 and offline.stderr.startswith("error: The news feed is unavailable")
    assert "Traceback" not in offline.stderr


def test_summarize_news_with_a_source_or_neither_says_what_to_give(news_env):
    both = run("summarize", "notes.txt", "--news", env_extra=news_env)
    assert both.returncode == 1 and "either a source to summarize or --news" in both.stderr
    neither = run("summarize", env_extra=news_env)
    assert neither.returncode == 1 and "Give a source to summarize" in neither.stderr


def test_summarize_news_with_t5(news_env, tiny_model_dir):
    env = {**news_env, "SUMMARIZER_ENGINE": "abstractive", "SUMMARIZER_MODEL": str(tiny_model_dir)}
    done = run("summarize", "--news", "--preset", "fast", env_extra={**env, "SUMMARIZER_MAX_INPUT_TOKENS": "128"})
    assert done.returncode == 0, done.stderr
    assert len([line for line in done.stdout.splitlines() if line.startswith("- ")]) == 4
    assert "abstractive" in done.stderr.strip().splitlines()[-1]
