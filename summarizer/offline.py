"""The offline engine as a service engine: extractive selection, no model, no network."""

from __future__ import annotations

import re
from typing import Sequence

from .abstractive import EngineOutput, Progress
from .extractive import Hints, Tuning, select
from .sentences import Sentence

MODEL_NAME = "tfidf-position-mmr"
DATELINE = re.compile(r"^(?:[A-Z][\w.'-]*(?:,? [A-Z][\w.'-]*)*,? )?\((?:CNN|AP|Reuters|AFP)\)\s*(?:--|—|-)?\s*")


def without_dateline(sentence: str) -> str:
    """'London (CNN) -- The talks ...' -> 'The talks ...': the dateline is not part of the story."""
    stripped = DATELINE.sub("", sentence)
    return stripped[:1].upper() + stripped[1:] if stripped else sentence


class ExtractiveEngine:
    """Picks whole source sentences; support for each is the sentence itself."""

    name = "extractive"
    model = MODEL_NAME
    device = "cpu"

    def __init__(self, reason: str, tuning: Tuning = Tuning()):
        self.reason = reason
        self.tuning = tuning

    def summarize(self, sentences: Sequence[Sentence], target_words: int, progress: Progress | None = None,
                  preset: str | None = None, hints: Hints = Hints(), max_sentences: int | None = None) -> EngineOutput:
        chosen = select(sentences, target_words, self.tuning, hints, max_sentences)
        if progress:
            progress(1, 1)
        return EngineOutput([without_dateline(sentences[i].text) for i in chosen], [[i] for i in chosen], 1,
                            sum(len(s.text.split()) for s in sentences))

    def summarize_many(self, documents: Sequence[Sequence[Sentence]], target_words: int | Sequence[int],
                       progress: Progress | None = None, preset: str | None = None,
                       max_sentences: int | None = None) -> list[EngineOutput]:
        targets = [target_words] * len(documents) if isinstance(target_words, int) else list(target_words)
        outputs = []
        for done, (sentences, target) in enumerate(zip(documents, targets), 1):
            outputs.append(self.summarize(sentences, target, max_sentences=max_sentences))
            if progress:
                progress(done, len(documents))
        return outputs
