"""What the learned heading model reads of each line: today's layout rules as numbers, one row per line.

Each feature is one row of `FEATURES` (a name and how to read it from a line in its context), so the model file
names the features it was trained on and a change here is a change the rebuild test sees. The rules themselves stay
in `headings` and `headingrules`; this module only asks them.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Collection

from ...classify import NUMBERED_HEADING, is_toc_line, numbered_level
from . import headingrules
from .headings import (
    NAMED_PART,
    NOT_A_HEADING,
    ROMAN_HEADING,
    SENTENCE_ENDS,
    is_heading,
    reads_like_heading,
    stands_out,
)
from .lines import MIN_CELLS, Line

MAX_WORDS = 24
WRAPPED_MIN_WORDS = 5
GAP_CAP = 6.0
REPEAT_CAP = 10
LETTERS = re.compile(r"[^\W\d_]")


@dataclass(frozen=True)
class Context:
    """What the whole text says about a line: the lines in reading order, the body font, the typical line length,
    the lines that continue a paragraph or a numbered list, how often each text recurs on other pages, each font's
    share of the text, and each page's top, bottom and left edge."""

    lines: list[Line]
    body: Line
    typical: int
    listed: frozenset[int]
    fonts: dict[tuple[float, bool], float]
    numbered_fonts: dict[tuple[float, bool], float]
    edges: dict[int, tuple[float, float, float]]

    @classmethod
    def of(cls, lines: list[Line], body: Line, typical: int, listed: frozenset[int]) -> "Context":
        chars: Counter[tuple[float, bool]] = Counter()
        counts: Counter[tuple[float, bool]] = Counter()
        numbered: Counter[tuple[float, bool]] = Counter()
        edges: dict[int, tuple[float, float, float]] = {}
        for line in lines:
            font = _font(line)
            chars[font] += len(line.text)
            counts[font] += 1
            numbered[font] += bool(NUMBERED_HEADING.match(line.text))
            top, bottom, left = edges.get(line.page, (line.top, line.top, line.x))
            edges[line.page] = (max(top, line.top), min(bottom, line.top), min(left, line.x))
        total = sum(chars.values()) or 1
        return cls(
            lines,
            body,
            typical or 1,
            listed,
            {font: n / total for font, n in chars.items()},
            {font: numbered[font] / counts[font] for font in counts},
            edges,
        )

    @functools.cached_property
    def repeats(self) -> Counter[str]:
        """On how many other pages each line's text (its letters) recurs; read only when a feature asks."""
        pages: dict[str, set[int]] = {}
        for line in self.lines:
            pages.setdefault(_key(line.text), set()).add(line.page)
        return Counter({key: len(seen) - 1 for key, seen in pages.items()})


def _font(line: Line) -> tuple[float, bool]:
    return round(line.size, 1), line.bold


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalpha())


def _neighbour(ctx: Context, index: int, step: int) -> Line | None:
    other = index + step
    if 0 <= other < len(ctx.lines) and ctx.lines[other].page == ctx.lines[index].page:
        return ctx.lines[other]
    return None


def _gap(upper: Line | None, lower: Line | None, size: float) -> float:
    """The space between two lines in ems of `size`, capped; the cap when one of them is missing."""
    if upper is None or lower is None:
        return GAP_CAP
    return max(-GAP_CAP, min(GAP_CAP, (upper.last_top - lower.top) / (size or 10.0)))


def _caps(text: str) -> float:
    letters = LETTERS.findall(text)
    return sum(ch.isupper() for ch in letters) / len(letters) if letters else 0.0


def wraps_on(line: Line, following: Line | None) -> bool:
    """An unnumbered line whose sentence goes on in lowercase on the next line of the same page (a bold
    abstract's first line, "Abstract— The emergence of new applications on the Internet" / "like
    voice-over-IP, ..."): the first line of a paragraph, not a heading. A figure's one- or two-word labels
    ("Randomly" over "pick copyset") are left to the figure pass."""
    return bool(
        following is not None
        and len(line.text.split()) >= WRAPPED_MIN_WORDS
        and following.page == line.page
        and following.text[:1].islower()
        and not NUMBERED_HEADING.match(line.text)
        and not ROMAN_HEADING.match(line.text)
    )


def _runs_on(ctx: Context, index: int) -> bool:
    following = ctx.lines[index + 1] if index + 1 < len(ctx.lines) else None
    return headingrules.runs_on(ctx.lines[index], following, ctx.body, ctx.typical)


def _wrapped(ctx: Context, index: int) -> int:
    return len(headingrules.wrapped(ctx.lines, index, ctx.body))


def _rule(ctx: Context, index: int) -> bool:
    """The hand-written rules' own answer (that of `blocks._layout_heading` without the wrapped lines' text)."""
    line = ctx.lines[index]
    following = ctx.lines[index + 1] if index + 1 < len(ctx.lines) else None
    if not stands_out(line, ctx.body) or id(line) in ctx.listed or _runs_on(ctx, index):
        return False
    return bool(_wrapped(ctx, index)) or is_heading(line, ctx.body) and not wraps_on(line, following)


