"""Summaries through the shared task runner: remembered per input and settings, with progress; `summarybox`
shows them.

`summarize` answers each place on a page (a slot) with one `Outcome`: `Ready` (a summary to show), `Failed`
(the error, already shown), `Working` (progress, already shown) or `Idle` (nothing asked for this input yet).
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Generator
from dataclasses import astuple, dataclass, replace
from typing import Any, Callable

import streamlit as st

from ingest import Block, parse_text
from summarizer import (
    Combined,
    Partial,
    Progress,
    Summarizer,
    SummarizerError,
    Summary,
    SummaryOptions,
    SummaryService,
    kind_of,
)

from . import boundary, navigation, outline, resources, tasks
from .escaping import escape

RESULTS_KEY = "summaries"
REQUESTS_KEY = "summary_requests"
WATCHER_KEY = "task_watcher"
READING_SLOT = "reading"  # the upload being read, among the places waiting for a task
FORMAT_NAMES = {"paragraph": "paragraph", "bullets": "bullet points"}
FIRST_WAIT_SECONDS = 0.5
POLL_SECONDS = 1.0


@dataclass(frozen=True)
class Request:
    """What one place on a page last asked for: which input, with which options, under which task key."""

    source: str
    options: SummaryOptions
    key: str
    page: str
    error: str = ""


@dataclass(frozen=True)
class Ready:
    """A summary to show: this input's, or (kept until the user updates it) the one made with earlier settings."""

    summary: Summary


@dataclass(frozen=True)
class ReadyTogether:
    """Several sources' combined summary to show."""

    combined: Combined


@dataclass(frozen=True)
class Failed:
    """Why there is no summary; `summarize` has shown it."""

    message: str


@dataclass(frozen=True)
class Working:
    """The task for `key` is running; `summarize` shows its progress and reruns the page when it is done."""

    key: str


@dataclass(frozen=True)
class Idle:
    """Nothing was asked for this input at this place yet."""


Outcome = Ready | ReadyTogether | Failed | Working | Idle
MakeWork = Callable[[SummaryService, Any, SummaryOptions], tasks.Work]
Draw = Callable[[Any], None]  # what a task has made so far (its `partial`), drawn under its progress bar


def fingerprint(source: Any) -> str:
    """A digest of the input: text, or ingest's structured blocks (frozen dataclasses, so they pickle)."""
    data = source.encode("utf-8", "surrogatepass") if isinstance(source, str) else pickle.dumps(source)
    return hashlib.sha1(data).hexdigest()


def _task_key(digest: str, options: SummaryOptions) -> str:
    return f"{digest}:{astuple(options)}:{resources.summarizer_settings()}"


@st.cache_data(max_entries=8, show_spinner=False)
def pasted(text: str) -> tuple[Block, ...]:
    """Pasted text as blocks, parsed once per text rather than on every rerun (2 MB takes about a second)."""
    return parse_text(text).blocks


def describe(options: SummaryOptions) -> str:
    return f"{options.describe()}, {FORMAT_NAMES[options.format]}"


def watcher() -> str:
    """This browser session's id, for tasks a page starts on its own (the news briefing)."""
    return _watcher()


def _watcher() -> str:
    """This browser session's id: tasks it waits for stay alive while it is connected."""
    if WATCHER_KEY not in st.session_state:
        from streamlit.runtime.scriptrunner import get_script_run_ctx

        context = get_script_run_ctx()
        st.session_state[WATCHER_KEY] = context.session_id if context else "no-session"
    return str(st.session_state[WATCHER_KEY])


def _cheap() -> bool:
    """Whether recomputing right away beats asking: the offline engine takes milliseconds on an article."""
    try:
        return kind_of(resources.summarizer().engine.name).cost == "fast"
    except SummarizerError:
        return False


def _ready(result: Summary | Combined) -> Ready | ReadyTogether:
    return ReadyTogether(result) if isinstance(result, Combined) else Ready(result)


