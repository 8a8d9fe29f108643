"""Several files, texts or links summarized together: read in the task, one overview shown with each sentence's
sources, a line per source, the sources left out with their reasons, and the downloads.

With a model the sources are summarized a few at a time (`summarizer.stream_together`): while the task runs, each
source's part of the overview shows under the progress bar as soon as its call is done, the others marked as
coming; the combined result (repeats across sources shown once, what each adds, key terms) then replaces it."""

from __future__ import annotations

import re
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

import streamlit as st

from ingest import IngestError, IngestSettings, fetch_article, ingest_file, parse_text
from summarizer import (
    Combined,
    CombinedSentence,
    NamedSource,
    PartialTogether,
    Progress,
    SummarizerError,
    SummaryOptions,
    SummaryService,
    Unreadable,
    check_count,
    kind_of,
    stream_together,
)

from . import outline, resources, results, tasks
from .escaping import escape
from .exports import together_as_json, together_as_markdown, together_as_text

SEPARATOR = re.compile(r"^\s*-{3,}\s*$", re.MULTILINE)  # a line of three or more dashes between pasted sources
LINK = re.compile(r"^https?://\S+$")
READING_SHARE = 0.5


@dataclass(frozen=True)
class Inputs:
    """What the page hands the task: uploaded files (name, bytes) or pasted sources (text or a link), and how to read
    them. Frozen, so it pickles into the task's fingerprint."""

    files: tuple[tuple[str, bytes], ...] = ()
    pasted: tuple[str, ...] = ()
    settings: IngestSettings | None = None

    @property
    def count(self) -> int:
        return len(self.files) + len(self.pasted)


def split_pasted(text: str) -> list[str]:
    """The sources in a text area: parts between lines of dashes (---); a part that is one link stands for its page."""
    return [part.strip() for part in SEPARATOR.split(text) if part.strip()]


def _read(inputs: Inputs, report: Progress) -> tuple[list[NamedSource], list[Unreadable]]:
    """Every input read as the one-source pages read it; one that cannot be read becomes its reason."""
    readable: list[NamedSource] = []
    unreadable: list[Unreadable] = []
    items: list[tuple[str, Any]] = list(inputs.files)
    items += [(part if LINK.match(part) else f"text {k}", part) for k, part in enumerate(inputs.pasted, 1)]
    for done, (name, data) in enumerate(items):
        report(READING_SHARE * done / len(items), f"Reading {name} ({done + 1} of {len(items)})")
        try:
            if isinstance(data, bytes):
                document = ingest_file(name, data, inputs.settings)
            elif LINK.match(data):
                document = fetch_article(data, inputs.settings)
            else:
                document = parse_text(data, name)
        except IngestError as error:
            unreadable.append(Unreadable(name, str(error)))
            continue
        readable.append(NamedSource(name, document.blocks, document.title))
    return readable, unreadable


def work(service: SummaryService, inputs: Inputs, options: SummaryOptions) -> tasks.Work:
    """The task: read the inputs (the first half of the bar), then summarize them together (the second), each
    source's part kept as the task's `partial` as soon as it is done; its result is the `Combined`."""

    def run(report: Progress) -> Generator[PartialTogether, None, Combined]:
        readable, unreadable = _read(inputs, report)
        return (
            yield from stream_together(
                service,
                readable,
                options,
                lambda fraction, message: report(READING_SHARE + (1 - READING_SHARE) * fraction, message),
                unreadable,
            )
        )

    return run


def summarize(inputs: Inputs, options: SummaryOptions, asked: bool) -> Combined | None:
    """The combined summary of `inputs` through the shared task runner (progress and errors shown), or None."""
    try:
        check_count(inputs.count, resources.summarizer_settings())
    except SummarizerError as error:
        st.error(escape(str(error)))
        return None
    outcome = results.summarize(inputs, options, asked, work=work, draw=arriving)
    return outcome.combined if isinstance(outcome, results.ReadyTogether) else None


