from hypothesis import given
from hypothesis import strategies as st

from summarizer.text.sentences import split_sentences


def texts(text):
    return [s.text for s in split_sentences(text)]


def test_abbreviations_initials_and_decimals_do_not_split():
    text = "Mr. Smith paid $3.50 in Washington D.C. on Jan. 5. The U.S. economy grew. J. R. R. Tolkien wrote it."
    assert texts(text) == [
        "Mr. Smith paid $3.50 in Washington D.C. on Jan. 5.",
        "The U.S. economy grew.",
        "J. R. R. Tolkien wrote it.",
    ]


def test_a_lowercase_day_or_month_ends_a_sentence():
    text = "A girl must be 18 before they can wed. Above, a mass wedding. He sat. The court sits on Wed. 5 May."
    assert texts(text) == [
        "A girl must be 18 before they can wed.",
        "Above, a mass wedding.",
        "He sat.",
        "The court sits on Wed. 5 May.",
    ]


def test_dotted_capitals_go_on_unless_a_sentence_opener_follows():
    text = (
        "Tobacco companies including R.J. Reynolds filed suit. He moved to the U.S. Since then he has won. "
        "O.J. Mayo scored. She lives in Washington, D.C. The city was calm."
    )
    assert texts(text) == [
        "Tobacco companies including R.J. Reynolds filed suit.",
        "He moved to the U.S.",
        "Since then he has won.",
        "O.J. Mayo scored.",
        "She lives in Washington, D.C.",
        "The city was calm.",
    ]


def test_quotes_and_questions():
    assert texts('"Is it good?" she asked. "Yes." It was!') == ['"Is it good?" she asked.', '"Yes."', "It was!"]


def test_offsets_point_into_the_source():
    text = "Title line\n\nFirst sentence here.  Second one\nwraps onto a new line."
    sentences = split_sentences(text)
    assert [s.text for s in sentences] == ["Title line", "First sentence here.", "Second one wraps onto a new line."]
    for s in sentences:
        assert " ".join(text[s.start : s.end].split()) == s.text
    assert [s.paragraph for s in sentences] == [0, 1, 1]


def test_bullets_are_sentences_of_their_own():
    assert texts("Findings:\n- costs rose by a third\n- staff fell") == [
        "Findings:",
        "- costs rose by a third",
        "- staff fell",
    ]


def test_empty_and_symbol_only_text_has_no_sentences():
    assert split_sentences("") == []
    assert split_sentences(" \n\n --- *** \n") == []


WORDS = st.text(alphabet="abcdefghij", min_size=1, max_size=8)
PIECES = st.one_of(
    WORDS,
    st.sampled_from(
        [
            ". ",
            "! ",
            "? ",
            ", ",
            "; ",
            "\n",
            "\n\n",
            " ",
            "Mr. ",
            "U.S. ",
            "The ",
            "3.5 ",
            "。",
            "！",
            "？",
            "，",
            "；",
            "天气",
            "很好",
            "x" * 90,
            "  ",
            "\t",
        ]
    ),
)
UNPUNCTUATED = st.one_of(WORDS, st.sampled_from([" ", "\n", ", ", "; ", "The ", "天", "x" * 90]))


def check_offsets_and_coverage(text, sentences):
    previous_end = 0
    for sentence in sentences:
        assert previous_end <= sentence.start < sentence.end <= len(text)
        assert " ".join(text[sentence.start : sentence.end].split()) == sentence.text
        previous_end = sentence.end
    covered = [False] * len(text)
    for sentence in sentences:
        covered[sentence.start : sentence.end] = [True] * (sentence.end - sentence.start)
    assert all(covered[i] for i, ch in enumerate(text) if ch.isalnum())
    paragraphs = [s.paragraph for s in sentences]
    assert paragraphs == sorted(paragraphs)


@given(st.lists(PIECES, max_size=300).map(" ".join))
def test_offsets_index_the_input_and_every_word_is_in_a_sentence(text):
    check_offsets_and_coverage(text, split_sentences(text))


@given(st.lists(UNPUNCTUATED, max_size=600).map(" ".join))
def test_text_without_sentence_marks_is_cut_into_runs_of_at_most_40_words(text):
    sentences = split_sentences(text)
    check_offsets_and_coverage(text, sentences)
    assert all(len(s.text.split()) <= 40 for s in sentences)


