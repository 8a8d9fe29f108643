"""English words for OCR output: words run together split again, line-end hyphens kept or dropped, junk told apart.

The word list is wordninja's (about 125,000 words ranked by frequency in English Wikipedia), which ships
inside its package: nothing is downloaded. Names and rare words are never split: a glued token is split
only when it is not a word itself and every piece is a common word.
"""

from __future__ import annotations

import functools
import gzip
import re
import unicodedata
from collections import Counter
from pathlib import Path

COMMON_RANK = 20_000
MIN_GLUED = 8
SHORT_WORDS = frozenset("a i an as at be by do go he if in is it me my no of on or so to up us we am".split())
LATIN_WORD = re.compile(r"[A-Za-z]+")
HYPHENATED = re.compile(r"([A-Za-z]+)-$")
AFTER_PUNCTUATION = re.compile(r"(?<=[a-z0-9][.!?;:,])(?=[(\[]?[A-Z][a-z])|(?<=[a-z][.!?,][\"'”’])(?=[A-Z(\[“])")
WORD_NUMBER = re.compile(r"\b([A-Za-z]*[a-z][A-Za-z]*)(\d[\d,.]*)([a-z]*)\b|\b(\d[\d,.]*)([a-z]{3,})\b")
BAD_CATEGORIES = ("Cc", "Co", "Cn", "Cs")
VOWELS = frozenset("aeiouyAEIOUY")
MIN_JUDGED_WORDS = 12
VOWELLESS_SHARE = 0.35
CONFIRMED_SHARE = 0.9  # of the words OCR reads on a page, this share found in its text layer: the layer is sound


@functools.cache
def ranks() -> dict[str, int]:
    """Each known word (lower case) with its frequency rank, 0 the most common. The file is found without importing
    wordninja, whose import builds its own model (0.2 s, in every child that reads a PDF)."""
    import importlib.util

    spec = importlib.util.find_spec("wordninja")
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError("wordninja (requirements.txt) is not installed")
    path = Path(spec.origin).resolve().parent / "wordninja" / "wordninja_words.txt.gz"
    listed = gzip.decompress(path.read_bytes()).decode("utf-8").split()
    return dict(zip(listed, range(len(listed))))


def known(word: str) -> bool:
    return word.lower() in ranks()


def _common(piece: str) -> bool:
    rank = ranks().get(piece.lower())
    return rank is not None and rank < COMMON_RANK and (len(piece) >= 3 or piece.lower() in SHORT_WORDS)


def _unglued(match: re.Match[str]) -> str:
    token = match.group()
    if len(token) < MIN_GLUED or known(token):
        return token
    import wordninja

    pieces = wordninja.split(token)
    enough = 3 if token[0].isupper() else 2
    return " ".join(pieces) if len(pieces) >= enough and all(map(_common, pieces)) else token


def _number_apart(match: re.Match[str]) -> str:
    """'Now87years' as 'Now 87 years', '200,000were' as '200,000 were'; 'mp3', '4th' and '1990s' untouched."""
    if match.group(4):
        number, word = match.group(4), match.group(5)
        return f"{number} {word}" if known(word) else match.group()
    head, number, tail = match.group(1), match.group(2), match.group(3)
    parts = [
        head if len(head) < 3 or not known(head) else f"{head} ",
        number,
        f" {tail}" if len(tail) >= 3 and known(tail) else tail,
    ]
    return "".join(parts)


def spaced(text: str) -> str:
    """Spaces an OCR engine dropped put back: after a sentence's end ('memory.His'), between words and numbers
    ('Now87years'), and inside words run together ('Thecitycouncilvoted'); names and known words untouched."""
    text = AFTER_PUNCTUATION.sub(" ", text)
    text = WORD_NUMBER.sub(_number_apart, text)
    return LATIN_WORD.sub(_unglued, text)


def dehyphenated(left: str, right: str) -> str:
    """Two lines joined across a line-end hyphen: 'recom-' + 'mended' is one word, 'well-' + 'known' keeps it.

    The hyphen stays when the halves are words and the whole is not; between a capitalized and a lowercase half
    only when both are common words ('Self-driving'), since the rare pieces of a broken name are often in the list
    too ('Sto-ica'), while two capitalized halves are two names ('Addison-Wesley')."""
    head, tail = HYPHENATED.search(left), LATIN_WORD.match(right)
    if (
        head
        and tail
        and not known(head.group(1) + tail.group())
        and known(head.group(1))
        and known(tail.group())
        and (
            head.group(1)[0].islower() or tail.group()[0].isupper() or _common(head.group(1)) and _common(tail.group())
        )
    ):
        return f"{left}{right}"
    return f"{left[:-1]}{right}"


def known_share(text: str) -> float:
    """The share of Latin words that are English words: low for a scan's bad OCR layer ('Tbe cjty cuonci1')."""
    words = LATIN_WORD.findall(text)
    return sum(map(known, words)) / len(words) if len(words) >= MIN_JUDGED_WORDS else 1.0


def garbled(text: str) -> bool:
    """Whether a text layer is junk: control or private-use characters from a broken font encoding, or
    over a third of the words without a vowel ('Wkh flwb frxqflo')."""
    characters = Counter(text)  # each distinct character and word judged once, however often it comes
    visible = sum(n for ch, n in characters.items() if not ch.isspace())
    bad = sum(n for ch, n in characters.items() if unicodedata.category(ch) in BAD_CATEGORIES and not ch.isspace())
    if visible and bad > 0.2 * visible:
        return True
    judged = [(w, n) for w, n in Counter(LATIN_WORD.findall(text)).items() if len(w) >= 3 and not w.isupper()]
    count = sum(n for _, n in judged)
    return count >= MIN_JUDGED_WORDS and sum(n for w, n in judged if VOWELS.isdisjoint(w)) > VOWELLESS_SHARE * count


def confirms(read: str, layer: str) -> bool:
    """Whether OCR's reading of a page (`read`) confirms its text layer: nearly every word it read is in the layer.
    A layer judged junk by its look alone (words of other languages, codes, random letters lack vowels too) is
    kept then, with its exact words, raised marks and fonts, rather than OCR's guesses."""
    found = [word.lower() for word in LATIN_WORD.findall(read)]
    if len(found) < MIN_JUDGED_WORDS:
        return False
    present = {word.lower() for word in LATIN_WORD.findall(layer)}
    return sum(word in present for word in found) >= CONFIRMED_SHARE * len(found)
