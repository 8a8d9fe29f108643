"""Which sentences sit inside a quotation that an earlier sentence opened.

News quotes run over several sentences: 'He said: "I think it goes to the heart of it. I don't
believe we can ..."'. Only the first names the speaker; the others, shown alone, read as the
paper's own words. The offline engine's learned score sees this as a feature (`engines.scoring`).

The marks are read in order with a small state machine per paragraph. A mark between two letters
is an apostrophe ("don't"); a mark after a letter with no quote open is a possessive ("players'");
an opening mark follows a space, a colon, a bracket or a dash, or starts the sentence, and comes
before a letter (the CNN/DailyMail text also has "He said:' I think", with the space after it). A
quote still open after `MAX_SPAN` sentences is taken as a stray mark and closed.
"""

from __future__ import annotations

import re
from typing import Sequence

MARKS = re.compile(r"['\"‘’“”]")
OPENS_AFTER = frozenset(":([—–-")
CLOSES_AFTER = frozenset(".,!?…;—–-")
MAX_SPAN = 6


def _opens(text: str, i: int) -> bool:
    before = text[i - 1] if i else " "
    after = text[i + 1 : i + 3].lstrip()[:1]
    return (before.isspace() or before in OPENS_AFTER) and after.isalpha()


def _closes(text: str, i: int) -> bool:
    before = text[i - 1] if i else " "
    return before in CLOSES_AFTER or before.isalnum()


def inside_quotes(texts: Sequence[str], paragraphs: Sequence[int]) -> list[bool]:
    """For each sentence, whether it starts inside a quotation opened by an earlier sentence of its paragraph."""
    inside: list[bool] = []
    open_for = 0  # sentences the current quote has been open for; 0 when none is open
    paragraph = None
    for text, number in zip(texts, paragraphs):
        if number != paragraph or open_for > MAX_SPAN:
            open_for, paragraph = 0, number
        inside.append(open_for > 0)
        for match in MARKS.finditer(text):
            i = match.start()
            if 0 < i < len(text) - 1 and text[i - 1].isalnum() and text[i + 1].isalnum():
                continue  # an apostrophe
            if open_for and _closes(text, i):
                open_for = 0
            elif not open_for and _opens(text, i):
                open_for = 1
        if open_for:
            open_for += 1
    return inside
