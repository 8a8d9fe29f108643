"""Layout rules that tell a PDF's headings from lines that only look like one, when it has no outline.

Each rule says what a heading is not, in terms that hold for any typesetter, not one file:
- a table's header row: a row of short cells whose columns line up with the rows below it;
- a sentence: a number or "Section 2" followed by a lowercase word, a line that stops on a word that
  cannot end a phrase ("that a", "model and"), or a full-width line in the body font that runs on;
- a byline: names and initials under the title; the title itself, repeated on a later page;
- a wrapped heading is one heading: the next lines in the same heading font, at line spacing, are joined
  to it before it is judged, so its second line is neither lost nor glued onto the paragraph.

The line objects are `pdf.Line`s (`pdf/lines.py`); this module reads their text, page, font and position only.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace
from typing import Callable, Protocol, Sequence, TypeVar

from ...document import Block, Origin

MAX_HEADER_CELL_WORDS = 4
ROW_REACH = 4
MIN_ROWS = 2
ALIGN_EMS = 0.6
WRAP_SPACING = 1.7
MAX_WRAP_LINES = 4
FULL_LINE = 0.85
TITLE_CASE_SHARE = 0.8
NAMED = re.compile(r"^(?:chapter|part|section|annex|appendix)\s+[\dA-Z]{1,4}\b", re.I)
SENTENCE_AFTER_NUMBER = re.compile(
    r"^(?:(?i:chapter|part|section|annex|appendix)\s+[\dA-Z]{1,4}|\d{1,3}(?:\.\d{1,3})*\.?)\s+[a-z]"
)
SECTION_NUMBER = re.compile(r"^(?:\d|[IVXLC]{2,}\.)")  # under the title, "A." is an initial, not an appendix
NUMBER_START = re.compile(r"^(?:\d{1,3}(?:\.\d{1,3})*\.?|[IVXLC]{1,6}\.|[A-Z]\.)\s+\S")
# words a heading does not stop on: articles, prepositions, conjunctions, auxiliaries and pronouns
OPEN_ENDED = frozenset(
    "a an the of to in on at by for from with into onto via and or but nor that which who whose whom "
    "is are was were be been being as than if when while where because since so not can will would should "
    "may might must do does has have had we our its their this these those".split()
)
# words title case sets in lowercase: articles, conjunctions and prepositions of any length
MINOR_WORDS = frozenset(
    "a an the and but or nor for so yet as at by from in into of off on onto out to up via with "
    "about above across after against along among around before behind below beneath beside between beyond "
    "despite during except inside like near over past per through throughout toward towards under until upon "
    "versus within without".split()
)
INITIAL = re.compile(r"[A-ZÀ-ÖØ-Þ]\.(?:-?[A-ZÀ-ÖØ-Þ]\.)*")
NAME_WORD = re.compile(r"[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ'’-]+|[A-ZÀ-ÖØ-Þ][A-ZÀ-ÖØ-Þ'’-]+")  # Latin-1's accented letters too
NAME_MARK = re.compile(r"[\d∗*†‡§¶]+$")
JOINERS = ("and", "&", "AND")
# What opens a list item rather than a table's cell: "1.", "(a)", "iv)", "A.", a bullet (U+F0B7 and U+F0A7 are the
# Symbol and Wingdings bullets that word processors write).
LIST_MARK = re.compile(
    r"^(?:[(\[]?(?:\d{1,3}(?:\.\d{1,3})*|[A-Za-z]|[ivxlcIVXLC]{1,5})[.):\]]|\(\w{1,4}\)|[•▪◦‣●■□➢►–*\uf0b7\uf0a7-])$"
)


class LineLike(Protocol):
    """What these rules read of a line (read-only: lines are values)."""

    @property
    def text(self) -> str: ...

    @property
    def page(self) -> int: ...

    @property
    def size(self) -> float: ...

    @property
    def bold(self) -> bool: ...

    @property
    def mono(self) -> bool: ...

    @property
    def x(self) -> float: ...

    @property
    def top(self) -> float: ...

    @property
    def last_top(self) -> float: ...

    @property
    def tail(self) -> int: ...

    @property
    def cells(self) -> int: ...

    @property
    def spans(self) -> tuple[tuple[float, float, int], ...]: ...


Ln = TypeVar("Ln", bound=LineLike)


def reads_as_sentence(text: str) -> bool:
    """A number or a named part followed by a lowercase word ("Section 2 describes", "3 servers"), or a last
    word that leaves the phrase open ("5 Demonstrating that a", "... programming model and")."""
    words = text.split()
    return bool(SENTENCE_AFTER_NUMBER.match(text)) or (len(words) >= 2 and words[-1] in OPEN_ENDED)


def names_only(text: str, initials_needed: int = 2) -> bool:
    """A line of people's names ("C. A. R. HOARE", "M. Kodialam T. V. Lakshman", "Diane Maclagan, Jelani Nelson"):
    capitalized or all-capital words and initials, joined by commas or 'and', with at least `initials_needed`
    initials. An accent the PDF set as a mark of its own (" ́" of "André") is no word."""
    if not text.isascii():
        text = "".join(c for c in unicodedata.normalize("NFC", text) if unicodedata.category(c) != "Mn")
    words = [NAME_MARK.sub("", w) for w in text.replace(",", " ").split() if w not in JOINERS]
    words = [w for w in words if w]
    initials = sum(bool(INITIAL.fullmatch(w)) for w in words)
    return (
        len(words) >= max(2, initials_needed + 1)
        and initials >= initials_needed
        and all(INITIAL.fullmatch(w) or NAME_WORD.fullmatch(w) for w in words)
    )


def names_line(text: str) -> bool:
    """A line of authors' names: with an initial ("M. Kodialam T. V. Lakshman"), or joined by commas or 'and'
    ("Alan Demers, Mark Gealy, ..., and Don Woods")."""
    plain = "," in text or " and " in text.lower() or "&" in text
    return names_only(text, 1) or plain and names_only(text, 0)


def byline(lines: Sequence[LineLike], title: Sequence[LineLike]) -> set[int]:
    """ids of the lines right under the first page's title that are names (one or two lines, before anything
    else): the authors, however their names are written."""
    if not title or not lines:
        return set()
    after = next((i + 1 for i, line in enumerate(lines) if line is title[-1]), len(lines))
    found: set[int] = set()
    for line in lines[after : after + 2]:
        if found and not _same_font(line, lines[after]):  # a second line of names is set like the first
            break
        if not names_line(line.text) or SECTION_NUMBER.match(line.text):
            break
        found.add(id(line))
    return found


def header_rows(lines: Sequence[LineLike]) -> set[int]:
    """ids of table header rows: two or more short cells ("Symbol  Description", "Name  Description
    Required/Optional") that start where the cells of the rows just below start (two rows at least, so that
    the gaps of a justified line, which fall anywhere, do not make one)."""
    found: set[int] = set()
    for index, line in enumerate(lines):
        if (
            len(line.spans) < 2
            or line.mono
            or any(words > MAX_HEADER_CELL_WORDS for _, _, words in line.spans)
            or list_mark(line)
        ):
            continue
        em = line.size or 10.0
        rows = 0
        for below in lines[index + 1 : index + 1 + ROW_REACH]:
            if below.page != line.page or not 0 < line.last_top - below.top < ROW_REACH * 2 * em:
                break
            rows += len(below.spans) >= 2 and _aligned(line.spans, below.spans, em)
        if rows >= MIN_ROWS:
            found.add(id(line))
    return found


def first_cell(line: LineLike) -> str:
    """The words of a line's first cell (its whole text when it has one)."""
    return " ".join(line.text.split()[: line.spans[0][2]]) if line.spans else line.text


