"""Repairs for OCR text: spaces put back, hyphens decided by the dictionary, junk text layers told apart."""

from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.recognition.words import confirms, dehyphenated, garbled, known_share, spaced


def test_words_run_together_are_split_but_names_and_known_words_are_not():
    assert spaced("Thecitycouncilvoted to repair it") == "The city council voted to repair it"
    assert spaced("a 16-year-oldJewishrecruit") == "a 16-year-old Jewish recruit"
    assert (
        spaced("Gavin Thorman of Caernarfon and Kaczmarczyk, Altcourse")
        == "Gavin Thorman of Caernarfon and Kaczmarczyk, Altcourse"
    )
    assert spaced("counterintelligence and unfollowed") == "counterintelligence and unfollowed"


def test_spaces_come_back_after_sentence_ends_and_around_numbers():
    assert spaced("right memory.His hands") == "right memory. His hands"
    assert spaced("understand anyway.'Ms La Grua said") == "understand anyway.' Ms La Grua said"
    assert spaced("Now87years old; £200,000were seized") == "Now 87 years old; £200,000 were seized"
    assert (
        spaced("the U.S.Army, COVID19, mp3, 4th, 1990s and 3.5 litres")
        == "the U.S.Army, COVID19, mp3, 4th, 1990s and 3.5 litres"
    )


def test_a_line_end_hyphen_is_dropped_inside_a_word_and_kept_in_a_compound():
    assert dehyphenated("the engineers recom-", "mended it") == "the engineers recommended it"
    assert dehyphenated("a well-", "known fix") == "a well-known fix"
    assert dehyphenated("Gregory Mar-", "golin") == "Gregory Margolin"
    assert dehyphenated("by Ion Sto-", "ica and") == "by Ion Stoica and"
    assert dehyphenated("the Object-", "Oriented way") == "the Object-Oriented way"
    assert dehyphenated("Press/Addison-", "Wesley, 1990") == "Press/Addison-Wesley, 1990"


def test_a_poor_ocr_layer_and_a_broken_font_encoding_are_junk():
    good = "The city council voted to repair the old bridge after a long debate on Tuesday night in the town hall."
    assert known_share(good) == 1.0
    assert known_share("Tbe cjty cuonci1 vofed to rcpair tbe o1d bridqe aftcr a lonq dcbate on Tuesdav niqht") < 0.75
    assert not garbled(good)
    assert garbled(
        "Wkh flwb frxqflo yrwhg wr uhsdlu wkh rog eulgjh diwhu d orqj ghedwh rq Wxhvgdb qljkw lq wkh wrzq kdoo"
    )
    assert garbled("\ue001\ue002\ue003 \x03\x04\x05\x06 \ue010\ue011")
    assert not garbled("SELECT id, name FROM users WHERE city = 'Leeds' ORDER BY name; -- the HTTP API and JSON")


def test_ocr_confirms_a_layer_only_when_it_reads_nearly_all_of_its_words():
    layer = "Gi mpdp empgykhw cdrm blenshbp dm rwuqmilnk hnlw bpjjw tnct fw rhec sfkfyjvm gks wdt gjs"
    assert confirms(layer.replace("empgykhw", "empaykhw"), layer)  # one word misread of sixteen
    assert not confirms("The city council voted to repair the old bridge after a long debate on Tuesday", layer)
    shifted = "Wkh flwb frxqflo yrwhg wr uhsdlu wkh rog eulgjh diwhu d orqj ghedwh rq Wxhvgdb qljkw"
    assert not confirms("The city council voted to repair the old bridge after a long debate on Tuesday night", shifted)
    assert not confirms("Too few words", "Too few words")  # too little read to judge


def _garbled_char_by_char(text: str) -> bool:
    """`garbled` as first written, every character and word judged on its own: the reference for the counted form."""
    import unicodedata

    from ingest.recognition import words

    visible = [ch for ch in text if not ch.isspace()]
    bad = sum(unicodedata.category(ch) in words.BAD_CATEGORIES for ch in visible)
    if visible and bad > 0.2 * len(visible):
        return True
    found = [w for w in words.LATIN_WORD.findall(text) if len(w) >= 3 and not w.isupper()]
    vowelless = sum(not words.VOWELS & set(w) for w in found)
    return len(found) >= words.MIN_JUDGED_WORDS and vowelless > words.VOWELLESS_SHARE * len(found)


@given(st.text(alphabet=st.sampled_from(list("bcdfghklmnpqrstvwxzBCDAEIOUaeiouy \n\t\x03\ue001é.")), max_size=300))
@settings(max_examples=300, deadline=None)
def test_garbled_counted_once_per_distinct_character_and_word_judges_as_one_by_one(text):
    assert garbled(text) == _garbled_char_by_char(text)
