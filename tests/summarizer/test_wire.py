"""The JSON forms of requests, summaries and errors: a summary survives the trip whole, bad requests are named."""

import json

import pytest

from ingest import ingest_file
from summarizer import EmptyInputError, InvalidOptionError, Settings, Summarizer, SummarizerError, SummaryOptions
from summarizer.remote import wire
from tests.builders import make_pdf


def trip(data):
    return json.loads(json.dumps(data))


@pytest.fixture(scope="module")
def offline():
    return Summarizer(Settings(engine="extractive"))


@pytest.fixture(scope="module")
def pdf_blocks():
    return ingest_file("report.pdf", make_pdf(pages=5)).blocks


def test_a_summary_of_a_pdf_comes_back_equal_with_pages_sections_and_sources(offline, pdf_blocks):
    summary = offline.summarize(pdf_blocks, SummaryOptions(format="outline", max_input_words=120))
    assert summary.sections and any(summary.pages) and summary.warnings and summary.timings
    rebuilt = wire.summary_from_wire(trip(wire.summary_to_wire(summary)))
    assert rebuilt == summary
    assert rebuilt.text == summary.text and rebuilt.sections[0].pages == summary.sections[0].pages


def test_where_a_block_runs_on_to_a_later_page_survives_a_request(offline):
    from ingest import Block

    sentences = [f"The committee number {n} reviewed the plan for the new library in town." for n in range(8)]
    text = " ".join(sentences)
    turn = text.index(sentences[5])
    blocks = [Block("heading", "1 Plans", 1, 3), Block("paragraph", text, page=3, later_pages=((turn, 4),))]
    source, _ = wire.request_from_wire(trip(wire.request_to_wire(blocks, SummaryOptions())))
    assert [b.later_pages for b in source] == [(), ((turn, 4),)]
    summary = offline.summarize(source, SummaryOptions(length="long"))
    assert summary.pages == [3] * 5 + [4] * 3
    with pytest.raises(InvalidOptionError, match="Block 1"):
        wire.source_from_wire({"blocks": [{"kind": "paragraph", "text": "x", "later_pages": [[1]]}]})


def test_the_wire_summary_carries_what_the_cli_json_prints(offline, text_factory):
    summary = offline.summarize(text_factory(20))
    data = wire.summary_to_wire(summary)
    assert set(summary.as_dict()) <= set(data)
    assert data["grounding"][0]["source"][0]["text"] == summary.source[summary.support[0][0]].text


def test_blocks_and_options_survive_a_request_and_give_the_same_summary(offline, pdf_blocks):
    options = SummaryOptions(length="short", format="bullets", preset="fast", sections=False)
    source, rebuilt_options = wire.request_from_wire(trip(wire.request_to_wire(pdf_blocks, options)))
    assert rebuilt_options == options
    fields = [(b.kind, b.text, b.level, b.page) for b in pdf_blocks]
    assert [(b.kind, b.text, b.level, b.page) for b in source] == fields
    assert offline.summarize(source, options).sentences == offline.summarize(pdf_blocks, options).sentences


@pytest.mark.parametrize(
    "body, words",
    [
        ({}, 'either "text"'),
        ({"text": "a", "blocks": []}, 'either "text"'),
        ({"text": 3}, "must be a string"),
        ({"blocks": "x"}, "must be a list"),
        ({"blocks": [{"kind": "paragraph"}]}, "Block 1"),
        ({"blocks": [{"kind": "paragraph", "text": "x", "page": "2"}]}, "Block 1"),
        ({"text": "a", "options": {"length": "huge"}}, "Unknown length 'huge'"),
        ({"text": "a", "options": {"colour": "red"}}, "Unknown option 'colour'"),
        ({"text": "a", "options": {"words": "many"}}, "'words' has the wrong type"),
        ({"text": "a", "options": {"sections": 1}}, "'sections' has the wrong type"),
        ({"text": "a", "options": {"preset": "turbo"}}, "Unknown preset 'turbo'"),
        ({"text": "a", "extra": 1}, "Unknown request field 'extra'"),
        ([], "JSON object"),
    ],
)
def test_a_malformed_request_is_refused_with_a_sentence_naming_the_field(body, words):
    with pytest.raises(InvalidOptionError, match=words.replace("(", r"\(")):
        wire.request_from_wire(body)


def test_errors_come_back_as_the_services_own_exceptions():
    rebuilt = wire.error_from_wire(trip(wire.error_to_wire(EmptyInputError("There is no text to summarize."))))
    assert type(rebuilt) is EmptyInputError and str(rebuilt) == "There is no text to summarize."
    assert type(wire.error_from_wire({"error": {"type": "OSError", "message": "m"}})) is SummarizerError
    assert wire.error_from_wire({"summary": 1}) is None
