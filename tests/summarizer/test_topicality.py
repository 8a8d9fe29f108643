"""Each section's summary says what the section does: the sentence that states its topic, never a walk through a
figure, a table or an example, a footnote, or a sentence that leans on one not shown. Proved on generated
sections of a paper (random system names, numbers and section topics), through the service a user runs."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest import parse_text
from summarizer import Settings, Summarizer, SummaryOptions
from summarizer.lab.syntheticprose import prose
from summarizer.text.prose import is_signpost
from summarizer.text.topicality import (
    PARAGRAPH_OPENING_BONUS,
    TITLE_BONUS,
    announced,
    is_footnote,
    refers_back,
    topicality,
    walks_through,
)

OFFLINE = Summarizer(Settings(engine="extractive"))
LENGTHS = ("short", "medium", "long")
NAMES = st.from_regex(r"[A-Z][a-z]{3,8}", fullmatch=True)
TOPICS = st.sampled_from(
    [
        ("Cluster membership changes", "cluster membership", "servers"),
        ("Log replication", "log replication", "entries"),
        ("Designing for understandability", "understandable design", "choices"),
        ("Garbage collection of metadata", "metadata collection", "tombstones"),
        ("Tablet assignment", "tablet assignment", "tablets"),
    ]
)


def test_walks_through_a_figure_a_table_or_an_example():
    for sentence in (
        "In this example, the cluster grows from three servers to five.",
        "Table 1 shows a rough distribution of tablet servers per cluster.",
        "As shown in Figure 3, the leader sends heartbeats to every follower.",
        "Figure 10 depicts the architecture and the interface used by its components.",
        "Consider the following example of a lease that expires during a partition.",
        "The numbers of requests served per second are plotted in Figure 4b for each workload.",
        "We now turn to a concrete example, maintaining shopping carts in an online bookstore.",
    ):
        assert walks_through(sentence), sentence
    for sentence in (
        "Raft changes the cluster membership through a joint consensus of the old and new configurations.",
        "Tables in Bigtable are split into tablets that each hold a contiguous range of rows.",
        "The figure of merit for a replication scheme is the probability of losing data.",
    ):
        assert not walks_through(sentence), sentence


def test_footnotes_are_known_by_their_mark_or_their_words():
    for sentence in (
        "∗Work done while the author was an intern at Google.",
        "1We thank the anonymous reviewers for their comments on the membership protocol.",
        "2 The prototype of the membership service ran on forty machines.",
        "Available at https://github.com/example/raft-membership.",
    ):
        assert is_footnote(sentence), sentence
    for sentence in (
        "Raft changes the cluster membership through a joint consensus.",
        "In 2019 the service ran on forty machines.",
    ):
        assert not is_footnote(sentence), sentence


def test_a_sentence_that_builds_on_earlier_text_refers_back():
    assert refers_back("As we saw in the previous section, random replication loses data under correlated failures.")
    assert refers_back("As discussed above, the leader must hold a lease before it answers reads.")
    assert refers_back("Recall that every server keeps its log on disk.")
    assert not refers_back("As a result of the split, each tablet holds about two hundred megabytes.")


def test_an_announcement_counts_when_it_names_content():
    assert announced("In this section, we describe how Raft replicates its log to the followers.")
    assert announced("This section presents a class of replication protocols, rather than a specific protocol.")
    assert announced("We first review how master-based systems use Paxos, and then explain our changes.")
    assert announced("Section 5 summarizes.") is None
    assert announced("In this section we describe it in detail.") is None
    assert announced("The leader replicates its log to every follower.") is None
    assert announced("This section provides an informal argument of this expected behavior.") is None
    assert announced("We define a copyset as a distinct set of nodes that hold all copies of a chunk.") is None


def test_the_opening_the_title_terms_and_an_announcement_pull_and_pointers_push():
    texts = [
        "Servers join and leave a running cluster in every deployment.",
        "Operators replace machines every few weeks.",
        "In this section, we describe how the membership of a cluster changes without downtime.",
        "The costs of a membership change are addressed in Section 7.",
    ]
    topic = topicality(texts, [0, 0, 0, 1], "6 Cluster membership changes")
    assert topic.bonus[2] == max(topic.bonus)
    assert topic.bonus[0] > topic.bonus[1]
    assert topic.bonus[3] < 0
    later = topicality(
        [texts[0], "Of course, the protocols of the previous section also handle membership changes of a cluster."],
        [0, 1],
        "6 Cluster membership changes",
    )
    assert later.bonus[1] < PARAGRAPH_OPENING_BONUS + TITLE_BONUS


def _section(number: int, title: str, sentences: list[str], seed: int) -> str:
    return f"## {number} {title}\n\n" + " ".join(sentences) + f"\n\n{prose(12, seed)}"


def _paper(sections: list[str]) -> list:
    opening = "# A study of replicated services\n\nThis paper presents a replicated service and measures it. " + prose(
        10, 1
    )
    return parse_text(opening + "\n\n" + "\n\n".join(sections), markdown_syntax=True).blocks


def _lines(blocks, title: str) -> dict[str, list[str]]:
    shown = {}
    for length in LENGTHS:
        summary = OFFLINE.summarize(blocks, SummaryOptions(length=length))
        section = next(s for s in summary.sections if title in s.title)
        shown[length] = section.sentences
    return shown


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(NAMES, TOPICS, st.integers(2, 9), st.integers(10, 90))
def test_a_section_never_shows_a_walk_through_a_footnote_or_a_back_reference(name, topic, count, number):
    """Each bad sentence opens its section and repeats the section's words, so without the rules it would win."""
    title, subject, things = topic
    bad = [
        f"In this example, the {name} {subject} grows from {count} {things} to {count + 2} {things}.",
        f"Table {count} shows the {name} {subject} per cluster, with {number} {things} on average.",
        f"As shown in Figure {count}, {name} handles the {subject} of {number} {things} in two phases.",
        f"1The {name} {subject} prototype handled {number} {things} in the first week of its use.",
        f"As we saw in the previous section, {name} keeps the {subject} of {number} {things} consistent.",
    ]
    good = [
        f"{name} handles {subject} in two phases so that the {things} never disagree about the configuration.",
        f"The {subject} of {name} keeps serving clients while the {things} change.",
        f"Operators use {name} to move {things} between clusters during maintenance windows.",
    ]
    sections = [_section(k + 2, f"{title} {k}", [sentence, *good], k) for k, sentence in enumerate(bad)]
    blocks = _paper(sections)
    for length in LENGTHS:
        summary = OFFLINE.summarize(blocks, SummaryOptions(length=length))
        lines = [line for section in summary.sections for line in section.sentences]
        assert lines, length
        for sentence in bad:
            assert sentence not in lines and sentence[1:] not in lines, (length, sentence)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(NAMES, TOPICS, st.integers(2, 9))
