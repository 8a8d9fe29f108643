"""Topic segments of text without headings, so a file of several stories is summarized across all of them.

Adjacent windows of paragraphs are compared by TF-IDF cosine; a boundary is placed where the
two sides share almost no vocabulary (a new story), which one article's paragraphs rarely do.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from .sentences import Sentence
from .vectors import tfidf, tokens

WINDOW = 2
MIN_PARAGRAPHS = 6
MIN_SEGMENT_WORDS = 40
THRESHOLD = 0.06
STORY_SIMILARITY = 0.1  # parts this close to the rest of the text on average (TF-IDF cosine) are one document's


def segments(sentences: Sequence[Sentence]) -> list[int]:
    """A topic number per sentence, starting at 0; all 0 when the text reads as one topic."""
    paragraphs: list[list[int]] = []
    for index, sentence in enumerate(sentences):
        if not paragraphs or sentences[paragraphs[-1][-1]].paragraph != sentence.paragraph:
            paragraphs.append([])
        paragraphs[-1].append(index)
    if len(paragraphs) < MIN_PARAGRAPHS:
        return [0] * len(sentences)
    rows = tfidf([[t for i in members for t in tokens(sentences[i].text)] for members in paragraphs])
    words = [sum(len(sentences[i].text.split()) for i in members) for members in paragraphs]
    topic, since, result = 0, 0, []
    for number, members in enumerate(paragraphs):
        if number >= WINDOW and number + WINDOW <= len(paragraphs) and since >= MIN_SEGMENT_WORDS:
            left = rows.sum(number - WINDOW, number)
            right = rows.sum(number, number + WINDOW)
            cosine = float(left @ right) / max(float(np.linalg.norm(left) * np.linalg.norm(right)), 1e-9)
            if cosine < THRESHOLD:
                topic, since = topic + 1, 0
        since += words[number]
        result.extend([topic] * len(members))
    return result


def separate_stories(bags: Sequence[list[str]]) -> bool:
    """Whether parts of one text (each given as its content words) are separate stories: on average a part shares
    little vocabulary with the rest (TF-IDF cosine under `STORY_SIMILARITY`), where the parts of one long document
    share much."""
    if len(bags) < 2:
        return False
    rows = tfidf(bags)
    total = rows.sum()
    cosines = []
    for t in range(len(bags)):
        own = rows.dense_row(t)
        rest = total - own
        cosines.append(float(own @ rest) / max(float(np.linalg.norm(own) * np.linalg.norm(rest)), 1e-9))
    return float(np.mean(cosines)) < STORY_SIMILARITY
