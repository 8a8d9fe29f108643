"""Offline sentence splitting with character offsets, so summaries can point back at the source.

A rule-based splitter: no model or data download, linear in the length of the text. It knows
common English abbreviations, initials, decimals, quotes after the full stop, headings and list
items on their own lines, paragraphs separated by blank lines, and CJK sentence marks; a list run into one
paragraph ("...: 1. Front matter; 2. Overview; 3. Main body") is not cut at its numbers. PDF and OCR
text is read too: a footnote mark glued to a full stop ('systems.3 We') ends the sentence and is in
neither, a lowercase sentence start after a full stop ('in 2019. the model') is found, and a quote
inside a sentence ('He said "Stop. Now." and left.') is not cut. Text with
no usable punctuation (all lowercase, a stream of words, one item per line) is still cut: lists
by lines, and a run with no closing sentence mark longer than `MAX_RUN`, or any sentence longer than
`LONG_RUN`, is cut at clause boundaries into pieces of at most `MAX_RUN` (a word weighs 2 and a CJK
character 1, so about 40 words or 80 characters).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from textkind import LIST_MARKER

ABBREVIATIONS = frozenset(
    """
mr mrs ms dr prof sr jr st mt ft gen col lt sgt capt cmdr adm gov sen rep rev hon pres supt
insp det pc jan feb mar apr jun jul aug sep sept oct nov dec mon tue wed thu fri sat sun
no vs etc e.g i.e a.m p.m u.s u.k u.n e.u inc ltd co corp bros dept est approx fig eq vol
al cf ca op para pp ed eds univ assn ave blvd rd
""".split()
)
LOWER_ABBREVIATIONS = ABBREVIATIONS | frozenset(
    """
resp viz wrt incl excl sec secs sect ch chap min max avg std approx ref refs thm lem def prop cor alg tab ex
nos vols figs eqs pt pts cm mm km kg mg ml lb lbs oz hr hrs yr yrs mo sq proc symp conf trans assoc
""".split()
)  # also abbreviations when a lowercase word follows ('see Sec. three'), where a sentence rarely ends
LOWER_STARTS = frozenset(
    """
the this these those we our it its they their there he she his her i a an for then thus hence however finally
moreover furthermore although while when if since because here such both each many most some all what how why
""".split()
)  # words that often open a sentence: after a full stop a lowercase one starts one ('in 2019. the model')
CALENDAR = frozenset(
    "jan feb mar apr jun jul aug sep sept oct nov dec mon tue wed thu fri sat sun".split()
)  # abbreviations only with their capital ('Wed. 5 May'): lowercase they are words a sentence ends with ('can wed.')
NOT_FINAL = frozenset(
    """
