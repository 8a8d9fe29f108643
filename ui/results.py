"""Summarize with a progress bar, remember results per input and settings, and show them."""

from __future__ import annotations

import hashlib
import pickle
from dataclasses import astuple

import streamlit as st

from summarizer import Summary, SummarizerError, SummaryOptions

from . import outline, resources
from .exports import as_markdown, as_text
from .markdown import escape

RESULTS_KEY = "summaries"


def result_key(source, options: SummaryOptions) -> str:
    digest = hashlib.sha1(pickle.dumps(source)).hexdigest()
    return f"{digest}:{astuple(options)}:{resources.summarizer_settings()}"


def cached(text: str, options: SummaryOptions) -> Summary | None:
    return st.session_state.get(RESULTS_KEY, {}).get(result_key(text, options))


def summarize(text: str, options: SummaryOptions) -> Summary | None:
    """The summary of `text`, computed once per input and settings; errors are shown, not raised."""
    st.session_state.setdefault(RESULTS_KEY, {})
    key = result_key(text, options)
    if key in st.session_state[RESULTS_KEY]:
        return st.session_state[RESULTS_KEY][key]
    bar = st.progress(0.0, text="Starting…")

    def progress(fraction: float, message: str) -> None:
        bar.progress(min(1.0, fraction), text=message)

    try:
        summary = resources.summarizer().summarize(text, options, progress)
    except SummarizerError as error:
        st.error(str(error))
        return None
    finally:
        bar.empty()
    st.session_state[RESULTS_KEY][key] = summary
    return summary


def coverage_line(summary: Summary, pages: int | None = None) -> str:
    coverage = summary.coverage
    extent = f"{pages:,} page{'s' if pages != 1 else ''}" if pages else f"{coverage.input_words:,} words"
    parts = f"{coverage.parts} part{'s' if coverage.parts != 1 else ''}"
    left_out = f" ({coverage.left_out:,} words of tables, code, references and the like left out)" \
        if coverage.left_out else ""
    return f"Read {coverage.share:.0%} of {extent} in {parts}{left_out}"


def show(summary: Summary, source: str, key: str, length: str, pages: int | None = None) -> None:
    """The overview, section summaries, its facts, supporting sentences on demand, and downloads that do not rerun it."""
    with st.container(border=True):
        st.markdown("#### TL;DR" if length == "TL;DR" else "#### Summary")
        outline.overview(summary)
        shorter = summary.source_words / max(1, summary.words)
        engine = "offline extractive" if summary.engine == "extractive" else f"abstractive, {summary.model}"
        st.caption(f"{coverage_line(summary, pages)} · {summary.words} words from {summary.source_words:,} "
                   f"({shorter:.0f} times shorter) · {summary.timings['total']:.2f} s · {escape(engine)}")
        for warning in summary.warnings:
            st.warning(escape(warning))
        grounded = st.toggle("Show where each sentence comes from", key=f"ground-{key}")
        if grounded:
            outline.sources(summary, summary.sentences, summary.support)
        outline.sections(summary, grounded)
        left, right = st.columns(2)
        stem = "".join(ch if ch.isalnum() else "-" for ch in source)[:60].strip("-") or "summary"
        left.download_button("Download .txt", as_text(summary), file_name=f"{stem}-summary.txt",
                             mime="text/plain", on_click="ignore", key=f"txt-{key}")
        right.download_button("Download .md", as_markdown(summary, source, length),
                              file_name=f"{stem}-summary.md", mime="text/markdown", on_click="ignore",
                              key=f"md-{key}")
