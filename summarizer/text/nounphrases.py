"""Noun-phrase candidates for key terms, without a tagger: runs of content words, trimmed to what can name a thing.

No part-of-speech model is installed (NLTK is, without its tagger data; spaCy and YAKE are not), so the
candidates come from word shapes and closed word lists. A run of content words is cut at punctuation, digits,
stopwords, honorifics and short variable names ("event ej": the "ej" cuts); a phrase of one to three words
inside a run is a candidate when it neither starts nor ends with a preposition, an adverb or a common verb
("message along", "holds eventually", "generate questions" are fragments, not names), and a single word is one
when it is no common word on its own ("Cannot", "World", "Miss"). The text itself tells which words it uses as
verbs (`verbs_in`: those written before an article, "elects a leader"); a phrase ending in one is no candidate.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

from .vectors import STOPWORDS

MAX_WORDS = 3
MAX_WORD_LETTERS = 30  # longer is a run of glued words or a token of code or data, not a term
EXTRA_STOPWORDS = frozenset(
    """
et al use used using based however thus therefore since given shown show shows section figure table fig eq
paper work result results example examples case cases number set sets way first second third many much well
within without via per among across also like each every another able make makes made need needs often
say tell tells told ask asks asked adds added noted stated reported according
explain explains explained write writes wrote describe describes described see seen go goes went get got
cannot can't won't yes let lets i.e e.g etc several various certain numerous including include includes
twice again already always never still yet even ever rather quite almost together instead perhaps
""".split()
)
PREPOSITIONS = frozenset(
    """
along alongside upon onto toward towards beyond despite throughout inside outside beneath beside besides near
underneath unlike versus whereas whether though although unless around behind amid plus except
""".split()
)
HONORIFICS = frozenset("mr mrs ms miss mx dr prof sir madam dame lady lord rev st jr sr".split())
VERBS = frozenset(
    """
be have do take takes took give gives gave find finds found know knows knew think thinks thought hold holds held
keep keeps kept let begin begins began seem seems seemed help helps helped show shows try tries tried call calls
called want wants wanted provide provides provided consider considers considered allow allows allowed
require requires required contain contains contained follow follows followed include includes included
become becomes became remain remains remained obtain obtains obtained generate generates generated
assume assumes assumed denote denotes denoted define defines defined apply applies applied prove proves proved
implement implements implemented satisfy satisfies satisfied return returns returned receive receives received
introduce introduces introduced present presents presented discuss discusses discussed suppose note notes
""".split()
)
# Single words that are no term on their own, whatever their capital ("World", "Cannot", "Miss"): words a
# sentence's opener or a heading capitalises and a paper never means as its subject.
COMMON = frozenset(
    """
world time times part parts place thing things people year years day days life man woman end point points
fact idea way kind sort lot type types form forms order level levels line lines side sides course
problem problems approach approaches method methods system systems model models value values data
case step steps term terms version versions rest total area group new old good best little large small
""".split()
)
OBJECTS = frozenset("a an the its their this these those our his her them it every each another any some all".split())
VERB_SHARE = 1 / 3
VERB_MIN = 1
SKIP = STOPWORDS | EXTRA_STOPWORDS | PREPOSITIONS | HONORIFICS
CONTRACTION = re.compile(r"['’](?:m|re|ve|ll|d|t|s)$", re.I)  # I'm, we're, they've, it'll, she'd, don't, it's
WORD = re.compile(r"[^\W\d_][\w'’–-]*[^\W_]|[^\W\d_]", re.UNICODE)  # "Johnson–Lindenstrauss" is one word
BREAK = re.compile(r"[.,;:!?()\[\]{}\"“”‘’/\\|<>=+*&^%$#@~`]|\s[-–—]\s|\d")
ADJECTIVE_ENDINGS = ("ed", "ous", "ive", "ible", "able", "ful", "less")
ADJECTIVES = frozenset("upper lower little general efficient sparse modular several".split())
ADVERB = re.compile(r"^[a-z]{3,}ly$")  # "eventually", "only": never a term's first or last word
_ACRONYM = re.compile(r"^[A-Z][A-Z0-9]+s?$")

Phrase = tuple[str, ...]


def is_variable(word: str) -> bool:
    """A short symbol rather than a word: one letter, or two not an acronym ("C", "ej", "pi", "xi"; "IO" is kept)."""
    return len(word) == 1 or len(word) == 2 and not word.isupper()


def cuts(word: str) -> bool:
    """A word that cuts a run: a stopword, preposition or honorific, a variable, a stopword contracted ("I'm",
    "don't") or a giant token."""
    lowered = word.lower()
    return (
        is_variable(word)
        or lowered in SKIP
        or len(word) > MAX_WORD_LETTERS
        or bool(CONTRACTION.search(lowered))
        and CONTRACTION.sub("", lowered).removesuffix("n") in SKIP
    )


def runs(text: str) -> Iterable[list[str]]:
    """Runs of content words in `text`, cut at punctuation, digits and the words that `cuts`."""
    for piece in BREAK.split(text):
        run: list[str] = []
        for word in WORD.findall(piece):
            if cuts(word):
                if run:
                    yield run
                run = []
            else:
                run.append(word)
        if run:
            yield run


def _edge_ok(word: str) -> bool:
    """Whether a phrase may start or end with `word`: no adverb, no common verb."""
    lowered = word.lower()
    return lowered not in VERBS and not ADVERB.match(lowered)


def _last_ok(word: str) -> bool:
    """Whether a phrase may end with `word`: no past tense or participle ("channel reached", "message passed"),
    no adjective ("fixed upper", "efficient")."""
    return not (word.islower() and (len(word) > 4 and word.endswith(ADJECTIVE_ENDINGS) or word in ADJECTIVES))


def verbs_in(sentences: Iterable[str]) -> frozenset[str]:
    """The words (lower-cased) this text uses as verbs: at least a third of the times written, straight before an
    article or object pronoun ("elects a leader", "stores the log"), which a noun rarely is."""
    before: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for sentence in sentences:
        words = [w.lower() for w in WORD.findall(sentence)]
        seen.update(words)
        before.update(w for w, after in zip(words, words[1:]) if after in OBJECTS)
    return frozenset(w for w, n in before.items() if n >= VERB_MIN and n >= seen[w] * VERB_SHARE)


def is_noun_phrase(phrase: Phrase) -> bool:
    """Whether a run's sub-phrase can name a thing: its edges no adverb or verb, a lone word no common word."""
    if not phrase or not (_edge_ok(phrase[0]) and _edge_ok(phrase[-1]) and _last_ok(phrase[-1])):
        return False
    if len(phrase) == 1:
        word = phrase[0]
        return bool(_ACRONYM.match(word)) or word.lower() not in COMMON
    return True


def phrases(run: list[str]) -> Iterable[Phrase]:
    """The noun-phrase candidates of one to `MAX_WORDS` words inside a run."""
    for size in range(1, MAX_WORDS + 1):
        for start in range(len(run) - size + 1):
            phrase = tuple(run[start : start + size])
            if is_noun_phrase(phrase):
                yield phrase
