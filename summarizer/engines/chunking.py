"""Token-aware packing of sentences into parts that fit a model's input window.

Pure functions over token counts: every sentence lands in exactly one part, parts keep the
document order, and no part exceeds the window. Parts are balanced so that a batch of them
carries little padding.
"""

from __future__ import annotations

import math
from typing import Callable, Sequence


def _cut_word(word: str, count: Callable[[str], int], window: int) -> list[str]:
    """A whitespace-free `word` cut by characters into consecutive pieces that each fit the window."""
    pieces = []
    size = min(len(word), 4 * window)
    start = 0
    while start < len(word):
        size = min(size, len(word) - start)
        tokens = count(word[start : start + size])
        while size > 1 and tokens > window:
            size = max(1, min(size - 1, size * window // tokens))
            tokens = count(word[start : start + size])
        pieces.append(word[start : start + size])
        start += size
    return pieces


def split_long(text: str, count: Callable[[str], int], window: int) -> list[str]:
    """`text` unchanged if it fits, else consecutive word runs that each fit the window.

    A single word longer than the window (a URL, a base64 blob, text with no spaces) is cut by characters.
    """
    if count(text) <= window:
        return [text]
    pieces: list[str] = []
    current: list[str] = []
    for word in text.split():
        if current and count(" ".join(current + [word])) <= window:
            current.append(word)
            continue
        if current:
            pieces.append(" ".join(current))
        current = [word]
        if count(word) > window:
            *whole, current[0] = _cut_word(word, count, window)
            pieces.extend(whole)
    if current:
        pieces.append(" ".join(current))
    return pieces


def _greedy(counts: Sequence[int], budget: int, separator: int) -> list[list[int]]:
    parts: list[list[int]] = []
    load = 0
    for index, size in enumerate(counts):
        if parts and load + separator + size <= budget:
            parts[-1].append(index)
            load += separator + size
        else:
            parts.append([index])
            load = size
    return parts


def pack(counts: Sequence[int], window: int, separator: int = 0) -> list[list[int]]:
    """Indices of `counts` grouped into the fewest parts of at most `window` tokens, balanced.

    `separator` is the token cost of joining two sentences. A single count over the window
    is an error: split it with `split_long` first.
    """
    if window < 1:
        raise ValueError("window must be positive")
    if any(size > window for size in counts):
        raise ValueError("a sentence is longer than the window; split it first")
    if not counts:
        return []
    fewest = _greedy(counts, window, separator)
    total = sum(counts) + separator * (len(counts) - 1)
    budget = max(max(counts), math.ceil(total / len(fewest)))
    while budget < window:
        balanced = _greedy(counts, budget, separator)
        if len(balanced) <= len(fewest):
            return balanced
        budget += max(1, window // 50)
    return fewest
