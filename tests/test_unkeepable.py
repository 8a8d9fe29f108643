"""Sentences a reader would not keep (`textkind` sentence rules: footnotes, back references, lost symbols, venue lines,
notation), sentences glued by a text layer split, and sentences that lean on one not shown (`summarizer.text.prose`:
openers and referring phrases) taken with the one they lean on or not at all; proved on examples and on generated
variants (random names, numbers and words in templates)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from summarizer.engines.selection import select
from summarizer.lab.evaluation import dangling
from summarizer.lab.junk import junk_reasons
from summarizer.text.prose import dangles, is_signpost, leans, refers_back
from summarizer.text.sentences import split_sentences
from textkind import is_prose, not_prose

NAMES = st.sampled_from(["Google", "Microsoft Research", "IBM", "Bell Labs", "Inria", "the University of Utah"])
PEOPLE = st.sampled_from(["the author", "the first author", "one of the authors", "the authors"])
WORDS = st.sampled_from(["cache", "replica", "ledger", "scheduler", "queue", "router", "index", "buffer", "stream"])
NOUNS = st.sampled_from(["tasks", "imbalance", "systems", "problems", "costs", "designs", "failures", "limits"])
VENUES = st.sampled_from(["OSDI", "SOSP", "NSDI", "ICML", "PODC", "SIGMOD", "VLDB", "EuroSys"])
YEARS = st.integers(1975, 2029)


@st.composite
def footnotes(draw):
    """A footnote as papers write it: where the work was done, who paid for it, an address, thanks."""
    return draw(
        st.sampled_from(
            [
                f"This work was performed while {draw(PEOPLE)} was working at {draw(NAMES)}, Inc.",
                f"Work done while {draw(PEOPLE)} was an intern at {draw(NAMES)} in {draw(YEARS)}.",
                f"Supported by grant CCR-{draw(st.integers(1000, 99999))} from the National Science Foundation.",
                f"This research was supported in part by a gift from {draw(NAMES)} and by an NSF award.",
                f"Author's address: Department of Computer Science, {draw(NAMES)}, Salt Lake City.",
                f"Authors' addresses: {draw(NAMES)}, 1 Main Street, Cambridge, United Kingdom.",
                f"We thank the anonymous reviewers and our shepherd for their comments on the {draw(WORDS)}.",
            ]
        )
    )


@st.composite
def leaning_lines(draw):
    """A line that leans on the text before it as a whole: "Recall ...", "With that background ...", "As ... above"."""
    word = draw(WORDS)
    return draw(
        st.sampled_from(
            [
                f"Recall that every {word} keeps its own copy of the log on disk.",
                f"With that background, we can now describe the {word} in full detail.",
                f"As mentioned above, the {word} is rebuilt after every failure of a node.",
                f"As discussed in the previous section, each {word} is written twice.",
                f"Having described the {word}, we turn to how it recovers from a crash.",
            ]
        )
    )


@st.composite
def notation_lines(draw):
    """A proof's step or a formula in words, with notation the summary does not define."""
    name = draw(st.from_regex(r"[a-z]{3,8}", fullmatch=True))
    letter = draw(st.sampled_from("pqrsuvwxyz"))
    word = draw(WORDS)
    return draw(
        st.sampled_from(
            [
                f"If {name}[{letter}] is bounded, then the {word} stops after a finite number of steps.",
                f"Let {letter.upper()} be a {word} and {letter} a node of {letter.upper()} with no parent.",
                f"Hence {name}({letter}) holds for every {word} that the process reaches.",
                f"For internal nodes of the {word}, μ and σ are computed with the backup method.",
                f"{letter.upper()} has a bivalent initial configuration in every {word}.",
            ]
        )
    )


@st.composite
def lost_symbol_lines(draw):
    """A number whose superscript the text layer lost: the digits of base and exponent run together."""
    base, power = draw(st.integers(1000, 99999)), draw(st.integers(100, 999))
    return f"The largest prime found was {base}{power}, a number with thousands of digits in the {draw(WORDS)}."


@st.composite
def venue_lines(draw):
    venue, year = draw(VENUES), draw(YEARS)
    return draw(
        st.sampled_from(
            [
                f"To appear in {venue} {year}, the workshop's proceedings and the journal.",
                f"Accepted for publication in the proceedings of {venue} {year} in San Diego.",
                f"Published in Proceedings of the {year} {venue} conference on systems, pages 1-14.",
            ]
        )
    )


@settings(max_examples=60, deadline=None)
@given(st.one_of(footnotes(), leaning_lines(), notation_lines(), lost_symbol_lines(), venue_lines()))
def test_a_line_a_reader_would_not_keep_is_not_prose_and_the_judge_sees_it(line):
    assert not is_prose(line), line
    assert junk_reasons(line) or not_prose(line), line


