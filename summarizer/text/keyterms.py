"""A document's key terms: the phrases of one to three content words it is most about.

Candidates are the runs of content words between stopwords and punctuation (as RAKE cuts them),
and the one-to-three-word phrases inside them. A phrase is scored with the engine's own TF-IDF
(`vectors.tfidf` over the sentences, plurals folded): the weight each of its words carries summed
over all sentences, added up over its words and times how often the phrase itself occurs. So a
phrase that recurs outweighs the single words inside it; a lower-case single word counts a quarter
(common words such as "type" or "process" are rarely what a paper is about, names and acronyms
are), and a term overlapping one already chosen is not listed again. The constants were set on
the dev papers' author keywords (`python -m summarizer keyterms`). A text longer than 60,000 words
is read as an even sample of its sentences (every k-th), which keeps the cost near a tenth of a
second while every part of the text still counts. Linear in the length of the text, no model and no download.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from typing import Iterable, Sequence

from .vectors import STOPWORDS, tfidf

COUNT = 10
MAX_WORDS = 3
MIN_PHRASE_COUNT = 2
MIN_LETTERS = 3
COMMON_WORD_WEIGHT = 0.25
SAMPLE_WORDS = 60_000
EXTRA_STOPWORDS = frozenset(
    """
et al use used using based however thus therefore since given shown show shows section figure table fig eq
paper work result results example examples case cases number set sets way first second third many much well
within without via per among across also like each every another able make makes made need needs often
say tell tells told ask asks asked adds added noted stated reported according
explain explains explained write writes wrote describe describes described see seen go goes went get got
""".split()
)
_SKIP = STOPWORDS | EXTRA_STOPWORDS
GLUED_TAIL = 4  # the shortest stopword a glued word is cut at ("said", "told"), so "Broad|way" stays whole
MAX_WORD_LETTERS = 30  # longer is a run of glued words or a token of code or data, not a term
CONTRACTION = re.compile(r"['’](?:m|re|ve|ll|d|t|s)$", re.I)  # I'm, we're, they've, it'll, she'd, don't, it's
OPENING = re.compile(r"^\W*")  # what may come before a sentence's first word: quotes, brackets, a dash
_WORD = re.compile(r"[^\W\d_][\w'’-]*[^\W_]|[^\W\d_]", re.UNICODE)
_BREAK = re.compile(r"[.,;:!?()\[\]{}\"“”‘’/\\|<>=+*&^%$#@~`]|\s[-–—]\s|\d")


def _no_term(word: str) -> bool:
    """A word that cuts a run: a stopword, a letter, a stopword contracted ("I'm", "don't") or a giant token."""
    lowered = word.lower()
    return (
        len(word) < 2
        or lowered in _SKIP
        or len(word) > MAX_WORD_LETTERS
        or bool(CONTRACTION.search(lowered))
        and CONTRACTION.sub("", lowered).removesuffix("n") in _SKIP
    )


def _runs(text: str) -> Iterable[list[str]]:
    """Runs of content words in `text`, cut at punctuation, digits and stopwords."""
    for piece in _BREAK.split(text):
        run: list[str] = []
        for word in _WORD.findall(piece):
            if _no_term(word):
                if run:
                    yield run
                run = []
            else:
                run.append(word)
        if run:
            yield run


def _phrases(run: list[str]) -> Iterable[tuple[str, ...]]:
    for size in range(1, MAX_WORDS + 1):
        for start in range(len(run) - size + 1):
            yield tuple(run[start : start + size])


def _fold(word: str) -> str:
    """A word lower-cased with its plural folded: "processes" and "process", "entities" and "entity" meet."""
    word = word.lower().replace("’", "'").removesuffix("'s")
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _key(words: Sequence[str]) -> tuple[str, ...]:
    return tuple(_fold(w) for w in words)


def _sample(sentences: Sequence[str]) -> Sequence[str]:
    """Every k-th sentence of a text longer than `SAMPLE_WORDS`, so the cost stays bounded and the whole text
    still has its say; shorter texts whole."""
    words = sum(s.count(" ") + 1 for s in sentences)
    return sentences if words <= SAMPLE_WORDS else sentences[:: math.ceil(words / SAMPLE_WORDS)]


Phrase = tuple[str, ...]


def _read(
    sentences: Sequence[str],
) -> tuple[Counter[Phrase], Counter[Phrase], dict[str, str], list[list[str]]]:
    """Every phrase as written with how often; how often each was written at a sentence's start; each word's
    folded form; and the folded content words of each sentence."""
    written: Counter[tuple[str, ...]] = Counter()
    opening: Counter[tuple[str, ...]] = Counter()
    fold: dict[str, str] = {}
    words_per_sentence = []
    for sentence in sentences:
        folded: list[str] = []
        start = OPENING.match(sentence).end()  # type: ignore[union-attr]  # \W* always matches
        for number, run in enumerate(_runs(sentence)):
            folded += [fold.get(w) or fold.setdefault(w, _fold(w)) for w in run]
            phrases = list(_phrases(run))
            written.update(phrases)
            if number == 0 and sentence.startswith(run[0], start):
                opening.update(phrase for phrase in phrases if phrase[0] is run[0])
        words_per_sentence.append(folded)
    return written, opening, fold, words_per_sentence


def key_terms(sentences: Sequence[str], count: int = COUNT) -> list[str]:
    """The `count` key terms of the text, best first, each written as it most often appears."""
    sentences = _sample(sentences)
    written, opening, fold, words_per_sentence = _read(sentences)
    counts, spelled, openers = _tally(written, opening, fold)
    if not counts:
        return []
    scores = _scores(counts, spelled, _glued(counts, fold) | openers, words_per_sentence)
    return [_spelling(spelled[key]) for key in _best(scores, count)]


def _tally(
    written: Counter[Phrase], opening: Counter[Phrase], fold: dict[str, str]
) -> tuple[Counter[Phrase], dict[Phrase, Counter[str]], set[Phrase]]:
    """How often each folded phrase is written; its spellings: those away from a sentence's start, else (a
    phrase only ever opening sentences) the ones there, first word lower-cased; and the single words only ever
    written at a sentence's start."""
    counts: Counter[Phrase] = Counter()
    spelled: dict[Phrase, Counter[str]] = defaultdict(Counter)
    at_start: dict[Phrase, Counter[str]] = defaultdict(Counter)
    for phrase, seen in written.items():
        if len(phrase) == 1 and len(phrase[0]) < MIN_LETTERS:
            continue
        key = tuple(fold[w] for w in phrase)
        counts[key] += seen
        if seen > opening[phrase]:
            spelled[key][" ".join(phrase)] += seen - opening[phrase]
        if opening[phrase]:  # a capital there says nothing: "See", "Maintaining" open sentences, not names
            at_start[key][" ".join((phrase[0][:1].lower() + phrase[0][1:], *phrase[1:]))] += opening[phrase]
    # A word only ever written at a sentence's start is no term ("See", "Maintaining"): nothing tells a name
    # there from an opener, and openers are far commoner. A phrase there keeps its words, lower-cased.
    openers: set[Phrase] = {key for key in counts if len(key) == 1 and not spelled.get(key)}
    return counts, {key: spelled.get(key) or at_start[key] for key in counts}, openers


