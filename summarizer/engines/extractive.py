"""The offline engine: extractive selection, no model, no network."""

from __future__ import annotations

from typing import Sequence

from ..engine import EngineName, EngineOutput, Hints, StepProgress
from ..text.prose import shown
from ..text.sentences import Sentence
from .selection import DEFAULT_TUNING, Tuning, select

MODEL_NAME = "tfidf-position-mmr"


class ExtractiveEngine:
    """Picks whole source sentences; support for each is the sentence itself.

    It does not batch: each document takes about a millisecond per article and nothing is shared.
    """

    name = EngineName.EXTRACTIVE
    model = MODEL_NAME
    device = "cpu"
    batches = False

    def __init__(self, reason: str, tuning: Tuning = DEFAULT_TUNING):
        self.reason = reason
        self.tuning = tuning

    def streams(self, preset: str | None = None) -> bool:
        """It writes no text token by token: a summary arrives whole."""
        return False

    def summarize_many(
        self,
        documents: Sequence[Sequence[Sentence]],
        targets: Sequence[int],
        progress: StepProgress | None = None,
        *,
        preset: str | None = None,
        hints: Sequence[Hints] | None = None,
        max_sentences: Sequence[int | None] | None = None,
    ) -> list[EngineOutput]:
        outputs = []
        for done, sentences in enumerate(documents, 1):
            i = done - 1
            chosen = select(
                sentences,
                targets[i],
                self.tuning,
                hints[i] if hints else Hints(),
                max_sentences[i] if max_sentences else None,
            )
            outputs.append(
                EngineOutput(
                    [shown(sentences[j].text) for j in chosen],
                    [[j] for j in chosen],
                    1,
                    sum(len(s.text.split()) for s in sentences),
                )
            )
            if progress:
                progress(done, len(documents))
        return outputs
