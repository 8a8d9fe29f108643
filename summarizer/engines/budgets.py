"""Generation presets and the token budgets derived from a word target."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

# generate()'s arguments for each preset: its keys are the preset names (`settings.PRESETS`, where they live).
GENERATION: dict[str, dict[str, Any]] = {
    "fast": dict(num_beams=1, no_repeat_ngram_size=3),
    "best": dict(num_beams=4, no_repeat_ngram_size=3, length_penalty=2.0, early_stopping=True),
}
TOKENS_PER_WORD = 1.4


@dataclass(frozen=True)
class Budget:
    """Bounds on generated tokens for one call."""

    min_new_tokens: int
    max_new_tokens: int

    @classmethod
    def for_words(cls, words: int) -> "Budget":
        return cls(
            max(5, math.ceil(0.6 * words * TOKENS_PER_WORD)), max(16, math.ceil(1.2 * words * TOKENS_PER_WORD) + 8)
        )
