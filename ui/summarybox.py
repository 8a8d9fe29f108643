"""A summary shown in its box: the overview, its facts, where each sentence comes from, its sections, the
sentences no summary read, and downloads that do not rerun it; and what an upload left out."""

from __future__ import annotations

import hashlib
from typing import Any, Callable

import streamlit as st

from ingest import LEFT_OUT_KINDS, Document, IngestError, counted, words_in
from summarizer import Summary, kind_of

from . import outline, resources
from .escaping import escape, escape_attribute
from .exports import as_markdown, as_text, marked_source

MARKED_KEY = "marked_source"


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


def marked_download(
    place: Any, marked: tuple[str, str, str, Callable[[], tuple[bytes, str]]], key: str, of: str
) -> None:
    """The source marked up with the summary `of` (a fingerprint), made on request and kept for it: a PDF can take
    seconds and fail (a hostile file), and a failure made inside a download button would leave it dead; so a
    button makes it here, where a failure is a message under it, and the download offers the bytes made, with a
    warning naming any sentence that could not be marked."""
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
    if isinstance(made, tuple):
        data, note = made
        place.download_button(label, data, file_name=name, mime=mime, on_click="ignore", key=f"marked-{key}")
        if note:
            place.warning(escape(note))
    elif made:
        place.error(escape(made))


def pages_with_text(document: Any) -> int | None:
    """How many pages of an uploaded document gave text (None without a document)."""
    return None if document is None else len({block.page for block in document.blocks if block.page})


def made_by(summary: Summary, document: Document | None) -> str:
    """What made the summary: its engine, the server it ran on, and the OCR engine that read the scanned pages."""
    engine = kind_of(summary.engine).describe(summary.model)
    if resources.server():
        engine += f" on the summarizer server at {resources.server()}"
    if document is not None and document.ocr:
        engine += f"; scanned pages read by {document.ocr.engine}"
    return engine


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
        engine = made_by(summary, document)
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
