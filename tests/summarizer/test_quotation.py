from summarizer.text.quotation import inside_quotes
from summarizer.text.sentences import split_sentences


def flags(text):
    sentences = split_sentences(text)
    return [
        (s.text.split()[0], inside)
        for s, inside in zip(sentences, inside_quotes([s.text for s in sentences], [s.paragraph for s in sentences]))
    ]


def test_the_sentences_of_a_quote_after_its_first_are_inside_it():
    text = (
        "Labour will ban the contracts. He said: 'I think it goes to the heart of it. "
        "I don't believe we can build a country like this. That's the insecurity people face.' "
        "The leader arrived in Yorkshire."
    )
    assert flags(text) == [("Labour", False), ("He", False), ("I", True), ("That's", True), ("The", False)]


def test_the_spacing_of_the_news_files_and_double_quotes():
    text = "He said:' I think so. It is right.' Then he left. She said: \"We will fight. We will win.\" It ended."
    assert [inside for _, inside in flags(text)] == [False, True, False, False, True, False]


def test_apostrophes_possessives_and_new_paragraphs_open_nothing():
    text = "The players' union met. They don't agree. It's the '90s again.\n\nShe said: 'Stop now.\n\nThe end came."
    assert [inside for _, inside in flags(text)] == [False, False, False, False, False]


def test_a_stray_mark_is_closed_after_a_few_sentences():
    text = "He said: 'This is long. " + " ".join(f"Sentence {n} goes on." for n in range(10))
    inside = [inside for _, inside in flags(text)]
    assert inside[1] and not inside[-1]
