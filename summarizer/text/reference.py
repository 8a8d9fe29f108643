"""A phrase that refers back ("this problem"), named from the earlier sentence that said what it is ("the consensus
problem"), so that a sentence shown alone, as a TL;DR is, still says what it speaks of.

"In this paper, it is shown that every protocol for this problem has the possibility of nontermination." leans on
"The consensus problem involves an asynchronous system of processes ..." two sentences before it; shown alone it reads
"... every protocol for the consensus problem ...". The phrase is named from the nearest earlier sentence that writes
its noun (singular or plural) after one to three words of its own (`MODIFIERS`: no function word, no number); "the
problem" alone names nothing, so the search goes on to an earlier sentence. A sentence that leans in any other way
(an opener, "the former", a pronoun) is not rewritten (`resolved` says None).

"such tilings" is named by what the earlier sentence says of its noun after it ("tilings of a polygon by hexagons") or,
failing that, before it, as "this problem" is: "We show exactly when two such tilings can be connected ..." after
"There is a natural generalization of domino tilings to tilings of a polygon by hexagons, ..." reads "We show exactly
when two tilings of a polygon by hexagons can be connected ...". "both approaches" is named by the pair an earlier
sentence sets side by side ("a trade-off between epidemic and deterministic tree-based broadcast primitives").
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
SUCH = re.compile(r"\bsuch\s+([a-z][a-z-]+)\b")  # "such tilings": the noun it points with
# The prepositions a noun's own phrase goes on with ("tilings of a polygon by hexagons"), and the words that end it.
OWN_PHRASE = frozenset("of by for with in on over between from".split())
PHRASE_ENDS = frozenset("that which who whom whose or and but is are was were".split())
PHRASE_WORDS = 8  # at most this many words after the noun name it
REACH = 3  # "such X" and "both X" are named from this many sentences before them at most (a long paste stays linear)
BOTH = re.compile(r"\bboth\s+[a-z][a-z-]*s\b(?!\s+(?:and|or|&)\b)")  # "combines both approaches"
# The two things an earlier sentence sets side by side: "a trade-off between epidemic and deterministic tree-based
# broadcast primitives" (words, no number, up to a punctuation mark).
BETWEEN = re.compile(r"\bbetween\s+((?:[A-Za-z][\w-]*\s+){0,5}?and(?:\s+[A-Za-z][\w-]*){1,6})\s*(?=[.,;:)]|$)")
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
            if names and k == len(names) and names[0][1:].islower():
                names[0] = names[0].lower()  # the sentence's capital, not a name's ("Gossip protocols are ...")
            if names:
                return names
    return None


def described(noun: str, earlier: Sequence[str]) -> str | None:
    """How the nearest earlier sentence writing `noun` (its last mention there) names it: the noun with the phrase
    after it ("tilings of a polygon by hexagons", up to a punctuation mark, a clause word or `PHRASE_WORDS` words),
    else the words before it (`antecedent`: "gossip protocols"); None where neither names it."""
    forms = _forms(noun.lower())
    for k in range(len(earlier) - 1, -1, -1):
        words = WORD.findall(shown(earlier[k]))
        mentions = [i for i, word in enumerate(words) if word.lower() in forms]
        if not mentions:
            continue
        at = mentions[-1]
        after: list[str] = []
        for word in words[at + 1 : at + 1 + PHRASE_WORDS]:
            if not WORD.fullmatch(word) or not word[0].isalpha() or word.lower() in PHRASE_ENDS:
                break
            after.append(word)
        if after and after[0].lower() in OWN_PHRASE and len(after) > 1 and after[-1].lower() not in FUNCTION_WORDS:
            return " ".join([words[at], *after])
        names = antecedent(noun, earlier[: k + 1])
        return " ".join([*names, words[at]]) if names else None
    return None


def _such_named(text: str, earlier: Sequence[str]) -> str | None:
    """The sentence with its opening clause's "such <noun>" named as the earlier sentence names it (`described`),
    when that is all it leans on."""
    found = SUCH.search(text)
    if found is None or found.start() >= len(opening_clause(text)):
        return None
    phrase = described(found.group(1), earlier[-REACH:])
    if phrase is None:
        return None
    named = f"{text[: found.start()]}{phrase}{text[found.end() :]}"
    return None if leans(named) else named


def _both_named(text: str, earlier: Sequence[str]) -> str | None:
    """The sentence with its opening clause's "both <things>" named as the two things the nearest earlier sentence
    sets side by side ("combines both approaches" after "a trade-off between epidemic and deterministic tree-based
    broadcast primitives" reads "combines both epidemic and deterministic tree-based broadcast primitives")."""
    found = BOTH.search(text)
    if found is None or found.start() >= len(opening_clause(text)):
        return None
    pair = next((m.group(1) for e in reversed(earlier[-REACH:]) for m in [BETWEEN.search(shown(e))] if m), None)
    if pair is None:
        return None
    named = f"{text[: found.start()]}both {pair}{text[found.end() :]}"
    return None if leans(named) else named


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
    pointer = next((p for p in POINTER.finditer(text) if not SELF.match(p.group(2))), None)
    if pointer is None:
        return _such_named(text, earlier) or _both_named(text, earlier) or _possessive_named(text, earlier)
    names = antecedent(pointer.group(2), earlier) if pointer.start() < len(opening_clause(text)) else None
    if names is None:
        return None
    the = "The" if pointer.group(1)[0].isupper() else "the"
    named = f"{text[: pointer.start()]}{the} {' '.join(names)} {pointer.group(2)}{text[pointer.end() :]}"
    return None if leans(named) else named
