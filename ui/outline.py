"""A summary on screen: the overview, sections in expanders, and each sentence's source with its page."""

from __future__ import annotations

import streamlit as st

from summarizer import SectionSummary, Summary, kind_of, marked_text, page_overview

from .escaping import escape

OPEN_SECTIONS = 3


def overview(summary: Summary) -> None:
    """The overview: for a document with an abstract of its own, one labelled line per role with its pages and the
    abstract, the authors' own, in full (the lines say what it does not), placed as `page_overview` places them (its
    "What it is" marked in it, where it is one of its sentences); else bullets or a paragraph as the format says."""
    if summary.labelled_lines():
        own = summary.authors_abstract
        listed: list[str] = []
        for line, marked in page_overview(summary):
            text = marked_text(line, marked, markdown=True)
            if line == own:
                _bullets(listed)
                st.markdown(f"**{escape(line.heading)}**  \n{text}")  # its own line: its marked sentence is bold too
            else:
                listed.append(f"- **{escape(line.heading)}**: {text}")
        _bullets(listed)
    elif summary.format == "bullets":
        st.markdown("\n".join(f"- {escape(s)}" for s in summary.sentences))
    else:
        st.markdown(escape(" ".join(summary.sentences)))


def _bullets(listed: list[str]) -> None:
    """Show the labelled lines gathered so far as one list, and empty it."""
    if listed:
        st.markdown("\n".join(listed))
        listed.clear()


def sources(summary: Summary, sentences: list[str], support: list[list[int]]) -> None:
    """Each sentence with the source sentence behind it, its page, and the sentences around it for context."""
    for number, (sentence, indices) in enumerate(zip(sentences, support), 1):
        if not indices:
            st.caption(f"{number}. No single source sentence; written from the text as a whole.")
            continue
        index = indices[0]
        page = summary.page_of(index)
        where = f"page {page}" if page else f"sentence {index + 1} of {len(summary.source)}"
        lead = f"**{number}.** "
        if kind_of(summary.engine).writes:
            st.markdown(f"**{number}.** {escape(sentence)}")
            lead = "> "
        st.markdown(f"{lead}({where}) {in_context(summary, index)}")


def in_context(summary: Summary, index: int) -> str:
    """The source sentence at `index`, highlighted, between the sentences around it (Markdown, escaped)."""
    before = escape(summary.source[index - 1].text) + " " if index > 0 else ""
    after = " " + escape(summary.source[index + 1].text) if index + 1 < len(summary.source) else ""
    return f"{before}:orange-background[{escape(summary.source[index].text)}]{after}"


def _label(section: SectionSummary) -> str:
    return f"{section.title} · {section.pages}" if section.pages else section.title


def _says(section: SectionSummary) -> str:
    """What a section with no sentences of its own says in its label: that it is in the overview, or what it holds
    (' · Lists 4 referenced documents'); '' for one with sentences."""
    if section.sentences:
        return ""
    return f" · {section.holds.removesuffix('.')}" if section.holds else " · in the overview"


def _section(section: SectionSummary, grounded: Summary | None) -> None:
    """A section's sentences as bullets, each with its sources when `grounded` (the summary holding it) is
    given, or the note saying why it has none."""
    if not section.sentences:
        st.caption(escape(section.note))
    elif grounded is not None:
        sources(grounded, section.sentences, section.support)
    else:
        st.markdown("\n".join(f"- {escape(s)}" for s in section.sentences))


def sections(summary: Summary | None, grounded: bool, coming: list[SectionSummary] | None = None) -> None:
    """One expander per section: heading, page range, one to four sentences (or, for a section the overview is
    drawn from, a line saying so, also in its label; for one with no prose, what it holds, also in its label);
    the first few summarized ones open.

    While the summary is still being made (no `summary` while its overview is written), the sections `coming`
    are listed after those done, marked as coming.
    """
    done, coming = (summary.sections if summary else []), coming or []
    if not done and not coming:
        return
    total = len(done) + len(coming)
    so_far = f"{len(done)} of {total} so far" if coming else f"{total}"
    st.markdown(f"##### Section by section ({so_far})")
    opened = {id(section) for section in [s for s in done if s.sentences][:OPEN_SECTIONS]}
    for section in done:
        label = _label(section) + _says(section)
        with st.expander(escape(label), expanded=id(section) in opened):
            _section(section, summary if grounded else None)
    for section in coming:
        st.caption(f":material/hourglass_empty: {escape(_label(section))} · coming")
