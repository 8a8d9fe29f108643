"""The pluraliser and the word count: the summarizer's and ingest's (each package keeps its own, as neither
imports the other) say the same."""

import pytest

import ingest
from summarizer import wording


@pytest.mark.parametrize(
    ("count", "noun", "plural"),
    [(0, "word", None), (1, "part", None), (1204, "word", None), (2, "child", "children"), (1, "child", "children")],
)
def test_one_pluraliser(count, noun, plural):
    assert wording.counted(count, noun, plural) == ingest.counted(count, noun, plural)
    assert wording.counted(1, "word") == "1 word" and wording.counted(1204, "word") == "1,204 words"


@pytest.mark.parametrize("text", ["", "one", "  two\twords\n", "Pages 3–5 (p. 4) and § 2.1"])
def test_one_word_count(text):
    assert wording.words_in(text) == ingest.words_in(text) == len(text.split())
