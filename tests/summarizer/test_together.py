"""Several sources summarized together: the command line on real files, and the face itself on both engines."""

import json

import pytest

from summarizer import (
    InputTooLargeError,
    NamedSource,
    NoSentencesError,
    Settings,
    Summarizer,
    Unreadable,
    stream_together,
    summarize_together,
)
from tests.builders import STORIES, three_papers

from .test_cli import run


def words(text: str) -> set[str]:
    return set(text.lower().replace(".", " ").replace(",", " ").split())


def test_three_real_files_make_one_overview_with_every_sentence_marked(tmp_path):
    texts = three_papers(tmp_path)
    result = run("summarize", str(tmp_path), "--together", "--engine", "extractive", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    names = [source["name"].rsplit("/", 1)[-1] for source in data["sources"]]
    assert names == sorted(texts)  # the folder's files, in name order
    marked = set()
    for sentence in data["overview"]:
        first = sentence["sources"][0]
        file = names[first["source"]]
        assert sentence["text"] in texts[file] and first["sentence"] in texts[file]  # the source it came from
        marked.add(file)
    assert marked == set(texts)  # none left out
    titles = {source["title"] for source in data["sources"]}
    assert {"Bridge and airport plans", "A rare orchid"} <= titles
    pdf = [s for s in data["overview"] if names[s["sources"][0]["source"]] == "bridge.pdf"]
    assert pdf and all(s["sources"][0]["page"] == (2 if s["text"] in STORIES[4] else 1) for s in pdf)
    assert all(source["adds"] for source in data["sources"])
    assert data["keyterms"]


def test_text_output_names_sources_and_what_each_adds(tmp_path):
    three_papers(tmp_path)
    files = [str(tmp_path / name) for name in ("bridge.pdf", "orchid.docx", "lakes.txt")]
    result = run("summarize", *files, "--together", "--engine", "extractive")
    assert result.returncode == 0, result.stderr
    assert "[Bridge and airport plans, p. " in result.stdout and "[A rare orchid]" in result.stdout
    assert "What each source adds:" in result.stdout and "Key terms:" in result.stdout
    assert "3 sources summarized together" in result.stderr


def test_a_source_that_cannot_be_read_is_named_and_the_others_summarized(tmp_path):
    texts = three_papers(tmp_path)
    (tmp_path / "broken.pdf").write_bytes(b"%PDF-1.4 not really")
    (tmp_path / "blank.txt").write_text("   \n")
    result = run("summarize", str(tmp_path), "--together", "--engine", "extractive", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    failed = {s["name"].rsplit("/", 1)[-1]: s["error"] for s in data["sources"] if s["error"]}
    assert set(failed) == {"broken.pdf", "blank.txt"}
    assert "damaged" in failed["broken.pdf"] and "empty" in failed["blank.txt"]
    assert "broken.pdf was left out" in result.stderr and "Traceback" not in result.stderr
    assert {s["sources"][0]["source"] for s in data["overview"]} == {
        k for k, s in enumerate(data["sources"]) if s["name"].rsplit("/", 1)[-1] in texts
    }


@pytest.mark.parametrize(
    "env, message",
    [
        ({"SUMMARIZER_TOGETHER_MAX_SOURCES": "2"}, "3 sources were given; at most 2 can be summarized together"),
        (
            {"SUMMARIZER_MAX_INPUT_CHARS": "600"},
            "characters together; the limit for sources summarized together is 600",
        ),
    ],
)
def test_the_count_and_the_size_limits_each_have_their_message(tmp_path, env, message):
    three_papers(tmp_path)
    result = run("summarize", str(tmp_path), "--together", "--engine", "extractive", env_extra=env)
    assert result.returncode == 1 and message in result.stderr and "Traceback" not in result.stderr


def test_several_sources_without_together_or_single_document_options_are_refused(tmp_path):
    three_papers(tmp_path)
    alone = run("summarize", str(tmp_path / "lakes.txt"), str(tmp_path / "orchid.docx"), "--engine", "extractive")
    assert alone.returncode == 1 and "--together" in alone.stderr
    marked = run("summarize", str(tmp_path), "--together", "--highlight", "x.html", "--engine", "extractive")
    assert marked.returncode == 1 and "--highlight works on one document" in marked.stderr


@pytest.fixture(scope="module")
def offline():
    return Summarizer(Settings(engine="extractive"))


def test_the_same_story_twice_shows_each_sentence_once_naming_both(offline):
    story = " ".join(STORIES[1:4])
    lead = STORIES[1]
    sources = [NamedSource("first.txt", story), NamedSource("again.txt", story), NamedSource("lead.txt", lead)]
    combined = summarize_together(offline, sources)
    texts = [s.text for s in combined.sentences]
    assert len(texts) == len(set(texts))
    assert all({0, 1} <= {m.source for m in s.marks} for s in combined.sentences)
    assert "Nothing the others do not say" in combined.sources[2].adds


def test_unreadable_sources_are_listed_and_none_readable_is_an_error(offline):
    combined = summarize_together(
        offline, [NamedSource("a.txt", STORIES[0]), NamedSource("b.txt", "!!")], unreadable=[Unreadable("c.pdf", "bad")]
    )
    assert [s.name for s in combined.failed] == ["b.txt", "c.pdf"] and combined.failed[1].error == "bad"
    with pytest.raises(NoSentencesError, match="c.pdf: bad"):
        summarize_together(offline, [NamedSource("b.txt", "!!")], unreadable=[Unreadable("c.pdf", "bad")])
    no_model = Summarizer(Settings(engine="abstractive", model="/no/such/model"))
    with pytest.raises(NoSentencesError, match="c.pdf: bad"):  # nothing to summarize loads no model
        summarize_together(no_model, [], unreadable=[Unreadable("c.pdf", "bad")])
    with pytest.raises(InputTooLargeError, match="at most 1"):
        summarize_together(
            Summarizer(Settings(engine="extractive", together_max_sources=1)),
            [NamedSource("a.txt", STORIES[0]), NamedSource("b.txt", STORIES[1])],
        )


def drained(steps):
    """What a generator yields, and what it returns."""
    made = []
    while True:
        try:
            made.append(next(steps))
        except StopIteration as end:
            return made, end.value


def test_a_model_summarizes_the_sources_a_few_at_a_time_each_part_yielded_as_it_is_done(tiny_model_dir):
    summarizer = Summarizer(
        Settings.from_env(model=str(tiny_model_dir), engine="abstractive", preset="fast", max_input_tokens=128)
    )
    sources = [NamedSource(f"story {k}", text) for k, text in enumerate(STORIES[:4])]
    messages = []
    partials, combined = drained(
        stream_together(summarizer, sources, progress=lambda fraction, message: messages.append(message))
    )
    assert [len(p.summarized) for p in partials] == [1, 3, 4]  # calls of 1, 2, then the one left
    assert [len(p.coming) for p in partials] == [3, 1, 0]
    first = partials[0]
    assert [m.source for s in first.part(0) for m in s.marks] == [0] * len(first.part(0)) and first.part(0)
    assert first.part(1) == [] and first.coming[0].name == "story 1"
    for partial in partials[1:]:  # a source's part stays as it came
        assert partial.sources[0].summary == first.sources[0].summary
    assert any(m.startswith("Source 2-3 of 4: ") for m in messages)
    assert combined.first.engine == "abstractive"
    assert [s.summary for s in combined.sources] == [s.summary for s in partials[-1].sources]
    assert {m.source for s in combined.sentences for m in s.marks} <= {0, 1, 2, 3}
    assert len(combined.summarized) == 4 and combined.as_dict()["overview"]


def test_the_offline_engine_summarizes_every_source_in_one_call_as_before(offline):
    sources = [NamedSource(f"story {k}", text) for k, text in enumerate(STORIES[:4])]
    partials, combined = drained(stream_together(offline, sources))
    assert len(partials) == 1 and not partials[0].coming and len(partials[0].summarized) == 4
    assert combined.as_dict() == summarize_together(offline, sources).as_dict()


HEADLINES = ["Bridge budget approved", "Orchid found by the railway", "Football win", "Lakes study", "Airport plan"]
ORCHID_ARTICLE = (
    "Botanists returned to the railway cutting near the coast this week to count the rare orchid plants. "
    "They counted twelve orchid plants in flower, more than anyone had expected. "
    "A local school will help the volunteers watch over the cutting during the summer."
)
MUSEUM_ARTICLE = (
    "The old textile museum reopened its doors after a five-year renovation. "
    "Visitors can now see the restored weaving looms working again on the ground floor. "
    "The museum hopes to welcome sixty thousand visitors in its first year."
)


def five_story_docx(path):
    """A Word file (python-docx) holding the five unrelated STORIES, each under its own heading."""
    import docx

    document = docx.Document()
    document.add_heading("Weekly news", level=0)
    for headline, story in zip(HEADLINES, STORIES):
        document.add_heading(headline, level=1)
        document.add_paragraph(story)
    document.save(str(path))


def story_files(tmp_path, *extra):
    five_story_docx(tmp_path / "weekly.docx")
    (tmp_path / "orchid.txt").write_text(ORCHID_ARTICLE)
    (tmp_path / "museum.txt").write_text(MUSEUM_ARTICLE)
    for name, text in extra:
        (tmp_path / name).write_text(text)
    return [str(tmp_path / name) for name in ("weekly.docx", "orchid.txt", "museum.txt", *(n for n, _ in extra))]


def test_a_five_story_word_file_and_two_articles_are_seven_sources_each_marked(tmp_path):
    files = story_files(tmp_path)
    result = run("summarize", *files, "--together", "--engine", "extractive", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    labels = [source["title"] or source["name"].rsplit("/", 1)[-1] for source in data["sources"]]
    assert labels == [*HEADLINES, "orchid.txt", "museum.txt"]
    assert [s["name"].rsplit("/", 1)[-1] for s in data["sources"][:5]] == [
        f"weekly.docx, story {k} of 5" for k in range(1, 6)
    ]
    marked = {m["source"] for sentence in data["overview"] for m in sentence["sources"]}
    assert marked == set(range(7))  # every source in the overview with its mark
    for sentence in data["overview"]:  # each mark names the source its sentence is from
        first = sentence["sources"][0]["source"]
        assert sentence["text"] in ([*STORIES, ORCHID_ARTICLE, MUSEUM_ARTICLE][first])
    owners = [sentence["sources"][0]["source"] for sentence in data["overview"]]
    orchid = [k for k, owner in enumerate(owners) if owner in (1, 5)]
    assert {owners[k] for k in orchid} == {1, 5} and orchid == list(range(orchid[0], orchid[-1] + 1))
    assert all(source["adds"].startswith("Only this source reports: ") for source in data["sources"])


def test_a_source_that_repeats_another_is_named_as_its_repeat(tmp_path):
    files = story_files(tmp_path, ("museum copy.txt", MUSEUM_ARTICLE))
    result = run("summarize", *files, "--together", "--engine", "extractive", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert len(data["sources"]) == 8
    copy = data["sources"][7]
    assert copy["adds"].startswith("Nothing the others do not say: it repeats ")
    assert copy["adds"].endswith("/museum.txt.")
    assert {7, 6} <= {m["source"] for sentence in data["overview"] for m in sentence["sources"]}


def test_one_report_with_numbered_or_related_sections_stays_one_source(offline):
    from ingest import Block

    numbered = [Block("title", "Plans")] + [
        block
        for k, story in enumerate(STORIES, 1)
        for block in (Block("heading", f"{k}. Part", 1), Block("paragraph", story))
    ]
    combined = summarize_together(offline, [NamedSource("report.pdf", numbered), NamedSource("b.txt", MUSEUM_ARTICLE)])
    assert [s.name for s in combined.sources] == ["report.pdf", "b.txt"]