def list_mark(line: LineLike) -> bool:
    """Whether a line's first cell is a list's mark ("1.", "(a)", a bullet) set apart from its item's text."""
    return bool(LIST_MARK.match(first_cell(line)))


def _aligned(
    header: tuple[tuple[float, float, int], ...], row: tuple[tuple[float, float, int], ...], em: float
) -> bool:
    """Each header cell starts where a cell of the row starts, within `ALIGN_EMS` ems."""
    lefts = [left for left, _, _ in row]
    return all(any(abs(left - other) < ALIGN_EMS * em for other in lefts) for left, _, _ in header)


def title_case(text: str) -> bool:
    """Most words of four letters or more capitalized ("Replicated State Machines with Bounded Logs"), the
    words title case leaves in lowercase aside, however long ("Compaction under Indexing", "Logs between
    Replicas")."""
    long = [
        word
        for word in text.split()
        if sum(map(str.isalpha, word)) >= 4 and word.lower().strip(",:;") not in MINOR_WORDS
    ]
    return bool(long) and sum(word[:1].isupper() for word in long) >= TITLE_CASE_SHARE * len(long)


def _same_font(a: LineLike, b: LineLike) -> bool:
    return abs(a.size - b.size) < 0.2 and a.bold == b.bold and a.mono == b.mono


