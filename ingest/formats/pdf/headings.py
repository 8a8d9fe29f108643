"""Stage 5, headings and the title: what stands out from the body font and reads like a heading, its level, the
body font and the numbered lists, and the title on the first page."""

from __future__ import annotations

import re
from collections import Counter
from typing import Callable

from textkind import is_caption, looks_like_code

from ...classify import NUMBERED_HEADING, numbered_level
from . import headingrules, notes
from .lines import MIN_CELLS, Line
from .titlelines import not_title

LETTER_OR_SPACE = re.compile(r"[^\W\d_]|\s")
HEADING_SIZE = 1.15
SENTENCE_ENDS = notes.SENTENCE_ENDS
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
BYLINE_REACH = 3
FOOTNOTE_MARK = re.compile(r"(?<=[^\W\d_])[\d∗*†‡§¶]+$|\s+[∗*†‡§¶]+$")
MAX_RUN_IN_WORDS = 8
MAX_HEADING_WORDS = 16
NUMBERED_RUN_IN = re.compile(r"^(\d{1,2}(?:\.\d{1,2})*\.?\s+[A-Z][A-Z0-9 '’&/-]{2,60}[A-Z])\.\s+(?=[A-Z])")
LIST_NUMBER = re.compile(r"^((?:\d{1,2}\.)*\d{1,2}|[A-Z])[.)]\s+(?=\S)")
LIST_REACH = 10
MIN_PROSE_LINE_WORDS = 6


def heading_level(line: Line, sizes: list[float], styles: dict[tuple[float, bool], int]) -> int:
    """Depth from the heading's number, else that of numbered headings in the same font, else from its size."""
    level = numbered_level(line.text)
    if level:
        return level
    if (round(line.size, 1), line.bold) in styles:
        return styles[(round(line.size, 1), line.bold)]
    larger = [s for s in sizes if s > line.size + 0.2]
    return min(len(larger) + 1, 6)


def heading_styles(lines: list[Line], body: Line) -> dict[tuple[float, bool], int]:
    """The most common numbered depth of each heading font."""
    seen: dict[tuple[float, bool], Counter[int]] = {}
    for line in lines:
        level = numbered_level(line.text)
        if level and is_heading(line, body):
            seen.setdefault((round(line.size, 1), line.bold), Counter())[level] += 1
    return {style: counts.most_common(1)[0][0] for style, counts in seen.items()}


def run_in_heading(line: Line, body: Line) -> tuple[str, str]:
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


def numbered_run_in(line: Line) -> tuple[str, str]:
    """(heading, rest) for a numbered heading in capitals run into its paragraph ("1.1 BACKGROUND. The role of
    synchronism ..."), else ('', '')."""
    match = NUMBERED_RUN_IN.match(line.text)
    if not match or line.run_in:
        return "", ""
    return match.group(1), line.text[match.end() :]


def is_heading(line: Line, body: Line) -> bool:
    """A line that reads like a heading and stands out from the body by size, weight or numbering."""
    return not line.byline and reads_like_heading(line) and stands_out(line, body)


def _ends_sentence(text: str) -> bool:
    """It ends in punctuation; a bare number ("3.") and a numbered question ("2 Why Paxos?") aside."""
    return (
        text[-1] in ".,;:!?" and not BARE_NUMBER.match(text) and not (text[-1] == "?" and NUMBERED_HEADING.match(text))
    )


def _few_letters(text: str) -> bool:
    """Under 80% of it, its number aside, letters and spaces: a formula or a row of figures."""
    title = NUMBERED_HEADING.sub("", text, count=1)
    return len(LETTER_OR_SPACE.findall(title)) < 0.8 * len(title)


def _unnumbered_label(text: str) -> bool:
    """A theorem's or a definition's label ("Lemma 3.", "Proof:") with no section number before it."""
    return bool(LABEL.match(text)) and not NUMBERED_HEADING.match(text)


