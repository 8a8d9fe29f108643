from hypothesis import given, settings
from hypothesis import strategies as st

from summarizer.engines.selection import Tuning, is_candidate, select
from summarizer.text.sentences import Sentence, split_sentences

REPORT = """Contents

Page 2

This report was prepared for the board meeting held in the spring.
The authors thank everyone who took part in the interviews for their time.
Water leaks in the old pipe network cost the city four million pounds last year.
Replacing the pipe network would cut water leaks by half within five years.
The pipe network replacement is estimated to cost twelve million pounds in total.
Funding for the pipe network could come from a water bond approved by voters.
Staff morale in the canteen remains good according to a short survey.
"""


def test_picks_the_gist_when_the_opening_is_not_it():
    sentences = split_sentences(REPORT)
    chosen = [sentences[i].text for i in select(sentences, 40)]
    assert any("pipe network" in s for s in chosen)
    assert not any(s in ("Contents", "Page 2") for s in chosen)
    assert not any("thank everyone" in s for s in chosen)


def test_returns_document_order_within_the_budget(text_factory):
    sentences = split_sentences(text_factory(60))
    chosen = select(sentences, 50)
    assert chosen == sorted(chosen)
    assert 30 <= sum(len(sentences[i].text.split()) for i in chosen) <= 50 * 1.35


def test_repeated_sentences_are_not_picked_twice():
    text = " ".join(
        ["The bridge will close for repairs in May."] * 3
        + [
            "Drivers should use the ring road during the closure.",
            "The repairs are expected to cost two million pounds.",
        ]
    )
    sentences = split_sentences(text)
    chosen = [sentences[i].text for i in select(sentences, 30)]
    assert chosen.count("The bridge will close for repairs in May.") == 1


def test_filters_bylines_datelines_and_headings():
    tuning = Tuning()

    def candidate(text):
        return is_candidate(Sentence(text, 0, len(text), 0), tuning)

    assert not candidate("By Daily Mail Reporter and Associated Press writers today.")
    assert not candidate("PUBLISHED: 12:01 EST, 3 April 2015 | UPDATED: 14:22 EST, 3 April 2015.")
    assert not candidate("Annual results for the year ended in March")
    assert candidate("The company reported a record profit for the year ended in March.")


def test_datelines_are_dropped_from_picked_sentences():
    from summarizer.text.prose import without_dateline

    assert without_dateline("Lausanne, Switzerland (CNN) The bad news? Talks failed.") == "The bad news? Talks failed."
    assert without_dateline("Washington (CNN) -- the Senate voted.") == "The Senate voted."
    assert without_dateline("He told CNN (CNN) nothing.") == "He told CNN (CNN) nothing."


_OPENERS = ["Then", "But", "So", "Still", "Instead", "And", "Yet", "Later", "However,", "Afterwards"]
_SUBJECTS = ["she", "he", "they", "the minister", "the mayor", "the coach", "it", "the company"]


@settings(max_examples=200, deadline=None)
@given(
    subject=st.sampled_from(["The minister", "Ana Silva", "The board", "He", "Everyone", "The crowd"]),
    verb=st.sampled_from(["paused", "waited", "sighed", "left", "nodded", "agreed"]),
    opener=st.sampled_from(_OPENERS),
    who=st.sampled_from(_SUBJECTS),
    rest=st.lists(st.sampled_from("the budget would be cut by a third next year after long talks".split()), min_size=3),
)
def test_a_two_sentence_text_never_gets_one_sentence_twice(subject, verb, opener, who, rest):
    """A short lead-in ("The minister paused.") is no candidate; the sentence leaning on it ("Then she said …")
    was then taken together with itself as its own partner."""
    from summarizer import Settings, Summarizer, SummaryOptions

    text = f"{subject} {verb}. {opener} {who} said {' '.join(rest)}."
    summary = Summarizer(Settings(engine="extractive")).summarize(text, SummaryOptions())
    assert len(set(summary.sentences)) == len(summary.sentences), summary.sentences