@st.composite
def plain_sentences(draw):
    """Sentences a summary keeps, in papers and in news, with the same words as the junk's templates."""
    word, venue, year = draw(WORDS), draw(VENUES), draw(YEARS)
    person = draw(st.sampled_from(["Jane Smith", "Ali Khan", "Maria Lopez", "Tom Brown"]))
    return draw(
        st.sampled_from(
            [
                f"The {word} keeps the last hundred answers, so a repeated question is answered at once.",
                f"{person} worked at {draw(NAMES)} for ten years before she founded the company in {year}.",
                f"The council was supported by residents when it voted to build a new {word} in {year}.",
                f"Remember this: the {word} must be rebuilt after every failure, said {person}.",
                f"The team will appear in the final at {venue} stadium after beating their rivals in {year}.",
                f"The expected number of routing steps is O(log N), where N is the number of nodes in the {word}.",
                f"We present a new {word} that halves the latency of writes on a cluster of 100 machines.",
                f"Returning to see his wife as often as he could, {person} stayed in the city until {year}.",
                f"The club's {word} grew by 1,250,000 visitors, the largest rise since {year}.",
            ]
        )
    )


@settings(max_examples=60, deadline=None)
@given(plain_sentences())
def test_the_same_words_in_plain_sentences_stay_prose(sentence):
    assert is_prose(sentence), (sentence, not_prose(sentence))


def test_the_panels_examples_are_each_seen_by_their_rule():
    assert "footnote" in not_prose("This work was performed while the author was working at Google, Inc.")
    assert "notation" in not_prose("If counterp[p] is bounded by the number of rounds, the process terminates.")
    assert "back reference" in not_prose("With that background, we can now describe the protocol in full.")
    assert "lost symbols" in not_prose("The first factor is 9829739 and the second is much smaller than it.")
    assert "venue" in not_prose("To appear in OSDI 2004 and in the later journal version of the paper.")


def test_two_sentences_glued_by_the_text_layer_are_split_but_dotted_names_are_not():
    assert [s.text for s in split_sentences("We built the system.The next step was to measure it.")] == [
        "We built the system.",
        "The next step was to measure it.",
    ]
    assert len(split_sentences("The class java.lang.String holds the text of every name we read.")) == 1
    assert len(split_sentences("The page at www.example.Com lists every release of the library.")) == 1


@st.composite
def referring(draw):
    """A sentence that refers back in its opening clause without opening on a pronoun or connective."""
    noun, word = draw(NOUNS), draw(WORDS)
    return draw(
        st.sampled_from(
            [
                f"This thesis addresses this {noun.rstrip('s')} by building a new {word}.",
                f"In this paper, we address these {noun} with a new {word} and a proof.",
                f"We prefer the former because it keeps the {word} small.",
                f"To cope with such {noun}, the {word} keeps a second copy on disk.",
                f"The {word} works as above for every request it receives.",
                f"A {word} was built for this, and it runs on every node.",
            ]
        )
    )


@settings(max_examples=60, deadline=None)
@given(referring())
def test_a_referring_phrase_in_the_opening_clause_leans(sentence):
    assert refers_back(sentence) and leans(sentence) and not dangles(sentence), sentence


def test_what_names_itself_or_a_time_does_not_refer_back():
    for sentence in (
        "In this paper we present Megastore, a scalable datastore for interactive services.",
        "The company said this year it would hire more than 200 people in the city.",
        "Those who were injured were taken to the hospital by ambulance on Sunday.",
        "Many systems such as Dynamo use consistent hashing to spread the load.",
        "A loan may suit the former Arsenal man, who could leave on a free transfer.",
        "Doctors did not expect her to live this long with the tumour, her mother said.",
    ):
        assert not refers_back(sentence), sentence


def test_a_referring_sentence_comes_with_the_one_it_leans_on_or_not_at_all():
    text = (
        "Tidal mills were common along the estuary in the medieval period. "
        "Engineers designed the new tidal barrier to hold back storm surges on the estuary. "
        "The towns along the estuary rely on this barrier during every winter storm and spring tide. "
        "Fishermen on the estuary say catches of bass have risen in recent years. "
        "The tidal barrier and the storm surges it stops are the main worry of estuary towns."
    )
    sentences = split_sentences(text)
    assert [leans(s.text) for s in sentences] == [False, False, True, False, False]
    for target in (12, 20, 30, 45, 60):
        chosen = select(sentences, target)
        assert 2 not in chosen or 1 in chosen, (target, chosen)
    texts = [s.text for s in sentences]
    assert dangling([texts[2]], [2]) == [True]
    assert dangling(texts[1:3], [1, 2]) == [False, False]


