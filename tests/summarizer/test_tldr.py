"""The TL;DR: one sentence that says what the document does, chosen by the learned ranker from the abstract (or the
introduction and conclusion), one sentence for a long text without headings, one per story; the measure
`tldr-eval`, and `train-tldr` rebuilding the shipped weights byte for byte."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest import parse_text
from summarizer import Settings, Summarizer, SummaryOptions, planning
from summarizer.engines.tldr import FEATURES, WEIGHTS, by_means, features, fits, shipped, stands_alone, unframed
from summarizer.lab.syntheticprose import prose
from summarizer.sectioned import sectioned_text
from tests.summarizer.lab.test_cli import run

OFFLINE = Summarizer(Settings(engine="extractive"))
TLDR = SummaryOptions(length="tldr")
CONTRIBUTION = (
    "We present Quire, a log-structured storage engine that keeps write amplification low on flash drives "
    "by grouping pages by their expected lifetime."
)
BACKGROUND = (
    "Flash drives wear out when the same cells are written again and again by storage engines. "
    "Storage engines built for spinning disks write pages in place and wear the cells out unevenly."
)
RESULTS = (
    "These tasks take most of the time of a compaction. "
    "On three production traces the engine writes 40% fewer bytes than the engines it was compared with."
)
FLASH = [
    "Flash cells hold a charge that fades a little each time the cells are erased and written again.",
    "A storage engine that writes short-lived pages beside long-lived ones must copy the long-lived pages "
    "when it erases a block of flash.",
    "The copying is what engineers call write amplification, and it shortens the life of the drive.",
    "Grouping pages by lifetime lets the engine erase whole blocks of dead pages without copying any.",
]
THEMES = [
    ("stone quays", "masons cut granite blocks", "tides"),
    ("herring fleets", "fishermen salted barrels", "shoals"),
    ("railway sidings", "engineers laid iron rails", "wagons"),
    ("silted channels", "dredgers lifted mud", "sandbanks"),
    ("salt cargoes", "customs officers weighed sacks", "duties"),
    ("winter storms", "lifeboat crews rowed out", "gales"),
]
METHOD = "\n\n".join(prose(10, seed) for seed in range(3))
TRAIN = Path(__file__).resolve().parents[3] / "shared" / "eval" / "tldr" / "train.jsonl"


def _paper(abstract: bool) -> str:
    head = f"# Abstract\n\n{BACKGROUND} {CONTRIBUTION} {RESULTS}\n\n" if abstract else ""
    introduction = (
        f"{BACKGROUND}\n\nEarlier systems grouped pages by the file they belong to.\n\n"
        f"{CONTRIBUTION} The paper is organized as follows.\n\n"
    )
    return (
        f"# Quire: lifetime-aware storage on flash\n\n{head}# Introduction\n\n{introduction}"
        f"# Design\n\n{METHOD}\n\n# Conclusion\n\n{RESULTS}\n\n# References\n\nSmith, J. Flash. 2020."
    )


@pytest.mark.parametrize("abstract", [True, False])
def test_a_paper_gets_its_contribution_in_one_sentence(abstract):
    summary = OFFLINE.summarize(parse_text(_paper(abstract), markdown_syntax=True).blocks, TLDR)
    assert summary.sentences == [CONTRIBUTION]
    assert summary.sections == []


def test_an_abstract_that_opens_its_paragraph_without_a_heading_is_where_the_tldr_comes_from():
    # A journal's first page: "Abstract." run into the paragraph, no heading of its own (FLP's layout).
    own = (
        "We present Quire, a storage engine for flash drives that groups pages by their expected "
        "lifetime to keep write amplification low."
    )
    paper = _paper(False).replace("# Introduction", f"Abstract. {BACKGROUND} {own} {RESULTS}\n\n# Introduction")
    summary = OFFLINE.summarize(parse_text(paper, markdown_syntax=True).blocks, TLDR)
    assert summary.sentences == [own]


def test_a_report_without_headings_and_a_long_paste_are_one_sentence():
    report = "\n\n".join([BACKGROUND, CONTRIBUTION, RESULTS, *FLASH])
    assert OFFLINE.summarize(report, TLDR).sentences == [CONTRIBUTION]
    # One long text in parts about different things, all of one subject: the segmenter finds topics in it, yet it is
    # one document, not several stories.
    parts = [
        f"In Vellmar the {thing} grew in {1800 + 10 * n + k} while {work} beside the {extra}. "
        f"Each year of the {thing} in Vellmar, {work} and counted the {extra} again. "
        f"The {extra} and the {thing} shaped Vellmar as {work}."
        for n, (thing, work, extra) in enumerate(THEMES)
        for k in range(6)
    ]
    paste = "\n\n".join(parts)
    sectioned = sectioned_text(paste)
    groups = planning.plan(sectioned, len(sectioned.sentences), "tldr").hints.groups or []
    assert len(set(groups)) > 1  # the text has several topics
    summary = OFFLINE.summarize(paste, TLDR)
    assert len(summary.sentences) == 1, summary.sentences


def test_several_stories_keep_a_line_each():
    stories = [
        "A rare orchid was found growing in a railway cutting near the coast, botanists reported.",
        "The national football team won its qualifying match three goals to one in front of a home crowd.",
        "Scientists at the university published a study of water quality in mountain lakes.",
    ]
    padding = [
        "Botanists said the orchid seeds may have arrived on the wind from gardens inland.",
        "The coach praised the defence and said the players had trained hard for the match.",
        "The lakes study found that acid rain still harms fish in the smallest mountain lakes.",
    ]
    more = [
        "Volunteers will guard the orchid site in the railway cutting until the flowers set seed.",
        "Supporters celebrated in the streets of the capital after the final whistle of the match.",
        "Researchers will sample the mountain lakes again next summer to measure any recovery.",
    ]
    text = "\n\n".join(f"{a}\n\n{b}\n\n{c}" for a, b, c in zip(stories, padding, more))
    summary = OFFLINE.summarize(parse_text(text).blocks, TLDR)
    assert len(summary.sentences) == 3, summary.sentences


@pytest.mark.parametrize(
    "sentence",
    [
        "The paper is organized as follows.",
        "Figure 2: The write path of the engine.",
        "This work was performed while the author was working at Google, Inc.",
        "To appear in OSDI 2004.",
        "By Jane Smith and John Doe",
        "Lindsay Lohan poses in the dressing room alongside her team mates.",
        "In Section 3 we describe the write path of the engine.",  # a roadmap
        "The paper is structured as follows.",
        "In this paper we will only discuss engines for flash drives.",
        "Smith et al. (2019) proposed a storage engine that groups pages by file.",  # someone else's earlier work
        "[12] grouped pages by the file they belong to.",
        "First, we group pages by their expected lifetime.",  # the first item of a list leans on its lead-in
        "On the one hand, engines that group pages write less.",
    ],
)
def test_a_sentence_no_reader_keeps_is_never_a_tldr(sentence):
    assert not fits(sentence)
    assert fits(CONTRIBUTION)
    assert fits("First-order methods group pages by lifetime.") and fits("In 2019 we built Quire, a storage engine.")


@settings(max_examples=20, deadline=None)
@given(
    st.sampled_from(["In this paper,", "In this work", "In the present study,", "Here,"]),
    st.sampled_from(["present", "propose", "introduce", "describe"]),
)
def test_a_tldr_drops_its_framing_opener_and_stays_the_whole_sentence(opener, verb):
    rest = f"{verb} Quire, a storage engine that keeps write amplification low on flash drives."
    framed = f"{opener} we {rest}"
    text = f"# Abstract\n\n{BACKGROUND} {framed} {RESULTS}\n\n# Introduction\n\n{METHOD}"
    blocks = parse_text(text, markdown_syntax=True).blocks
    assert OFFLINE.summarize(blocks, TLDR).sentences == [f"We {rest}"]
    overview = OFFLINE.summarize(blocks, SummaryOptions(length="short")).sentences
    assert framed in overview or f"We {rest}" not in overview  # only the TL;DR is trimmed


@pytest.mark.parametrize(
    "opener",
    [
        "To address this issue,",
        "To overcome these limitations,",
        "Based on this observation,",
        "To this end,",
        "Therefore,",
        "Thus",
        "Consequently,",
        "As a result,",
        "Instead,",
        "In response,",
        "Specifically,",
        "In particular,",
        "More precisely,",
    ],
)
def test_a_contribution_after_an_opener_that_leans_only_to_say_why_is_the_tldr_without_it(opener):
    rest = "propose Quire, a storage engine that groups pages by their expected lifetime on flash drives."
    problem = "Storage engines wear flash drives out because they mix short-lived and long-lived pages in one block."
    text = f"# Abstract\n\n{problem} {opener} we {rest} {RESULTS}\n\n# Introduction\n\n{METHOD}"
    assert OFFLINE.summarize(parse_text(text, markdown_syntax=True).blocks, TLDR).sentences == [f"We {rest}"]


@pytest.mark.parametrize(
    "ground",
    [
        "In light of this complexity",
        "Building upon this intuition",
        "Under this framework",
        "Stemming from these observations",
        "Given such constraints",
        "From this investigation",
    ],
)
@pytest.mark.parametrize("subject", ["we propose", "this paper proposes", "our design is"])
def test_a_contribution_after_an_opener_that_leans_only_for_its_ground_is_the_tldr_without_it(ground, subject):
    rest = f"{subject} Quire, a storage engine that groups pages by their expected lifetime on flash drives."
    problem = "Storage engines wear flash drives out because they mix short-lived and long-lived pages in one block."
    text = f"# Abstract\n\n{problem} {ground}, {rest} {RESULTS}\n\n# Introduction\n\n{METHOD}"
    shown = rest[:1].upper() + rest[1:]
    assert OFFLINE.summarize(parse_text(text, markdown_syntax=True).blocks, TLDR).sentences == [shown]
    assert stands_alone(f"{ground}, {rest}") and unframed(f"{ground}, {rest}") == shown
    assert not stands_alone(f"{ground}, {subject} these pages.")  # the rest leans too
    assert unframed(f"In these notes, {rest}") == f"In these notes, {rest}"  # names the document: no ground to drop


@pytest.mark.parametrize(
    "act",
    [
        "We address this problem",
        "In this paper, we tackle these issues",
        "We achieve this",
        "We overcome this limitation in this work",
        "We do so",
    ],
)
@pytest.mark.parametrize(
    ("gerund", "verb"), [("proposing", "propose"), ("introducing", "introduce"), ("developing", "develop")]
)
def test_a_contribution_said_as_the_means_to_something_said_before_is_the_tldr_as_that_means(act, gerund, verb):
    rest = "Quire, a storage engine that groups pages by their expected lifetime on flash drives"
    problem = "Storage engines wear flash drives out because they mix short-lived and long-lived pages in one block."
    sentence = f"{act} by {gerund} {rest}."
    text = f"# Abstract\n\n{problem} {sentence} {RESULTS}\n\n# Introduction\n\n{METHOD}"
    assert OFFLINE.summarize(parse_text(text, markdown_syntax=True).blocks, TLDR).sentences == [f"We {verb} {rest}."]
    assert by_means(f"{act} by {gerund} Quire, and by placing pages by lifetime.") == (
        f"We {verb} Quire, and place pages by lifetime."
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "We address the wear of flash drives by proposing Quire.",  # names what it acts on: stands alone as it is
        "We improve write amplification by grouping pages.",  # acts on nothing said before
        "We address this problem by hand.",  # no means that is a verb
        "However, we address this problem by proposing Quire.",  # leans before its "we"
    ],
)
def test_a_sentence_is_said_as_its_means_only_where_it_leans_on_what_we_act_on(sentence):
    assert by_means(sentence) is None


@pytest.mark.parametrize(
    "sentence",
    [
        "To address this issue, we propose to reuse these pages.",  # the rest leans too
        "However, we propose Quire, a storage engine.",
        "Moreover, we propose Quire, a storage engine.",
        "This engine groups pages by lifetime.",
        "We call this method Quire.",
    ],
)
def test_a_sentence_that_leans_beyond_its_opener_never_stands_alone(sentence):
    assert not stands_alone(sentence)
    assert stands_alone(CONTRIBUTION) and stands_alone("To solve this problem, we propose Quire, a storage engine.")


@pytest.mark.parametrize(
    ("sentence", "shown"),
    [
        ("In this paper, we first present a study of flash wear.", "We present a study of flash wear."),
        ("We also propose Quire, a storage engine.", "We propose Quire, a storage engine."),
        ("We further show that Quire halves write amplification.", "We show that Quire halves write amplification."),
    ],
)
def test_a_tldr_drops_the_adverb_that_places_it_after_another(sentence, shown):
    assert unframed(sentence) == shown


def test_an_opener_not_before_we_stays():
    for sentence in (
        "In this paper, the authors present Quire, a storage engine.",
        "Here, the engine keeps pages of one lifetime together.",
        "Finally, weather data shows the drives fail in summer.",
        CONTRIBUTION,
    ):
        assert unframed(sentence) == sentence


def test_the_ranker_sees_where_the_abstract_turns_from_background_to_its_own_work():
    texts = [*BACKGROUND.split(". "), CONTRIBUTION, "We study how pages age on flash.", *RESULTS.split(". ")]
    rows = features(texts, [False] * len(texts))
    first_cue, background = rows[:, FEATURES.index("first_cue")], rows[:, FEATURES.index("background_first")]
    assert first_cue.tolist() == [0, 0, 1, 0, 0, 0]  # only the first sentence that says what the paper does
    assert background.tolist() == [1, 0, 0, 0, 0, 0]
    assert features([CONTRIBUTION], [False])[0, FEATURES.index("background_first")] == 0


def test_the_shipped_weights_match_the_features():
    assert shipped() is not None and shipped().names == FEATURES


def _records(path: Path, count: int, titled: bool = False) -> None:
    lines = []
    for seed in range(count):
        body = prose(5, seed).split(". ")
        source = [f"{body[0]}.", f"We propose method {seed}, a way to {body[1].lower()}.", f"{body[2]}."]
        title = {"title": f"Method {seed}: {' '.join(body[1].split()[:5])}"} if titled else {}
        lines.append(json.dumps({"source": source, "target": [f"A way to {body[1].lower()}."], **title}))
    path.write_text("\n".join(lines) + "\n")


def test_tldr_eval_prints_the_protocol_rows(tmp_path):
    data = tmp_path / "dev.jsonl"
    _records(data, 4)
    result = run("tldr-eval", str(data), "--limit", "3")
    assert result.returncode == 0, result.stderr
    rows = {line.split("  ")[0]: line.split() for line in result.stdout.splitlines()[1:]}
    assert set(rows) == {"project TL;DR", "Lead-1", "Oracle-1"}
    assert rows["Lead-1"][-1] == "3"
    assert float(rows["Oracle-1"][1]) >= float(rows["Lead-1"][1])
    missing = run("tldr-eval", str(tmp_path / "nothing.jsonl"))
    assert missing.returncode == 1 and "is not there" in missing.stderr
    _records(data, 4, titled=True)  # a file with titles: the TL;DR of each abstract read with its title, too
    titled = run("tldr-eval", str(data), "--limit", "3")
    rows = {line.split("  ")[0]: line.split() for line in titled.stdout.splitlines()[1:]}
    assert set(rows) == {"project TL;DR", "with title", "Lead-1", "Oracle-1"} and rows["with title"][-1] == "3"


def test_the_title_is_two_signals_of_the_ranker_and_none_without_one():
    texts = [*BACKGROUND.split(". "), CONTRIBUTION]
    share, cover = FEATURES.index("title_share"), FEATURES.index("title_cover")
    assert not features(texts, [False] * len(texts))[:, [share, cover]].any()  # a paste has no title
    rows = features(texts, [False] * len(texts), title=" ".join(CONTRIBUTION.split()[2:6]))
    assert rows[-1, cover] == 1.0 and rows[-1, share] > max(rows[:-1, share])
    assert shipped().coefficients[cover] > 0  # learned from the training file's titles


def test_train_tldr_writes_the_same_weights_twice(tmp_path):
    data = tmp_path / "train.jsonl"
    _records(data, 12)
    outputs = []
    for name in ("a.json", "b.json"):
        result = run("train-tldr", str(data), "--folds", "3", "--output", str(tmp_path / name))
        assert result.returncode == 0, result.stderr
        assert "cross-validated" in result.stdout and "12 records" in result.stdout
        outputs.append((tmp_path / name).read_bytes())
    assert outputs[0] == outputs[1]
    weights = json.loads(outputs[0])
    assert weights["features"] == list(FEATURES)
    assert weights["coefficients"][FEATURES.index("contribution")] > 0  # the golds are the "we propose" sentences


@pytest.mark.slow
@pytest.mark.skipif(not TRAIN.exists(), reason="the TL;DR training file is kept in ../shared/eval")
def test_the_shipped_weights_rebuild_byte_for_byte(tmp_path):
    command = [sys.executable, "-m", "summarizer", "train-tldr", str(TRAIN), "--folds", "0"]
    result = subprocess.run([*command, "--output", str(tmp_path / "tldr.json")], capture_output=True, timeout=3600)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "tldr.json").read_bytes() == WEIGHTS.read_bytes()


def test_how_the_paper_was_written_is_never_a_tldr():
    for sentence in (
        "This particular paper was constructed using my earlier short draft as a template.",
        "This version was extended from the workshop paper with two new experiments.",
    ):
        assert not fits(sentence), sentence
    assert fits("This paper presents a cache that halves the latency of reads on flash drives.")


def test_what_the_paper_did_not_do_and_a_later_step_are_never_a_tldr():
    for sentence in (
        "Our examination of joint activity did not particularly focus on the use of technology for coordination.",
        "This paper does not address the security of the protocol.",
        "We then derive our data structure from binomial queues in three steps.",
        "We next show that the bound is tight.",
    ):
        assert not fits(sentence), sentence
    for subject in ("These networks", "The resulting queues", "Such a model", "Each tree"):
        for modal in ("can", "could", "will", "are", "is"):
            sentence = f"{subject} {modal} then be trained and evaluated at finite width."
            assert not fits(sentence) and fits(sentence.replace(" then", "")), sentence
    for sentence in (
        "We derive a priority queue with constant-time insertion from binomial queues.",
        "Most existing methods do not consider the cost of communication.",
        "We also release a dataset of 10,000 annotated dialogues.",
    ):
        assert fits(sentence), sentence


def test_a_signpost_ahead_and_a_definition_are_never_a_tldr_and_a_dissertation_speaks_of_itself():
    from summarizer.engines.tldr import CUES

    for sentence in (
        "In what follows, we will talk about local and distributed computing.",
        "By local computing, we mean programs that are confined to a single address space.",
        "A task is defined as a pair of an input and an expected output.",
        "In this work, questions are tasks posed to secondary students to help them understand a subject.",
    ):
        assert not fits(sentence), sentence
    assert fits("We argue that remote objects must be treated differently from local ones.")
    assert fits("In this paper, two algorithms are proposed for routing under the scheme.")
    for sentence in (
        "This dissertation describes my work on designing an optional static type system for Clojure.",
        "In these notes, we give an overview of the join calculus and its equational theory.",
    ):
        assert re.search(CUES["self"], sentence, re.I), sentence


CONSENSUS = (
    "The consensus problem involves an asynchronous system of processes, some of which may be unreliable. "
    "The problem is for the reliable processes to agree on a binary value. "
    "In this paper, it is shown that every protocol for this problem has the possibility of nontermination, "
    "even with only one faulty process. "
    "By way of contrast, solutions are known for the synchronous case, the Byzantine Generals problem."
)


def test_a_contribution_that_points_back_at_its_problem_is_the_tldr_with_the_problem_named():
    # FLP's abstract: the one sentence that says what the paper shows leans on "this problem"; shown alone it names it,
    # and the passive frame around what is shown goes as "In this paper, we" does.
    summary = OFFLINE.summarize(CONSENSUS, TLDR)
    assert summary.sentences == [
        "Every protocol for the consensus problem has the possibility of nontermination, even with only one faulty "
        "process."
    ]


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["scheduling", "routing", "consensus", "caching", "indexing"]),
    st.sampled_from(["problem", "task", "question", "workload"]),
    st.sampled_from(["In this paper, we solve", "We present a protocol that solves", "Our system answers"]),
)
def test_a_phrase_pointing_back_is_named_from_the_nearest_sentence_that_names_it(kind, noun, lead):
    from summarizer.text.reference import resolved

    earlier = [f"The {kind} {noun} arises in every data center.", f"The {noun} is hard in practice."]
    named = resolved(f"{lead} this {noun} in two rounds.", earlier)
    assert named == f"{lead} the {kind} {noun} in two rounds."
    assert resolved(f"{lead} this {noun} in two rounds.", earlier[1:]) is None  # "the problem" names nothing
    assert resolved(f"However, {lead.lower()} this {noun}.", earlier) is None  # it leans on its opener too


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["Deep convolutional networks", "Graph neural networks", "Log-structured stores", "CRDTs"]),
    st.sampled_from(["provide", "achieve", "are", "have"]),
    st.sampled_from(["We review their architecture.", "A framework is introduced to analyze their properties."]),
)
def test_their_is_named_as_the_subject_the_passage_opens_on(things, verb, leaning):
    # Understanding Deep Convolutional Networks: "We review their architecture, ..." leans on the abstract's first
    # sentence, "Deep convolutional networks provide state of the art ...", and its TL;DR had been that background.
    from summarizer.text.reference import resolved, subject

    first = f"{things} {verb} good results on many problems."
    phrase = things if things[1].isupper() else things[0].lower() + things[1:]
    assert subject(first) == phrase
    assert resolved(leaning, [first]) == leaning.replace("their", f"{phrase}'")
    for other in (f"The {things.lower()} {verb} good results.", f"Recent works {verb} good results.", "It works."):
        assert resolved(leaning, [other]) is None  # no plural subject of its own to name
    assert resolved(f"However, {leaning[0].lower()}{leaning[1:]}", [first]) is None  # leans on its opener too


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["tilings", "schedules", "matchings", "embeddings"]),
    st.sampled_from(["of a polygon by hexagons", "for a cluster with spare disks", "in a bipartite graph"]),
    st.sampled_from(["We show exactly when two {} can be connected.", "We count {} in closed form."]),
)
def test_such_things_are_named_as_the_earlier_sentence_describes_them(noun, described, template):
    # From Dominoes to Hexagons: "We show exactly when two such tilings can be connected ..." leans on the abstract's
    # first sentence, "... domino tilings to tilings of a polygon by hexagons, ...", whose background was its TL;DR.
    from summarizer.text.reference import resolved

    leaning = template.format(f"such {noun}")
    first = f"There is a natural generalization of simple {noun} to {noun} {described}, or, dually, of curves."
    assert resolved(leaning, [first]) == template.format(f"{noun} {described}")
    assert resolved(leaning, ["Nothing here names them at all."]) is None
    far = [first, *["Each of these was measured on a cluster of eight machines."] * 3]
    assert resolved(leaning, far) is None  # named from the three sentences before it at most: a long paste stays fast
    # with no phrase after the noun, the words before it name it, as "this problem" is named
    assert resolved(leaning, [f"Planar {noun} are well studied."]) == template.format(f"planar {noun}")


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(
        ["epidemic and deterministic tree-based broadcast", "static and dynamic checking", "locks and leases"]
    ),
    st.sampled_from(["approaches", "primitives", "techniques"]),
)
def test_both_is_named_as_the_pair_an_earlier_sentence_sets_side_by_side(pair, things):
    # Epidemic Broadcast Trees: "This paper proposes an integrated broadcast scheme that combines both approaches."
    # had been left out for leaning; its TL;DR was one part of the method.
    from summarizer.text.reference import resolved

    earlier = [f"There is an inherent trade-off between {pair}.", "Each has a cost of its own in practice."]
    leaning = f"This paper proposes a scheme that combines both {things}."
    assert resolved(leaning, earlier) == f"This paper proposes a scheme that combines both {pair}."
    assert resolved(leaning, ["Values lie between 10 and 20.", "Each has a cost."]) is None  # no pair of things
    text = " ".join([*earlier, leaning, "We use a low cost scheme to keep it fast."])
    assert OFFLINE.summarize(text, TLDR).sentences == [f"This paper proposes a scheme that combines both {pair}."]


def test_a_sentence_that_says_what_the_document_does_is_preferred_to_its_background():
    # A survey's abstract: the background sentence is the defining one, but the TL;DR says what the survey does, and
    # its "ideas for further research" are what it offers, not a plan for future work.
    text = (
        "Functional Reactive Programming (FRP) provides a conceptual framework for implementing reactive systems. "
        "It is a relatively recent model of programming, but has already been explored in several useful ways. "
        "We survey the literature on FRP, its implementation, optimization, and uses, and present ideas for further "
        "research, along with some examples."
    )
    assert OFFLINE.summarize(text, TLDR).sentences[0].startswith("We survey the literature on FRP")


@pytest.mark.parametrize(
    "sentence, leaning",
    [
        ("We review their architecture, which scatters data with a cascade of filters.", True),
        ("This paper proposes an integrated broadcast scheme that combines both approaches.", True),
        ("In this paper, we extend its semantics to concurrent programs.", True),
        ("We present Tern and its applications to storage.", False),
        ("The engine supports both reads and writes in one round trip.", False),
        ("We show that their method fails on long inputs.", True),  # whose method? Nothing before "their" says
    ],
)
def test_a_pronoun_or_both_of_an_earlier_pair_leans(sentence, leaning):
    from summarizer.text.prose import leans

    assert leans(sentence) is leaning


def test_a_sentence_saying_what_the_titles_subject_is_is_the_tldr():
    from ingest import ingest_file
    from tests.builders import paper_pdf

    defines = "Tern is a storage engine that batches small writes into large sequential ones on flash drives."
    abstract = (
        f"{defines} It is the first engine to keep write amplification under two on production traces. "
        "This paper describes how Tern is structured, its feature set, and the rationale underlying its design. "
        "Its batching is critical to supporting a variety of powerful features."
    )
    pages = [("Abstract", abstract), ("Introduction", BACKGROUND), ("Design", METHOD), ("Conclusion", RESULTS)]
    blocks = ingest_file("tern.pdf", paper_pdf("Tern: Batched Writes on Flash", pages)).blocks
    assert OFFLINE.summarize(blocks, TLDR).sentences == [defines]


def test_what_the_titles_subject_is_pulls_only_when_it_says_more_than_the_title():
    from summarizer.engines.tldr import names_the_subject

    assert names_the_subject(
        "Megastore is a storage system developed to meet the requirements of today's interactive online services.",
        "Megastore: Providing Scalable, Highly Available Storage for Interactive Services",
    )
    assert names_the_subject(
        "Spanner is Google's scalable, multi-version, globally-distributed, and synchronously-replicated database.",
        "Spanner: Google's Globally-Distributed Database",
    )
    assert not names_the_subject(
        "The join calculus is a language that models distributed and mobile programming.",
        "The Join Calculus: a Language for Distributed Mobile Programming",
    )


@settings(max_examples=10, deadline=None)
@given(
    st.sampled_from(["In this paper, we", "In this work, we", "Here, we", "We"]),
    st.sampled_from(["address", "study", "present"]),
)
def test_an_abstract_of_background_only_gives_way_to_the_introduction_that_says_what_the_paper_does(opening, verb):
    # The question-generation paper's abstract says what it does only in one long list ("This paper innovates in three
    # ways; (1) ..."), and its TL;DR had been its background, "Automated question generation is important today ...".
    own = f"{opening} {verb} the problem of grouping pages on flash drives by the lifetime a storage engine expects."
    text = (
        f"# Abstract\n\n{BACKGROUND}\n\n# Introduction\n\n{FLASH[0]} {FLASH[1]}\n\n{FLASH[2]} {own}\n\n"
        f"# Design\n\n{METHOD}"
    )
    tldr = OFFLINE.summarize(parse_text(text, markdown_syntax=True).blocks, TLDR).sentences
    assert tldr == [unframed(own)]
    with_own = text.replace(f"{BACKGROUND}\n\n# Introduction", f"{BACKGROUND} {CONTRIBUTION}\n\n# Introduction")
    assert OFFLINE.summarize(parse_text(with_own, markdown_syntax=True).blocks, TLDR).sentences == [CONTRIBUTION]


LISTS = st.lists(
    st.sampled_from(["lists", "queues", "heaps", "tries", "ropes", "deques", "finger trees"]), min_size=4, max_size=5
)


@settings(max_examples=20, deadline=None)
@given(LISTS, st.sampled_from([", including", ", such as", ", which cover", " — among them"]))
def test_a_contribution_too_long_for_a_tldr_is_shown_up_to_what_only_elaborates_on_it(kinds, mark):
    # Purely Functional Data Structures' own "To address this imbalance, we describe several techniques ... based on
    # these techniques, including multiple variations of lists, queues, ..." ran past a TL;DR's 40 words, and its
    # TL;DR had been a later, narrower sentence.
    head = "We describe several techniques for designing functional data structures, and numerous original ones"
    long = f"{head}{mark} {', '.join(f'variations of {k} that support random access' for k in kinds)}."
    assert 40 < len(long.split()) <= 55  # longer is no candidate for any summary
    text = f"# Abstract\n\n{BACKGROUND} {long} {RESULTS}\n\n# Introduction\n\n{METHOD}"
    assert OFFLINE.summarize(parse_text(text, markdown_syntax=True).blocks, TLDR).sentences == [f"{head}."]


def test_a_list_cut_partway_is_no_tldr():
    from summarizer.engines.tldr import headed

    listed = (
        "This paper innovates in three ways; (1) we describe question generation across domains, and previous "
        "efforts as instances of a general framework; (2) we establish first-order logic as a suitable formal tool "
        "to describe question scenarios; and (3) we generalize a published question generation method to work "
        "across domains."
    )
    assert headed(listed) is None and not fits("This paper innovates in three ways.")
    assert headed(CONTRIBUTION) is None  # short enough already


CREDITS = [
    "Following {name} we",
    "Generalizing the concepts of joint activity developed by {name} (1996), we",
    "Building on the model of {name} et al., we",
    "Extending the analysis of {name} [12], we",
    "Inspired by {name}, we",
]


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(CREDITS),
    st.sampled_from(["Brooks", "Clark", "Lamport", "Okasaki"]),
    st.sampled_from(["describe key aspects of team coordination", "distinguish accidental from essential difficulty"]),
)
def test_a_sentence_that_opens_on_anothers_work_is_not_what_the_document_does(credit, name, rest):
    from summarizer.engines.tldr import does, says_its_own

    credited = f"{credit.format(name=name)} {rest}."
    assert not does(credited) and not says_its_own(credited)
    assert says_its_own(f"We {rest}.")  # the same words without the credit are the authors' own
    assert says_its_own(f"Following this approach, we {rest}.")  # an opener that names no one else credits no one
    contribution = f"{credit.format(name=name)} propose a method to {rest}."
    assert does(contribution) and says_its_own(contribution)  # what they contribute after the credit is their own


@pytest.mark.parametrize(
    "sentence, what_it_does",
    [
        ("We review deep convolutional networks' architecture, which scatters data with a cascade of filters.", False),
        ("We recall the definition of linearizability and its known proofs.", False),
        ("We briefly revisit the consensus problem.", False),
        ("We review the architecture and propose a framework to analyze it.", True),
        ("We survey the literature on FRP and present ideas for further research.", True),
        ("A mathematical framework is introduced to analyze deep convolutional networks' properties.", True),
        ("The concept of partial synchrony in a distributed system is introduced.", False),
        ("The notion of a lease is defined.", False),
        ("The notion of a lease is introduced and used to bound the time a client waits.", True),
        ("Fault-tolerant consensus protocols are given for various cases of partial synchrony.", True),
    ],
)
def test_a_sentence_that_only_recaps_or_names_a_concept_is_not_what_the_document_does(sentence, what_it_does):
    from summarizer.engines.tldr import does

    assert does(sentence) is what_it_does


def test_the_tldr_is_what_the_authors_do_not_what_they_take_from_another():
    text = (
        "Complexity is the single major difficulty in building large software systems. "
        "Following Brooks we distinguish accidental from essential difficulty, but disagree with his premise that "
        "most remaining complexity is essential. "
        "We identify common causes of complexity and discuss general approaches to eliminate them where they are "
        "accidental."
    )
    assert OFFLINE.summarize(text, TLDR).sentences[0].startswith("We identify common causes of complexity")
