"""The limits of sources summarized together: how many, and how many characters in all."""

from __future__ import annotations

import logging
from typing import Sequence

from ..errors import InputTooLargeError
from ..interface import Source
from ..settings import Settings
from ..wording import counted
from .combined import NamedSource

logger = logging.getLogger(__name__)


def check_count(count: int, settings: Settings) -> None:
    """Refuse more sources than `together_max_sources`, before any is read."""
    if count > settings.together_max_sources:
        raise InputTooLargeError(
            f"{counted(count, 'source')} were given; at most {settings.together_max_sources:,} can be summarized "
            "together (SUMMARIZER_TOGETHER_MAX_SOURCES). Choose fewer, or summarize them in groups."
        )


def check_total(sources: Sequence[NamedSource], settings: Settings) -> None:
    """Refuse sources whose characters together pass `max_input_chars`, the bound of one document."""
    total = sum(_characters(s.content) for s in sources)
    if total > settings.max_input_chars:
        raise InputTooLargeError(
            f"The sources have {total:,} characters together; the limit for sources summarized together is "
            f"{settings.max_input_chars:,} (SUMMARIZER_MAX_INPUT_CHARS). Leave out the longest, or summarize "
            "them in groups."
        )


def _characters(content: Source) -> int:
    return len(content) if isinstance(content, str) else sum(len(b.text) + 2 for b in content)
