"""Summaries that read well: the defining sentence first, no dangling openers, a TL;DR per story with no
sections, every section summarized at every length, lengths that grow in order, requirement IDs and
boilerplate left out."""

import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from ingest import ingest_file, parse_text
from summarizer import Settings, Summarizer, SummaryOptions
from summarizer.engine import Hints
from summarizer.engines.selection import select
from summarizer.lab.syntheticprose import prose
from summarizer.text.prose import dangles, is_prose, shown
from summarizer.text.sentences import split_sentences
from tests.builders import STORIES

OFFLINE = Summarizer(Settings(engine="extractive"))
DEFINING = (
    "widgetlib is a free and open-source pure-python library capable of splitting, merging, cropping "
    "and transforming the pages of widget files."
)
README = f"""# widgetlib

{DEFINING} It can also add custom data, viewing options and passwords to widget files.

## Installation

See widgetcli for a command-line application that uses widgetlib to split and merge widget files from a shell.
You can install widgetlib with the package installer for Python in a few seconds on most systems.
The library has no dependencies beyond the standard library, so installing it never pulls in other packages.

## Usage

Reading a widget file takes a single call that returns the pages of the file as a list of page objects.
Each page can be cropped, rotated or merged with a page of another widget file before it is written out.
Widget files that are protected with a password are opened by giving the password to the reader.

## Contributing

Maintainers of widgetlib welcome contributions that fix bugs or add tests for widget files in the wild.
Please open an issue before starting on a large change so that the maintainers can discuss the design.
"""


def test_the_defining_sentence_leads_the_overview_and_is_the_tldr():
    blocks = parse_text(README, markdown_syntax=True).blocks
    for length in ("short", "medium", "long"):
        summary = OFFLINE.summarize(blocks, SummaryOptions(length=length))
        assert summary.sentences[0] == DEFINING, length
        assert [summary.source[row[0]].text for row in summary.support] == summary.sentences
    assert OFFLINE.summarize(blocks, SummaryOptions(length="tldr")).sentences == [DEFINING]


def test_a_sentence_opening_with_this_comes_with_the_sentence_it_leans_on_or_not_at_all():
    text = (
        "Tidal mills were common along the estuary in the medieval period. "
        "Engineers designed the new tidal barrier to hold back storm surges on the estuary. "
        "This barrier protects the estuary towns from storm surges and tidal flooding every winter. "
        "Fishermen on the estuary say catches of bass have risen in recent years. "
        "The tidal barrier and the storm surges it stops are the main worry of estuary towns."
    )
    sentences = split_sentences(text)
    assert [dangles(s.text) for s in sentences] == [False, False, True, False, False]
    for target in (12, 20, 30, 45, 60):
        chosen = select(sentences, target)
        assert 2 not in chosen or 1 in chosen, (target, chosen)
    assert any(2 in select(sentences, target) for target in (30, 45, 60))
    for length in ("tldr", "short", "medium"):
        summary = OFFLINE.summarize(text, SummaryOptions(length=length))
        assert not dangles(summary.sentences[0])
        for before, after in zip(summary.support, summary.support[1:]):
            assert not dangles(summary.source[after[0]].text) or after[0] == before[0] + 1


def test_names_that_carry_their_antecedent_do_not_dangle():
    assert not dangles("This paper presents a consensus algorithm for managing a replicated log.")
    assert not dangles("This Part of ISO/IEC 29500 defines a set of conventions for packaging files.")
    assert not dangles("There are three ways to build the index.")
    assert dangles("This involves the elucidation of sets of axioms and rules of inference.")
    assert dangles("Again, we show that every operation takes only amortized constant time.")
    assert dangles("For example, log entries only flow from the leader to other servers.")


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["is", "was", "has been", "seems", "remains"]),
    st.sampled_from(["important", "difficult", "easy for people", "common practice", "necessary"]),
    st.sampled_from(["the first system", "also superior", "closely related", "the only engine", "often applied"]),
    st.sampled_from(["detect anomalies in the logs", "the engines built for spinning disks"]),
)
def test_it_dangles_unless_it_stands_for_no_earlier_thing(be, evaluative, referential, rest):
    assert not dangles(f"It {be} {evaluative} to {rest}.")  # "it" stands for the clause after "to"
    assert not dangles(f"It {be} widely believed that {rest}.")
    assert not dangles(f"It {be} common these days to {rest}.") and not dangles(f"It {be} not clear how to {rest}.")
    assert dangles(f"It {be} {referential} to {rest}.")  # "it" is something named before
    assert dangles(f"It {be} a framework that {rest}.")


