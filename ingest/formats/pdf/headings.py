"""Stage 5, headings and the title: what stands out from the body font and reads like a heading, its level, the
body font and the numbered lists, and the title on the first page."""

from __future__ import annotations

import re
from collections import Counter

from textkind import is_caption, looks_like_code

from ...classify import NUMBERED_HEADING, numbered_level
from .. import pdfheadings, pdfnotes
from .lines import MIN_CELLS, Line

LETTER_OR_SPACE = re.compile(r"[^\W\d_]|\s")
HEADING_SIZE = 1.15
SENTENCE_ENDS = pdfnotes.SENTENCE_ENDS
NAMED_PART = re.compile(r"^(?:chapter|part|section|annex|appendix)\s+[\dA-Z]{1,4}(?:\s*[.:—–-]|\s+[A-Z(]|\s*$)", re.I)
LOWER_AFTER_NUMBER = re.compile(r"^\d+(?:\.\d+)*\.?\s+[a-z]")
BARE_NUMBER = re.compile(r"^\d+(\.\d+)*\.?$")
INNER_SENTENCE = re.compile(r"[a-z]{2}[.!?]\s+\S")
TORN = re.compile(r"[a-z\])][.!?]\s+[A-Z][a-z]")
LABEL = re.compile(
    r"^(?:definition|theorem|lemma|corollary|proposition|proof|example|remark|question|conjecture|"
    r"claim|step|case|note|observation|fact|exercise|problem|notation|assumption|hypothesis|"
    r"axiom|property|invariant|rule|requirement)s?\b(?:\s+[\dA-Z][\w.]*)?[.:]?",
    re.I,
)
ROMAN_HEADING = re.compile(r"^(?:[IVXLC]{2,6}\.?|[IVX]\.)\s+(?=[A-Z])")
SHOUTED = re.compile(r"^[^a-z]*[A-Z]{2}[^a-z]*$")
TITLE_ZONE = 0.45
STAMP = re.compile(
    r"^(?:arxiv:|doi:|https?://|www\.|preprint|draft|submitted to|accepted|published|copyright|©|"
    r"(?:international |european |national )?standard$|technical (?:report|specification|note)$|"
    r"white paper$|working paper$|research report$)",
    re.I,
)
MAX_TITLE_LINES = 6
FOOTNOTE_MARK = re.compile(r"(?<=[^\W\d_])[\d∗*†‡§¶]+$|\s+[∗*†‡§¶]+$")
MAX_RUN_IN_WORDS = 8
MAX_HEADING_WORDS = 16
NUMBERED_RUN_IN = re.compile(r"^(\d{1,2}(?:\.\d{1,2})*\.?\s+[A-Z][A-Z0-9 '’&/-]{2,60}[A-Z])\.\s+(?=[A-Z])")
LIST_NUMBER = re.compile(r"^((?:\d{1,2}\.)*\d{1,2}|[A-Z])[.)]\s+(?=\S)")
LIST_REACH = 10
MIN_PROSE_LINE_WORDS = 6


def _heading_level(line: Line, sizes: list[float], styles: dict[tuple[float, bool], int]) -> int:
    """Depth from the heading's number, else that of numbered headings in the same font, else from its size."""
    level = numbered_level(line.text)
    if level:
        return level
    if (round(line.size, 1), line.bold) in styles:
        return styles[(round(line.size, 1), line.bold)]
    larger = [s for s in sizes if s > line.size + 0.2]
    return min(len(larger) + 1, 6)


def _styles(lines: list[Line], body: Line) -> dict[tuple[float, bool], int]:
    """The most common numbered depth of each heading font."""
    seen: dict[tuple[float, bool], Counter[int]] = {}
    for line in lines:
        level = numbered_level(line.text)
        if level and _is_heading(line, body):
            seen.setdefault((round(line.size, 1), line.bold), Counter())[level] += 1
    return {style: counts.most_common(1)[0][0] for style, counts in seen.items()}


