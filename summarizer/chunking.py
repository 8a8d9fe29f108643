"""Token-aware packing of sentences into parts that fit a model's input window.

Pure functions over token counts: every sentence lands in exactly one part, parts keep the
document order, and no part exceeds the window. Parts are balanced so that a batch of them
carries little padding.
"""

from __future__ import annotations

import math
from typing import Callable, Sequence


def split_long(text: str, count: Callable[[str], int], window: int) -> list[str]:
    """`text` unchanged if it fits, else consecutive word runs that each fit the window."""
    if count(text) <= window:
        return [text]
    pieces: list[str] = []
    current: list[str] = []
    for word in text.split():
        trial = current + [word]
        if current and count(" ".join(trial)) > window:
            pieces.append(" ".join(current))
            current = [word]
        else:
            current = trial
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
