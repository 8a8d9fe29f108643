"""The pass every format ends with: paragraphs typed by their text, and whole sections by their heading.

A "References" heading makes what follows reference entries, a "Contents" heading a table of
contents; runs of lines ending in page numbers are a table of contents wherever they are.
"""

from __future__ import annotations

import re
from dataclasses import replace

from textkind import BULLET, paragraph_rule

from .classify import LEADER_AT_END, TOC_LINE, SectionRole, is_toc_line, section_role
from .document import Block, Origin

DECIMAL_HEADING = re.compile(r"^(\d{1,3}(?:\.\d{1,3})*)\.?\s+\S")
MIN_TOC_RUN = 3
UNDER: dict[SectionRole, Origin] = {
    "toc": Origin.UNDER_CONTENTS,
    "reference": Origin.UNDER_REFERENCES,
    "index": Origin.UNDER_INDEX,
}
MAX_TOC_ENTRY_WORDS = 16
ROMAN_NUMBERED = re.compile(r"^([IVXLC]{1,6})\.?\s+(?=[A-Z])")
ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
LETTERED = re.compile(r"^[A-Z]\.\s+(?=[A-Z])")
# A references list whose heading is run into its first entry ("REFERENCES 1. ATTIYA, A., ...", a journal's layout):
# the paragraph and those after it are the references, up to the next heading.
RUN_IN_REFERENCES = re.compile(
    r"^(?i:references|bibliography)\s*[:.]?\s+(?:\[1\]|1\.)\s+[A-Z][\w'-]+,|^(?:REFERENCES|BIBLIOGRAPHY)\s+[A-Z][A-Z'-]+,"
)
RUN_IN_KINDS = ("paragraph", "list_item", "footnote")
ANY_HEADING = 9  # a level no heading goes below: under a run-in references list, every heading ends it
# "CHAPTER 1" on the page after the contents opens the chapter: its number is not a page number.
PART_ALONE = re.compile(r"^(?:chapter|part|section|annex|appendix)\s+[\dA-Z]{1,4}$", re.I)


def _typed(block: Block) -> Block:
    """A paragraph or list item typed by the first paragraph rule (`textkind.RULES`) that fires on its text; a
    bullet's mark is cut from the list item it opens."""
    rule = paragraph_rule(block.text) if block.kind in ("paragraph", "list_item") else None
    if rule is None:
        return block
    bullet = BULLET.match(block.text) if rule.kind == "list_item" else None
    cut = block.cut(bullet.end()) if bullet else block
    return replace(cut, kind=rule.kind or block.kind, origin=Origin(rule.name))


def _words(text: str) -> int:
    """Words of a line without its dot leader ('6.4 Skew Binary Numbers . . . . 76' has four)."""
    return len(LEADER_AT_END.sub("", text).split())


def _toc_entry(block: Block) -> bool:
    text = block.text.strip()
    return (
        block.origin is not Origin.OUTLINE
        and block.kind in ("heading", "paragraph", "list_item", "toc")
        and _words(text) <= MAX_TOC_ENTRY_WORDS
        and not PART_ALONE.match(text)
        and (is_toc_line(text) or bool(TOC_LINE.match(text)))
    )


def _toc_runs(blocks: list[Block]) -> list[Block]:
    """Runs of three or more entries ending in page numbers become the table of contents."""
    result = list(blocks)
    start = 0
    while start < len(result):
        end = start
        while end < len(result) and _toc_entry(result[end]):
            end += 1
        if end - start >= MIN_TOC_RUN:
            for i in range(start, end):
                result[i] = replace(result[i], kind="toc", level=0, origin=Origin.TOC_RUN)
            start = end
        else:
            start += 1
    return result


def _roles(blocks: list[Block]) -> list[Block]:
    """Blocks under a Contents, References or Index heading take that role until the section ends; so do a
    references list run into its first entry and the blocks after it (`RUN_IN_REFERENCES`)."""
    result: list[Block] = []
    role: SectionRole | None = None
    role_level = 0
    for block in blocks:
        if block.kind == "heading":
            taken, role, role_level = _heading_in_role(block, role, role_level)
            if taken is not None:
                result.append(taken)
                continue
        if block.kind in RUN_IN_KINDS and RUN_IN_REFERENCES.match(block.text):
            role, role_level = "reference", ANY_HEADING  # the next heading, of any level, ends it
        if role and block.kind in ("paragraph", "list_item", "toc", "caption", "code", "table", "footnote"):
            block, role = _in_role(block, role)
        result.append(block)
    return result