def _run_in(line: Line, body: Line) -> tuple[str, str]:
    """(heading, rest) for a line that opens with a short bold heading run into its paragraph, else ('', '')."""
    prefix = line.run_in.rstrip(" .:—–-")
    words = prefix.split()
    if (
        not prefix
        or LABEL.match(prefix)
        or body.bold
        or not 1 <= len(words) <= MAX_RUN_IN_WORDS
        or not line.text.startswith(line.run_in)
        or is_caption(line.text)
        or not prefix[:1].isupper()
        or sum(ch.isalpha() for ch in prefix) < 3
    ):
        return "", ""
    rest = line.text[len(line.run_in) :].strip()
    return (prefix, rest) if rest else ("", "")


def _numbered_run_in(line: Line) -> tuple[str, str]:
    """(heading, rest) for a numbered heading in capitals run into its paragraph ("1.1 BACKGROUND. The role of
    synchronism ..."), else ('', '')."""
    match = NUMBERED_RUN_IN.match(line.text)
    if not match or line.run_in:
        return "", ""
    return match.group(1), line.text[match.end() :]


def _is_heading(line: Line, body: Line) -> bool:
    """A line that reads like a heading and stands out from the body by size, weight or numbering."""
    return not line.byline and _reads_like_heading(line) and _stands_out(line, body)


def _reads_like_heading(line: Line) -> bool:
    """Short, capitalized, no sentence inside or after it (a numbered question may end in '?'), not a table row,
    a caption, a formula or a theorem's label."""
    text = line.text
    numbered = bool(NUMBERED_HEADING.match(text))
    if LOWER_AFTER_NUMBER.match(text) or len(text.split()) > MAX_HEADING_WORDS or text.count(",") >= 3:
        return False
    ends_sentence = text[-1] in ".,;:!?" and not BARE_NUMBER.match(text) and not (text[-1] == "?" and numbered)
    if ends_sentence or text[0].islower() or text.count("(") != text.count(")") or is_caption(text):
        return False
    if (
        looks_like_code(text)
        or INNER_SENTENCE.search(text)
        or TORN.search(text)
        or len(LETTER_OR_SPACE.findall(title := NUMBERED_HEADING.sub("", text, count=1))) < 0.8 * len(title)
    ):
        return False
    return (
        line.cells < MIN_CELLS
        and not (LABEL.match(text) and not numbered)
        and _starts_like_title(text)
        and not pdfheadings.names_only(text)  # a byline: its first initial reads like a section letter ("M.")
        and not pdfheadings.reads_as_sentence(text)
    )


def _stands_out(line: Line, body: Line) -> bool:
    if body.size and line.size >= body.size * HEADING_SIZE:
        return True
    if line.bold and not body.bold and len(line.text.split()) <= 12:
        return True
    numbered = NUMBERED_HEADING.match(line.text) or ROMAN_HEADING.match(line.text)
    return bool(numbered) and len(line.text.split()) <= 10 and (line.size >= body.size - 0.3 or line.bold)


def _starts_like_title(text: str) -> bool:
    """Its first word after any number is capitalized and it has a word of three letters or more."""
    rest = ROMAN_HEADING.sub("", NUMBERED_HEADING.sub("", text, count=1), count=1).lstrip("§ ")
    named = NAMED_PART.match(text)
    if named:
        return True
    return bool(rest[:1].isupper() or rest[:1].isdigit()) and any(
        sum(ch.isalpha() for ch in word) >= 3 for word in rest.split()
    )


def _body(lines: list[Line]) -> Line:
    """A line with the most common size and weight among the text's characters: the body font."""
    sizes: Counter[tuple[float, bool]] = Counter()
    for line in lines:
        sizes[(round(line.size, 1), line.bold)] += len(line.text)
    (size, bold), _ = sizes.most_common(1)[0] if sizes else ((0.0, False), 0)
    return Line("", 0, size=size, bold=bold)


def _in_font_of(line: Line, other: Line) -> bool:
    """Whether two lines share a font: the same weight and a size within 0.3 pt."""
    return abs(line.size - other.size) < 0.3 and line.bold == other.bold


def _list_number(line: Line) -> tuple[int, ...] | None:
    """The number a line opens with ('4.' -> (4,), 'C.' -> (3,), '2.1' -> (2, 1))."""
    match = LIST_NUMBER.match(line.text)
    if not match:
        return None
    return tuple(ord(part) - 64 if part.isalpha() else int(part) for part in match.group(1).split("."))


