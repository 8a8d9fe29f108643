"""Headings and contents lines from their text alone: a heading's number and depth, a section's role, a line of a
table of contents, a line that reads like a title.

Formats that carry structure (docx styles, Markdown, PDF fonts and outlines) say most of this
themselves; these rules catch what they do not, and are all that plain text has. What a paragraph is by its
text (a list item, a caption, a reference entry, code) is decided by the named rules in `textkind.rules`.
"""

from __future__ import annotations

import re
from typing import Literal

from textkind import is_photo_caption, looks_like_code

LEADER_AT_END = re.compile(r"(?:(?:\.\s?){4,}|…{2,}|(?:_\s?){4,})\s*(?:\d{1,4}|[ivxlc]{1,6})?\s*$")
TOC_LINE = re.compile(r"^(?:[A-Z]?\d+(?:\.\d+)*\.?|[A-Z]\.|[IVXLC]+\.)?\s*\S.{0,120}?\s(?:\d{1,4}|[ivxlc]{1,6})$")
NUMBERED_HEADING = re.compile(
    r"^((?:\d{1,2}\.)*\d{1,2})\.?\s+(?=[A-Z])|^((?:[A-Z]\.)(?:\d{1,2}\.?)*)\s+(?=[A-Z])"
    r"|^((?:chapter|part|section|annex|appendix)\s+[\dA-Z]{1,4})\b[.:]?\s*",
    re.I,
)
SectionRole = Literal["toc", "reference", "index"]  # block kinds a section's heading gives its blocks
SECTION_ROLES: dict[SectionRole, re.Pattern[str]] = {
    "toc": re.compile(r"^(?:table of )?contents$|^contents? at a glance$", re.I),
    "reference": re.compile(
        r"^(?:references?|bibliography|works cited|literature cited|citations|"
        r"references and notes|selected bibliography|(?:normative|informative|cited|other) references|"
        r"references (?:cited|and bibliography))$",
        re.I,
    ),
    "index": re.compile(r"^(?:index|subject index|author index|general index)$", re.I),
}


def heading_text(text: str) -> str:
    """The heading without its number: '3.2 Results' -> 'Results'."""
    return NUMBERED_HEADING.sub("", text).strip(" .:\t")


def numbered_level(text: str) -> int:
    """Heading depth from its number ('3' -> 1, '3.2' -> 2, 'A.1' -> 2), or 0 when unnumbered."""
    match = NUMBERED_HEADING.match(text)
    if not match:
        return 0
    number = match.group(1) or match.group(2)
    if not number:
        return 1
    return len([part for part in number.split(".") if part])


def section_role(heading: str) -> SectionRole | None:
    """'toc', 'reference' or 'index' for a heading that opens such a section, else None."""
    title = heading_text(heading)
    for role, pattern in SECTION_ROLES.items():
        if pattern.match(title):
            return role
    return None


def is_toc_line(text: str) -> bool:
    """A dot leader (or a run of underscores) at the end of the line, before its page number if any.

    Leaders inside a line ('The minister paused.... Then she said') are prose; and even a line that
    ends in one is a contents entry only in a run of such lines or under a Contents heading
    (`structure.finish` decides that)."""
    return bool(LEADER_AT_END.search(text))


def looks_like_heading(text: str, max_words: int = 14) -> bool:
    """A short line with no sentence ending that starts like a title ('2.1 Streams', 'Scope')."""
    stripped = text.strip()
    words = stripped.split()
    if not words or len(words) > max_words or len(stripped) > 120:
        return False
    if (
        stripped[-1] in ".!?,;:"
        or stripped.count("(") != stripped.count(")")
        or re.search(r"[a-z]{2}[.!?]\s+[A-Z]", stripped)
    ):
        return False
    if (
        is_photo_caption(stripped)
        or looks_like_code(stripped)
        or sum(ch.isalpha() or ch.isspace() for ch in stripped) < 0.75 * len(stripped)
    ):
        return False
    first = heading_text(stripped)[:1] or stripped[:1]
    return first.isupper() or first.isdigit()
