"""What a caller asks for: length and format, in terms a reader understands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from .errors import InvalidOptionError

LENGTHS = {"tldr": 25, "short": 40, "medium": 65, "long": 130}
MAX_SHARE = {"tldr": 1.0, "short": 0.2, "medium": 0.3, "long": 0.45}
MIN_TARGET = 15
SummaryFormat = Literal["paragraph", "bullets", "outline"]  # how the summary is laid out (not a file format)
FORMATS: tuple[SummaryFormat, ...] = get_args(SummaryFormat)
REFERENCE_WORDS = 600
MAX_GROWTH = 4.0
GROWTH_EXPONENT = 1 / 3
WORD_TARGET_RANGE = (10, 2000)


@dataclass(frozen=True)
class SummaryOptions:
    """Length preset or explicit word target, output format, an optional reading cap, section summaries.

    A preset's target grows with the cube root of the document's length (up to 4x), so a
    30-page report gets a longer "medium" summary than a news story, and never exceeds a share
    of a short text (a 60-word paragraph is not returned whole); `words` is taken as is. "tldr"
    is one headline-like sentence.
    """

    length: str = "medium"
    words: int | None = None
    format: SummaryFormat = "paragraph"
    max_input_words: int | None = None
    preset: str | None = None
    sections: bool = True

    def __post_init__(self) -> None:
        if self.length not in LENGTHS:
            raise InvalidOptionError(
                f"Unknown length {self.length!r}: choose tldr, short, medium or long, or give a word target."
            )
        if self.format not in FORMATS:
            raise InvalidOptionError(f"Unknown format {self.format!r}: choose paragraph, bullets or outline.")
        low, high = WORD_TARGET_RANGE
        if self.words is not None and not low <= self.words <= high:
            raise InvalidOptionError(f"The word target must be between {low:,} and {high:,} words.")
        if self.max_input_words is not None and self.max_input_words < 50:
            raise InvalidOptionError("Reading fewer than 50 words of the input is not useful.")

    def target_words(self, document_words: int) -> int:
        """How many words the summary should have for a document of this many words."""
        if self.words is not None:
            return self.words
        if self.tldr:
            return LENGTHS["tldr"]
        growth = min(MAX_GROWTH, max(1.0, (document_words / REFERENCE_WORDS) ** GROWTH_EXPONENT))
        return int(
            min(round(LENGTHS[self.length] * growth), max(MIN_TARGET, round(MAX_SHARE[self.length] * document_words)))
        )

    @property
    def tldr(self) -> bool:
        return self.length == "tldr" and self.words is None

    def describe(self) -> str:
        if self.words:
            return f"about {self.words} words"
        return "TL;DR" if self.tldr else self.length
