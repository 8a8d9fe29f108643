"""A phrase that refers back ("this problem"), named from the earlier sentence that said what it is ("the consensus
problem"), so that a sentence shown alone, as a TL;DR is, still says what it speaks of.

"In this paper, it is shown that every protocol for this problem has the possibility of nontermination." leans on
"The consensus problem involves an asynchronous system of processes ..." two sentences before it; shown alone it reads
"... every protocol for the consensus problem ...". The phrase is named from the nearest earlier sentence that writes
its noun (singular or plural) after one to three words of its own (`MODIFIERS`: no function word, no number); "the
problem" alone names nothing, so the search goes on to an earlier sentence. A sentence that leans in any other way
(an opener, "the former", "such systems", a pronoun) is not rewritten (`resolved` says None).
"""

from __future__ import annotations

import re
from typing import Sequence

from .prose import SELF_NOUNS, dangles, leans, opening_clause, shown

# "this problem", "these tasks": the determiner and the noun it points with.
POINTER = re.compile(r"\b([Tt]his|[Tt]hese)\s+([a-z][a-z-]+)\b")
SELF = re.compile(rf"(?:{SELF_NOUNS})s?$")  # "this paper" names the document, not an earlier sentence's noun
MODIFIERS = 3  # at most this many words before the noun name it ("the Byzantine Generals problem")
FUNCTION_WORDS = frozenset(
    """a an the of in on at to for from by with and or but nor as is are was were be been being has have had do does did
    we our us i you they their them it its this that these those such which who whom whose what when where how why not
    no can could may might must should would will shall into over under than then also both each all any some more most
    many much very so via per one two three several other another same own new first second last next
    previous""".split()
)
WORD = re.compile(r"[A-Za-z][\w-]*|\S")


def _forms(noun: str) -> set[str]:
    """The noun and its other number ("problem", "problems"; "queries", "query")."""
    if noun.endswith("ies"):
        return {noun, noun[:-3] + "y"}
    if noun.endswith("s"):
        return {noun, noun[:-1], noun[:-2] if noun.endswith("es") else noun}
    return {noun, noun + "s", noun + "es"}


def antecedent(noun: str, earlier: Sequence[str]) -> list[str] | None:
    """The words that name `noun` in the nearest earlier sentence writing it after words of its own ("consensus"
    for "problem" in "The consensus problem involves ..."), or None."""
    forms = _forms(noun.lower())
    for sentence in reversed(earlier):
        words = WORD.findall(shown(sentence))
        for k in range(len(words) - 1, 0, -1):
            if words[k].lower() not in forms:
                continue
            names: list[str] = []
            for word in reversed(words[max(0, k - MODIFIERS) : k]):
                if not WORD.fullmatch(word) or not word[0].isalpha() or word.lower() in FUNCTION_WORDS:
                    break
                names.insert(0, word)
            if names:
                return names
    return None


def resolved(text: str, earlier: Sequence[str]) -> str | None:
    """The sentence with the phrase it leans on named from `earlier` ("this problem" -> "the consensus problem"),
    when that phrase is all it leans on; else None."""
    if not leans(text) or (dangles(text) and not POINTER.match(text)):
        return None
    clause = len(opening_clause(text))
    for pointer in POINTER.finditer(text):
        if pointer.start() >= clause:
            return None
        if SELF.match(pointer.group(2)):
            continue
        names = antecedent(pointer.group(2), earlier)
        if names is None:
            return None
        the = "The" if pointer.group(1)[0].isupper() else "the"
        named = f"{text[: pointer.start()]}{the} {' '.join(names)} {pointer.group(2)}{text[pointer.end() :]}"
        return None if leans(named) else named
    return None
