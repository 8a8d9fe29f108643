import pytest
from hypothesis import given
from hypothesis import strategies as st

from summarizer.engines.chunking import pack, split_long


@given(st.lists(st.integers(1, 50), max_size=200), st.integers(50, 300), st.integers(0, 2))
def test_every_sentence_once_in_order_and_within_the_window(counts, window, separator):
    parts = pack(counts, window, separator)
    assert [i for part in parts for i in part] == list(range(len(counts)))
    for part in parts:
        assert sum(counts[i] for i in part) + separator * (len(part) - 1) <= window


@given(st.lists(st.integers(1, 50), min_size=1, max_size=200), st.integers(50, 300))
def test_packing_uses_no_more_parts_than_greedy_filling(counts, window):
    greedy, load = 1, 0
    for size in counts:
        if load + size > window:
            greedy, load = greedy + 1, 0
        load += size
    assert len(pack(counts, window)) <= greedy


def test_parts_are_balanced():
    sizes = [sum(10 for _ in part) for part in pack([10] * 25, 100)]
    assert len(sizes) == 3 and max(sizes) - min(sizes) <= 20


def test_oversized_sentence_must_be_split_first():
    with pytest.raises(ValueError):
        pack([5, 500], 100)


@given(st.lists(st.text(alphabet="abc", min_size=1, max_size=6), min_size=1, max_size=80), st.integers(3, 20))
def test_split_long_keeps_every_word_in_order(words, window):
    pieces = split_long(" ".join(words), lambda t: len(t.split()), window)
    assert " ".join(pieces).split() == words
    assert all(len(p.split()) <= window for p in pieces)


@given(st.lists(st.text(alphabet="abc", min_size=1, max_size=60), min_size=1, max_size=40), st.integers(3, 20))
def test_split_long_cuts_words_longer_than_the_window_by_characters(words, window):
    pieces = split_long(" ".join(words), len, window)
    assert "".join("".join(pieces).split()) == "".join(words)
    assert all(len(p) <= window for p in pieces)


def test_a_token_longer_than_the_window_is_summarized_not_refused(tiny_model_dir):
    from summarizer import Settings, Summarizer

    summarizer = Summarizer(
        Settings(
            engine="abstractive", model=str(tiny_model_dir), backend="transformers", preset="fast", max_input_tokens=64
        )
    )
    blob = "".join(chr(ord("a") + (i * 7) % 26) for i in range(300))
    summary = summarizer.summarize(f"The archive holds one long key. {blob} It was checked twice.")
    assert summary.engine == "abstractive" and summary.coverage.share == 1.0
    assert summary.coverage.parts > 1