def test_a_bare_both_or_the_two_leans_but_both_before_its_nouns_does_not():
    from summarizer.text.prose import REFERRING, is_signpost

    for sentence in (
        "This thesis shows that both are algorithmically important.",
        "The two were merged into one service last year.",
        "Neither has a bound on message delay.",
    ):
        assert REFERRING.search(sentence), sentence
    for sentence in (
        "Both persistence and amortization are algorithmically important.",
        "The two-phase commit protocol blocks when the coordinator fails.",
        "We measure both latency and throughput on three traces.",
    ):
        assert not REFERRING.search(sentence), sentence
    assert is_signpost("This thesis is structured in two parts.")
    assert is_signpost("The paper is organized into five sections.")
    assert not is_signpost("The paper is organized around one idea: lifetimes predict writes.")


def test_as_i_have_said_leans_and_i_conclude_with_is_a_signpost():
    from summarizer.text.prose import is_signpost, leans

    assert leans("As I have said, several of the principles in this paper may be controversial.")
    assert leans("As we noted, the cache holds every page twice.")
    assert not leans("As we show in the evaluation, the cache halves the latency of reads.")
    assert is_signpost("I conclude with a final collection of warnings.")
    assert is_signpost("We conclude with a discussion of open problems.")


COUNTS = st.sampled_from(["two", "three", "four", "five", "several", "a few", "3", "6"])
COUNTED = st.sampled_from(
    ["contributions", "lessons", "observations", "findings", "main contributions", "key insights"]
)


@settings(max_examples=60)
@given(
    st.sampled_from(["Overall, this paper makes", "We draw", "This chapter offers", "The study yields", "There are"]),
    COUNTS,
    COUNTED,
    st.sampled_from([".", ":"]),
)
def test_a_sentence_that_only_counts_what_follows_is_a_signpost_and_one_that_names_them_is_not(
    opening, count, things, end
):
    # "Overall, this paper makes three contributions." was the TAO paper's conclusion line: it tells nothing until the
    # sentences after it, which the line does not show.
    sentence = f"{opening} {count} {things}{end}"
    assert is_signpost(sentence), sentence
    assert not is_signpost(f"{opening} {count} {things}: a cache, a ledger and a scheduler."), sentence
    assert not is_signpost(f"{opening} {count} {things} that hold for every replica."), sentence


OPENING_PHRASES = st.sampled_from(
    [
        "For Facebook's HDFS cluster",
        "In 2004",
        "On a 64-core server",
        "Under a power outage",
        "With eight disks",
        "Compared to random replication",
        "During the second trace",
        "Across all runs",
    ]
)


@given(
    OPENING_PHRASES,
    st.sampled_from(["it", "they", "he", "she", "its", "their", "this", "these"]),
    WORDS,
    st.integers(2, 99),
)
def test_a_pronoun_subject_after_an_opening_phrase_leans_and_a_named_one_does_not(opening, pronoun, word, number):
    rest = f"{word} cuts the latency by {number}%." if pronoun in ("its", "their", "this", "these") else "cuts it."
    assert leans(f"{opening}, {pronoun} {rest}")
    assert not leans(f"{opening}, the {word} cuts the latency by {number}%.")
    assert not leans(f"{opening}, this paper measures the {word}.")
    assert not leans(f"{opening}, it is clear that the {word} cuts the latency by {number}%.")
    assert not leans(f"When the {word} fills, it cuts the latency by {number}%.")  # a clause holding what "it" names


SINGULAR_SUBJECTS = st.sampled_from(
    ["A mathematical framework", "A new method", "The proposed scheme", "Our analysis", "A simple proof"]
)
VERBS = st.sampled_from(["is introduced to analyze", "is used to bound", "is given to explain", "can compare"])


@given(SINGULAR_SUBJECTS, VERBS, st.sampled_from(["their", "them"]), NOUNS)
def test_they_with_nothing_before_it_to_name_leans_and_with_a_plural_a_group_or_a_name_it_does_not(
    subject, verb, pronoun, noun
):
    # "A mathematical framework is introduced to analyze their properties." was a TL;DR: whose properties?
    tail = f"{noun} in detail" if pronoun == "them" else f"{noun}"
    assert leans(f"{subject} {verb} {pronoun} {tail}."), (subject, verb, pronoun)
    # Something before it that "they" may name: a plural, "and", a group or count, a name past the first word.
    assert not leans(f"Programmers {verb.replace('is ', 'are ')} {pronoun} {tail}.")
    assert not leans(f"{subject} and a proof {verb.replace('is ', 'are ')} {pronoun} {tail}.")
    assert not leans(f"The team {verb.replace('is ', 'are ')} {pronoun} {tail}.")
    assert not leans(f"{subject} for Chord {verb} {pronoun} {tail}.")
    # Past the opening clause, as other referring phrases, it is not looked at.
    assert not leans(f"{subject} {verb} the {noun} of every node in a cluster, and then {pronoun} {tail}.")


