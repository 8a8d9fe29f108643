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
THEIR = re.compile(r"\btheir\b")
UNNAMED = frozenset("recent existing current prior most many some works".split())  # name no group on their own
# Verbs a plural subject takes that a function word list holds, or that end in "s" ("Deep networks are ...").
VERBS = frozenset("are were have had can could may might must should would will do does often".split())


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


def subject(sentence: str) -> str | None:
    """The plural noun phrase a passage's first sentence opens on as its subject ("Deep convolutional networks" in
    "Deep convolutional networks provide state of the art ..."): one to `MODIFIERS` + 1 words, the last a plural
    noun, then a verb (a lowercase word that is no function word and does not end in "s"); else None."""
    words = shown(sentence).split()
    for k in range(min(MODIFIERS + 1, len(words) - 1)):
        head, after = words[k], words[k + 1]
        if not re.fullmatch(r"[A-Za-z][\w-]*", head) or (k and not head[:1].islower()):
            return None
        plural = head.endswith("s") and not head.endswith("ss") and head.lower() not in FUNCTION_WORDS | UNNAMED
        verb = re.fullmatch(r"[a-z]+", after) and (after in VERBS or not after.endswith("s"))
        if plural and verb and after not in FUNCTION_WORDS - VERBS:
            phrase = " ".join(words[: k + 1])
            return phrase if phrase[1:2].isupper() else phrase[:1].lower() + phrase[1:]
        if head.lower() in FUNCTION_WORDS | UNNAMED:
            return None
    return None


def _possessive_named(text: str, earlier: Sequence[str]) -> str | None:
    """The sentence with its opening clause's "their" named as the passage's first sentence's subject ("We review
    their architecture" -> "We review deep convolutional networks' architecture"), when that is all it leans on."""
    found = THEIR.search(text)
    phrase = subject(earlier[0]) if earlier else None
    if found is None or phrase is None or found.start() >= len(opening_clause(text)):
        return None
    named = f"{text[: found.start()]}{phrase}'{text[found.end() :]}"
    return None if leans(named) else named


def resolved(text: str, earlier: Sequence[str]) -> str | None:
    """The sentence with the phrase it leans on named from `earlier` ("this problem" -> "the consensus problem";
    "their" -> the passage's first subject, `subject`), when that phrase is all it leans on; else None."""
    if not leans(text) or (dangles(text) and not POINTER.match(text)):
        return None
    if not POINTER.search(text):
        return _possessive_named(text, earlier)
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
