"""What a paragraph is, from its text alone: heading, table of contents, caption, reference, code.

Formats that carry structure (docx styles, Markdown, PDF fonts and outlines) say most of this
themselves; these rules catch what they do not, and are all that plain text has.
"""

from __future__ import annotations

import re
from typing import Literal

LEADER_AT_END = re.compile(r"(?:(?:\.\s?){4,}|…{2,}|(?:_\s?){4,})\s*(?:\d{1,4}|[ivxlc]{1,6})?\s*$")
TOC_LINE = re.compile(r"^(?:[A-Z]?\d+(?:\.\d+)*\.?|[A-Z]\.|[IVXLC]+\.)?\s*\S.{0,120}?\s(?:\d{1,4}|[ivxlc]{1,6})$")
CAPTION = re.compile(
    r"^(?:figure|fig\.|table|listing|algorithm|exhibit|chart|plate|diagram|photo|image)\s*"
    r"[A-Z]?\d+(?:[.-]\d+)*[a-z]?(?:\s*[.:—–|]|\s+-\s)",
    re.I,
)
REFERENCE_ENTRY = re.compile(
    r"^(?:\[\s*[\w+.-]{1,12}\s*\]|\(\d{1,3}\)|\d{1,3}\.\s+[A-Z][a-z'’-]+,\s+[A-Z]\.)"
    r"|^[A-Z][a-z'’-]+,\s+(?:[A-Z]\.\s?){1,3}(?:,|and|&)"
)
YEAR = re.compile(r"\b(?:1[89]|20)\d\d[a-z]?\b")
# A standard or a specification cited by its number: "ISO/IEC 10646, Information technology — ...", "IEEE Std
# 754-2008, IEEE Standard for ...", "RFC 3986 Uniform Resource Identifier (URI): ...", "ITU-T Rec. X.509 | ...".
STANDARD_ENTRY = re.compile(
    r"^(?P<body>(?:[A-Z][A-Z0-9]{1,7}(?:-[A-Z])?)(?:/[A-Z][A-Z0-9]{1,7}(?:-[A-Z])?)*"
    r"(?:\s+[A-Z][A-Z0-9]{1,7}(?:/[A-Z][A-Z0-9]{1,7})*){0,2})"
    r"(?:[\s-]+(?:Std|Standard|Rec|Recommendation|Pub|PUB|SP|TR|TS|Guide)\.?)?[\s-]+[A-Z]?\.?\d{1,6}(?:[.\-–]\d{1,5})*"
    r"(?:\s*:\s*(?:1[89]|20)\d\d)?(?:\s*\([^()]{1,30}\))?(?P<sep>,|\s[—–|-]|:)?\s+(?P<title>\S.*)$"
)
URL = re.compile(r"https?://|www\.")
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
CODE_CHAR = re.compile(r"[{}\[\]();=<>|&*/\\_#$@^~`]")
CODE_WORDS = re.compile(
    r"\b(?:def|return|import|class|function|var|let|const|public|private|static|void|int|"
    r"fun|val|datatype|struct|if|else|for|while|lambda|begin|end)\b"
)


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


def is_caption(text: str) -> bool:
    return bool(CAPTION.match(text))


def is_reference_entry(text: str) -> bool:
    """An entry of a reference list: "[12] A. Name, Title, Venue, 2019", "Name, A. and ... (2019)", or a standard
    cited by its number with its title ("ISO/IEC 10646, Information technology — ...")."""
    return bool(REFERENCE_ENTRY.match(text)) and bool(YEAR.search(text)) or cites_standard(text)


def cites_standard(text: str) -> bool:
    """A standard's or a specification's number followed by its title, not by a sentence about it: "ISO 8601:2004,
    Data elements and interchange formats — ...", "RFC 3986 Uniform Resource Identifier (URI): Generic Syntax,
    ..., 2005, http://..."; not "ISO 9001 requires that ..." nor "IEEE 802.11 networks are slow."."""
    match = STANDARD_ENTRY.match(text)
    if not match:
        return False
    title = match.group("title")
    words = [w for w in title.split()[:10] if w[:1].isalpha()]
    capitalized = sum(w[:1].isupper() for w in words) / max(1, len(words))
    marked = bool(re.search(r"\s[—–]\s|\bPart \d|:\s", title)) or bool(URL.search(title))
    if match.group("sep"):
        return title[:1].isupper() and (marked or capitalized >= 0.5 or bool(YEAR.search(title)))
    return title[:1].isupper() and (marked or bool(YEAR.search(title))) and capitalized >= 0.5


def looks_like_code(text: str) -> bool:
    """Program text or formal grammar: dense in symbols, or lines that read like statements."""
    stripped = "".join(text.split())
    if not stripped:
        return False
    symbols = len(CODE_CHAR.findall(stripped)) / len(stripped)
    words = text.split()
    wordy = sum(1 for w in words if w.strip(".,;:'\"()").isalpha()) / max(1, len(words))
    if symbols > 0.12 and wordy < 0.7:
        return True
    if re.search(r"::=|:=|=>|->|==|!=|\+\+|&&|\|\||\w\(\)|;\s*$|^\s*[{}]\s*$", text) and wordy < 0.75:
        return True
    return bool(CODE_WORDS.search(text)) and symbols > 0.06 and wordy < 0.8


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
    if looks_like_code(stripped) or sum(ch.isalpha() or ch.isspace() for ch in stripped) < 0.75 * len(stripped):
        return False
    first = heading_text(stripped)[:1] or stripped[:1]
    return first.isupper() or first.isdigit()