@pytest.mark.parametrize(
    "opener", ["By way of contrast", "On the contrary", "By contrast", "In contrast", "On the one hand"]
)
def test_a_contrast_with_what_came_before_leans(opener):
    # "By way of contrast, solutions are known for the synchronous case, ..." was FLP's "How".
    assert leans(f"{opener}, solutions are known for the synchronous case.")
    assert not leans("By way of the leader, every write reaches the replicas in one round trip.")


ACRONYMS = st.sampled_from(["API", "APIs", "RPCs", "SDK", "DSL", "GPUs", "ISA"])
ORDINALS = st.sampled_from(["first", "second", "third", "last"])


@given(ACRONYMS, WORDS, st.sampled_from(["this", "these"]))
def test_a_referring_phrase_with_an_acronym_leans_unless_the_sentence_names_it(acronym, word, demonstrative):
    # Dapper's "Developers at Google use this API to build ... analysis tools." had been a line.
    assert leans(f"Developers use {demonstrative} {acronym} to build every {word}.")
    assert not leans(f"We build a {word} {acronym} and show how {demonstrative} {acronym} scales.")


@given(ORDINALS, st.sampled_from(["is", "was"]), WORDS)
def test_the_second_is_leans_on_a_list_not_shown_and_the_second_version_does_not(ordinal, verb, word):
    # Out of the Tar Pit's "The second is that we're further dividing the complexity ..." had been a line.
    assert leans(f"The {ordinal} {verb} that we keep every {word} in memory.")
    assert not leans(f"The {ordinal} version of the {word} {verb} written in C.")


SECTION_NUMBERS = st.sampled_from(["5", "6.2", "IV", "3.1", "8"])
PUT_VERBS = st.sampled_from(["present", "describe", "evaluate", "discuss", "will describe", "review"])


@given(
    PUT_VERBS, WORDS, st.sampled_from(["Section", "section", "Chapter", "Sections"]), SECTION_NUMBERS, SECTION_NUMBERS
)
def test_a_sentence_that_only_says_where_we_put_something_is_a_signpost_not_its_sections_announcement(
    verb, word, part, number, other
):
    # Mesos's introduction line had been "We present our implementation of Mesos in Section 5 and evaluate it in
    # Section 6.", and Out of the Tar Pit's "We start with a review of the relational model in section 8 ...".
    from summarizer.text.topicality import announced

    pointer = f"We {verb} our {word} in {part} {number}."
    assert is_signpost(pointer) and announced(pointer) is None, pointer
    assert is_signpost(f"We {verb} the {word} in {part} {number} and measure it in {part} {other}.")
    assert is_signpost(f"In {part} {number}, we reviewed the {word} of earlier systems.")
    # Where a thing was described is not where we put this sentence's content; a finding stays a finding.
    assert not is_signpost(f"We {verb} the {word} on the traces described in {part} {number}.")
    assert not is_signpost(f"We show in {part} {number} that the {word} halves the latency of reads.")
    assert announced(f"In this section we {verb} the {word} and its allocation of memory.") is not None


@given(st.sampled_from(["extra", "additional", "remaining", "other", "same"]), NOUNS, WORDS)
def test_a_sentence_opening_on_the_extra_or_the_remaining_leans(adjective, noun, word):
    # Liquid Types' "Limits" line had been "The extra qualifiers and expressiveness limitations are directions for
    # future work.", which names no qualifiers before it.
    assert leans(f"The {adjective} {noun} of the {word} are directions for future work.")
    assert not leans(f"Our {word} keeps the {adjective} {noun} in one place.")
    assert not leans(f"The {word} keeps {noun} in one place.")


@given(WORDS, st.sampled_from([":", ";", "."]))
def test_a_bare_an_alternative_leans_and_an_alternative_to_something_does_not(word, mark):
    # ASAP's TL;DR had been "We propose an alternative: to better prioritize attention ..., smooth the time series
    # ...", an alternative to what the sentence before it says.
    assert leans(f"We propose an alternative{mark} keep every {word} in memory.")
    assert not leans(f"We propose an alternative to locking for every {word}.")
