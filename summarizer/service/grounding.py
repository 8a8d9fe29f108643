"""Each summary sentence tied to the source sentences it rests on, and the defining sentence put first.

A reader checks a summary against its source, and the highlighted copy marks those sentences, so every
summary sentence needs its support as indices into the whole document. The offline engine knows them (it
picks source sentences); a model's words are matched to the sentences they came from (`text.grounding`).
"""

from __future__ import annotations

from typing import Sequence

from ..engines.base import EngineOutput
from ..text.grounding import ground
from ..text.prose import leans
from ..text.sentences import Sentence


def support(output: EngineOutput, read: Sequence[Sentence], indices: Sequence[int]) -> list[list[int]]:
    """The source sentences (document indices) behind each of the output's sentences; `read` are the input's
    sentences, `indices` their places in the document."""
    local = output.support if output.support is not None else ground(output.sentences, read)
    return [[indices[i] for i in row] for row in local]


def defining_first(
    sentences: list[str], support: list[list[int]], lead: int | None
) -> tuple[list[str], list[list[int]]]:
    """The summary with the defining sentence (and the sentences that lean on it) moved to the front: what the
    document is comes before what it says."""
    at = next((k for k, row in enumerate(support) if row and row[0] == lead), None)
    if not at:
        return sentences, support
    end = at + 1
    while end < len(support) and _leans_on_previous(sentences, support, end):
        end += 1
    order = list(range(at, end)) + [k for k in range(len(sentences)) if not at <= k < end]
    return [sentences[k] for k in order], [support[k] for k in order]


def _leans_on_previous(sentences: list[str], support: list[list[int]], k: int) -> bool:
    """Whether summary sentence k follows the one before it in the source and opens as if it leant on it."""
    return bool(support[k]) and support[k][0] == support[k - 1][0] + 1 and leans(sentences[k])
