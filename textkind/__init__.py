"""What kind of text this is, decided once: the named rules (`RULES`) and the patterns they test, for both
`ingest` (which types paragraphs as blocks) and `summarizer` (which reads only prose).

It imports nothing but the standard library, so either package may import it at once: `import summarizer`
still loads nothing of ingest, and ingest still knows nothing of the summarizer.
"""

from .patterns import BULLET, BULLET_MARKS, LIST_MARKER, PHOTO_MARKER
from .rules import (
    PARAGRAPH_RULES,
    RULES,
    SENTENCE_RULES,
    Rule,
    Text,
    is_caption,
    is_photo_caption,
    is_prose,
    is_reference_entry,
    looks_like_code,
    not_prose,
    paragraph_rule,
)

__all__ = [
    "BULLET",
    "BULLET_MARKS",
    "LIST_MARKER",
    "PARAGRAPH_RULES",
    "PHOTO_MARKER",
    "RULES",
    "SENTENCE_RULES",
    "Rule",
    "Text",
    "is_caption",
    "is_photo_caption",
    "is_prose",
    "is_reference_entry",
    "looks_like_code",
    "not_prose",
    "paragraph_rule",
]
