"""Key terms: multi-word phrases where the text repeats them, on every summary and in its JSON; the lab's measure."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest import Block
from summarizer import Settings, Summarizer, SummaryOptions
from summarizer.cli import main
from summarizer.lab.cli import add_commands as lab_commands
from summarizer.lab.keytermeval import Paper, PaperTerms, examples, fit_weights, split_keywords, table, write_weights
from summarizer.remote.wire import summary_from_wire, summary_to_wire
from summarizer.text.keyterms import FEATURES, WEIGHTS, Outline, Weights, frequent_words, key_terms, shipped
from summarizer.text.nounphrases import COMMON, HONORIFICS, PREPOSITIONS, VERBS, is_variable, phrases, runs
from summarizer.text.sentences import split_sentences
from tests.builders import make_text

EVAL = Path(__file__).resolve().parents[3] / "shared" / "eval"
TEXT = (
    "Replicated state machines keep a service running when servers fail. A consensus algorithm keeps the "
    "replicated state machines in step. The consensus algorithm elects a leader for each term. The leader "
    "sends log entries to every server. Each server stores the log entries and answers the leader. "
    "When the leader fails, the consensus algorithm elects another leader. Servers apply the log entries "
    "to their replicated state machines in order. The servers vote, and the server with most votes leads. "
    "Each server keeps its log on disk, and the server restarts from the log after a crash."
)


def sentences(text):
    return [s.text for s in split_sentences(text)]


def test_repeated_phrases_come_out_whole_and_their_words_are_not_listed_again():
    terms = key_terms(sentences(TEXT), 5)
    assert {"replicated state machines", "consensus algorithm", "log entries"} <= set(terms), terms
    assert not {"consensus", "algorithm", "replicated", "machines"} & set(terms)


def test_the_frequency_baseline_lists_single_words():
    words = frequent_words(sentences(TEXT), 5)
    assert words[0] == "server" or words[0] == "servers"
    assert all(" " not in w for w in words)


def test_no_words_no_terms():
    assert key_terms([]) == [] and key_terms(["1 2 3.", "of the and."]) == []


def test_every_summary_carries_its_key_terms_in_json_and_over_the_wire():
    blocks = [Block("heading", "Consensus", 1), *(Block("paragraph", p + ".") for p in TEXT.rstrip(".").split(". "))]
    summary = Summarizer(Settings(engine="extractive")).summarize(blocks, SummaryOptions())
    assert "consensus algorithm" in summary.keyterms
    assert summary.as_dict()["keyterms"] == summary.keyterms
    assert summary_from_wire(summary_to_wire(summary)).keyterms == summary.keyterms


def test_the_keywords_line_is_taken_out_and_found_keywords_are_counted():
    blocks = [
        Block("paragraph", "Abstract. We study consensus."),
        Block("heading", "Keywords", 1),
        Block("paragraph", "consensus algorithm; fault tolerance, Paxos"),
        Block("paragraph", TEXT),
    ]
    keywords, rest = split_keywords(blocks)
    assert keywords == ["consensus algorithm", "fault tolerance", "Paxos"]
    assert [b.text for b in rest] == ["Abstract. We study consensus.", TEXT]
    inline, rest = split_keywords([Block("paragraph", "Index Terms—Consensus algorithms, replication.")])
    assert inline == ["Consensus algorithms", "replication"] and rest == []
    rows = table([PaperTerms("p", keywords, {"a": ["consensus algorithms", "tolerance"], "b": ["paxos"]})])
    assert rows[-2].startswith("| a | 1/3 (33%) | 2/3 (67%) | 50% |")
    assert rows[-1].startswith("| b | 1/3 (33%) | 1/3 (33%) | 0% |")


def test_a_long_text_is_sampled_evenly_so_its_end_still_counts():
    start = ["The river bridge was closed for repairs after the flood."] * 6000
    end = ["The solar farm opened near the old quarry this spring."] * 6000
    terms = key_terms(start + end)
    assert "river bridge" in terms and any("solar farm" in term for term in terms), "120,000 words, sampled"


@settings(max_examples=40, deadline=None)
@given(
    first=st.sampled_from(["Ana", "Tomasz", "Grace", "Kwame", "Lena", "Rafael"]),
    last=st.sampled_from(["Manning", "Okafor", "Lindqvist", "Moreau", "Tanaka", "Brennan"]),
    seed=st.integers(0, 500),
)
def test_key_terms_leave_out_sentence_openers_contractions_reporting_verbs_and_glued_or_giant_tokens(first, last, seed):
    """Seen on news: "See", "Maintaining", "I'm", "told", "Manningsaid" and a 1,600-character token as terms."""
    text = (
        f"{first} {last} spoke to reporters about the harbour tunnel on Monday. {make_text(10, seed)} "
        f"See the harbour tunnel report for details. Maintaining the harbour tunnel costs money, {last} told the "
        f"council. I'm sure the harbour tunnel will open, {last} said. {last}said the budget was tight. "
        f"The log held {'ab' * 800} as one token. See the tables. Maintaining roads is hard. "
        f"The harbour tunnel board met {first} {last} again in May."
    )
    terms = key_terms(sentences(text))
    lowered = {term.lower() for term in terms}
    assert not lowered & {"see", "maintaining", "i'm", "told", "said", f"{last.lower()}said"}, lowered & {
        "see",
        "maintaining",
        "i'm",
        "told",
        "said",
        f"{last.lower()}said",
    }
    assert all(len(word) <= 30 for term in terms for word in term.split()), terms
    assert "harbour tunnel" in lowered, terms
    names = [term for term in terms if last.lower() in term.lower()]
    assert all(last in term for term in names), terms  # a name keeps its capital


FILLER = (
    "The garbage collector traces live objects from the roots. A generational garbage collector moves young "
    "objects often. The mark bitmap records pointers from old objects to young objects. Each garbage collector "
    "pauses the mutator threads briefly. The mark bitmap keeps the remembered set exact."
)


@settings(max_examples=15, deadline=None, derandomize=True)
@given(
    noun=st.sampled_from(["message", "packet", "ledger", "replica", "lattice", "kernel"]),
    tail=st.sampled_from(sorted(PREPOSITIONS | VERBS)),
    common=st.sampled_from(["World", "Cannot", "Miss", "Time", "People", "Problem"]),
    variable=st.sampled_from(["ej", "xi", "pk", "tj", "u", "vi"]),
    honorific=st.sampled_from(sorted(HONORIFICS)),
    name=st.sampled_from(["Okafor", "Lindqvist", "Moreau", "Tanaka"]),
    seed=st.integers(0, 100),
)
def test_fragments_lone_common_words_variables_and_honorifics_never_become_terms(
    noun, tail, common, variable, honorific, name, seed
):
    """Seen on papers and news: "message along", "holds eventually", "Cannot", "World", "event ej", "Miss"."""
    repeated = (
        f"The {noun} {tail} the channel reached every node. Each {noun} {tail} it was checked twice. "
        f"The report on {common} {tail} growth is old. {common} {tail} the rest was not read. "
        f"The event {variable} precedes the event {variable} here. We tag the event {variable} first. "
        f"{honorific.title()} {name} wrote the {noun} log. {honorific.title()}. {name} agreed with "
        f"{honorific.title()} {name}."
    )
    text = f"{FILLER} {repeated} {make_text(6, seed)} {repeated} {FILLER} {repeated}"
    terms = key_terms(sentences(text), 20)
    words = [term.split() for term in terms]
    assert not [t for t in words if t[-1].lower() in PREPOSITIONS | VERBS or t[0].lower() in VERBS], terms
    assert not [t for t in words if len(t) == 1 and t[0].lower() in COMMON], terms
    assert not [t for t in words if any(is_variable(w) for w in t)], terms
    assert not [t for t in words if any(w.lower().strip(".") in HONORIFICS for w in t)], terms
    assert "garbage collector" in terms and any("mark bitmap" in t for t in terms), terms


def test_noun_phrases_are_cut_at_prepositions_adverbs_verbs_variables_and_honorifics():
    text = "The message along the path holds eventually for event ej and Dr Tanaka."
    found = {" ".join(phrase) for run in runs(text) for phrase in phrases(run)}
    assert {"message", "path", "Tanaka"} <= found
    assert not {"message along", "holds eventually", "holds", "eventually", "event ej", "Dr Tanaka", "Dr"} & found


def test_the_title_and_headings_raise_the_terms_they_name():
    plain = key_terms(sentences(TEXT), 5)
    titled = key_terms(sentences(TEXT), 5, Outline("Log entries", ("Log entries",)))
    assert titled.index("log entries") < plain.index("log entries"), (plain, titled)


PAPER = Paper(
    "p",
    ["consensus algorithm", "log entries"],
    sentences(TEXT + " " + FILLER),
    Outline("A consensus algorithm", ("Consensus", "Log entries")),
)


def test_fitting_the_weights_is_deterministic_and_they_round_trip_through_their_file(tmp_path):
    other = Paper("q", ["mark bitmap"], sentences(FILLER + " " + TEXT), Outline("Write barriers"))
    labelled = [examples(PAPER), examples(other)]
    first = write_weights(fit_weights(labelled), tmp_path / "a.json").read_bytes()
    second = write_weights(fit_weights(labelled), tmp_path / "b.json").read_bytes()
    assert first == second
    weights = Weights.from_dict(json.loads(first))
    assert write_weights(weights, tmp_path / "c.json").read_bytes() == first
    assert json.loads(first)["features"] == list(FEATURES) == list(shipped().as_dict()["features"])


@pytest.mark.evaldata
@pytest.mark.slow
def test_the_shipped_weights_are_rebuilt_bit_for_bit_by_keyterms_fit(tmp_path, capsys):
    """`python -m summarizer keyterms --fit` on the dev papers writes exactly the committed file."""
    output = tmp_path / "weights.json"
    assert main(["keyterms", str(EVAL / "papers"), "--fit", "--output", str(output)], [lab_commands]) == 0
    assert output.read_bytes() == WEIGHTS.read_bytes()
    assert "leave one paper out" in capsys.readouterr().out


@pytest.mark.parametrize("names", ["Johnson–Lindenstrauss", "Hindley–Milner", "Cooley–Tukey"])
def test_names_joined_by_a_dash_stay_one_word_of_a_phrase(names):
    # "Johnson–Lindenstrauss transform", with the en dash of two authors' names, was two terms, "Johnson" and
    # "Lindenstrauss"; a spaced dash still cuts a phrase.
    def found(text):
        return {" ".join(phrase) for run in runs(text) for phrase in phrases(run)}

    assert f"sparse {names} transform" in found(f"We obtain a sparse {names} transform for sparse vectors.")
    assert not any("–" in p for p in found("The bound holds – transform the input first."))


@pytest.mark.parametrize(
    "cite",
    [
        "{name} [12]",
        "{name} and Okasaki [KT95]",
        "{name} (1970)",
        "{name} et al.",
        "{name}'s [4]",
        "(Smith and {name} 2014)",
    ],
)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_name_mostly_cited_is_another_work_not_a_key_term_and_a_name_written_plainly_stays(cite, seed):
    # Person names from the related work ("Tarjan", "Kaplan", "Singhal") filled a paper's key terms; a name cited in at
    # least `CITED_SHARE` of the sentences that hold it is another's work. The paper's own system, written plainly,
    # stays, and so does a name cited once among many plain mentions.
    import random

    rng = random.Random(seed)
    cited, own, once = rng.choice(["Tarjan", "Brodal", "Hellerstein"]), "Megastore", "Bigtable"
    lines = [f"{own} keeps replicated data in step across datacenters.", f"We build {once} tablets under {own}."]
    for _ in range(4):
        lines += [
            f"The amortized bound of {cite.format(name=cited)} holds for {own} too.",
            f"{own} writes each entity group through {once} rows.",
            f"Readers of {own} see a consistent view of {once} tables.",
        ]
    lines.insert(rng.randrange(len(lines)), f"Each row lives in {once} [7].")
    rng.shuffle(lines)
    terms = key_terms(lines, 10)
    assert cited not in terms, terms
    assert own in terms and once in terms, terms


def test_citation_keys_in_brackets_are_no_words_of_a_term():
    # "[Bac78, Hug89, HJ94]" gave a thesis the key terms "Hug" and "Ram" (from "Ram92").
    lines = [
        f"Functional languages keep lazy evaluation cheap [Bac78, Hug{n}, HJ94] and memoization helps [Ram92; 1{n}]."
        for n in range(80, 86)
    ]
    terms = key_terms(lines + ["Lazy evaluation is the default [Hug89]."] * 3, 10)
    assert "lazy evaluation" in terms, terms
    assert not {"Hug", "Ram", "Bac", "HJ"} & set(terms), terms