def summarize(
    source: Any,
    options: SummaryOptions,
    asked: bool = True,
    slot: str | None = None,
    work: MakeWork | None = None,
    draw: Draw | None = None,
) -> Outcome:
    """What to show for `source` at this place (`slot`, by default the page): a summary, an error, progress, or nothing.

    `asked` is a click on Summarize. Without it, a place that summarized this input before keeps showing a
    summary: recomputed at once for new options when that is cheap, else the old one, marked, with an
    Update button. Work runs in the shared task runner, so a rerun, a double click or another user asking
    for the same thing shares one computation; its progress shows here until it is done. `work` makes the task
    from the service, the source and the options (by default a summary of one source); `draw` shows what the task
    has made so far (by default a summary's `Partial`).
    """
    slot = slot or navigation.current()
    requests = st.session_state.setdefault(REQUESTS_KEY, {})
    summaries = st.session_state.setdefault(RESULTS_KEY, {})
    digest = fingerprint(source)
    key = _task_key(digest, options)
    previous: Request | None = requests.get(slot)
    if not asked and (previous is None or previous.source != digest):
        return Idle()
    request = Request(digest, options, key, navigation.current())
    if key in summaries:
        requests[slot] = request
        return _ready(summaries[key])
    if not asked and previous is not None:  # this input was summarized here before
        kept = _kept(previous, key, options, slot)
        if kept is not None:
            return kept
    runner = resources.tasks()
    if previous is not None and previous.key != key:
        runner.release(previous.key, _watcher())
    task = runner.submit(key, (work or _work)(resources.summarizer(), source, options), _watcher())
    requests[slot] = request
    task.wait(FIRST_WAIT_SECONDS)
    return _outcome(task, slot, draw)


def follow(slot: str, key: str, label: str) -> None:
    """Count the task `key`, which a page started on its own (the news briefing), among this session's pending work
    at `slot`: the sidebar lists it as `label` and keeps it alive while the session is on other pages."""
    st.session_state.setdefault(REQUESTS_KEY, {})[slot] = Request(key, SummaryOptions(), key, label)


def unfollow(slot: str) -> None:
    """Stop counting the task at `slot` (and let go of what it made, which its page keeps)."""
    request: Request | None = st.session_state.setdefault(REQUESTS_KEY, {}).pop(slot, None)
    if request is not None:
        st.session_state.setdefault(RESULTS_KEY, {}).pop(request.key, None)


def _kept(previous: Request, key: str, options: SummaryOptions, slot: str) -> Outcome | None:
    """What a place that summarized this input before shows unasked: its error again, or its old summary while
    the new options would take long and the user has not asked for the update; None to go on and summarize."""
    if previous.key == key and previous.error:
        st.error(previous.error)
        return Failed(previous.error)
    summaries = st.session_state[RESULTS_KEY]
    if previous.key != key and previous.key in summaries and not _cheap():
        if not _offer_update(previous, options, slot):
            return _ready(summaries[previous.key])
    return None


def read_in_background(key: str, work: tasks.Work, label: str, status: Any) -> Any:
    """What `work` (reading an upload) returns, run as a task like a summary, so leaving the page does not drop it
    (OCR of a scan takes seconds a page) and the sidebar shows its progress meanwhile; drawn in `status` while
    this page waits. Raises the work's error; None when the task was given up (nobody waited for it)."""
    requests = st.session_state.setdefault(REQUESTS_KEY, {})
    done = st.session_state.setdefault(RESULTS_KEY, {})
    if key not in done:
        task = resources.tasks().submit(key, work, _watcher())
        requests[READING_SLOT] = Request(key, SummaryOptions(), key, navigation.current())
        with status.container():
            bar = st.progress(0.0, text=escape(label))
            while not task.wait(POLL_SECONDS / 4):
                bar.progress(task.fraction, text=escape(task.message if task.fraction else label))
            bar.empty()
        if task.state != tasks.TaskState.DONE:
            requests.pop(READING_SLOT, None)
            if task.error is not None:
                raise task.error
            return None
        done[key] = task.result
    requests.pop(READING_SLOT, None)
    return done.pop(key)