def test_five_stories_give_five_tldr_lines():
    text = "\n\n".join(story.replace(". ", ".\n\n", 1) for story in STORIES)
    summary = OFFLINE.summarize(parse_text(text).blocks, SummaryOptions(length="tldr"))
    topics = ("bridge", "orchid|seeds", "team", "lakes", "airport")
    assert len(summary.sentences) == 5
    for sentence, words in zip(summary.sentences, topics):
        assert any(word in sentence for word in words.split("|")), summary.sentences


LENGTHS = ("tldr", "short", "medium", "long")


def assert_reads_in_order(summaries: dict) -> None:
    """TL;DR is one line with no sections; every section with prose has sentences of its own at the other
    presets (or every one of its sentences is in the overview); shown words grow TL;DR < Short < Medium <
    Long; the overview meets its own target (a labelled overview's lines are counted in sentences, not words)."""
    tldr = summaries["tldr"]
    assert len(tldr.sentences) == 1 and tldr.sections == []
    words = [summaries[length].all_words for length in LENGTHS]
    assert words == sorted(set(words)), words
    for length in LENGTHS[1:]:
        summary = summaries[length]
        assert all(section.sentences or section.in_overview for section in summary.sections), (length, summary.text)
        assert summary.labels or 0.75 * summary.target_words <= summary.words <= 1.15 * summary.target_words, (
            length,
            summary.words,
            summary.target_words,
        )


def test_section_summaries_follow_the_length_and_the_overview_meets_the_target():
    parts = [f"## Part {n}\n\n" + prose(size, n) for n, size in enumerate((10, 60, 300), 1)]
    blocks = parse_text("# Report\n\n" + "\n\n".join(parts), markdown_syntax=True).blocks
    summaries = {length: OFFLINE.summarize(blocks, SummaryOptions(length=length)) for length in LENGTHS}
    assert_reads_in_order(summaries)
    counts = {length: [len(s.sentences) for s in summary.sections] for length, summary in summaries.items()}
    # one sentence says what a section does; more come with the length asked for and the section's size
    assert counts["short"] == [1, 1, 1] and counts["medium"] == [1, 1, 2] and counts["long"] == [1, 3, 4]
    for words in (30, 80, 150):
        summary = OFFLINE.summarize(blocks, SummaryOptions(words=words))
        assert summary.target_words == words and 0.75 * words <= summary.words <= 1.15 * words
        assert all(section.sentences for section in summary.sections)


def _report_docx() -> bytes:
    """A report of eight sections of 8 to 60 sentences, written with python-docx."""
    import docx

    document = docx.Document()
    document.add_heading("Annual review of the city services", level=0)
    for number, size in enumerate((40, 8, 25, 60, 12, 30, 18, 45), 1):
        document.add_heading(f"{number}. Services of district {number}", level=1)
        for paragraph in prose(size, 10 + number).split("\n\n"):
            document.add_paragraph(paragraph)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def test_every_section_of_a_docx_report_is_summarized_at_every_length_and_lengths_grow_in_order():
    document = ingest_file("review.docx", _report_docx())
    summaries = {length: OFFLINE.summarize(document.blocks, SummaryOptions(length=length)) for length in LENGTHS}
    for length in LENGTHS[1:]:
        assert [s.title for s in summaries[length].sections] == [f"{n}. Services of district {n}" for n in range(1, 9)]
    assert_reads_in_order(summaries)
    outline = OFFLINE.summarize(document.blocks, SummaryOptions(length="short", format="outline")).text
    assert "longer length" not in outline and "Not summarized" not in outline
    summarized = [sum(map(len, (s.sentences for s in summaries[length].sections))) for length in LENGTHS[1:]]
    assert summarized[0] <= summarized[1] < summarized[2]


def test_requirement_ids_are_dropped_and_standard_boilerplate_is_left_out():
    assert (
        shown("M1.27 The package implementer shall name parts uniquely.")
        == "The package implementer shall name parts uniquely."
    )
    assert (
        shown("[M2.2] The format designer shall define a physical format.")
        == "The format designer shall define a physical format."
    )
    assert shown("The 2.1 release of the package is stable.") == "The 2.1 release of the package is stable."
    assert not is_prose(
        "National bodies that are members of ISO or IEC participate in the development of "
        "International Standards through technical committees."
    )
    assert not is_prose(
        "ISO (the International Organization for Standardization) and IEC (the International "
        "Electrotechnical Commission) form the specialized system for worldwide standardization."
    )
    assert not is_prose("The first version of this paper was completed and posted on the arXiv in 2004.")
    assert not is_prose("This work was partially supported by a grant from the research council of the region.")
    assert not is_prose(
        "The views and conclusions contained in this document are those of the author and should "
        "not be interpreted as representing the official policies of the agency."
    )
    assert not is_prose(
        "This second edition cancels and replaces the first edition, which has been technically revised."
    )
    text = (
        "National bodies that are members of ISO or IEC participate in the development of International "
        "Standards through technical committees.\n\n"
        "M1.1 The package implementer shall neither create nor recognize a part with a name that is empty.\n\n"
        "M1.2 The package implementer shall reject a part name that ends with a forward slash character.\n\n"
        "M1.3 The format designer shall specify the content types of all parts stored in the package."
    )
    summary = OFFLINE.summarize(text, SummaryOptions(words=40))
    assert summary.sentences and all(s.startswith("The ") for s in summary.sentences), summary.sentences


