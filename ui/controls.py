"""The sidebar: which engine is in use and why, and the length and format controls."""

from __future__ import annotations

from typing import Any

import streamlit as st

from summarizer import (
    WORD_TARGET_RANGE,
    EngineFacts,
    EngineKind,
    SummarizerError,
    SummaryFormat,
    SummaryOptions,
    kind_of,
)

from . import resources
from .escaping import escape

LENGTH_KEY = "length_choice"
WORDS_KEY = "length_words"
FORMAT_KEY = "summary_format"
LENGTH_CHOICES = ("tldr", "short", "medium", "long", "custom")
LENGTH_LABELS = {"tldr": "TL;DR", "short": "Short", "medium": "Medium", "long": "Long", "custom": "Custom"}
FORMAT_LABELS: dict[SummaryFormat, str] = {"paragraph": "Paragraph", "bullets": "Bullet points"}


def engine_in_words() -> str:
    """Which engine makes the summaries, and where, for someone who is not an engineer (shown on Start and About)."""
    server = resources.server()
    try:
        engine = resources.summarizer().engine
    except SummarizerError as error:
        return escape(str(error)) if server else f"The summarizer could not be started: {escape(str(error))}"
    kind = kind_of(engine.name)
    privacy = _privacy(kind, engine, server)
    if kind.writes:
        return (
            f"Summaries are **written in new words by an AI model** ({escape(engine.model)}) running "
            f"{_where(kind, engine, server)}. {privacy}"
        )
    if server:
        why = "The summarizer server runs without an AI model"
    elif resources.summarizer_settings().engine == engine.name:
        why = "This server is set up to work without an AI model"
    else:
        why = "The AI model is not installed on this server and it cannot download it right now"
    return f"Summaries **pick the most important sentences of your text** (offline, no AI model). {why}. {privacy}"


def _privacy(kind: EngineKind, engine: EngineFacts, server: str) -> str:
    """Where what the user sends goes: this server, the summarizer server, or the AI service the engine calls."""
    through = f" through the summarizer server at {escape(server)}" if server else ""
    if not kind.local:
        return f"What you send goes to the AI service at {escape(engine.device)}{through}."
    if server:
        return f"What you send goes to the summarizer server at {escape(server)} and nowhere else."
    return "Nothing you send leaves this server."


def _where(kind: EngineKind, engine: EngineFacts, server: str) -> str:
    """Where a model runs: its service, or a graphics card or a processor here or on the summarizer server."""
    if not kind.local:
        return f"at {escape(engine.device)}"
    place = " of the summarizer server" if server else ""
    if engine.device.startswith("cuda"):
        return f"on a graphics card{place}"
    return f"on a processor{place}" if server else "on this server's processor"


def engine_caption() -> str:
    """The engine in a few words for the sidebar, and the server when there is one."""
    on = " on the summarizer server" if resources.server() else ""
    try:
        engine = resources.summarizer().engine
    except SummarizerError:
        return (
            f"**Engine:** cannot be reached{on} (see About)" if on else "**Engine:** could not be started (see About)"
        )
    kind = kind_of(engine.name)
    return f"**{kind.label[:1].upper() + kind.label[1:]}**{on}: {kind.does.format(model=escape(engine.model))}."


def _remember(key: str) -> None:
    st.session_state["_" + key] = st.session_state[key]


def _persistent(key: str, default: Any) -> Any:
    """The last value the user chose for a sidebar widget, kept across pages."""
    st.session_state.setdefault("_" + key, default)
    return st.session_state["_" + key]


def sidebar() -> SummaryOptions:
    """Draw the sidebar and return the options the user picked."""
    with st.sidebar:
        st.markdown("#### Engine")
        st.caption(engine_caption())
        st.markdown("#### Summary")
        length = st.radio(
            "Length",
            LENGTH_CHOICES,
            horizontal=True,
            key=LENGTH_KEY,
            index=LENGTH_CHOICES.index(_persistent(LENGTH_KEY, "medium")),
            format_func=LENGTH_LABELS.get,
            on_change=_remember,
            args=(LENGTH_KEY,),
        )
        words = None
        if length == "custom":
            words = st.number_input(
                "Target words",
                *WORD_TARGET_RANGE,
                step=10,
                key=WORDS_KEY,
                value=_persistent(WORDS_KEY, 120),
                on_change=_remember,
                args=(WORDS_KEY,),
            )
        fmt = st.radio(
            "Format",
            tuple(FORMAT_LABELS),
            key=FORMAT_KEY,
            horizontal=True,
            index=tuple(FORMAT_LABELS).index(_persistent(FORMAT_KEY, "paragraph")),
            format_func=FORMAT_LABELS.get,
            on_change=_remember,
            args=(FORMAT_KEY,),
        )
        if length != "custom":
            st.caption("Preset lengths grow with the document: a long report gets a longer summary.")
    return SummaryOptions(
        length="medium" if length == "custom" else length, words=int(words) if words else None, format=fmt
    )


def summarize_button(key: str, options: SummaryOptions) -> bool:
    """The Summarize button with the length and format it will use beside it, and where to change them: on a
    phone the sidebar is folded behind a bare "»" at the top left that nobody finds without a word."""
    clicked = st.button("Summarize", type="primary", key=key)
    st.caption(
        f"Length: {options.describe()}, {FORMAT_LABELS[options.format].lower()} · change it in the sidebar "
        "(» at the top left on a phone)."
    )
    return clicked