def _position(ctx: Context, index: int) -> float:
    """Where the line sits on its page's text, 0 at the top and 1 at the bottom."""
    line = ctx.lines[index]
    top, bottom, _ = ctx.edges[line.page]
    return (top - line.top) / (top - bottom) if top > bottom else 0.0


Feature = Callable[[Context, int], float]

# One row per feature: its name and how it is read. The last rows are the rules' own verdicts, each rule of
# `NOT_A_HEADING` on its own.
FEATURES: tuple[tuple[str, Feature], ...] = (
    ("size_ratio", lambda c, i: c.lines[i].size / (c.body.size or c.lines[i].size or 1.0)),
    ("bold", lambda c, i: c.lines[i].bold),
    ("body_bold", lambda c, i: c.body.bold),
    ("mono", lambda c, i: c.lines[i].mono),
    ("numbered", lambda c, i: bool(NUMBERED_HEADING.match(c.lines[i].text))),
    ("number_depth", lambda c, i: numbered_level(c.lines[i].text)),
    ("roman", lambda c, i: bool(ROMAN_HEADING.match(c.lines[i].text))),
    ("named_part", lambda c, i: bool(NAMED_PART.match(c.lines[i].text))),
    ("words", lambda c, i: len(c.lines[i].text.split())),
    ("width", lambda c, i: c.lines[i].tail / c.typical),
    ("space_above", lambda c, i: _gap(_neighbour(c, i, -1), c.lines[i], c.lines[i].size)),
    ("space_below", lambda c, i: _gap(c.lines[i], _neighbour(c, i, 1), c.lines[i].size)),
    ("next_lower", lambda c, i: bool((n := _neighbour(c, i, 1)) and n.text[:1].islower())),
    ("next_same_font", lambda c, i: bool((n := _neighbour(c, i, 1)) and _font(n) == _font(c.lines[i]))),
    ("next_body_font", lambda c, i: bool((n := _neighbour(c, i, 1)) and _font(n) == _font(c.body))),
    ("prev_ends_sentence", lambda c, i: bool((p := _neighbour(c, i, -1)) and p.text.endswith(SENTENCE_ENDS))),
    ("prev_same_font", lambda c, i: bool((p := _neighbour(c, i, -1)) and _font(p) == _font(c.lines[i]))),
    ("caps", lambda c, i: _caps(c.lines[i].text)),
    ("title_case", lambda c, i: headingrules.title_case(c.lines[i].text)),
    ("ends_punct", lambda c, i: c.lines[i].text[-1:] in ".,;:"),
    ("indent", lambda c, i: (c.lines[i].x - c.edges[c.lines[i].page][2]) / (c.lines[i].size or 10.0)),
    ("position", _position),
    ("first_page", lambda c, i: c.lines[i].page == 1),
    ("repeats", lambda c, i: min(REPEAT_CAP, c.repeats[_key(c.lines[i].text)])),
    ("font_share", lambda c, i: c.fonts.get(_font(c.lines[i]), 0.0)),
    ("font_numbered", lambda c, i: c.numbered_fonts.get(_font(c.lines[i]), 0.0)),
    ("cells", lambda c, i: c.lines[i].cells >= MIN_CELLS),
    ("spans", lambda c, i: len(c.lines[i].spans)),
    ("ruled", lambda c, i: c.lines[i].ruled),
    ("byline", lambda c, i: c.lines[i].byline),
    ("toc", lambda c, i: is_toc_line(c.lines[i].text)),
    ("listed", lambda c, i: id(c.lines[i]) in c.listed),
    ("runs_on", _runs_on),
    ("wraps_on", lambda c, i: wraps_on(c.lines[i], _neighbour(c, i, 1))),
    ("wrapped", _wrapped),
    ("stands_out", lambda c, i: stands_out(c.lines[i], c.body)),
    ("reads_like", lambda c, i: reads_like_heading(c.lines[i])),
    ("rule", _rule),
    *((f"not_{n}", lambda c, i, rule=rule: bool(rule(c.lines[i].text))) for n, rule in enumerate(NOT_A_HEADING)),
)
NAMES = tuple(name for name, _ in FEATURES)
RULE = NAMES.index("rule")  # the column holding the rules' own verdict


def candidate(line: Line) -> bool:
    """A line the model is asked about: words, short enough to be a heading, not set aside as a note."""
    return (
        bool(line.text.strip())
        and len(line.text.split()) <= MAX_WORDS
        and not (line.note or line.title or line.outline)
    )


def rows(ctx: Context, columns: Collection[int] | None = None) -> list[tuple[int, list[float]]]:
    """(index, features) of each candidate line, in reading order: every feature, or only those in `columns` (a
    model reads only the features its trees split on; the others are left 0)."""
    wanted = [(n, read) for n, (_, read) in enumerate(FEATURES) if columns is None or n in columns]
    found = []
    for index, line in enumerate(ctx.lines):
        if candidate(line):
            row = [0.0] * len(FEATURES)
            for n, read in wanted:
                row[n] = float(read(ctx, index))
            found.append((index, row))
    return found
