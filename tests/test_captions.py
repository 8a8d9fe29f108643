"""Photo captions inside a story's text are typed as captions in plain text, Markdown and Word, as a PDF's set-aside
caption is, and are never summary sentences; proved on generated variants: random names and places in caption
templates, and in news sentences that must stay prose."""

from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest import Origin, ingest_file, parse_text
from summarizer import Settings, Summarizer, SummaryOptions
from summarizer.lab.junk import junk_reasons
from textkind import is_photo_caption, is_prose

FIRST = st.sampled_from(["Lindsay", "Jamal", "Priya", "Tomasz", "Aoife", "Kwame", "Mei", "Diego", "Ingrid", "Omar"])
LAST = st.sampled_from(["Lohan", "Okafor", "Sharma", "Nowak", "Byrne", "Mensah", "Chen", "Alvarez", "Berg", "Haddad"])
PLACES = st.sampled_from(["Leeds", "Lagos", "Mumbai", "Gdansk", "Galway", "Accra", "Shanghai", "Seville", "Bergen"])
ROLES = st.sampled_from(["rapper", "midfielder", "actress", "senator", "chef", "striker", "singer", "mayor"])


@st.composite
def captions(draw):
    """A Daily Mail-style caption: a picture described in the present tense, a direction, then and now, a credit."""
    name, place, role = f"{draw(FIRST)} {draw(LAST)}", draw(PLACES), draw(ROLES)
    other = f"{draw(FIRST)} {draw(LAST)}"
    age = draw(st.integers(5, 60))
    year = draw(st.integers(1990, 2012))
    return draw(
        st.sampled_from(
            [
                f"Pictured: {name} outside the court in {place} on Tuesday morning.",
                f"The {role} poses in the dressing room in {place} alongside {name}.",
                f"{name} poses with fans at the premiere in {place} last night.",
                f"{name} celebrates scoring the winner against {place} at the weekend.",
                f"{name} is pictured leaving a restaurant in {place} with a friend.",
                f"{name}, right, smiles at the crowd in {place} after the final whistle.",
                f"{name} at the age of {age} in {year} and now at the age of {age + 10}.",
                f"A man wearing a red coat was photographed leaving the scene in {place}.",
                f"Left: {name} arrives at the gala in {place} on Saturday evening.",
                "Photo: Getty Images",
                f"{name} (left) celebrates with team-mates after the match in {place}.",
                f"{name} (third from right) also attends the launch in {place} on Monday night.",
                f"{name}, second from left, walks from the helicopter to the hospital in {place}.",
                f"From left to right: {name}, {other} and the {role} at the launch in {place}.",
                f"Above, {name} with the {role} outside the court in {place}.",
                f"{name} and the {role} pose for a photo during the launch in {place}.",
                f"{name} is seen leaving the court in {place} after the hearing.",
                f"The map above shows the towns around {place} with the most burglaries.",
                f"{name} (left) and {other} (right) at the media day in {place}.",
                f"{name} (left and right) arrives at the hospital in {place} with her mother.",
            ]
        )
    )


@st.composite
def news_sentences(draw):
    """A story's own sentences, with the same names, places, numbers and words as the captions."""
    name, place, role = f"{draw(FIRST)} {draw(LAST)}", draw(PLACES), draw(ROLES)
    age, year = draw(st.integers(18, 60)), draw(st.integers(1990, 2012))
    return draw(
        st.sampled_from(
            [
                f"{name}, {age}, was jailed for five years at {place} Crown Court on Monday.",
                f"The {role} said the club would appeal against the ban imposed in {place}.",
                f"{name} left {place} at the age of {age} and moved to London in {year}.",
                f"Police said {name} had been seen leaving the pub shortly before midnight.",
                f"{name} (pictured) has been charged with fraud after an inquiry in {place}.",
                f"The {role} poses a threat to the party's majority, analysts in {place} said.",
                f"{name} told reporters in {place} that she would stand again in {year + 10}.",
                f"Right-wing groups in {place} have called for a vote on the new law.",
                f"The council voted to build a new bridge in {place}, officials said on Tuesday.",
                f"{name} is seen as the favourite to become mayor of {place} in {year + 10}.",
                f"Above all, the {role} wants to stay in {place} for another season, friends said.",
                f"{name} posed for pictures with fans after the match, then left {place} by train.",
                f"Fans would pose for photos with the {role} outside the ground in {place}, he said.",
                f"{name} (right) was jailed for two years at {place} Crown Court on Friday.",
                f"{name} (left) in {place} has won three titles since {year}.",
                f"{name} (left) believes the club should sign players from {place} this summer.",
                f"The {role} wrote that the couple could not marry until they were {age}, when they can wed.",
            ]
        )
    )


