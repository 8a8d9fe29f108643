"""Acronyms the document spells out ("causally and totally ordered communication support (CATOCS)"), spelled out
again at their first use in a summary, whose reader has not seen the sentence that defined them.

A definition is found as Schwartz and Hearst find one ("A simple algorithm for identifying abbreviation
definitions in biomedical text", PSB 2003): a short form in parentheses (two to ten characters, at least two of
them capitals, starting with a letter) and, before it, the fewest words (at most `EXTRA_WORDS` more than its
characters, and at most twice them) in which each of the short form's letters and digits can be found in order,
reading right to left, its first letter starting a word; a long form of one word needs a hyphen ("Hindley-Milner
(HM)"), and holds no bracket. The first definition of each short form in the document is the one used. A summary
sentence that uses a short form the summary has neither spelled out nor used before gets its long form in
parentheses after it ("We identify four limitations of CATOCS (causally and totally ordered communication
support)."); a sentence that already holds the long form is left as it is.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from .vectors import STOPWORDS

SHORT = re.compile(r"\(([A-Za-z][\w&/-]{1,9}?)s?\)")
EXTRA_WORDS = 5  # the long form has at most the short form's characters plus this many words, and at most twice them


def _is_short_form(short: str) -> bool:
    return sum(c.isupper() for c in short) >= 2 and any(c.isalpha() for c in short)


def _start(letters: list[str], text: str) -> int:
    """Where in `text` the long form of a short form with `letters` starts (each letter found right to left, the
    first starting a word), or -1."""
    lower, at = text.lower(), len(text) - 1
    for k in range(len(letters) - 1, -1, -1):
        while at >= 0 and (lower[at] != letters[k] or (k == 0 and at > 0 and lower[at - 1].isalnum())):
            at -= 1
        if at < 0:
            return -1
        at -= 1
    return at + 1


def long_form(short: str, before: str) -> str | None:
    """The long form of `short` that ends `before` (the text right before its parenthesis), or None."""
    text = " ".join(before.split()[-min(len(short) + EXTRA_WORDS, 2 * len(short)) :])
    start = _start([c for c in short.lower() if c.isalnum()], text)
    found = text[start:].strip(" ,;:") if start >= 0 else ""
    if len(re.split(r"[\s-]+", found)) < 2 or short.lower() in found.lower().split() or re.search(r"[()\[\]]", found):
        return None
    later = [w for w in found.split()[1:] if w.lower() not in STOPWORDS]  # lower case in a name's title
    if found[:1].isupper() and found[1:2].islower() and any(w[:1].islower() for w in later):
        found = found[:1].lower() + found[1:]  # a sentence's capital ("Causally and totally ordered ..."), no name's
    return found


def definitions(texts: Iterable[str]) -> dict[str, str]:
    """Each short form the texts define, with its long form (the first definition of each)."""
    found: dict[str, str] = {}
    for text in texts:
        for match in SHORT.finditer(text):
            short = match.group(1)
            if short in found or not _is_short_form(short):
                continue
            long = long_form(short, text[: match.start()])
            if long:
                found[short] = long
    return found


def spelled_out(sentences: Sequence[str], defined: dict[str, str]) -> list[str]:
    """The sentences with each defined short form spelled out at its first use among them, unless that sentence (or
    one before it) already gives its long form."""
    seen: set[str] = set()
    result = []
    for sentence in sentences:
        for short, long in defined.items():
            if short in seen:
                continue
            use = re.search(rf"(?<![\w-]){re.escape(short)}(?![\w-])(?!\s*\()", sentence)
            if long.lower() in sentence.lower():
                seen.add(short)
            elif use:
                sentence = f"{sentence[: use.end()]} ({long}){sentence[use.end() :]}"
                seen.add(short)
        result.append(sentence)
    return result
