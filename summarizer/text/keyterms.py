"""A document's key terms: the noun phrases of one to three words naming what it is about.

Candidates are `nounphrases`' phrases: runs of content words cut at stopwords, prepositions, honorifics,
variables and punctuation, never starting or ending with a verb or an adverb, a lone word no common word, and
never a name mostly written with a citation ("Tarjan [12]": another's work, `_cited`).
Each candidate written at least twice is described by the `FEATURES` below (how often and how widely it is
written, the engine's TF-IDF weight of its words, whether the title or a heading names it, its length and
capitals, ...) and scored by a linear model whose weights, `keyterm_weights.json` beside this file, were fitted
on the dev papers' author keywords (`python -m summarizer keyterms --fit`, deterministic). The best-scored
phrases are listed, skipping one inside (or around) a phrase already chosen. A text longer than 60,000 words is
read as an even sample of its sentences (every k-th). Linear in the length of the text, no download.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from .nounphrases import SKIP, WORD, Phrase, phrases, runs, verbs_in
from .vectors import tfidf

COUNT = 10
MIN_PHRASE_COUNT = 2
MIN_LETTERS = 3
SAMPLE_WORDS = 60_000
PARTS = 10  # a candidate's spread: in how many of this many equal parts of the text it is written
EARLY = 0.05  # the opening share of the text whose mentions count as "early"
GLUED_TAIL = 4  # the shortest stopword a glued word is cut at ("said", "told"), so "Broad|way" stays whole
WEIGHTS = Path(__file__).with_name("keyterm_weights.json")
OPENING = re.compile(r"^\W*")  # what may come before a sentence's first word: quotes, brackets, a dash
# What follows a name cited as another's work: "Tarjan [12]", "Kaplan and Tarjan [KT95]", "Codd (1970)", "(Wickham
# 2014)", "Hughes et al.", "Okasaki's [9]".
CITATION = re.compile(
    r"(?:\s+(?:and|&)\s+[A-Z][\w'-]+)?(?:'s)?\s*(?:et\s+al\b|\[\s*[A-Za-z+]*\d|\(\s*(?:19|20)\d\d|,?\s+(?:19|20)\d\d[a-z]?\))"
)
# A bracket of citation keys, read as no words ("[Bac78, Hug89, HJ94]" gave the terms "Hug" and "Ram"): keys of
# letters and a year, or numbers and their ranges, between commas or semicolons.
_KEY = r"(?:[A-Za-z+-]{1,12}\s?\d{2,4}[a-z]?|\d{1,3}(?:\s*[-–]\s*\d{1,3})?)"
CITATION_KEYS = re.compile(rf"\[\s*{_KEY}(?:\s*[,;]\s*{_KEY})*\s*\]")
CITED_SHARE = 0.4  # a one-word name cited in at least this share of the sentences that hold it is another's work

# What the model sees of a candidate; `_features` computes them in this order.
FEATURES = (
    "log_count",  # log(1 + times written)
    "log_tfidf",  # log(1 + times written x the TF-IDF weight of its words summed over the text)
    "spread",  # share of the text's ten parts it is written in
    "in_title",  # the title holds it
    "in_headings",  # log(1 + headings that hold it)
    "one_word",
    "two_words",
    "three_words",
    "capitalised",  # every word written with a capital (names)
    "acronym",  # a word in capitals ("FRP", "GST")
    "lower_single",  # a lone lower-case word ("process")
    "first_seen",  # where it is first written, 0 (start) to 1 (end)
    "early",  # log(1 + times written in the opening 5%)
    "nested",  # how often the commonest longer candidate holding it is written, as a share of its own count
    "word_spread",  # mean share of sentences holding each of its words (general words are everywhere)
)


@dataclass(frozen=True)
class Outline:
    """What the key terms see of a document besides its sentences: its title and its headings."""

    title: str = ""
    headings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Weights:
    """A linear score over standardized `FEATURES`: ((row - mean) / scale) @ coefficients + intercept."""

    mean: np.ndarray
    scale: np.ndarray
    coefficients: np.ndarray
    intercept: float

    def score(self, rows: np.ndarray) -> np.ndarray:
        scores: np.ndarray = ((rows - self.mean) / self.scale) @ self.coefficients + self.intercept
        return scores

    def as_dict(self) -> dict[str, Any]:
        return {
            "features": list(FEATURES),
            "mean": [round(float(v), 6) for v in self.mean],
            "scale": [round(float(v), 6) for v in self.scale],
            "coefficients": [round(float(v), 6) for v in self.coefficients],
            "intercept": round(float(self.intercept), 6),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Weights":
        if tuple(data["features"]) != FEATURES:
            raise ValueError(f"key-term weights for other features: {data['features']}")
        return cls(
            np.asarray(data["mean"], dtype=np.float64),
            np.asarray(data["scale"], dtype=np.float64),
            np.asarray(data["coefficients"], dtype=np.float64),
            float(data["intercept"]),
        )


@lru_cache(maxsize=1)
def shipped() -> Weights:
    """The committed weights (`keyterm_weights.json`)."""
    return Weights.from_dict(json.loads(WEIGHTS.read_text(encoding="utf-8")))


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


def _key(words: Sequence[str]) -> Phrase:
    return tuple(_fold(w) for w in words)


def _sample(sentences: Sequence[str]) -> Sequence[str]:
    """Every k-th sentence of a text longer than `SAMPLE_WORDS`, so the cost stays bounded and the whole text
    still has its say; shorter texts whole."""
    words = sum(s.count(" ") + 1 for s in sentences)
    return sentences if words <= SAMPLE_WORDS else sentences[:: math.ceil(words / SAMPLE_WORDS)]


@dataclass
class _Reading:
    """What one pass over the sentences found: each phrase as written with how often, how often at a sentence's
    start, each word's folded form, the folded content words per sentence, and the sentences each key is in."""

    written: Counter[Phrase]
    opening: Counter[Phrase]
    fold: dict[str, str]
    words_per_sentence: list[list[str]]
    where: dict[Phrase, list[int]]


