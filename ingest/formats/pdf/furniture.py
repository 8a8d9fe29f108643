"""Stage 3, page furniture: running heads and feet and page numbers, the edge lines repeated across pages or
numbered like the page."""

from __future__ import annotations

import re
from collections import Counter

from .lines import Line

PAGE_NUMBER = re.compile(r"^\W*(?:page\s*)?(?:\d{1,4}|[ivxlc]{1,7})(?:\s*(?:of|/)\s*\d{1,4})?\W*$", re.I)
EDGE_NUMBER = re.compile(r"\b(\d{1,4})\s*\.?$")
EDGE_LINES = 3
RUNNING_SHARE = 0.5
MIN_CHAPTER_HEADS = 3
MAX_RUNNING_WORDS = 12
EDGE_LEAD_NUMBER = re.compile(r"^(\d{1,4})\s+\D")
RUNNING_REASON = "a running head, foot or page number"


def _signature(line: str) -> str:
    return re.sub(r"\d+", "#", " ".join(line.lower().split()))


def _edges(lines: list[Line]) -> list[Line]:
    ends = lines[:EDGE_LINES] + lines[-EDGE_LINES:] if len(lines) > 2 * EDGE_LINES else lines
    return [line for line in ends if line.edge or not any(ln.size for ln in lines)]


RUNNING_NOTE = "Running headers, footers and page numbers were left out of the summary (see what was left out)."


def _may_run(text: str) -> bool:
    """Whether a line could be a running head or foot: not the start or middle of a sentence."""
    return not text[0].islower() and len(text.split()) <= MAX_RUNNING_WORDS and not text.endswith(("-", ",", ";"))


def _furniture(pages: list[list[Line]]) -> set[int]:
    """ids of running headers, footers and page numbers: edge lines repeated across pages (on most pages, on
    most even or odd pages, or on three or more: a chapter's heads) or numbered like the page."""
    found: set[int] = set()
    counts: Counter[str] = Counter()
    by_side: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
    offsets: Counter[int] = Counter()
    for index, lines in enumerate(pages):
        edges = _edges(lines)
        for line in edges:
            if PAGE_NUMBER.match(line.text):
                found.add(id(line))
        signatures = {_signature(ln.text) for ln in edges if _may_run(ln.text)}
        counts.update(signatures)
        by_side[index % 2].update(signatures)
        for line in edges:
            number = EDGE_NUMBER.search(line.text)
            if number:
                offsets[int(number.group(1)) - index] += 1
    if sum(1 for lines in pages if lines) < 3:
        return found
    sides = [sum(1 for lines in pages[side::2] if lines) for side in (0, 1)]
    running = {
        sig
        for sig, n in counts.items()
        if n >= max(2, RUNNING_SHARE * sum(sides))
        or n >= MIN_CHAPTER_HEADS
        and len(sig.split()) >= 2
        or any(by_side[side][sig] >= max(2, RUNNING_SHARE * sides[side]) for side in (0, 1))
    }
    offset, seen = offsets.most_common(1)[0] if offsets else (0, 0)
    numbered = seen >= max(3, 0.3 * len(pages))
    for index, lines in enumerate(pages):
        for line in _edges(lines):
            if not _may_run(line.text):
                continue
            trailing, leading = EDGE_NUMBER.search(line.text), EDGE_LEAD_NUMBER.match(line.text)
            signature = _signature(line.text)
            if (
                signature in running
                or numbered
                and (
                    trailing
                    and int(trailing.group(1)) - index == offset
                    or leading
                    and counts[signature] >= 2
                    and int(leading.group(1)) - index == offset
                )
            ):
                found.add(id(line))
    return found
