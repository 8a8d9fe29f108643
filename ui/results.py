"""Summaries through the shared task runner: remembered per input and settings, with progress, and shown.

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

from ingest import LEFT_OUT_KINDS, Block, Document, IngestError, counted, parse_text, words_in
from summarizer import (
    Combined,
    EngineName,
    Partial,
    Progress,
    Summarizer,
    SummarizerError,
    Summary,
    SummaryOptions,
    SummaryService,
)

from . import boundary, navigation, outline, resources, tasks
from .escaping import escape, escape_attribute
from .exports import as_markdown, as_text, marked_source

RESULTS_KEY = "summaries"
REQUESTS_KEY = "summary_requests"
WATCHER_KEY = "task_watcher"
MARKED_KEY = "marked_source"
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
        return resources.summarizer().engine.name == EngineName.EXTRACTIVE
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
    if not isinstance(summarizer, Summarizer) and summarizer.engine.name == EngineName.EXTRACTIVE:
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


def left_out(document: Document) -> None:
    """What no summary reads, by kind with its words and pages, so nothing leaves the document unseen."""
    groups = document.left_out()
    if not groups:
        return
    total = sum(words_in(b.text) for blocks in groups.values() for b in blocks)
    with st.expander(f"Left out of the summary: {total:,} words"):
        for kind, blocks in groups.items():
            words = sum(words_in(b.text) for b in blocks)
            reasons = sorted({b.reason for b in blocks if b.reason})
            why = f" · why: {escape('; '.join(reasons))}" if reasons else ""
            st.markdown(f"**{escape(LEFT_OUT_KINDS[kind].capitalize())}** · {words:,} words{why}")
            st.text("\n\n".join(f"[p. {b.page}] {b.text}" if b.page else b.text for b in blocks))


def unread(summary: Summary) -> None:
    """The sentences of running text no summary read (formulas, fragments, back matter), so none goes unseen."""
    if not summary.unread:
        return
    words = sum(words_in(summary.source[i].text) for i in summary.unread)
    with st.expander(f"Sentences not summarized: {len(summary.unread):,} ({words:,} words)"):
        st.caption(
            "Sentences of the running text that read as formulas, code, fragments or back matter "
            "(acknowledgements, references) are not summarized."
        )
        st.text(
            "\n".join(
                f"[p. {summary.page_of(i)}] {summary.source[i].text}" if summary.page_of(i) else summary.source[i].text
                for i in summary.unread
            )
        )


def shorter(summary: Summary) -> str:
    """How much shorter the summary is than its source, in words a reader would use."""
    ratio = summary.coverage.input_words / max(1, summary.all_words)
    return "about as long as the source" if ratio < 1.5 else f"{ratio:,.0f}× shorter"


def coverage_line(summary: Summary, pages: int | None = None, with_text: int | None = None) -> str:
    """'Read 100% of 6 pages in 1 part'; when only `with_text` of the `pages` gave text (scans past the OCR
    limit were skipped), 'Read 100% of the text on 50 of 55 pages', never a whole it did not read."""
    coverage = summary.coverage
    extent = counted(pages, "page") if pages else f"{coverage.input_words:,} words"
    if pages and with_text is not None and with_text < pages:
        extent = f"the text on {with_text:,} of {extent}"
    parts = counted(coverage.parts, "part")
    return f"Read {coverage.share:.0%} of {extent} in {parts}{coverage.left_out_note(LEFT_OUT_KINDS)}"


def marked_download(place: Any, marked: tuple[str, str, str, Callable[[], bytes]], key: str, of: str) -> None:
    """The source marked up with the summary `of` (a fingerprint), made on request and kept for it: a PDF can take
    seconds and fail (a hostile file), and a failure made inside a download button would leave it dead; so a
    button makes it here, where a failure is a message under it, and the download offers the bytes made."""
    label, name, mime, make = marked
    made_key = f"{MARKED_KEY}-{key}"
    kept = st.session_state.get(made_key)
    made = kept[1] if kept and kept[0] == of else None
    if made is None and place.button(label.replace("Download", "Make", 1), key=f"make-{key}"):
        with place, st.spinner("Marking the summary's sentences in the source…"):
            try:
                made = make()
            except IngestError as error:
                made = str(error)
        st.session_state[made_key] = (of, made)
    if isinstance(made, bytes):
        place.download_button(label, made, file_name=name, mime=mime, on_click="ignore", key=f"marked-{key}")
    elif made:
        place.error(escape(made))


def pages_with_text(document: Any) -> int | None:
    """How many pages of an uploaded document gave text (None without a document)."""
    return None if document is None else len({block.page for block in document.blocks if block.page})


def show(
    summary: Summary,
    source: str,
    key: str,
    length: str,
    *,
    pages: int | None = None,
    document: Any = None,
    original: bytes | None = None,
    anchor: str | None = None,
) -> None:
    """The overview, section summaries, its facts, supporting sentences on demand, and downloads that do not rerun it;
    with the uploaded `document` (and its bytes), the source marked up with the summary too. `anchor` is an id a
    link on the page can jump to (`#anchor`)."""
    if anchor:
        st.html(f'<div id="{escape_attribute(anchor)}"></div>')
    with st.container(border=True):
        st.markdown("#### TL;DR" if length == "TL;DR" else "#### Summary")
        if summary.keyterms:
            st.caption("Key terms: " + escape(", ".join(summary.keyterms)))
        outline.overview(summary)
        engine = "offline extractive" if summary.engine == EngineName.EXTRACTIVE else f"abstractive, {summary.model}"
        if resources.server():
            engine += f" on the summarizer server at {resources.server()}"
        st.caption(
            f"{coverage_line(summary, pages, pages_with_text(document))} · {summary.all_words:,} words from "
            f"{summary.coverage.input_words:,} "
            f"({shorter(summary)}) · {summary.took} · {escape(engine)}"
        )
        for warning in summary.warnings:
            st.warning(escape(warning))
        grounded = st.toggle("Show where each sentence comes from", key=f"ground-{key}")
        if grounded:
            outline.sources(summary, summary.sentences, summary.support)
        outline.sections(summary, grounded)
        unread(summary)
        marked = marked_source(summary, document, original) if document is not None else None
        left, right, *more = st.columns(3 if marked else 2)
        stem = "".join(ch if ch.isalnum() else "-" for ch in source)[:60].strip("-") or "summary"
        title = document.title if document is not None else ""
        left.download_button(
            "Download .txt",
            as_text(summary, source, title=title),
            file_name=f"{stem}-summary.txt",
            mime="text/plain",
            on_click="ignore",
            key=f"txt-{key}",
        )
        right.download_button(
            "Download .md",
            as_markdown(summary, source, length, title=title),
            file_name=f"{stem}-summary.md",
            mime="text/markdown",
            on_click="ignore",
            key=f"md-{key}",
        )
        if marked:
            of = hashlib.sha1(repr((source, summary.passages())).encode()).hexdigest()
            marked_download(more[0], marked, key, of)