def test_the_sentence_that_states_the_topic_is_the_sections_line(name, topic, count):
    """The authors' announcement of the section's content sits mid-paragraph, after an aside that is as central;
    at every length the section shows it (first when the section shows one sentence)."""
    title, subject, things = topic
    announcement = f"In this section, we describe how {name} handles {subject} without stopping the {things}."
    aside = f"Fortunately, in most cases the more obvious {subject} in {name} was also the more concise one."
    sentences = [
        aside,
        f"Earlier versions of {name} needed {count} extra {things} for {subject}.",
        announcement,
        f"The {things} of {name} agree on {subject} after {count} rounds of messages.",
        f"{name} was deployed on {count * 10} clusters in the last year.",
    ]
    blocks = _paper([_section(2, "Background", [prose(1, 7)], 2), _section(3, title, sentences, 3)])
    shown = _lines(blocks, title)
    assert shown["short"] == [announcement]
    assert all(announcement in lines for lines in shown.values())


def test_a_section_summary_says_what_the_section_does_not_where_other_things_are():
    pointers = [
        "Section 3 summarizes our experience with the bridge works and the river traffic.",
        "The costs of the bridge works and the river traffic are addressed in Section 4.",
        "For the full cost of the bridge works and the river traffic see Section 5.",
    ]
    text = "# Bridge plan\n\n" + "\n\n".join(
        f"## {n}. Part {n}\n\n{pointer} {prose(100, 500 + n)}" for n, pointer in enumerate(pointers, 1)
    )
    blocks = parse_text(text, markdown_syntax=True).blocks
    for length in LENGTHS:
        summary = OFFLINE.summarize(blocks, SummaryOptions(length=length))
        lines = [line for section in summary.sections for line in section.sentences]
        assert lines and not set(pointers) & set(lines), length
        assert not any(is_signpost(line) for line in lines), length


