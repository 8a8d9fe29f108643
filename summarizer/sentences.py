"""Offline sentence splitting with character offsets, so summaries can point back at the source.

A rule-based splitter: no model or data download, about a millisecond per article. It knows
common English abbreviations, initials, decimals, quotes after the full stop, headings and list
items on their own lines, and paragraphs separated by blank lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ABBREVIATIONS = frozenset("""
mr mrs ms dr prof sr jr st mt ft gen col lt sgt capt cmdr adm gov sen rep rev hon pres supt
insp det pc jan feb mar apr jun jul aug sep sept oct nov dec mon tue wed thu fri sat sun
no vs etc e.g i.e a.m p.m u.s u.k u.n e.u inc ltd co corp bros dept est approx fig eq vol
al cf ca op para pp ed eds univ assn ave blvd rd
""".split())

_BOUNDARY = re.compile(r"""[.!?…]+["'”’)\]]*(?=\s+["'“‘(\[]?[A-Z0-9])""")
_PARAGRAPH = re.compile(r"\n[ \t]*\n\s*")
_BULLET = re.compile(r"^\s*(?:[-*•▪◦]|\(?\d{1,3}[.)]|\(?[a-z][.)])\s+")
_TERMINAL = re.compile(r"""[.!?…:;]["'”’)\]]*$""")
_WORD_BEFORE = re.compile(r"([A-Za-z][A-Za-z.]*)\.$")


@dataclass(frozen=True)
class Sentence:
    """One sentence: its text, where it sits in the source, and its paragraph number."""

    text: str
    start: int
    end: int
    paragraph: int


def _is_abbreviation(text_before: str) -> bool:
    match = _WORD_BEFORE.search(text_before)
    if not match:
        return False
    word = match.group(1).lower()
    if word in ABBREVIATIONS:
        return True
    return len(word) == 1 and word.isalpha() and match.group(1).isupper()


def _line_breaks(paragraph: str) -> list[int]:
    """Offsets inside a paragraph where a line break also ends a sentence."""
    cuts = []
    offset = 0
    lines = paragraph.split("\n")
    for i, line in enumerate(lines[:-1]):
        offset += len(line) + 1
        stripped = line.strip()
        following = lines[i + 1]
        starts_new = following.strip()[:1].isupper() or following.strip()[:1].isdigit()
        heading = stripped and starts_new and not _TERMINAL.search(stripped) and len(stripped.split()) <= 12
        if heading or _TERMINAL.search(stripped) and _BULLET.match(following) or \
                _BULLET.match(following) and _BULLET.match(line):
            cuts.append(offset)
        elif _TERMINAL.search(stripped) and len(stripped) < 50:
            cuts.append(offset)
    return cuts


def _split_paragraph(paragraph: str) -> list[tuple[int, int]]:
    cuts = set(_line_breaks(paragraph))
    for match in _BOUNDARY.finditer(paragraph):
        end = match.end()
        if paragraph[match.start()] == "." and _is_abbreviation(paragraph[:match.start() + 1]):
            continue
        cuts.add(end)
    spans = []
    begin = 0
    for cut in sorted(cuts) + [len(paragraph)]:
        spans.append((begin, cut))
        begin = cut
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
            if not stripped or not any(ch.isalnum() for ch in stripped):
                continue
            lead = len(raw) - len(raw.lstrip())
            start = position + begin + lead
            sentences.append(Sentence(" ".join(stripped.split()), start,
                                      start + len(stripped), paragraph_number))
            found = True
        if found:
            paragraph_number += 1
        if match:
            position = match.end()
    return sentences
