"""The offline engine: extractive selection, no model, no network."""

from __future__ import annotations

from typing import Sequence

from ..engine import EngineName
from ..text.prose import shown
from .base import Engine, EngineInput, EngineOutput, StepProgress, TextHeard
from .selection import DEFAULT_TUNING, Tuning, select
from .tldr import unframed

MODEL_NAME = "tfidf-position-mmr"


class ExtractiveEngine(Engine):
    """Picks whole source sentences; support for each is the sentence itself.

    It does not batch (`max_batch` None): each document takes about a millisecond per article and nothing is
    shared. It writes no text token by token: a summary arrives whole.
    """

    name = EngineName.EXTRACTIVE
    model = MODEL_NAME
    device = "cpu"
    max_batch = None
    can_stream = False

    def __init__(self, reason: str, tuning: Tuning = DEFAULT_TUNING):
        self.reason = reason
        self.tuning = tuning

    def summarize_many(
        self,
        inputs: Sequence[EngineInput],
        progress: StepProgress | None = None,
        *,
        preset: str | None = None,
        on_text: TextHeard | None = None,
    ) -> list[EngineOutput]:
        """Each input's sentences chosen by `selection.select` (a TL;DR's without its framing opener, `tldr.unframed`,
        and as `hints.texts` names them);
        `preset` and `on_text` do not apply."""
        outputs = []
        for done, document in enumerate(inputs, 1):
            sentences = document.sentences
            chosen = select(sentences, document.target, self.tuning, document.hints, document.max_sentences)
            tidy = unframed if document.hints.ranks is not None else str  # a TL;DR (ranked by `engines.tldr`)
            texts = document.hints.texts or [None] * len(sentences)
            outputs.append(
                EngineOutput(
                    [tidy(shown(texts[j] or sentences[j].text)) for j in chosen],
                    [[j] for j in chosen],
                    1,
                    sum(len(s.text.split()) for s in sentences),
                )
            )
            if progress:
                progress(done, len(inputs))
        return outputs
