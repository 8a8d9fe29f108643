"""Plain text to blocks: blank-line paragraphs, heading-like lines, list items, `#` and underlined headings."""

from __future__ import annotations

import re

from textkind import LIST_MARKER

from ..classify import TOC_LINE, is_toc_line, looks_like_heading, numbered_level
from ..document import Block
from ..sections import finish

HASH_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*$")
UNDERLINE = re.compile(r"^\s*(=+|-+)\s*$")
HYPHEN_BREAK = re.compile(r"(\w)-\n(?=[a-z])")
SHORT_LINE_SHARE = 0.6


def _joined(lines: list[str]) -> str:
    """Lines of one paragraph: reflowed prose, or kept one per line when they are items (verse, lists of names)."""
    widest = max(len(line) for line in lines)
    short = sum(1 for line in lines if len(line) < SHORT_LINE_SHARE * widest)
    if len(lines) > 2 and short > len(lines) / 2:
        return "\n".join(lines)
    return " ".join(HYPHEN_BREAK.sub(r"\1", "\n".join(lines)).split("\n"))


def _toc_lines(lines: list[str]) -> set[int]:
    """Indices of lines in runs of three or more that end in a page number or a dot leader."""
    marks = [is_toc_line(line) or len(line.split()) <= 16 and bool(TOC_LINE.match(line.strip())) for line in lines]
    found: set[int] = set()
    start = 0
    while start < len(lines):
        end = start
        while end < len(lines) and marks[end]:
            end += 1
        if end - start >= 3:
            found.update(range(start, end))
        start = max(end, start + 1)
    return found


def _underlines(line: str, pending: list[str]) -> bool:
    """`line` underlines the one line above it (a Setext heading: "Title" over "=====")."""
    return bool(UNDERLINE.match(line)) and len(pending) == 1


def _continues_item(blocks: list[Block], pending: list[str], line: str) -> bool:
    """An indented line right under a list item: the item's next line."""
    return bool(blocks) and blocks[-1].kind == "list_item" and not pending and line[:1].isspace()


def _opening_heading(line: str, following: str) -> bool:
    """A paragraph's first line that reads like a heading over a capitalized line (not an underline)."""
    return following[:1].isupper() and looks_like_heading(line) and not UNDERLINE.match(following)


def _paragraph_blocks(lines: list[str]) -> list[Block]:
    """A paragraph's lines as blocks: contents lines, headings (hashed, underlined or opening it), list items and
    the paragraph's text."""
    blocks: list[Block] = []
    toc = _toc_lines(lines)
    pending: list[str] = []

    def flush() -> None:
        if pending:
            blocks.append(Block("paragraph", _joined(pending)))
            pending.clear()

    for number, line in enumerate(lines):
        hashed = HASH_HEADING.match(line)
        following = lines[number + 1] if number + 1 < len(lines) else ""
        if number in toc:
            flush()
            blocks.append(Block("toc", line.strip()))
        elif hashed:
            flush()
            blocks.append(Block("heading", hashed.group(2), len(hashed.group(1))))
        elif _underlines(line, pending):
            text = pending.pop()
            blocks.append(Block("heading", text, 1 if line.strip()[0] == "=" else 2))
        elif LIST_MARKER.match(line):
            flush()
            blocks.append(Block("list_item", LIST_MARKER.sub("", line, count=1)))
        elif _continues_item(blocks, pending, line):
            blocks[-1] = Block("list_item", f"{blocks[-1].text} {line.strip()}")
        elif number == 0 and _opening_heading(line, following):
            blocks.append(Block("heading", line.strip(), numbered_level(line) or 1))
        else:
            pending.append(line.strip())
    flush()
    return blocks


def parse(text: str) -> tuple[Block, ...]:
    """Blocks of a plain text: a one-line paragraph that reads like a title is a heading."""
    blocks: list[Block] = []
    for paragraph in re.split(r"\n[ \t]*\n", text.replace("\r\n", "\n").replace("\r", "\n")):
        lines = [line.rstrip() for line in paragraph.split("\n") if line.strip()]
        if not lines:
            continue
        if len(lines) == 1 and looks_like_heading(lines[0]) and not LIST_MARKER.match(lines[0]):
            blocks.append(Block("heading", lines[0].strip(), numbered_level(lines[0]) or 1))
            continue
        blocks.extend(_paragraph_blocks(lines))
    return finish(blocks)
