"""Plain text out of the HTML fragments feeds put in titles and descriptions."""

from __future__ import annotations

import html
import re

_TAG = re.compile(r"<[^>]*>")
_HIDDEN = re.compile(r"<(script|style)\b.*?</\1\s*>", re.I | re.S)


def shortened(text: str, limit: int) -> str:
    """`text` whole when it has at most `limit` characters, else cut at the last space before it with an ellipsis."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    return (cut.rsplit(" ", 1)[0] if " " in cut[limit // 2 :] else cut).rstrip() + "…"


def plain_text(fragment: str) -> str:
    """Tags dropped, entities decoded, whitespace folded: safe to show as text."""
    if "<" in fragment:
        fragment = _HIDDEN.sub(" ", fragment)
        import lxml.etree
        import lxml.html

        try:
            fragment = lxml.html.fromstring(f"<div>{fragment}</div>").text_content()
        except (ValueError, lxml.etree.LxmlError):
            fragment = _TAG.sub(" ", fragment)
    return " ".join(html.unescape(_TAG.sub(" ", fragment)).split())