def wrapped(lines: Sequence[Ln], start: int, body: LineLike) -> list[Ln]:
    """The lines after `lines[start]` that continue it as one heading: in the same font, which is not the body's,
    on the same page at line spacing, not opening with a number of their own; at most `MAX_WRAP_LINES` in all.
    A line that goes on in lowercase continues a numbered heading or one in title case; under an unnumbered
    line in sentence case it is the rest of a sentence set large (a title page's second title, an abstract)."""
    first = lines[start]
    if _same_font(first, body) and abs(first.size - body.size) < 0.5:
        return []
    found: list[Ln] = []
    previous = first
    numbered = bool(
        NUMBER_START.match(first.text) or SENTENCE_AFTER_NUMBER.match(first.text) or NAMED.match(first.text)
    )
    for line in lines[start + 1 : start + MAX_WRAP_LINES]:
        gap = previous.last_top - line.top
        if (
            line.page != first.page
            or not _same_font(line, first)
            or not 0 < gap <= WRAP_SPACING * (first.size or 10)
            or NUMBER_START.match(line.text)
            or line.cells > 1
            or line.text[:1].islower()
            and not numbered
            and not title_case(f"{first.text} {line.text}")
        ):
            break
        found.append(line)
        previous = line
    return found


def runs_on(line: LineLike, following: LineLike | None, body: LineLike, typical: int) -> bool:
    """A full-width line in the body font that the next line continues at line spacing: a paragraph's first
    line that happens to open with a number ("4 The committee praised ..."), not a heading."""
    return bool(
        following is not None
        and _same_font(line, body)
        and _same_font(following, line)
        and following.page == line.page
        and line.tail >= FULL_LINE * typical
        and 0 < line.last_top - following.top <= WRAP_SPACING * (line.size or 10)
    )


def joined_heading(
    lines: Sequence[Ln], start: int, body: LineLike, reads_like: Callable[[str], bool]
) -> tuple[str, list[Ln]]:
    """(text, continuation lines) of the heading that starts at `lines[start]`, its wrapped lines joined when
    together they read like a heading; the first line alone otherwise."""
    more = wrapped(lines, start, body)
    while more:
        text = " ".join([lines[start].text, *(line.text for line in more)])
        if reads_like(text):
            return text, more
        more = more[:-1]
    return lines[start].text, []


def _key(text: str) -> str:
    return "".join(ch for ch in NAME_MARK.sub("", text.strip()).lower() if ch.isalnum())


def title_repeats(blocks: list[Block], title: str, origin: Origin) -> list[Block]:
    """Headings found by `origin` (the layout) that repeat the document's title (on an abstract page, a second
    title page) are the title again, not a section; and the names right under a repeated title are its byline."""
    wanted = _key(title)
    found: list[Block] = []
    for b in blocks:
        if wanted and b.kind == "heading" and b.origin is origin:
            if _key(b.text) == wanted:
                b = replace(b, kind="title")
            elif found and found[-1].kind == "title" and found[-1].origin is origin and names_line(b.text):
                b = replace(b, kind="paragraph", level=0, origin=None)
        found.append(b)
    return found
