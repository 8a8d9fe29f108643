"""Crafted text of about 1 MB through the sentence splitter and the window cutter: linear time, bounded memory.

Each case is generated here; the bounds are on CPU seconds (the work, which a loaded machine does not stretch),
generous but far below what the quadratic splitter needed (98 s for 400 KB without blank lines, 137 s for 80 KB
of full stops).
"""

import random

import pytest

from summarizer.engines.chunking import split_long
from summarizer.text.sentences import split_sentences
from tests.hostile.measure import measure_call

SIZE = 1_000_000
CPU_SECONDS = 15
GROWTH_MB = 600


def repeat(unit: str) -> str:
    return (unit * (SIZE // len(unit) + 1))[:SIZE]


def one_character_lines() -> str:
    rng = random.Random(7)
    return "\n".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(SIZE // 2))


CASES = {
    "abbreviations, no blank lines": repeat("Mr. Smith met Dr. Jones at 5 p.m. in the U.S. embassy on Jan. 5. "),
    "full stops only": "." * SIZE,
    "mixed punctuation runs": repeat("?!.…"),
    "spaces after one full stop": "A." + " " * SIZE + "b",
    "short sentences": repeat("Go on. "),
    "lowercase stream": repeat("the cat sat on the mat and looked at the dog "),
    "one-character lines": one_character_lines(),
    "chinese with sentence marks": repeat("今天天气很好，我们去公园散步吧。"),
    "chinese with commas only": repeat("今天天气很好，我们去公园散步吧，"),
    "japanese": repeat("東京は晴れです。「明日も晴れ？」と彼は聞いた！"),
    "one token": "x" * SIZE,
    "blank-line paragraphs of one word": repeat("word\n\n"),
}


@pytest.mark.parametrize("name", CASES)
def test_splitter_is_linear_and_no_sentence_is_huge(name):
    text = CASES[name]
    run = measure_call(split_sentences, text)
    assert run.error is None, run.error
    sentences = run.result
    assert run.cpu_seconds < CPU_SECONDS, f"{name}: {run.cpu_seconds:.1f} CPU s"
    assert run.growth_mb < GROWTH_MB, f"{name}: {run.growth_mb:.0f} MB"
    assert all(len(s.text.split()) <= 80 for s in sentences)
    assert all(s.end - s.start <= 4000 for s in sentences) or name == "spaces after one full stop"
    if any(ch.isalnum() for ch in text):
        assert sentences
    print(
        f"{name}: {len(text):,} chars, {len(sentences):,} sentences, {run.cpu_seconds:.2f} CPU s, +{run.growth_mb:.0f} MB"
    )


def test_unpunctuated_text_never_gives_a_sentence_over_40_words():
    sentences = split_sentences(CASES["lowercase stream"])
    assert max(len(s.text.split()) for s in sentences) <= 40


def test_a_token_far_longer_than_the_window_is_cut_in_linear_time():
    token = "x" * 200_000
    run = measure_call(split_long, token, len, 512)
    assert run.error is None and run.cpu_seconds < CPU_SECONDS
    assert "".join(run.result) == token and max(map(len, run.result)) <= 512
