"""Documents summarized as a reader expects: overview, section summaries with pages, only prose, topics, TL;DR."""

import pytest

from ingest import ingest_file, parse_text
from summarizer import Settings, Summarizer, SummaryOptions
from summarizer.text.prose import is_prose
from tests.builders import CAPTION, GRAMMAR, REFERENCES, SCOPE, STORIES, standard_pdf, styled_docx

OFFLINE = Summarizer(Settings(engine="extractive"))
JUNK = ["....", "©", "[1]", "[2]", "Figure 1", "::=", "PieceName", "NonZeroDigit", "ISO/WO", "Contents"]


def every_sentence(summary):
    return summary.sentences + [s for section in summary.sections for s in section.sentences]


@pytest.fixture(scope="module")
def standard():
    return ingest_file("standard.pdf", standard_pdf())


def test_overview_starts_from_what_the_document_says_about_itself(standard):
    summary = OFFLINE.summarize(standard.blocks, SummaryOptions(length="short"))
    assert summary.sentences[0] == SCOPE.split(". ")[0] + "."


def test_section_summaries_have_headings_pages_and_grounding(standard):
    summary = OFFLINE.summarize(standard.blocks, SummaryOptions(words=60))
    assert [(s.title, s.pages) for s in summary.sections] == [
        ("2 Terms and definitions", "p. 2"),
        ("3 Package structure", "p. 3"),
        ("4 Interleaving and storage", "p. 4"),
    ]
    # the scope is the standard's own summary: shown whole as the authors', under the labelled overview, not again
    own = summary.authors_abstract
    assert own is not None and own.text.startswith(SCOPE[:40]) and own.pages == [2]
    assert summary.labels[0] == "What it is" and summary.sentences[0] == SCOPE.split(". ")[0] + "."
    for section in summary.sections:
        assert 1 <= len(section.sentences) <= 3
        for sentence, support in zip(section.sentences, section.support):
            assert support and summary.source[support[0]].text == sentence
            assert summary.page_of(support[0]) == section.first_page
    outline = summary.as_dict()["sections"]
    assert outline[0]["grounding"][0]["source"][0]["page"] == 2


def test_no_junk_reaches_any_summary(standard):
    for length in ("tldr", "short", "medium", "long"):
        summary = OFFLINE.summarize(standard.blocks, SummaryOptions(length=length))
        for sentence in every_sentence(summary):
            assert not any(mark in sentence for mark in JUNK), sentence
            assert is_prose(sentence), sentence
    read = " ".join(s.text for s in OFFLINE.summarize(standard.blocks).source)
    assert not any(text in read for text in REFERENCES + GRAMMAR + [CAPTION])


def test_non_prose_in_plain_text_is_not_summarized():
    text = (
        "The committee approved the new budget for the river bridge after a long debate on Monday.\n\n"
        "1 Introduction ........................ 3\n\n"
        "for (int i = 0; i < n; i++) { total += price[i]; }\n\n"
        "Figure 2: Spending on bridges by year, in millions of euros.\n\n"
        "[4] J. Smith. Bridges of the north. Proceedings of BridgeConf, pp. 3-9, 2011.\n\n"
        "© 2024 River Authority. All rights reserved.\n\n"
        "Repairs will begin in the spring and should take about eighteen months to finish."
    )
    summary = OFFLINE.summarize(parse_text(text).blocks, SummaryOptions(words=200))
    assert summary.sentences == [
        "The committee approved the new budget for the river bridge after a long debate on Monday.",
        "Repairs will begin in the spring and should take about eighteen months to finish.",
    ]


def test_docx_sections_are_summarized(tmp_path):
    document = ingest_file("review.docx", styled_docx())
    summary = OFFLINE.summarize(document.blocks)
    assert [s.title for s in summary.sections][:2] == ["Terms and definitions", "Package structure"]
    assert all(s.pages == "" for s in summary.sections)
    own = summary.authors_abstract  # the scope, shown whole beside the labelled overview, with no pages in Word
    assert own is not None and own.text.startswith(SCOPE[:40]) and own.pages == [] and own.heading == own.label