def _work(summarizer: SummaryService, source: Any, options: SummaryOptions) -> tasks.Work:
    """The task: a model's summary streamed (overview, then sections as they are done), here or from the server;
    the offline engine's whole at once."""
    if not isinstance(summarizer, Summarizer) and kind_of(summarizer.engine.name).cost == "fast":
        return lambda report: summarizer.summarize(source, options, report)

    def streamed(report: Progress) -> Generator[Partial, None, Summary]:
        summary = None
        for partial in summarizer.stream(source, options, report):
            yield partial
            summary = partial.summary
        if summary is None:
            raise SummarizerError("The summarizer finished without a summary; try again.")
        return summary

    return streamed


def _offer_update(previous: Request, options: SummaryOptions, slot: str) -> bool:
    """Say the summary below was made with other settings; True (and the note gone) when the user asks for
    the update."""
    note = st.empty()
    with note.container(border=True):
        st.info(
            f"This summary was made with the previous settings ({describe(previous.options)}). "
            f"It is kept until you update it.",
            icon=":material/history:",
        )
        clicked = st.button(f"Update to {describe(options)}", key=f"update-{slot}", icon=":material/refresh:")
    if clicked:
        note.empty()
    return clicked


def _outcome(task: tasks.Task, slot: str, draw: Draw | None) -> Outcome:
    """The finished summary, an error message, or a progress bar that polls the task until it is done."""
    requests = st.session_state[REQUESTS_KEY]
    if task.state == tasks.TaskState.DONE:
        st.session_state[RESULTS_KEY][task.key] = task.result
        return _ready(task.result)
    if task.state == tasks.TaskState.FAILED:
        requests[slot] = replace(requests[slot], error=_failure(task))
        st.error(requests[slot].error)
        return Failed(requests[slot].error)
    _progress(task.key, draw or _draw_partial)
    return Working(task.key)


def _failure(task: tasks.Task) -> str:
    """What the user reads about a failed task."""
    assert task.error is not None, "a task fails with its error"
    return boundary.message(task.error)


@st.fragment(run_every=POLL_SECONDS)
@boundary.guarded
def _progress(key: str, draw: Draw) -> None:
    task = resources.tasks().get(key, _watcher())
    if task is None or task.finished:
        st.rerun()
    st.progress(task.fraction, text=escape(task.message))
    if task.partial is not None:
        draw(task.partial)


def _draw_partial(partial: Partial) -> None:
    """A summary as it is made: the overview's draft or the overview, and the sections done and coming."""
    with st.container(border=True):
        st.markdown("#### Summary")
        if partial.summary is None:
            st.markdown(escape(partial.draft) + " ▌")
            outline.sections(None, False, partial.coming)
        else:
            outline.overview(partial.summary)
            outline.sections(partial.summary, False, partial.coming)


def watch_pending() -> None:
    """While this session waits for work started on any page, keep it alive and say so in the sidebar."""
    requests = st.session_state.get(REQUESTS_KEY, {})
    summaries = st.session_state.get(RESULTS_KEY, {})
    if any(r.key not in summaries and not r.error for r in requests.values()):
        with st.sidebar:
            _pending()


@st.fragment(run_every=POLL_SECONDS)
@boundary.guarded
def _pending() -> None:
    runner = resources.tasks()
    requests = st.session_state.get(REQUESTS_KEY, {})
    summaries = st.session_state.setdefault(RESULTS_KEY, {})
    finished = False
    for slot, request in list(requests.items()):
        if request.key in summaries or request.error:
            continue
        task = runner.get(request.key, _watcher())
        if task is None or task.state == tasks.TaskState.CANCELLED:
            requests.pop(slot, None)
            finished = True
        elif task.state == tasks.TaskState.DONE:
            summaries[task.key] = task.result
            finished = True
        elif task.state == tasks.TaskState.FAILED:
            requests[slot] = replace(request, error=_failure(task))
            finished = True
        else:
            st.caption(f"{escape(request.page)}: {escape(task.message.lower())} ({task.fraction:.0%})")
    if finished:
        st.rerun()