a an the and or but nor of in on at to for from with by into onto than that which who whose whom as is are was
were be been being has have had do does did will would can could should may might must shall not its their our
your his my what
""".split()
)  # words a sentence does not end with: a full stop after one is a stray mark ('has. known')

CJK = "\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef\U00020000-\U0002fa1f"
CLOSERS = "\"'”’)\\]」』）"
WORD_WEIGHT, CJK_WEIGHT = 2, 1
MAX_RUN = 80
MIN_RUN = 16
LONG_RUN = 240
MAX_TOKEN_CHARS = 40
LIST_LINE_WORDS = 4
ABBREVIATION_WINDOW = 48

_BOUNDARY = re.compile(rf"""(?<![.!?…])[.!?…]++[{CLOSERS}]*+(?=\s++["'“‘(\[]?[A-Z0-9])""")
_LOWER_BOUNDARY = re.compile(rf"(?:(?<=[^\W\d_]{{2}})|(?<=\d{{4}})|(?<=\)))\.(?=\s++(?:{'|'.join(LOWER_STARTS)})\b)")
_FOOTNOTE = re.compile(rf"""(?<=[a-z)][.!?])[{CLOSERS}]*+([1-9]\d?|[*∗†‡])(?=\s++["'“‘(\[]?[A-Z])""")
# Two sentences glued by the text layer, no space after the full stop ("...the system.The next ..."): a word of three
# lowercase letters or more, the mark, and a capitalized word; not a dotted name ("java.lang.String", "www.Site").
_GLUED_STOP = re.compile(r"(?<=[a-z]{3})[.!?](?=[A-Z][a-z]+[\s,])")
_GLUED_TOKEN = re.compile(r"\S*$")
_ENUMERATOR = re.compile(r"[;:]\s+\(?\d{1,3}$")  # "...; 3." in a list run into one paragraph: not a sentence's end
_QUOTED = re.compile(r'(?<![^\s(\[])"(?=\S)[^"]{1,400}(?<=\S)"(?![^\W_])|“[^“”]{1,400}”')
_CJK_BOUNDARY = re.compile(rf"(?<![。！？｡])[。！？｡][。！？｡!?…]*+[{CLOSERS}]*+")
_PARAGRAPH = re.compile(r"\n[ \t]*+\n\s*+")
_TERMINAL = re.compile(rf"""[.!?…:;。！？｡；：][{CLOSERS}]*+$""")
_WORD_BEFORE = re.compile(r"(?<![A-Za-z])([A-Za-z][A-Za-z.]*)\.$")
_DOTTED_CAPITALS = re.compile(r"(?:[A-Z]\.)+[A-Z]")
_NEXT_WORD = re.compile(r"[\s\"'“‘(\[]*([A-Za-z]+)")
_UNIT = re.compile(rf"[{CJK}]|[^\s{CJK}]+")
_CJK_CHAR = re.compile(rf"[{CJK}]")
_ALNUM = re.compile(r"[^\W_]")
_STOP = re.compile(rf"[.!?…。！？｡][{CLOSERS}]*$")
_CLAUSE = re.compile(rf"[;:；：][{CLOSERS}]*$")
_COMMA = re.compile(rf"[,，、—–][{CLOSERS}]*$")


@dataclass(frozen=True)
class Sentence:
    """One sentence: its text, where it sits in the source, and its paragraph number."""

    text: str
    start: int
    end: int
    paragraph: int


def _is_abbreviation(text: str, stop: int, lower: bool = False) -> bool:
    """Whether the full stop at text[stop - 1] closes an abbreviation or an initial. Before a lowercase word
    (`lower`) more words count: units and short forms, any dotted word ('Ph.D.'), any single letter, and words
    no sentence ends with, where the full stop is a stray mark. Dotted capitals ('R.J.', 'U.S.') go on into
    the next word unless that word usually opens a sentence ('in the U.S. The ...', 'in the U.S. Since ...').

    Only the `ABBREVIATION_WINDOW` characters before it are read, so a call costs the same anywhere.
    """
    match = _WORD_BEFORE.search(text, max(0, stop - ABBREVIATION_WINDOW), stop)
    if not match:
        return False
    word = match.group(1).lower()
    if not lower and _DOTTED_CAPITALS.fullmatch(match.group(1)):
        following = _NEXT_WORD.match(text, stop)
        return not (following and following.group(1).lower() in LOWER_STARTS)
    if word in CALENDAR and match.group(1).islower():
        return False
    if word in (LOWER_ABBREVIATIONS | NOT_FINAL if lower else ABBREVIATIONS):
        return True
    if lower and (len(word) == 1 or "." in word):
        return True
    return len(word) == 1 and word.isalpha() and match.group(1).isupper()


def _is_list(lines: list[str]) -> bool:
    """Text with one short item per line (a list, a column of words): every line is its own sentence."""
    filled = [line for line in lines if line.strip()]
    if len(filled) < 3:
        return False
    return sum(len(line.split()) <= LIST_LINE_WORDS for line in filled) >= 0.8 * len(filled)


def _line_breaks(paragraph: str) -> list[int]:
    """Offsets inside a paragraph where a line break also ends a sentence."""
    cuts = []
    offset = 0
    lines = paragraph.split("\n")
    every_line = _is_list(lines)
    for i, line in enumerate(lines[:-1]):
        offset += len(line) + 1
        if every_line:
            cuts.append(offset)
            continue
        stripped = line.strip()
        following = lines[i + 1]
        first = following.lstrip()[:1]
        starts_new = first.isupper() or first.isdigit()
        terminal = _TERMINAL.search(stripped)
        heading = stripped and starts_new and not terminal and len(stripped.split()) <= 12
        if (
            heading
            or terminal
            and LIST_MARKER.match(following)
            or LIST_MARKER.match(following)
            and LIST_MARKER.match(line)
        ):
            cuts.append(offset)
        elif terminal and len(stripped) < 50:
            cuts.append(offset)
    return cuts


def _quoted(paragraph: str) -> list[tuple[int, int]]:
    """(start, end) inside each pair of double quotes that is part of a sentence around it: opened inside one
    ('He said "Stop. Now." and left.') or going on after it ('"We will fight. We will win," he said.'). A sentence
    mark there ends the quoted sentence, not the one that quotes it, so no cut is made there; a quote that stands
    alone is cut like any text."""
    spans = []
    for match in _QUOTED.finditer(paragraph):
        before = paragraph[: match.start()].rstrip()[-1:]
        after = paragraph[match.end() :].lstrip()[:1]
        inside = before and before not in f".!?…:{CLOSERS}"
        if inside or after.islower() or paragraph[match.end() - 2] == ",":
            spans.append((match.start() + 1, match.end() - 1))
    return spans


def _split_paragraph(paragraph: str) -> list[tuple[int, int]]:
    """Spans of the sentences of a paragraph; a footnote mark glued to a sentence's end ('systems.3 We') is
    left out of both sentences."""
    quoted = _quoted(paragraph) if '"' in paragraph or "“" in paragraph else []
    marks = {
        match.start(1): match.end(1)
        for match in _FOOTNOTE.finditer(paragraph)
        if not _is_abbreviation(paragraph, match.start())
    }
    cuts = set(_line_breaks(paragraph)) | _sentence_ends(paragraph, quoted)
    for start, end in marks.items():
        if not any(begin < start < stop for begin, stop in quoted):
            cuts.update((start, end))
    cuts.update(match.end() for match in _CJK_BOUNDARY.finditer(paragraph))
    spans = []
    begin = 0
    for cut in sorted(cuts) + [len(paragraph)]:
        if marks.get(begin) != cut:
            spans.append((begin, cut))
        begin = cut
    return spans


def _sentence_ends(paragraph: str, quoted: list[tuple[int, int]]) -> set[int]:
    """Where a sentence mark ends a sentence: not after an abbreviation or a list's enumerator, nor inside a
    quotation."""
    cuts = set()
    boundaries = [(match, False) for match in _BOUNDARY.finditer(paragraph)]
    boundaries += [(match, True) for match in _LOWER_BOUNDARY.finditer(paragraph)]
    boundaries += [(match, False) for match in _GLUED_STOP.finditer(paragraph) if _glued(paragraph, match.start())]
    for match, lower in boundaries:
        if paragraph[match.start()] == "." and (
            _is_abbreviation(paragraph, match.start() + 1, lower)
            or _ENUMERATOR.search(paragraph, max(0, match.start() - 8), match.start())
        ):
            continue
        if any(start < match.end() < end for start, end in quoted):
            continue
        cuts.add(match.end())
    return cuts


def _glued(paragraph: str, stop: int) -> bool:
    """Whether the mark at `stop` ends a word glued to the next sentence: the word before it is a plain word, not a
    dotted name, an address or a path."""
    token = _GLUED_TOKEN.search(paragraph, max(0, stop - ABBREVIATION_WINDOW), stop)
    return token is not None and not any(ch in token.group() for ch in "./@:\\_=")


def _units(text: str, begin: int, end: int) -> Iterator[tuple[int, int, int]]:
    """(start, end, weight) of the words and CJK characters in text[begin:end]; long tokens cut by characters."""
    for match in _UNIT.finditer(text, begin, end):
        start, stop = match.span()
        if stop - start == 1 and _CJK_CHAR.match(text, start):
            yield start, stop, CJK_WEIGHT
            continue
        for piece in range(start, stop, MAX_TOKEN_CHARS):
            yield piece, min(stop, piece + MAX_TOKEN_CHARS), WORD_WEIGHT


def _boundary_rank(text: str, unit: tuple[int, int, int], following: tuple[int, int, int]) -> int:
    """How good a place the gap after `unit` is for a cut: sentence mark > line break > ; or : > comma > none."""
    token = text[unit[0] : unit[1]]
    if _STOP.search(token):
        return 4
    if "\n" in text[unit[1] : following[0]]:
        return 3
    if _CLAUSE.search(token):
        return 2
    if _COMMA.search(token) or text[following[0]] in "—–":
        return 1
    return 0


def _best_cut(text: str, units: list[tuple[int, int, int]]) -> int:
    """Index of the unit after which to cut `units` (which weigh over `MAX_RUN`): the best boundary that fits."""
    load, fitting = 0, 0
    while load + units[fitting][2] <= MAX_RUN:
        load += units[fitting][2]
        fitting += 1
    best, best_rank, weight = fitting - 1, 0, 0
    for index in range(fitting):
        weight += units[index][2]
        rank = _boundary_rank(text, units[index], units[index + 1]) if weight >= MIN_RUN else 0
        if rank and rank >= best_rank:
            best, best_rank = index, rank
    return best


def _cut_long_run(text: str, begin: int, end: int) -> list[tuple[int, int]]:
    """text[begin:end] as is, or, when it is too long, pieces of at most `MAX_RUN` cut at the best boundaries.

    Streams over the run, holding at most `LONG_RUN` units at a time.
    """
    if (end - begin) * WORD_WEIGHT <= MAX_RUN:
        return [(begin, end)]
    limit = LONG_RUN if _STOP.search(text, max(begin, end - 12), end) else MAX_RUN
    spans: list[tuple[int, int]] = []
    window: list[tuple[int, int, int]] = []
    load, cutting = 0, False
    for unit in _units(text, begin, end):
        window.append(unit)
        load += unit[2]
        cutting = cutting or load > limit
        while cutting and load > MAX_RUN:
            cut = _best_cut(text, window)
            spans.append((window[0][0], window[cut][1]))
            load -= sum(weight for _, _, weight in window[: cut + 1])
            window = window[cut + 1 :]
    if not cutting:
        return [(begin, end)]
    if window:
        spans.append((window[0][0], window[-1][1]))
    return spans


def split_sentences(text: str) -> list[Sentence]:
    """Sentences of `text` in order; offsets index into `text` itself."""
    sentences: list[Sentence] = []
    position = 0
    paragraph_number = 0
    for match in list(_PARAGRAPH.finditer(text)) + [None]:
        stop = match.start() if match else len(text)
        paragraph = text[position:stop]
        found = False
        for begin, end in _split_paragraph(paragraph):
            raw = paragraph[begin:end]
            stripped = raw.strip()
            if not _ALNUM.search(stripped):
                continue
            lead = len(raw) - len(raw.lstrip())
            start = position + begin + lead
            pieces = _cut_long_run(text, start, start + len(stripped))
            for piece_start, piece_end in pieces:
                piece = stripped if len(pieces) == 1 else text[piece_start:piece_end]
                if len(pieces) > 1 and not _ALNUM.search(piece):
                    continue
                sentences.append(Sentence(" ".join(piece.split()), piece_start, piece_end, paragraph_number))
                found = True
        if found:
            paragraph_number += 1
        if match:
            position = match.end()
    return sentences