def _scores(
    counts: Counter[Phrase],
    spelled: dict[Phrase, Counter[str]],
    dropped: set[Phrase],
    words_per_sentence: list[list[str]],
) -> dict[Phrase, float]:
    """Each candidate phrase's score: how often it is written times the tf-idf weight of its words, a common
    word's lowered; the `dropped` ones and rare phrases are no candidates."""
    rows = tfidf(words_per_sentence)
    vocabulary: dict[str, int] = {}  # the columns tfidf gave: words in order of first appearance
    for folded in words_per_sentence:
        for word in folded:
            vocabulary.setdefault(word, len(vocabulary))
    weight = rows.sum()
    scores = {}
    for key, seen in counts.items():
        if len(key) > 1 and seen < MIN_PHRASE_COUNT or key in dropped:
            continue
        score = seen * float(sum(weight[vocabulary[s]] for s in key))
        if len(key) == 1 and _spelling(spelled[key]).islower():
            score *= COMMON_WORD_WEIGHT
        scores[key] = score
    return scores


def _best(scores: dict[Phrase, float], count: int) -> list[Phrase]:
    """The `count` best-scored phrases, skipping one inside (or around) a phrase already chosen."""
    chosen: list[Phrase] = []
    for key in sorted(scores, key=scores.__getitem__, reverse=True):
        if any(_inside(key, other) or _inside(other, key) for other in chosen):
            continue
        chosen.append(key)
        if len(chosen) == count:
            break
    return chosen


def _glued(counts: Counter[tuple[str, ...]], fold: dict[str, str]) -> set[tuple[str, ...]]:
    """Single words that are a word of the text glued to a stopword or reporting verb ("Manningsaid", from a
    PDF that lost a space): the head is written on its own elsewhere, the tail is no term at all."""
    alone = {word.lower() for word in fold}
    found: set[tuple[str, ...]] = set()
    for key in counts:
        word = key[0]
        if len(key) == 1 and any(
            word[:cut] in alone and word[cut:] in _SKIP for cut in range(MIN_LETTERS, len(word) - GLUED_TAIL + 1)
        ):
            found.add(key)
    return found


def _inside(small: tuple[str, ...], big: tuple[str, ...]) -> bool:
    """Whether the phrase `small` occurs within `big` (a word inside a chosen phrase is not listed again)."""
    return any(big[i : i + len(small)] == small for i in range(len(big) - len(small) + 1))


def _spelling(forms: Counter[str]) -> str:
    """The commonest spelling, lower-cased unless it is always written with capitals (names, acronyms)."""
    form = forms.most_common(1)[0][0]
    return form if all(any(ch.isupper() for ch in f) for f in forms) else form.lower()


def frequent_words(sentences: Sequence[str], count: int = COUNT) -> list[str]:
    """The baseline: the most frequent content words."""
    counts: Counter[tuple[str, ...]] = Counter()
    spelled: dict[tuple[str, ...], Counter[str]] = defaultdict(Counter)
    for sentence in sentences:
        for run in _runs(sentence):
            for word in run:
                if len(word) >= MIN_LETTERS:
                    counts[_key([word])] += 1
                    spelled[_key([word])][word] += 1
    return [_spelling(spelled[key]) for key, _ in counts.most_common(count)]
