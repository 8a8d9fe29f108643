"""Untrusted text (feeds, documents, model output) made safe to pass to st.markdown."""

import html
import re

_INLINE = re.compile(r"([\\`*_{}\[\]<>~$|&])")
_LINE_START = re.compile(r"^(\s*)(\d*)([#>+\-.)])")


def escape(text: str) -> str:
    """Markdown, HTML, entity, directive and math characters escaped: the text shows exactly as written
    (`&lt;` stays those four characters; unescaped, a viewer shows it as `<`)."""
    folded = _INLINE.sub(r"\\\1", " ".join(text.split()))
    return _LINE_START.sub(lambda m: m.group(1) + m.group(2) + "\\" + m.group(3), folded)


def escape_attribute(text: str) -> str:
    """Text made safe inside a double-quoted HTML attribute."""
    return html.escape(text, quote=True)