def test_several_stories_without_headings_are_all_covered():
    text = "\n\n".join(story.replace(". ", ".\n\n", 1) for story in STORIES)
    summary = OFFLINE.summarize(parse_text(text).blocks, SummaryOptions(length="short"))
    topics = ("bridge", "orchid|flower", "team|coach", "lakes|nitrogen", "airport")
    covered = {words for words in topics if any(word in s for word in words.split("|") for s in summary.sentences)}
    assert len(covered) >= 3, summary.sentences


def test_tldr_is_one_sentence_and_short_texts_are_not_returned_whole():
    paragraph = (
        "The city council approved a new budget for the river bridge on Monday after a long debate. "
        "Councillors said the bridge had been closed to lorries for two years. "
        "Repairs will start in spring and take eighteen months."
    )
    assert 30 <= len(paragraph.split()) <= 60
    for length in ("short", "medium"):
        summary = OFFLINE.summarize(paragraph, SummaryOptions(length=length))
        assert summary.words < len(paragraph.split()) / 2
    tldr = OFFLINE.summarize(paragraph, SummaryOptions(length="tldr"))
    assert len(tldr.sentences) == 1 and tldr.sections == []


def test_the_abstractive_engine_reads_only_prose_and_summarizes_sections(tiny_model_dir, standard):
    model = Summarizer(Settings.from_env(engine="abstractive", model=str(tiny_model_dir), backend="transformers"))
    summary = model.summarize(standard.blocks, SummaryOptions(words=300))
    read = " ".join(summary.source[i].text for support in summary.support for i in support)
    assert summary.engine == "abstractive" and summary.sentences
    assert [s.title for s in summary.sections][0] == "2 Terms and definitions"  # the scope is shown whole
    assert all(s.sentences for s in summary.sections) and summary.labels[0] == "What it is"
    assert summary.coverage.prose_words < summary.coverage.read_words
    assert not any(text in read for text in REFERENCES + GRAMMAR)


# More to say in each section of the generated paper: a paper's labelled overview shows no sentence of its abstract
# past its first line (the abstract is shown whole beside it), so a paper grows from Medium to Long by its sections,
# and a section of 150 words or more has a second sentence to show at Long.
MORE = [
    "Each rack holds forty nodes that share a power supply and a top-of-rack switch.",
    "A rack that loses power takes all of its nodes down at the same moment.",
    "Recovery reads the lost copies from the surviving nodes and writes them to spare disks.",
    "The cluster manager assigns every new chunk to a copy set when the chunk is first written.",
    "Copy sets are rebuilt in the background when a node joins or leaves the cluster for good.",
    "The failure traces come from three production clusters over a period of two years.",
    "Every simulated run replays one outage in which a random share of the racks lose power.",
    "Operators can choose a wider scatter width when recovery speed matters more than losses.",
]


def test_a_paper_and_a_standard_read_in_order_at_every_preset(standard, tmp_path):
    """Lengths grow TL;DR < Short < Medium < Long, TL;DR has no sections, and every section is summarized."""
    from ingest import read_file
    from tests.summarizer.lab.test_papers import SECTIONS, make_paper_pdf
    from tests.summarizer.test_reading import LENGTHS, assert_reads_in_order

    make_paper_pdf(tmp_path / "paper.pdf", {heading: sentences + MORE for heading, sentences in SECTIONS.items()})
    for document in (standard, read_file(str(tmp_path / "paper.pdf"))):
        summaries = {length: OFFLINE.summarize(document.blocks, SummaryOptions(length=length)) for length in LENGTHS}
        assert len(summaries["long"].sections) >= 3, document.name
        assert_reads_in_order(summaries)