# What a heading's text is not, each rule in turn: a sentence after a number, too long, a list of items, a sentence's
# end, a sentence's middle (it opens in lowercase), an open bracket, a caption, code, a sentence inside or torn
# across it, a formula, a theorem's label, a line that does not start like a title, a byline (its first initial
# reads like a section letter: "M."), a sentence set apart.
NOT_A_HEADING: tuple[Callable[[str], object], ...] = (
    LOWER_AFTER_NUMBER.match,
    lambda text: len(text.split()) > MAX_HEADING_WORDS,
    lambda text: text.count(",") >= 3,
    _ends_sentence,
    lambda text: text[0].islower(),
    lambda text: text.count("(") != text.count(")"),
    is_caption,
    looks_like_code,
    INNER_SENTENCE.search,
    TORN.search,
    _few_letters,
    _unnumbered_label,
    lambda text: not _starts_like_title(text),
    headingrules.names_only,
    headingrules.reads_as_sentence,
)


def reads_like_heading(line: Line) -> bool:
    """Short, capitalized, no sentence inside or after it (a numbered question may end in '?'), not a table row,
    a caption, a formula or a theorem's label (the rules of `NOT_A_HEADING`)."""
    return not any(rule(line.text) for rule in NOT_A_HEADING) and line.cells < MIN_CELLS


def stands_out(line: Line, body: Line) -> bool:
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


def body_font(lines: list[Line]) -> Line:
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


def listed_lines(lines: list[Line], body: Line) -> frozenset[int]:
    """Ids of body-font lines that cannot open a section: a numbered one whose neighbour within `LIST_REACH`
    lines, at the same indent, carries the next or the previous number (a numbered list), and any line that
    continues a paragraph (the line just above, in the same font, is a long one that does not end a sentence:
    "... a bare quorum in A and / C. Position 103 is ...", "... as / Section 2 demonstrates ...")."""
    numbers = [_list_number(line) if _in_font_of(line, body) else None for line in lines]
    return frozenset(
        id(line)
        for index, line in enumerate(lines)
        if _in_font_of(line, body)
        and (index and _goes_on(lines[index - 1], line) or _in_numbered_list(lines, numbers, index))
    )


def list_items(lines: list[Line], body: Line) -> frozenset[int]:
    """Ids of the lines that open an item of a numbered list ("1. Front matter (clauses 1–7);" over "2. Overview
    ..."): each item is a block of its own, never run together with the next into one sentence."""
    numbers = [_list_number(line) if _in_font_of(line, body) else None for line in lines]
    return frozenset(id(line) for index, line in enumerate(lines) if _in_numbered_list(lines, numbers, index))


def _goes_on(previous: Line, line: Line) -> bool:
    """`line` continues the paragraph of `previous`, the line just above in its font: a long line that does not end
    a sentence."""
    return (
        previous.page == line.page
        and _in_font_of(previous, line)
        and 0 < previous.last_top - line.top < 2 * (line.size or 10)
        and len(previous.text.split()) >= MIN_PROSE_LINE_WORDS
        and not previous.text.endswith(SENTENCE_ENDS)
    )


def _in_numbered_list(lines: list[Line], numbers: list[tuple[int, ...] | None], index: int) -> bool:
    """`lines[index]` carries a number (`numbers`, one per line) and a line within `LIST_REACH` of it, on its page
    and at its indent, carries the next or the previous one."""
    number, line = numbers[index], lines[index]
    if number is None:
        return False
    return any(
        _next_to(numbers[other], number) and lines[other].page == line.page and abs(lines[other].x - line.x) < 2
        for other in range(max(0, index - LIST_REACH), min(len(lines), index + LIST_REACH + 1))
        if other != index
    )


def _next_to(near: tuple[int, ...] | None, number: tuple[int, ...]) -> bool:
    """`near` is the number just before or after `number` at the same depth ('2.3' next to '2.4')."""
    return (
        near is not None and len(near) == len(number) and near[:-1] == number[:-1] and abs(near[-1] - number[-1]) == 1
    )


