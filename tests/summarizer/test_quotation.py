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


def test_the_offline_engine_shows_a_quoted_sentence_only_after_the_one_that_names_the_speaker():
    from summarizer.engine import Hints
    from summarizer.engines.selection import Tuning, select

    text = (
        "The council met on Monday in the town hall to hear about the new river bridge plans. "
        "The mayor said: 'We have waited for years and now it is time. "
        "The new river bridge will carry ten thousand cars and lorries across the river every day.' "
        "The river bridge plans were shown to residents, who asked about the cars and lorries. "
        "Residents said the river bridge would bring more cars and lorries into the town centre. "
        "The old bridge was closed to lorries and cars after cracks were found in the river wall."
    )
    sentences = split_sentences(text)
    quoted = next(i for i, s in enumerate(sentences) if s.text.startswith("The new river bridge"))
    assert inside_quotes([s.text for s in sentences], [s.paragraph for s in sentences])[quoted]
    for target in (15, 25, 40, 60):
        for hints in (Hints(), Hints(learned=True)):
            chosen = select(sentences, target, Tuning(), hints)
            assert quoted not in chosen or quoted - 1 in chosen