@settings(max_examples=80, deadline=None)
@given(captions())
def test_a_generated_caption_is_a_caption_and_never_prose(caption):
    assert is_photo_caption(caption) and not is_prose(caption), caption


@settings(max_examples=80, deadline=None)
@given(news_sentences())
def test_a_generated_news_sentence_is_prose_and_not_a_caption(sentence):
    assert not is_photo_caption(sentence) and is_prose(sentence), sentence


def _story(caption: str, sentence: str) -> list[str]:
    return [
        f"{sentence} It was the first case of its kind in the county, the court heard.",
        caption,
        "The hearing continues next week, when the defence is expected to call its first witnesses.",
    ]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(captions(), news_sentences())
def test_a_caption_paragraph_is_typed_as_a_caption_in_plain_text_and_markdown(caption, sentence):
    paragraphs = _story(caption, sentence)
    for markdown in (False, True):
        blocks = parse_text("\n\n".join(paragraphs), markdown_syntax=markdown).blocks
        kinds = {b.text: (b.kind, b.origin) for b in blocks}
        assert kinds[caption] == ("caption", Origin.PICTURE_CAPTION), (caption, markdown)
        assert kinds[paragraphs[0]][0] == "paragraph" and kinds[paragraphs[2]][0] == "paragraph"


@pytest.mark.parametrize(
    "caption",
    [
        "Lindsay Lohan at the age of 18 in 2005 and now at the age of 28.",
        "Brazil legend Pele (left) and Arsenal midfielder Jack Wilshere pose for a photo during the launch.",
        "City manager Manuel Pellegrini (third from right) also attends the Academy Stadium on Monday night.",
        "From left to right: Lee Miles, Rosa Camfield, Raymond Wheaton and Lynn Vine.",
    ],
)
def test_a_caption_paragraph_is_typed_as_a_caption_in_word(caption):
    import docx

    document = docx.Document()
    for text in _story(caption, "The actress returned to the stage in London on Monday night."):
        document.add_paragraph(text)
    buffer = io.BytesIO()
    document.save(buffer)
    blocks = ingest_file("story.docx", buffer.getvalue()).blocks
    typed = [b for b in blocks if b.text == caption]
    assert typed and typed[0].kind == "caption" and typed[0].reason.startswith("it reads like a photo's caption")
    assert [b.kind for b in blocks if b.text != caption] == ["paragraph", "paragraph"]


@st.composite
def stories(draw):
    """A story's plain text with captions run into it between its paragraphs, as a news page's text copies them."""
    sentences = draw(st.lists(news_sentences(), min_size=6, max_size=6, unique=True))
    shown = draw(st.lists(captions(), min_size=3, max_size=3, unique=True))
    paragraphs = [" ".join(sentences[i : i + 2]) for i in range(0, 6, 2)]
    return "\n\n".join(p for pair in zip(paragraphs, shown) for p in pair), shown


OFFLINE = Summarizer(Settings(engine="extractive"))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(stories())
def test_a_caption_run_into_a_storys_plain_text_is_never_in_its_summary(story):
    text, shown = story
    summary = OFFLINE.summarize(text, SummaryOptions(length="long"))
    assert summary.sentences
    for sentence in summary.sentences:
        assert sentence not in shown and "photo caption" not in junk_reasons(sentence), sentence
