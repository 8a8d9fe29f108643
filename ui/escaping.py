"""Untrusted text (feeds, documents, model output) made safe to pass to st.markdown: the summarizer's Markdown
escaping (`summarizer.escape_markdown`, what its Markdown renderer writes), and HTML attributes."""

import html

from summarizer import escape_markdown as escape

__all__ = ["escape", "escape_attribute"]


def escape_attribute(text: str) -> str:
    """Text made safe inside a double-quoted HTML attribute."""
    return html.escape(text, quote=True)
