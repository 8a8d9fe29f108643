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
""".split()
)
_SKIP = STOPWORDS | EXTRA_STOPWORDS
_WORD = re.compile(r"[^\W\d_][\w'’-]*[^\W_]|[^\W\d_]", re.UNICODE)
_BREAK = re.compile(r"[.,;:!?()\[\]{}\"“”‘’/\\|<>=+*&^%$#@~`]|\s[-–—]\s|\d")


def _runs(text: str) -> Iterable[list[str]]:
    """Runs of content words in `text`, cut at punctuation, digits and stopwords."""
    for piece in _BREAK.split(text):
        run: list[str] = []
        for word in _WORD.findall(piece):
            if len(word) < 2 or word.lower() in _SKIP:
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


def key_terms(sentences: Sequence[str], count: int = COUNT) -> list[str]:
    """The `count` key terms of the text, best first, each written as it most often appears."""
    sentences = _sample(sentences)
    written: Counter[tuple[str, ...]] = Counter()
    fold: dict[str, str] = {}
    words_per_sentence = []
    for sentence in sentences:
        folded = []
        for run in _runs(sentence):
            folded += [fold.get(w) or fold.setdefault(w, _fold(w)) for w in run]
            written.update(_phrases(run))
        words_per_sentence.append(folded)
    counts: Counter[tuple[str, ...]] = Counter()
    spelled: dict[tuple[str, ...], Counter[str]] = defaultdict(Counter)
    for phrase, seen in written.items():
        if len(phrase) == 1 and len(phrase[0]) < MIN_LETTERS:
            continue
        key = tuple(fold[w] for w in phrase)
        counts[key] += seen
        spelled[key][" ".join(phrase)] += seen
    if not counts:
        return []
    rows = tfidf(words_per_sentence)
    vocabulary: dict[str, int] = {}  # the columns tfidf gave: words in order of first appearance
    for folded in words_per_sentence:
        for word in folded:
            vocabulary.setdefault(word, len(vocabulary))
    weight = rows.sum()
    scores = {}
    for key, seen in counts.items():
        if len(key) > 1 and seen < MIN_PHRASE_COUNT:
            continue
        score = seen * float(sum(weight[vocabulary[s]] for s in key))
        if len(key) == 1 and _spelling(spelled[key]).islower():
            score *= COMMON_WORD_WEIGHT
        scores[key] = score
    chosen: list[tuple[str, ...]] = []
    for key in sorted(scores, key=scores.__getitem__, reverse=True):
        if any(_inside(key, other) or _inside(other, key) for other in chosen):
            continue
        chosen.append(key)
        if len(chosen) == count:
            break
    return [_spelling(spelled[key]) for key in chosen]


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
