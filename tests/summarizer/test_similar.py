"""The rule that groups a feed's stories by event, proven on generated feeds: random names, places and numbers
in headline and lead templates shared by every event, each event told by one to three outlets in their own words."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from summarizer.text.similar import similar_groups

CONSONANTS, VOWELS = "bcdfghjklmnprstvz", "aeiou"
HEADLINES = [
    "{person} {verb} {place} {thing} after {number} {unit}",
    "{place} {thing}: {person} {verb} it as {number} {unit} pass",
    "Why {person} {verb} the {thing} in {place}",
    "{number} {unit} on, {place} still waits as {person} {verb} {thing}",
]
LEADS = [
    "Officials in {place} said on Monday that {person} {verb} the {thing}, the first time in {number} {unit}.",
    "{person} {verb} the {thing} in {place} late on Sunday, ending {number} {unit} of talks.",
    "After {number} {unit}, {person} has {verb} the {thing}, people in {place} were told.",
]
VERBS = ["opens", "closes", "wins", "loses", "rejects", "signs", "delays", "backs"]
THINGS = ["bridge", "election", "budget", "stadium", "trial", "merger", "strike", "festival"]
UNITS = ["days", "weeks", "months", "years"]


def name(rng: random.Random, syllables: int) -> str:
    return "".join(rng.choice(CONSONANTS) + rng.choice(VOWELS) for _ in range(syllables)).capitalize()


@st.composite
def feeds(draw) -> tuple[list[str], list[int]]:
    """A feed's title + lead texts, shuffled, and each text's event."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    events = draw(st.integers(1, 12))
    texts, owners = [], []
    people: set[str] = set()
    for event in range(events):
        person = name(rng, rng.randint(2, 4))
        while person in people:
            person = name(rng, rng.randint(2, 4)) + " " + name(rng, 2)
        people.add(person)
        facts = {
            "person": person,
            "place": name(rng, rng.randint(2, 3)),
            "number": str(rng.randint(2, 9999)),
            "verb": rng.choice(VERBS),
            "thing": rng.choice(THINGS),
            "unit": rng.choice(UNITS),
        }
        outlets = draw(st.integers(1, 3))
        for headline, lead in zip(rng.sample(HEADLINES, outlets), rng.sample(LEADS, outlets)):
            texts.append(headline.format(**facts) + ". " + lead.format(**facts))
            owners.append(event)
    order = rng.sample(range(len(texts)), len(texts))
    return [texts[i] for i in order], [owners[i] for i in order]


@settings(max_examples=200, deadline=None)
@given(feeds())
def test_stories_of_one_event_share_a_group_and_no_group_mixes_events(feed):
    texts, owners = feed
    groups = similar_groups(texts)
    assert sorted(i for group in groups for i in group) == list(range(len(texts)))  # every story, once
    by_event = {frozenset(i for i, owner in enumerate(owners) if owner == event) for event in set(owners)}
    assert {frozenset(group) for group in groups} == by_event, [[texts[i] for i in group] for group in groups]


def test_groups_come_in_the_order_of_their_first_story():
    texts = ["Storm hits Ostrava coast", "Kelmar wins vote", "Ostrava coast storm damage", "Budget for Zint"]
    assert similar_groups(texts) == [[0, 2], [1], [3]]
    assert similar_groups([]) == [] and similar_groups(["", "the of and"]) == [[0], [1]]