def test_photo_captions_inside_a_story_are_left_out_and_counted():
    story = (
        "The council voted on Monday to build a new bridge over the river after years of delays. "
        "Mayor Ann Lee (left) shakes hands with the engineer Tom Ward (right) at the town hall. "
        "The bridge will cost twelve million pounds and open to traffic in the spring of next year. "
        "Residents, pictured at a meeting last week, have campaigned for a crossing since the old one closed. "
        "The Labour group (centre-left) on the council backed the plan, as did most independents."
    )
    summary = Summarizer(Settings(engine="extractive")).summarize(story, SummaryOptions(words=120))
    assert "(left)" not in summary.text and "pictured" not in summary.text
    assert "(centre-left)" in summary.text  # a politics label is not a photo position
    captions = (
        "Mayor Ann Lee (left) shakes hands with the engineer Tom Ward (right) at the town hall. "
        "Residents, pictured at a meeting last week, have campaigned for a crossing since the old one closed."
    )
    assert summary.coverage.left_out >= len(captions.split())  # counted, never dropped silently


def test_a_story_sentence_beside_a_photo_is_shown_without_the_picture_marker():
    story = (
        "Mother-of-three Farhina Touseef (pictured) was jailed for three years on Monday for fraud at a charity. "
        "She took forty thousand pounds from the charity over two years, Leeds Crown Court heard on Monday. "
        "Judge Peter Collier said the money had been meant for families who had lost their homes in floods."
    )
    summary = Summarizer(Settings(engine="extractive")).summarize(story, SummaryOptions(words=60))
    assert "Mother-of-three Farhina Touseef was jailed for three years" in summary.text
    assert "(pictured)" not in summary.text
    assert shown("Planners in Windsor have allowed two Costa cafes 500 yards apart (file picture).") == (
        "Planners in Windsor have allowed two Costa cafes 500 yards apart."
    )


def test_a_caption_label_is_dropped_but_a_quote_keeps_who_said_it():
    assert shown("Bitten: Austin Hatfield, 18, found the snake near his home last week.") == (
        "Austin Hatfield, 18, found the snake near his home last week."
    )
    assert shown("Police said: The road will stay closed until Friday.") == (
        "Police said: The road will stay closed until Friday."
    )
    assert shown("Ms Lee told MailOnline: It was the worst day of my life.").startswith("Ms Lee told")


def test_a_footnote_number_after_a_comma_is_not_shown():
    assert shown("We draw it as a triple crossing,2 then every diagram follows.") == (
        "We draw it as a triple crossing, then every diagram follows."
    )
    assert shown("Items 1,2 and 3 use the filter wj,0 at every scale.") == (
        "Items 1,2 and 3 use the filter wj,0 at every scale."
    )


def test_captions_credits_and_file_photos_are_not_prose_but_by_far_is():
    assert not is_prose("Adam (right) celebrates with his Stoke City team-mates after scoring on Saturday.")
    assert not is_prose("Jimmy Anderson celebrates taking his record 384th wicket in Test cricket for England.")
    assert not is_prose("Prince Andrew pictured leaving an Easter service at Windsor Castle on Sunday.")
    assert not is_prose("In this April 13, 2011, file photo, Barry Bonds leaves federal court in San Francisco.")
    assert not is_prose("CNN's Debra Goldschmidt and Tom Ward contributed to this report.")
    assert not is_prose("By Jane Doe and Tom Ward for MailOnline.")
    assert is_prose("By far, the most searched for term globally is HIV, followed by herpes.")
    assert is_prose("Posted to Facebook two weeks ago, the image became an online sensation overnight.")
    assert is_prose("Terry (pictured) has been jailed for five years for the attack in Leeds.")
    assert not is_prose("Ant and Dec pictured with the dancing pair Ashleigh and Pudsey in 2012.")


def test_a_team_sheet_is_a_list_of_names_not_a_sentence():
    assert not is_prose("Derby: Grant, Keogh, Albentosa, Forsyth, Warnock (Whitbread 78 mins), Russell, Bryson.")
    assert not is_prose("Subs: Wiggins, Lennon, Dmitrovic, Lepoint, Osborne.")
    assert is_prose("The recalled ice cream had been shipped to Alabama, Arizona, Arkansas, Colorado and Florida.")


