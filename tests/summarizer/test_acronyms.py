"""Acronyms the document defines are spelled out at their first use in the overview and the TL;DR: definitions found
as Schwartz and Hearst find them, on generated long forms; a long form already given is not given twice."""

from hypothesis import given, settings
from hypothesis import strategies as st

from summarizer import Settings, Summarizer, SummaryOptions
from summarizer.text.acronyms import definitions, spelled_out

WORDS = ["causal", "ordered", "message", "delivery", "replicated", "storage", "graph", "query", "engine", "stream"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=2, max_size=4, unique=True), st.sampled_from(["", "the ", "a new "]))
def test_a_generated_definition_is_found_and_spelled_out_once(words, lead):
    long = " ".join(words)
    short = "".join(w[0] for w in words).upper()
    text = f"Systems often need {lead}{long} ({short}) to stay correct under failures."
    assert definitions([text]) == {short: long}
    shown = spelled_out([f"We show that {short} is costly.", f"{short} also limits scale."], {short: long})
    assert shown == [f"We show that {short} ({long}) is costly.", f"{short} also limits scale."]


def test_no_definition_without_its_letters_and_no_long_form_twice():
    assert definitions(["The results (see Table 2) and a (10,4) code (RS) in three runs (ABC)."]) == {}
    defined = {"HDFS": "Hadoop Distributed File System"}
    held = ["The Hadoop Distributed File System stores blocks; HDFS replicates them.", "HDFS is fast."]
    assert spelled_out(held, defined) == held
    assert spelled_out(["HDFS (the store) is fast."], defined) == ["HDFS (the store) is fast."]


def test_the_tldr_spells_out_the_acronym_its_abstract_defined():
    text = (
        "Distributed applications need their messages delivered in order. "
        "Causally and totally ordered communication support (CATOCS) has been proposed as the way to order them. "
        "In this paper, we identify four major limitations to CATOCS and the cost of its use in distributed "
        "applications. Most of the problems it claims to solve are better solved at the level of the state."
    )
    summary = Summarizer(Settings(engine="extractive")).summarize(text, SummaryOptions(length="tldr"))
    assert summary.sentences == [
        "We identify four major limitations to CATOCS (causally and totally ordered communication support) and the "
        "cost of its use in distributed applications."
    ]