CAPITALS = st.from_regex(r"[A-Z]{3,10}( [A-Z]{2,8}){0,2}", fullmatch=True)


@settings(max_examples=40, deadline=None)
@given(NAMES, TOPICS, CAPITALS, st.sampled_from(["So far", "Thus far", "Up to now", "So far in this paper"]))
def test_an_announcement_is_read_past_a_glued_heading_line_and_so_far_leans_back(name, topic, capitals, opener):
    """A heading's wrapped last line glued to the section's opening ("COMPRESSION In this section, we present ...")
    does not hide the announcement; "So far, ..." builds on text the section's reader is not shown."""
    _, subject, things = topic
    announcement = f"In this section, we present how {name} handles {subject} for the {things} of a cluster."
    assert announced(f"{capitals} {announcement}") == announced(announcement) is not None
    assert announced(f"{capitals} {name} handles {subject} for the {things} of a cluster.") is None
    assert refers_back(f"{opener}, {name} handles {subject} only for the {things} of one cluster.")
    assert not refers_back(f"{name} handles {subject} so far from the {things} that nothing is lost.")


@settings(max_examples=40, deadline=None)
@given(NAMES, TOPICS, st.sampled_from(["address", "study", "describe", "formalize"]), st.booleans())
def test_we_and_in_this_section_announce_anywhere_in_the_sentence_but_a_pointer_onwards_names_nothing(
    name, topic, verb, late
):
    """ "We address X in this section and then introduce Y" announces X and Y; "We describe the three steps in
    the following text" points onwards and names no content."""
    _, subject, things = topic
    sentence = (
        f"We {verb} the {subject} of {name} in this section and then introduce a model of its {things}."
        if late
        else f"We {verb} in this section the {subject} of {name} and a model of its {things}."
    )
    assert announced(sentence) is not None
    assert announced(f"We {verb} the three steps in the following text.") is None
    assert announced(f"In this section we describe the {things} in the following subsections.") is None


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(NAMES, TOPICS, st.integers(30, 60))
def test_a_section_keeps_its_line_when_the_overview_shows_it_too_but_an_abstract_does_not(name, topic, size):
    """The overview leads with the document's defining sentence; when it opens a section (not one in which the
    document describes itself), that section still shows it as its own line, instead of a weaker one."""
    title, subject, things = topic
    defining = f"This paper presents {name}, a service for {subject} that keeps the {things} of a cluster in step."
    text = f"# A study of {subject}\n\n## 1 {title}\n\n{defining} {prose(size, size)}\n\n" + "\n\n".join(
        f"## {n} Part {n}\n\n{prose(size, size + n)}" for n in range(2, 5)
    )
    for length in LENGTHS:
        summary = OFFLINE.summarize(parse_text(text, markdown_syntax=True).blocks, SummaryOptions(length=length))
        assert summary.sentences[0] == defining, length
        assert summary.sections[0].sentences[0] == defining, length
        lines = [line for section in summary.sections for line in section.sentences]
        assert len(lines) == len(set(lines)), length
    abstract = text.replace(f"## 1 {title}", "## Abstract", 1)
    summary = OFFLINE.summarize(parse_text(abstract, markdown_syntax=True).blocks, SummaryOptions(length="medium"))
    assert summary.sentences[0] == defining and defining not in summary.sections[0].sentences