def test_lowercase_stream_is_cut_at_clauses_then_every_40_words():
    text = (
        "the river rose through the night and the town woke to water in the streets, "
        "so the mayor opened the school as a shelter; nobody was hurt "
    ) * 20
    sentences = split_sentences(text)
    assert len(sentences) >= 12 and all(len(s.text.split()) <= 40 for s in sentences)
    assert sum(s.text.endswith((",", ";")) for s in sentences) >= len(sentences) - 1
    assert len(split_sentences("word " * 1000)) == 25


def test_chinese_and_japanese_split_at_their_sentence_marks():
    assert texts("今天天气很好。我们去公园散步吧！你来吗？好的") == [
        "今天天气很好。",
        "我们去公园散步吧！",
        "你来吗？",
        "好的",
    ]
    assert texts("東京は晴れです。「明日も晴れ？」と彼は聞いた。") == [
        "東京は晴れです。",
        "「明日も晴れ？」",
        "と彼は聞いた。",
    ]
    long_clauses = "；".join(["这是一个很长的分句用来测试没有句号时的切分规则"] * 12)
    pieces = texts(long_clauses)
    assert len(pieces) > 1 and all(len(p) <= 80 for p in pieces) and "".join(pieces) == long_clauses


def test_short_lines_are_items_of_their_own():
    assert texts("apples\npears\nplums\nfigs") == ["apples", "pears", "plums", "figs"]
    assert texts("\n".join("abcdefghij")) == list("abcdefghij")
    prose = "The report was long and it\nwrapped over several lines of\ntext without ending there."
    assert texts(prose) == ["The report was long and it wrapped over several lines of text without ending there."]


def test_a_long_token_is_cut_by_characters():
    sentences = split_sentences("x" * 10_000)
    assert len(sentences) > 1 and "".join(s.text for s in sentences) == "x" * 10_000


def test_a_footnote_mark_after_a_full_stop_ends_the_sentence_and_is_in_neither():
    text = (
        "Causal order delays messages until the earlier supposedly “causally related” messages are received and "
        "delivered.4 It also increases the total memory requirements for buffering. The cost grows with the "
        "square root of the number of processes.12 Actually, we measured less. The price was 3.5 Euros and "
        "version 2.4 Is out."
    )
    sentences = split_sentences(text)
    assert [s.text for s in sentences] == [
        "Causal order delays messages until the earlier supposedly “causally related” messages are received and "
        "delivered.",
        "It also increases the total memory requirements for buffering.",
        "The cost grows with the square root of the number of processes.",
        "Actually, we measured less.",
        "The price was 3.5 Euros and version 2.4 Is out.",
    ]
    for sentence in sentences:
        assert " ".join(text[sentence.start : sentence.end].split()) == sentence.text


def test_a_sentence_that_quotes_sentences_is_not_cut_inside_the_quote():
    assert texts('He said "Stop. Now." and left. Then he ran.') == ['He said "Stop. Now." and left.', "Then he ran."]
    assert texts(
        '"Scott County is facing an epidemic of HIV. But this is not a Scott County problem," Pence said in '
        "March. He signed the order."
    ) == [
        '"Scott County is facing an epidemic of HIV. But this is not a Scott County problem," Pence said in March.',
        "He signed the order.",
    ]
    assert texts("“It's off. It's off,” I said. Then it rang.") == ["“It's off. It's off,” I said.", "Then it rang."]
    assert texts('"We expect better days. We want better relations." The minister left.') == [
        '"We expect better days.',
        'We want better relations."',
        "The minister left.",
    ]


def test_a_lowercase_word_after_a_full_stop_starts_a_sentence_unless_the_stop_is_an_abbreviation():
    text = (
        "The corpus was collected in 2019. the model was trained on it, e.g. the news part. Elle is sound. it "
        "identifies every anomaly, see Sec. three. A Ph.D. student wrote 3,054 sq. ft. of notes and has. known "
        "it since. Putin said on Saturday. in a television interview that he agreed."
    )
    assert texts(text) == [
        "The corpus was collected in 2019.",
        "the model was trained on it, e.g. the news part.",
        "Elle is sound.",
        "it identifies every anomaly, see Sec. three.",
        "A Ph.D. student wrote 3,054 sq. ft. of notes and has. known it since.",
        "Putin said on Saturday. in a television interview that he agreed.",
    ]
