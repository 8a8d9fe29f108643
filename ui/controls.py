"""The sidebar: which engine is in use and why, and the length and format controls."""

from __future__ import annotations

import streamlit as st

from summarizer import SummarizerError, SummaryOptions

from . import resources
from .markdown import escape

LENGTH_KEY = "length_choice"
WORDS_KEY = "length_words"
FORMAT_KEY = "summary_format"
LENGTH_CHOICES = ("tldr", "short", "medium", "long", "custom")
LENGTH_LABELS = {"tldr": "TL;DR", "short": "Short", "medium": "Medium", "long": "Long", "custom": "Custom"}
FORMAT_LABELS = {"paragraph": "Paragraph", "bullets": "Bullet points"}


def engine_caption() -> str:
    try:
        engine = resources.summarizer().engine
    except SummarizerError as error:
        return f"No engine could be loaded: {error}"
    if engine.name == "extractive":
        return f"**Offline extractive** (picks key sentences): {escape(engine.reason)}"
    return f"**Abstractive** ({escape(engine.model)} on {engine.device}): {escape(engine.reason)}"


def _remember(key: str) -> None:
    st.session_state["_" + key] = st.session_state[key]


def _persistent(key: str, default):
    """The last value the user chose for a sidebar widget, kept across pages."""
    st.session_state.setdefault("_" + key, default)
    return st.session_state["_" + key]


def sidebar() -> SummaryOptions:
    """Draw the sidebar and return the options the user picked."""
    with st.sidebar:
        st.markdown("#### Engine")
        st.caption(engine_caption())
        st.markdown("#### Summary")
        length = st.radio("Length", LENGTH_CHOICES, horizontal=True, key=LENGTH_KEY,
                          index=LENGTH_CHOICES.index(_persistent(LENGTH_KEY, "medium")),
                          format_func=LENGTH_LABELS.get, on_change=_remember, args=(LENGTH_KEY,))
        words = None
        if length == "custom":
            words = st.number_input("Target words", 20, 2000, step=10, key=WORDS_KEY,
                                    value=_persistent(WORDS_KEY, 120), on_change=_remember, args=(WORDS_KEY,))
        fmt = st.radio("Format", tuple(FORMAT_LABELS), key=FORMAT_KEY, horizontal=True,
                       index=tuple(FORMAT_LABELS).index(_persistent(FORMAT_KEY, "paragraph")),
                       format_func=FORMAT_LABELS.get, on_change=_remember, args=(FORMAT_KEY,))
        if length != "custom":
            st.caption("Preset lengths grow with the document: a long report gets a longer summary.")
    return SummaryOptions(length="medium" if length == "custom" else length,
                          words=int(words) if words else None, format=fmt)
