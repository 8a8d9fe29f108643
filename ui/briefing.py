"""The News page's briefing: every headline's article read and the day shown in one box, one line per story or
group of stories on one event, each with its links and times.

The work runs in the shared task runner (one briefing per feed fetch and settings, whoever asks), with a
progress line per article and the lines shown as they are written; the sidebar lists it among the session's
pending work, so it goes on while the user reads another page. The finished briefing is kept for every
session (`resources.briefings`), so when the feed goes offline the last one is still shown, with its time.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Sequence

import streamlit as st

from ingest import FeedResult, Headline
from summarizer import Briefing, Progress, brief

from . import boundary, resources, results, tasks
from .escaping import escape
from .timefmt import exact, relative

BUTTON_KEY = "brief_news"
ASKED_KEY = "briefing_task"
SLOT = "briefing"  # its place among the session's pending work
LABEL = "News briefing"
STATE_ICONS = {"waiting": "⏳", "read": "✅", "failed": "⚠️"}


def _shelf_key() -> str:
    return f"briefing:{resources.summarizer_settings()}"


def _task_key(result: FeedResult, headlines: Sequence[Headline]) -> str:
    links = results.fingerprint("\n".join(h.url for h in headlines))
    return f"{_shelf_key()}:{result.fetched_at.isoformat()}:{links}"


def _link(url: str) -> str:
    return url.replace(" ", "%20").replace("(", "%28").replace(")", "%29")


def section(result: FeedResult, headlines: Sequence[Headline]) -> None:
    """The Brief button and what it made: progress while it works, then the briefing (or the last one kept)."""
    clicked = st.button(
        "Brief me on these headlines",
        key=BUTTON_KEY,
        icon=":material/summarize:",
        help="Reads every article below and shows the day in one box: one line per story, and stories on one "
        "event together.",
    )
    runner, watcher = resources.tasks(), results.watcher()
    if clicked and not headlines:
        st.warning("The feed has no headlines to brief right now.")
    elif clicked:
        service, settings = resources.summarizer(), resources.ingest_settings()
        fetched_at, backend, chosen = result.fetched_at, result.backend, list(headlines)
        shelf, shelf_key = resources.briefings(), _shelf_key()

        def work(report: Progress) -> Generator[Briefing, None, Briefing]:
            made = yield from brief(
                chosen, service, feed_at=fetched_at, backend=backend, settings=settings, progress=report
            )
            shelf.put(shelf_key, made)  # kept for every session, even when nobody is on the page when it is done
            return made

        key = _task_key(result, headlines)
        runner.submit(key, work, watcher)
        st.session_state[ASKED_KEY] = key
        results.follow(SLOT, key, LABEL)
    asked = st.session_state.get(ASKED_KEY)
    if asked is not None:
        task = runner.get(asked, watcher)
        if task is not None and not task.finished:
            _progress(asked)
            return
        _finish(task)
    last = resources.briefings().get(_shelf_key())
    if last is not None:
        show(last, result)


def _finish(task: tasks.Task | None) -> None:
    """The asked-for briefing is over (the task kept it on the shelf when it was made): no longer pending, its error
    shown if it failed."""
    st.session_state.pop(ASKED_KEY)
    results.unfollow(SLOT)
    if task is not None and task.state == tasks.TaskState.FAILED and task.error is not None:
        st.error(boundary.message(task.error))


@st.fragment(run_every=results.POLL_SECONDS)
@boundary.guarded
def _progress(key: str) -> None:
    task = resources.tasks().get(key, results.watcher())
    if task is None or task.finished:
        st.rerun()
    st.progress(task.fraction, text=escape(task.message))
    partial: Briefing | None = task.partial
    if partial is None:
        return
    with st.container(border=True):
        st.markdown("#### Briefing")
        for number, story in enumerate(partial.stories, 1):
            took = f" · {story.seconds:.1f} s" if story.state != "waiting" else ""
            why = f" · {escape(story.problem)}" if story.state == "failed" else ""
            st.caption(f"{STATE_ICONS[story.state]} {number}. {escape(story.title)}{took}{why}")
        _lines(partial)


def _lines(briefing: Briefing) -> None:
    """One line per topic (those written so far), then its stories: linked title, outlet and time."""
    for number, topic in enumerate(briefing.topics):
        if not topic.line:
            continue
        with st.container(key=f"brief-topic-{number}"):
            stories = [briefing.stories[k] for k in topic.stories]
            together = f" · **{len(stories)} stories**" if len(stories) > 1 else ""
            st.markdown(f"{escape(topic.line)}{together}")
            for story in stories:
                when = f"{relative(story.published)} · {exact(story.published)}" if story.published else "undated"
                st.caption(f"[{escape(story.title)}]({_link(story.url)}) · {escape(story.source)} · {when}")
            if topic.problem:
                st.caption(f"Not summarized ({escape(topic.problem)}); the feed's description is shown.")


def show(briefing: Briefing, result: FeedResult) -> None:
    """The finished briefing, with when it was made and from which headlines, and the articles it could not read."""
    with st.container(border=True, key="briefing"):
        st.markdown("#### Briefing")
        made = exact(briefing.made_at) if briefing.made_at else "unknown"
        stories = len(briefing.stories)
        st.caption(
            f"{stories} stor{'y' if stories == 1 else 'ies'} in {len(briefing.topics)} lines · made {made} from "
            f"the headlines of {exact(briefing.feed_at)} · {briefing.seconds:.1f} s · {escape(briefing.engine)}"
        )
        if result.stale:
            st.info(
                f"The news service can't be reached right now; this is the last briefing, made {made}.",
                icon=":material/cloud_off:",
            )
        elif briefing.feed_at != result.fetched_at:
            st.info(
                f"Made from earlier headlines ({exact(briefing.feed_at)}); press the button for the current ones.",
                icon=":material/history:",
            )
        _lines(briefing)
        for story in briefing.failed:
            st.warning(f"{escape(story.title)}: {escape(story.problem)}")