def _read(sentences: Sequence[str]) -> _Reading:
    reading = _Reading(Counter(), Counter(), {}, [], defaultdict(list))
    fold = reading.fold
    for index, sentence in enumerate(sentences):
        folded: list[str] = []
        start = OPENING.match(sentence).end()  # type: ignore[union-attr]  # \W* always matches
        for number, run in enumerate(runs(sentence)):
            folded += [fold.get(w) or fold.setdefault(w, _fold(w)) for w in run]
            found = list(phrases(run))
            reading.written.update(found)
            for phrase in found:
                reading.where[tuple(fold[w] for w in phrase)].append(index)
            if number == 0 and sentence.startswith(run[0], start):
                reading.opening.update(phrase for phrase in found if phrase[0] is run[0])
        reading.words_per_sentence.append(folded)
    return reading


@dataclass(frozen=True)
class Candidates:
    """The candidate phrases of a text (folded), how each is best written, and their `FEATURES` rows."""

    keys: list[Phrase]
    spellings: list[str]
    rows: np.ndarray
    whole: dict[Phrase, Phrase] = field(default_factory=dict)  # a key never written but inside one longer key


def candidates(sentences: Sequence[str], outline: Outline = Outline()) -> Candidates:
    """Every phrase written at least twice that may be a key term, with its features."""
    sentences = _sample(sentences)
    reading = _read([CITATION_KEYS.sub(";", sentence) for sentence in sentences])
    counts, spelled, openers = _tally(reading.written, reading.opening, reading.fold)
    dropped = _glued(counts, reading.fold) | openers
    verbs = verbs_in(sentences)
    keys = [
        key
        for key, seen in counts.items()
        if seen >= MIN_PHRASE_COUNT and key not in dropped and _spelling(spelled[key]).split()[-1].lower() not in verbs
    ]
    cited = _cited(keys, spelled, reading, sentences)
    keys = [key for key in keys if key not in cited]
    if not keys:
        return Candidates([], [], np.zeros((0, len(FEATURES))))
    rows = _features(keys, counts, spelled, reading, outline, len(sentences))
    return Candidates(keys, [_spelling(spelled[key]) for key in keys], rows, _wholes(keys, counts))


def _cited(
    keys: list[Phrase], spelled: dict[Phrase, Counter[str]], reading: _Reading, sentences: Sequence[str]
) -> set[Phrase]:
    """One-word names cited as another's work in at least `CITED_SHARE` of the sentences that hold them ("Tarjan [12]",
    "Codd (1970)", "Wickham et al."): an author of the related work, or another's system, is not what the document
    is about."""
    found: set[Phrase] = set()
    for key in keys:
        spelling = _spelling(spelled[key])
        if len(key) > 1 or not spelling[:1].isupper():
            continue
        holding = sorted(set(reading.where[key]))
        name = re.compile(rf"\b{re.escape(spelling)}\b(?={CITATION.pattern})")
        if sum(bool(name.search(sentences[i])) for i in holding) >= CITED_SHARE * len(holding):
            found.add(key)
    return found


def _wholes(keys: list[Phrase], counts: Counter[Phrase]) -> dict[Phrase, Phrase]:
    """Each key written only inside one longer key ("replicated state" in "replicated state machines", as often),
    with that key: a part of a phrase is not a term of its own."""
    wholes: dict[Phrase, Phrase] = {}
    for big in keys:
        for size in range(2, len(big)):
            for start in range(len(big) - size + 1):
                part = big[start : start + size]
                if counts[part] == counts[big] and len(big) > len(wholes.get(part, part)):
                    wholes[part] = big
    return wholes