def title_lines(lines: list[Line], body: Line) -> list[Line]:
    """The document's title on its first page: the largest text in the top part of the page (stamps, page
    numbers and running heads aside), its lines joined; none when nothing stands out from the body."""
    zone = _title_zone(lines)
    first = _title_start(lines, zone, body) if zone and body.size else None
    if first is None:
        return []
    start, size = lines.index(first), first.size
    chosen = [first]
    for line in lines[start + 1 : start + MAX_TITLE_LINES]:
        if (
            abs(line.size - size) >= 0.5
            or chosen[-1].top - line.top > 2.5 * size
            or STAMP.match(line.text)
            or not_title(line.text, line.bold)
            and chosen[-1].text.split()[-1].lower() not in headingrules.OPEN_ENDED
        ):
            break
        chosen.append(line)
    return chosen


def _title_zone(lines: list[Line]) -> list[Line]:
    """The lines in the top `TITLE_ZONE` of the page's text that could be part of a title: words, not a stamp, an
    outline entry, a table row or a numbered heading."""
    height = max((ln.top for ln in lines), default=0.0) or 1.0
    bottom = min((ln.top for ln in lines), default=0.0)
    floor = bottom + (1 - TITLE_ZONE) * (height - bottom)
    return [ln for ln in lines if ln.top >= floor and _may_be_title(ln)]


def _may_be_title(line: Line) -> bool:
    return (
        not line.outline
        and sum(sum(ch.isalpha() for ch in word) >= 3 for word in line.text.split()) >= 2
        and not STAMP.match(line.text)
        and line.cells < MIN_CELLS
        and not NUMBERED_HEADING.match(line.text)
        and not ROMAN_HEADING.match(line.text)
        and not not_title(line.text, line.bold)
    )


def _title_start(lines: list[Line], zone: list[Line], body: Line) -> Line | None:
    """The title's first line: the zone's first in its largest size when that stands out from the body (among the
    lines before the first paragraph, when one of those does); else the
    zone's first line in bold or capitals when it is the page's first line or sits over a byline (in a body that
    is not bold); None when there is no title."""
    prose = next((i for i, ln in enumerate(lines) if _in_body(ln, body)), len(lines))
    early = [ln for ln in lines[:prose] if ln in zone]  # a figure's large labels come after the first paragraph
    for part in (early, zone):
        size = max((ln.size for ln in part), default=0.0)
        if size >= body.size * HEADING_SIZE:
            return next(ln for ln in part if abs(ln.size - size) < 0.5)
    return next((ln for ln in zone if _set_apart(ln, lines, body)), None)


def _set_apart(line: Line, lines: list[Line], body: Line) -> bool:
    """A line in bold or capitals that is the page's first line or sits over a byline (in a body not bold)."""
    if not (line.bold or SHOUTED.match(line.text)):
        return False
    return line is lines[0] or not body.bold and _over_byline(lines, line)


def _in_body(line: Line, body: Line) -> bool:
    """A line of prose: in the body font, with `MIN_PROSE_LINE_WORDS` words or more."""
    return (
        abs(line.size - body.size) < 0.3 and line.bold == body.bold and len(line.text.split()) >= MIN_PROSE_LINE_WORDS
    )


def _over_byline(lines: list[Line], line: Line) -> bool:
    """An author line, affiliation, venue or date within the `BYLINE_REACH` lines under `line`."""
    at = lines.index(line)
    return any(not_title(other.text, other.bold) for other in lines[at + 1 : at + 1 + BYLINE_REACH])


def clean_title(text: str) -> str:
    """A title without footnote marks ('Design1', 'Types ∗') and spacing runs."""
    return FOOTNOTE_MARK.sub("", " ".join(text.split())).strip()
