"""Key terms: multi-word phrases where the text repeats them, on every summary and in its JSON; the lab's measure."""

from hypothesis import given, settings
from hypothesis import strategies as st

from ingest import Block
from summarizer import Settings, Summarizer, SummaryOptions
from summarizer.lab.keytermeval import PaperTerms, split_keywords, table
from summarizer.remote.wire import summary_from_wire, summary_to_wire
from summarizer.text.keyterms import frequent_words, key_terms
from summarizer.text.sentences import split_sentences
from tests.builders import make_text

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
    assert terms[:2] == ["replicated state machines", "consensus algorithm"] or set(terms[:3]) >= {
        "replicated state machines",
        "consensus algorithm",
    }, terms
    assert "log entries" in terms
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
