"""Plain synthetic English prose, for benchmarks and tests when no real text is at hand."""

from __future__ import annotations

import random

SUBJECTS = [
    "The council",
    "The company",
    "Researchers",
    "The minister",
    "Local residents",
    "The committee",
    "Engineers",
    "The hospital",
    "Investors",
    "The court",
]
VERBS = [
    "approved",
    "rejected",
    "announced",
    "reviewed",
    "delayed",
    "funded",
    "criticised",
    "praised",
    "questioned",
    "published",
]
OBJECTS = [
    "a new budget for the river bridge",
    "the annual safety report",
    "plans for a solar farm",
    "the proposal to close the library",
    "a study of water quality",
    "the merger with a rival",
    "new rules for electric scooters",
    "the results of the school inspection",
    "a plan to expand the airport",
    "the contract for city buses",
]
TAILS = [
    "on Monday",
    "after a long debate",
    "despite strong objections",
    "earlier this year",
    "in a statement",
    "for the second time",
    "after months of talks",
    "with little warning",
]


def prose(sentences: int, seed: int = 0) -> str:
    """Plain English prose of the given number of sentences, in paragraphs of five."""
    rng = random.Random(seed)
    lines = [
        f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)} {rng.choice(TAILS)}."
        for _ in range(sentences)
    ]
    return "\n\n".join(" ".join(lines[i : i + 5]) for i in range(0, len(lines), 5))