def _marks(combined: Combined | PartialTogether, sentence: CombinedSentence) -> str:
    return ":gray[\\[" + escape("; ".join(combined.mark_text(m) for m in sentence.marks)) + "\\]]"


def _marked(combined: Combined | PartialTogether, sentences: list[CombinedSentence]) -> None:
    """Sentences, each followed by its sources in brackets, as a paragraph or as bullet points."""
    lines = [f"{escape(s.text)} {_marks(combined, s)}" for s in sentences]
    if combined.format == "bullets":
        st.markdown("\n".join(f"- {line}" for line in lines))
    else:
        st.markdown(" ".join(lines))


def overview(combined: Combined) -> None:
    """The overview, each sentence followed by its sources in brackets."""
    _marked(combined, combined.sentences)


def arriving(partial: PartialTogether) -> None:
    """The sources summarized so far, each with its line (name, words read, key terms) and its part of the
    overview; those still coming, and those left out with their reasons."""
    total, done = len(partial.sources), len(partial.summarized)
    with st.container(border=True, key="together-arriving"):
        st.markdown(f"#### Summarizing {total} sources together")
        st.caption(f"{done} of {total} sources summarized so far; the overview follows when all are done.")
        for k, source in enumerate(partial.sources):
            if source.summary is not None:
                terms = f" · key terms: {escape(', '.join(source.summary.keyterms))}" if source.summary.keyterms else ""
                words = source.summary.coverage.input_words
                st.markdown(f"**{escape(source.label)}** · {words:,} words{terms}")
                _marked(partial, partial.part(k))
        for source in partial.coming:
            st.caption(f"⏳ {escape(source.label)} · coming")
        for failed in partial.failed:
            st.warning(f"{escape(failed.name)} was left out: {escape(failed.error)}")


def sources(combined: Combined) -> None:
    """Each sentence with the source sentence behind it in every source that says it, its title and page, in context."""
    for number, sentence in enumerate(combined.sentences, 1):
        st.markdown(f"**{number}.** {escape(sentence.text)}")
        for mark in sentence.marks:
            summary = combined.sources[mark.source].summary
            where = escape(combined.sources[mark.source].label) + (f", page {mark.page}" if mark.page else "")
            if summary is None or mark.sentence is None:
                st.caption(f"{where}: no single source sentence; written from the text as a whole.")
            else:
                st.markdown(f"> ({where}) {outline.in_context(summary, mark.sentence)}")


def show(combined: Combined, key: str, length: str) -> None:
    """The combined summary: key terms, the overview with its marks, what each source adds, the sources left out,
    each sentence's sources on demand, and the downloads."""
    first = combined.first
    with st.container(border=True):
        st.markdown(f"#### Summary of {len(combined.summarized)} sources")
        if combined.keyterms:
            st.caption("Key terms: " + escape(", ".join(combined.keyterms)))
        overview(combined)
        engine = kind_of(first.engine).describe(first.model)
        st.caption(
            f"{combined.words:,} words from {combined.source_words:,} in {len(combined.summarized)} sources · "
            f"{escape(engine)}"
        )
        for failed in combined.failed:
            st.warning(f"{escape(failed.name)} was left out: {escape(failed.error)}")
        st.markdown("##### What each source adds")
        st.markdown("\n".join(f"- **{escape(s.label)}**: {escape(s.adds)}" for s in combined.summarized))
        if st.toggle("Show where each sentence comes from", key=f"ground-{key}"):
            sources(combined)
        left, middle, right = st.columns(3)
        left.download_button(
            "Download .txt",
            together_as_text(combined),
            file_name="sources-summary.txt",
            mime="text/plain",
            on_click="ignore",
            key=f"txt-{key}",
        )
        middle.download_button(
            "Download .md",
            together_as_markdown(combined, length),
            file_name="sources-summary.md",
            mime="text/markdown",
            on_click="ignore",
            key=f"md-{key}",
        )
        right.download_button(
            "Download .json",
            together_as_json(combined),
            file_name="sources-summary.json",
            mime="application/json",
            on_click="ignore",
            key=f"json-{key}",
        )