def test_the_torn_tail_of_a_sentence_is_not_prose_but_a_leading_parenthesis_can_be():
    assert not is_prose("(ALS), a collaborative filtering algorithm [42] was used in every run.")
    assert is_prose("(In this case the index is rebuilt before the query runs again.)")
    assert is_prose("(Reuters) The talks began on Monday in Geneva with both sides present.")


def test_a_section_the_overview_is_drawn_from_says_so_instead_of_not_summarized():
    import docx

    from summarizer.remote import wire
    from summarizer.summary import IN_OVERVIEW

    document = docx.Document()
    document.add_heading("Introduction", level=1)  # an "Abstract" would be shown whole beside a labelled overview
    document.add_paragraph(
        "This report presents a plan to rebuild the river bridge in the town centre within two years, at a cost "
        "of twelve million pounds, while one lane of the old bridge stays open to traffic during the works."
    )
    for number in range(1, 7):
        document.add_heading(f"{number}. Works in district {number}", level=1)
        for paragraph in prose(250, 30 + number).split("\n\n"):
            document.add_paragraph(paragraph)
    buffer = io.BytesIO()
    document.save(buffer)
    blocks = ingest_file("plan.docx", buffer.getvalue()).blocks
    summary = OFFLINE.summarize(blocks, SummaryOptions(length="short", format="outline"))
    abstract = summary.sections[0]
    assert abstract.title == "Introduction" and not abstract.sentences and abstract.in_overview
    assert summary.text.startswith("This report presents a plan") and IN_OVERVIEW in summary.text
    assert all(s.sentences for s in summary.sections[1:])
    assert wire.summary_from_wire(json.loads(json.dumps(wire.summary_to_wire(summary)))) == summary


def test_no_two_sections_share_a_line_and_a_section_the_overview_covers_is_noted():
    text = "# Bridge plan\n\n" + "\n\n".join(f"## {n}. Part {n}\n\n" + prose(120, 390 + n) for n in range(1, 6))
    blocks = parse_text(text, markdown_syntax=True).blocks
    sizes = []
    for length in ("short", "medium", "long"):
        summary = OFFLINE.summarize(blocks, SummaryOptions(length=length))
        lines = [line for section in summary.sections for line in section.sentences]
        assert len(lines) == len(set(lines)), length
        assert summary.words <= 1.15 * summary.target_words and all(s.sentences for s in summary.sections)
        sizes.append(len(lines))
    assert sizes[0] <= sizes[1] < sizes[2]
    short = "# Notes\n\n" + "\n\n".join(f"## Part {n}\n\n" + prose(2, 40 + n) for n in range(1, 3))
    whole = OFFLINE.summarize(parse_text(short, markdown_syntax=True).blocks, SummaryOptions(words=200))
    assert all(not s.sentences and s.in_overview for s in whole.sections)  # the overview shows all their sentences


def test_a_sentence_two_sections_share_is_shown_once():
    shared = "Volunteers counted the swans along the canal during the spring holidays."
    text = (
        f"# Bridge plan\n\n## Summary\n\n{shared} {prose(60, 7)}\n\n## 1. Introduction\n\n{shared} {prose(120, 8)}\n\n"
        + "\n\n".join(f"## {n}. Part {n}\n\n" + prose(120, 390 + n) for n in range(2, 5))
    )
    blocks = parse_text(text, markdown_syntax=True).blocks
    for length in ("medium", "long"):
        summary = OFFLINE.summarize(blocks, SummaryOptions(length=length))
        lines = summary.sentences + [line for section in summary.sections[:2] for line in section.sentences]
        assert lines.count(shared) <= 1 and len(lines) == len(set(lines)), length
        parts = [line for section in summary.sections for line in section.sentences]
        assert len(parts) == len(set(parts)), length


def test_a_sentence_that_says_the_same_thing_again_is_not_shown_even_with_room_for_everything():
    first = "Ms Flynn was in a state of sheer panic as she heard passers-by screaming that the old river bridge would collapse."
    again = (
        "Ms Flynn was in a state of sheer panic as she heard passers-by screaming that the bridge would collapse, "
        "and then she ran home along the canal path with her two young children before the police came."
    )
    sentences = split_sentences(f"{first} {prose(5, 3)} {again} {prose(5, 4)}")
    twice = [k for k, s in enumerate(sentences) if s.text.startswith("Ms Flynn")]
    for hints in (Hints(), Hints(learned=True)):
        chosen = select(sentences, 1000, hints=hints)
        assert twice[0] in chosen and twice[1] not in chosen


def test_lengths_grow_in_order_on_text_without_headings():
    """Plain text (news, pasted notes): TL;DR one line, then each preset shows more words than the one before."""
    for seed, size in ((1, 12), (2, 25), (3, 40), (4, 80), (5, 160)):
        text = prose(size, 700 + seed)
        words = [OFFLINE.summarize(text, SummaryOptions(length=length)).all_words for length in LENGTHS]
        assert words == sorted(set(words)), (seed, size, words)
