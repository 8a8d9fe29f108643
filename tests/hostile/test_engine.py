"""The offline engine on crafted and very long text: linear time, bounded memory, never a summary longer
than its target, and text without sentence punctuation still summarized.

Before: 440 KB of crafted text took 4.5 GB and 135 s; 80 KB of repeated two-word sentences 161 s;
a legitimate 2,000,000-character document 2.47 GB and 125 s. Bounds are generous, and on CPU seconds (the work,
which a loaded machine does not stretch), not on the wall clock.
"""

import random

import pytest

from ingest import parse_text
from summarizer import Settings, Summarizer, SummaryOptions
from summarizer.lab.syntheticprose import prose
from tests.hostile.measure import measure_call

OFFLINE = Summarizer(Settings(engine="extractive"))
CPU_SECONDS = 30
GROWTH_MB = 500


def made_up_words(size: int, seed: int = 3) -> str:
    """Sentences of invented words: the vocabulary grows with the text (sentences x vocabulary blow-up)."""
    rng = random.Random(seed)
    out, length = [], 0
    while length < size:
        words = [
            "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(3, 9)))
            for _ in range(rng.randint(6, 14))
        ]
        out.append(" ".join(words).capitalize() + ".")
        length += len(out[-1]) + 1
    return " ".join(out)


def repeat(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


CASES = {
    "crafted vocabulary, 1 MB": made_up_words(1_000_000),
    "two-word sentences, 400 KB": repeat("Go home. ", 400_000),
    "legitimate prose, 1.9 MB": prose(15_000),
    "lowercase without punctuation, 1 MB": repeat("the cat sat on the mat and looked at the dog ", 1_000_000),
    "two-letter lines, 400 KB": "\n".join(random.Random(5).choice(["ab", "cd", "ef", "gh"]) for _ in range(130_000)),
    "chinese, 300 KB": repeat("今天天气很好，我们去公园散步吧。市议会周一批准了新的预算。", 300_000),
}


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("shape", ["text", "blocks"])
def test_offline_engine_is_bounded_and_never_longer_than_its_target(name, shape):
    text = CASES[name]
    source = text if shape == "text" else parse_text(text).blocks
    options = SummaryOptions(length="medium")
    run = measure_call(OFFLINE.summarize, source, options)
    assert run.error is None, run.error
    summary = run.result
    assert run.cpu_seconds < CPU_SECONDS and run.growth_mb < GROWTH_MB, (run.cpu_seconds, run.growth_mb)
    assert summary.sentences and len(summary.text) < 0.01 * len(text) + 2000
    assert summary.words <= summary.target_words * 1.35


def test_one_character_lines_get_a_message_not_a_summary():
    text = "\n".join(random.Random(5).choice("abcdefgh") for _ in range(200_000))
    run = measure_call(OFFLINE.summarize, text)
    assert run.cpu_seconds < CPU_SECONDS and run.growth_mb < GROWTH_MB
    assert str(run.error) == "The text has no sentences to summarize (no words of two or more letters were found)."