def key_terms(
    sentences: Sequence[str], count: int = COUNT, outline: Outline = Outline(), weights: Weights | None = None
) -> list[str]:
    """The `count` key terms of the text, best first, each written as it most often appears."""
    found = candidates(sentences, outline)
    if not found.keys:
        return []
    scores = (weights or shipped()).score(found.rows)
    order = sorted(range(len(found.keys)), key=lambda i: (-scores[i], found.keys[i]))
    index = {key: i for i, key in enumerate(found.keys)}
    order = list(dict.fromkeys(index[found.whole.get(found.keys[i], found.keys[i])] for i in order))
    return [found.spellings[i] for i in _best([found.keys[i] for i in order], order, count)]


def _features(
    keys: list[Phrase],
    counts: Counter[Phrase],
    spelled: dict[Phrase, Counter[str]],
    reading: _Reading,
    outline: Outline,
    total: int,
) -> np.ndarray:
    """One row of `FEATURES` per candidate key."""
    per_sentence = reading.words_per_sentence
    weight, column = _word_weights(per_sentence)
    sentences_with = Counter(word for words in per_sentence for word in set(words))
    title = _key(WORD.findall(outline.title))
    headings = [_key(WORD.findall(heading)) for heading in outline.headings]
    longest = _longest_holder(keys, counts)
    early_end = max(10, int(total * EARLY))
    rows = np.zeros((len(keys), len(FEATURES)))
    for row, key in enumerate(keys):
        seen = counts[key]
        where = reading.where[key]
        spelling = _spelling(spelled[key])
        written = spelling.split()
        rows[row] = (
            math.log1p(seen),
            math.log1p(seen * sum(float(weight[column[w]]) for w in key if w in column)),
            len({index * PARTS // max(1, total) for index in where}) / PARTS,
            float(_inside(key, title)),
            math.log1p(sum(_inside(key, heading) for heading in headings)),
            len(key) == 1,
            len(key) == 2,
            len(key) == 3,
            all(w[:1].isupper() for w in written),
            any(len(w) > 1 and w.isupper() for w in written),
            len(key) == 1 and spelling.islower(),
            where[0] / max(1, total),
            math.log1p(sum(index < early_end for index in where)),
            longest.get(key, 0) / seen,
            sum(sentences_with[w] for w in key) / len(key) / max(1, total),
        )
    return rows


def _word_weights(per_sentence: list[list[str]]) -> tuple[np.ndarray, dict[str, int]]:
    """The TF-IDF weight of each folded word summed over all sentences, and each word's column."""
    column: dict[str, int] = {}
    for words in per_sentence:
        for word in words:
            column.setdefault(word, len(column))
    return tfidf(per_sentence).sum(), column


def _longest_holder(keys: list[Phrase], counts: Counter[Phrase]) -> dict[Phrase, int]:
    """For each key, how often the commonest longer candidate holding it is written."""
    held: dict[Phrase, int] = {}
    for key in keys:
        for size in range(1, len(key)):
            for start in range(len(key) - size + 1):
                part = key[start : start + size]
                held[part] = max(held.get(part, 0), counts[key])
    return held


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


def _best(keys: list[Phrase], order: list[int], count: int) -> list[int]:
    """The first `count` of `order` (best first, `keys` in the same order), skipping a phrase inside (or around)
    one already chosen."""
    chosen: list[Phrase] = []
    picked: list[int] = []
    for key, index in zip(keys, order):
        if any(_inside(key, other) or _inside(other, key) for other in chosen):
            continue
        chosen.append(key)
        picked.append(index)
        if len(chosen) == count:
            break
    return picked


def _glued(counts: Counter[Phrase], fold: dict[str, str]) -> set[Phrase]:
    """Single words that are a word of the text glued to a stopword or reporting verb ("Manningsaid", from a
    PDF that lost a space): the head is written on its own elsewhere, the tail is no term at all."""
    alone = {word.lower() for word in fold}
    found: set[Phrase] = set()
    for key in counts:
        word = key[0]
        if len(key) == 1 and any(
            word[:cut] in alone and word[cut:] in SKIP for cut in range(MIN_LETTERS, len(word) - GLUED_TAIL + 1)
        ):
            found.add(key)
    return found


def _inside(small: Phrase, big: Phrase) -> bool:
    """Whether the phrase `small` occurs within `big` (a word inside a chosen phrase is not listed again)."""
    return bool(small) and any(big[i : i + len(small)] == small for i in range(len(big) - len(small) + 1))


def _spelling(forms: Counter[str]) -> str:
    """The commonest spelling, lower-cased unless it is always written with capitals (names, acronyms)."""
    form = forms.most_common(1)[0][0]
    return form if all(any(ch.isupper() for ch in f) for f in forms) else form.lower()


def frequent_words(sentences: Sequence[str], count: int = COUNT) -> list[str]:
    """The baseline: the most frequent content words."""
    counts: Counter[Phrase] = Counter()
    spelled: dict[Phrase, Counter[str]] = defaultdict(Counter)
    for sentence in sentences:
        for run in runs(sentence):
            for word in run:
                if len(word) >= MIN_LETTERS:
                    counts[_key([word])] += 1
                    spelled[_key([word])][word] += 1
    return [_spelling(spelled[key]) for key, _ in counts.most_common(count)]