def _list_lines(lines: list[Line], body: Line) -> frozenset[int]:
    """Ids of body-font lines that cannot open a section: a numbered one whose neighbour within `LIST_REACH`
    lines, at the same indent, carries the next or the previous number (a numbered list), and any line that
    continues a paragraph (the line just above, in the same font, is a long one that does not end a sentence:
    "... a bare quorum in A and / C. Position 103 is ...", "... as / Section 2 demonstrates ...")."""
    numbers = [_list_number(line) if _in_font_of(line, body) else None for line in lines]
    found: set[int] = set()
    for index, line in enumerate(lines):
        if not _in_font_of(line, body):
            continue
        previous = lines[index - 1] if index else None
        if (
            previous is not None
            and previous.page == line.page
            and _in_font_of(previous, line)
            and 0 < previous.last_top - line.top < 2 * (line.size or 10)
            and len(previous.text.split()) >= MIN_PROSE_LINE_WORDS
            and not previous.text.endswith(SENTENCE_ENDS)
        ):
            found.add(id(line))
        elif _numbered_item(lines, numbers, index):
            found.add(id(line))
    return frozenset(found)


def _list_items(lines: list[Line], body: Line) -> frozenset[int]:
    """Ids of the lines that open an item of a numbered list ("1. Front matter (clauses 1–7);" over "2. Overview
    ..."): each item is a block of its own, never run together with the next into one sentence."""
    numbers = [_list_number(line) if _in_font_of(line, body) else None for line in lines]
    return frozenset(id(line) for index, line in enumerate(lines) if _numbered_item(lines, numbers, index))


def _numbered_item(lines: list[Line], numbers: list[tuple[int, ...] | None], index: int) -> bool:
    """Whether `lines[index]` carries a number whose neighbour within `LIST_REACH` lines, at the same indent on the
    same page, carries the next or the previous one."""
    number, line = numbers[index], lines[index]
    if number is None:
        return False
    for other in range(max(0, index - LIST_REACH), min(len(lines), index + LIST_REACH + 1)):
        near = numbers[other]
        if (
            other != index
            and near is not None
            and len(near) == len(number)
            and near[:-1] == number[:-1]
            and abs(near[-1] - number[-1]) == 1
            and lines[other].page == line.page
            and abs(lines[other].x - line.x) < 2
        ):
            return True
    return False


def _title_lines(lines: list[Line], body: Line) -> list[Line]:
    """The document's title on its first page: the largest text in the top part of the page (stamps, page
    numbers and running heads aside), its lines joined; none when nothing stands out from the body."""
    height = max((ln.top for ln in lines), default=0.0) or 1.0
    bottom = min((ln.top for ln in lines), default=0.0)
    zone = [
        ln
        for ln in lines
        if ln.top >= bottom + (1 - TITLE_ZONE) * (height - bottom)
        and not ln.outline
        and sum(sum(ch.isalpha() for ch in word) >= 3 for word in ln.text.split()) >= 2
        and not STAMP.match(ln.text)
        and ln.cells < MIN_CELLS
        and not NUMBERED_HEADING.match(ln.text)
        and not ROMAN_HEADING.match(ln.text)
    ]
    if not zone or not body.size:
        return []
    size = max(ln.size for ln in zone)
    if size < body.size * HEADING_SIZE:
        first = zone[0]
        if not (first.bold or SHOUTED.match(first.text)) or first is not lines[0] or NUMBERED_HEADING.match(first.text):
            return []
        size = first.size
    start = next(i for i, ln in enumerate(lines) if ln in zone and abs(ln.size - size) < 0.5)
    chosen = [lines[start]]
    for line in lines[start + 1 : start + MAX_TITLE_LINES]:
        if abs(line.size - size) >= 0.5 or chosen[-1].top - line.top > 2.5 * size or STAMP.match(line.text):
            break
        chosen.append(line)
    return chosen


def clean_title(text: str) -> str:
    """A title without footnote marks ('Design1', 'Types ∗') and spacing runs."""
    return FOOTNOTE_MARK.sub("", " ".join(text.split())).strip()