def _heading_in_role(
    block: Block, role: SectionRole | None, role_level: int
) -> tuple[Block | None, SectionRole | None, int]:
    """(the block as taken, the role, its heading's level) at a heading: one that opens a role; a contents entry
    under Contents; a heading under References no higher than its heading, taken as a reference; else the role
    ends (the block None: it is read as any other)."""
    opened = section_role(block.text)
    if opened:
        return block, opened, block.level
    if role == "toc" and _toc_entry(block):
        return replace(block, kind="toc", level=0, origin=UNDER[role]), role, role_level
    if role and (block.level <= role_level or role != "reference"):
        return None, None, role_level
    if role:
        return replace(block, kind=role, level=0, origin=UNDER[role]), role, role_level
    return None, role, role_level


def _in_role(block: Block, role: SectionRole) -> tuple[Block, SectionRole | None]:
    """(the block, the role after it) under a role's heading: it takes the role, unless under Contents it is no
    contents entry but a sentence or a long line, which ends the contents."""
    if (
        role == "toc"
        and not _toc_entry(block)
        and (_words(block.text) > MAX_TOC_ENTRY_WORDS or block.text.rstrip().endswith((".", "!", "?")))
    ):
        return block, None
    return replace(block, kind=role, origin=UNDER[role]), role


def _in_order(blocks: list[Block]) -> list[Block]:
    """A numbered 'heading' that goes back in the numbering ('3. Rooms are square' after section 10)
    is an item of a numbered list, not a section."""
    result: list[Block] = []
    last: tuple[int, ...] = ()
    for block in blocks:
        number = (
            DECIMAL_HEADING.match(block.text)
            if block.kind == "heading" and block.origin is not Origin.OUTLINE
            else None
        )
        if number:
            current = tuple(int(part) for part in number.group(1).split("."))
            if last and current <= last:
                block = replace(block, kind="list_item", level=0, origin=Origin.NUMBER_GOES_BACK)
            else:
                last = current
        result.append(block)
    return result


def _roman(numeral: str) -> int:
    """The value of a Roman numeral ('XIV' -> 14); 0 when the letters are not one."""
    values = [ROMAN_VALUES.get(ch, 0) for ch in numeral]
    if not all(values):
        return 0
    return sum(-v if v < w else v for v, w in zip(values, values[1:] + [0]))


def _lettered_levels(blocks: list[Block]) -> list[Block]:
    """Sections numbered I., II., III. with subsections A., B., C. (the IEEE style): a lettered heading after a
    Roman one is a level below it. Both read as level 1 from their text alone. A numeral counts as Roman when it
    goes on from the last one (up to two missed), so "C. Middlebox Routing" after "III." is a letter."""
    headings = [b for b in blocks if b.kind == "heading" and b.origin is not Origin.OUTLINE]
    if sum(bool((m := ROMAN_NUMBERED.match(b.text)) and len(m.group(1)) >= 2) for b in headings) < 2:
        return blocks
    result, last, parent = [], 0, None
    for block in blocks:
        if block.kind == "heading" and block.origin is not Origin.OUTLINE:
            roman = ROMAN_NUMBERED.match(block.text)
            value = _roman(roman.group(1)) if roman else 0
            if last < value <= last + 3:
                last, parent = value, block.level
            elif parent is not None and LETTERED.match(block.text):
                block = replace(block, level=parent + 1)
        result.append(block)
    return result


def _stripped(block: Block) -> Block:
    """The block without spaces around its text."""
    text = block.text
    return block.cut(len(text) - len(text.lstrip()), len(text.rstrip()))


def finish(blocks: list[Block]) -> tuple[Block, ...]:
    """Blocks with non-prose paragraphs typed; empty blocks dropped. The contents are found before the numbering
    is followed: an entry "9 Conclusions 127" is not a section that puts 8.1 out of order."""
    kept = [_stripped(b) for b in blocks if b.text.strip()]
    return tuple(_typed(b) for b in _in_order(_lettered_levels(_roles(_toc_runs(kept)))))
