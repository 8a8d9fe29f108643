from summarizer.sentences import split_sentences


def texts(text):
    return [s.text for s in split_sentences(text)]


def test_abbreviations_initials_and_decimals_do_not_split():
    text = "Mr. Smith paid $3.50 in Washington D.C. on Jan. 5. The U.S. economy grew. J. R. R. Tolkien wrote it."
    assert texts(text) == ["Mr. Smith paid $3.50 in Washington D.C. on Jan. 5.",
                           "The U.S. economy grew.", "J. R. R. Tolkien wrote it."]


def test_quotes_and_questions():
    assert texts('"Is it good?" she asked. "Yes." It was!') == ['"Is it good?" she asked.', '"Yes."', "It was!"]


def test_offsets_point_into_the_source():
    text = "Title line\n\nFirst sentence here.  Second one\nwraps onto a new line."
    sentences = split_sentences(text)
    assert [s.text for s in sentences] == ["Title line", "First sentence here.", "Second one wraps onto a new line."]
    for s in sentences:
        assert " ".join(text[s.start:s.end].split()) == s.text
    assert [s.paragraph for s in sentences] == [0, 1, 1]


def test_bullets_are_sentences_of_their_own():
    assert texts("Findings:\n- costs rose by a third\n- staff fell") == [
        "Findings:", "- costs rose by a third", "- staff fell"]


def test_empty_and_symbol_only_text_has_no_sentences():
    assert split_sentences("") == []
    assert split_sentences(" \n\n --- *** \n") == []
