"""What kind of text this is: one table of named rules, `RULES`, each a small function that says why it fires.

Two questions are asked of it:

- ``paragraph`` rules type a paragraph by its text alone (`paragraph_rule`: the first that fires gives the block's
  kind; ingest's last pass, `ingest.sections`, asks them of every paragraph and list item);
- ``sentence`` rules say a sentence is not prose a person would put in a summary (`is_prose`: prose when none
  fires; every engine of the summarizer reads only prose). They look at the sentence alone, so they also work
  on plain text that carries no structure.

(`summarizer.lab.junk` is the independent judge of the result and keeps its own rules.)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Callable, Literal

from .patterns import (
    BACK_REFERENCE,
    BOILERPLATE,
    BULLET,
    BYLINE,
    CAPTION,
    CAPTION_OPENING,
    CODE,
    CODE_CHAR,
    CODE_SIGN,
    CODE_STATEMENT,
    CODE_WORDS,
    COPYRIGHT,
    DATE_ONLY,
    DOT_LEADER,
    ENTRY_YEAR,
    ENUMERATED,
    FOOTNOTE,
    FRAGMENT_START,
    GREEK_SYMBOL,
    HEADING_PREFIX,
    INNER_SENTENCE_END,
    KEYWORDS,
    LETTER_SUBJECT,
    LIST_ENUMERATOR,
    LOST_SYMBOL,
    LOWER_WORD,
    MATH,
    NAME_FIRST,
    NAME_PARTICLES,
    NAMES_BEFORE_MARKER,
    NOTATION,
    PHOTO_CAPTION,
    PHOTO_MARKER,
    PLACE_AFTER_MARKER,
    PLAIN_WORD,
    PRESENT_AFTER_MARKER,
    PROOF_STEP,
    PROSE_TOKEN,
    REFERENCE,
    REFERENCE_ENTRY,
    SENTENCE_END,
    SHOUTING,
    SPLIT_LETTERS,
    STANDARD_CITED,
    STANDARD_ENTRY,
    TITLE_DASH,
    TITLE_MARK,
    URL,
    VARIABLE,
    VENUE,
    WEB_ADDRESS,
    YEAR,
)

MIN_WORDS = 5
MAX_WORDS = 70
MAX_UPPER_SHARE = 0.6  # of the letters: more, and the sentence shouts
MIN_LETTER_SHARE = 0.7  # of the visible characters
MIN_WORD_SHARE = 0.6  # of the tokens that are plain words
NOTATION_TOKENS = 3  # variables and notation a sentence holds before it reads as a formula in words
WORDY = 0.8  # a sentence this share plain words carries one code token, math sign or stray letter as prose does
URL_MIN_OTHER_WORDS = 12
CAPTION_WORDS = 60  # a paragraph longer than this is a story's, not a photo's caption
GLUED_LETTERS = 24  # a run of more letters is words the PDF's text layer ran together
Question = Literal["paragraph", "sentence"]
ParagraphKind = Literal["list_item", "caption", "reference", "code"]  # block kinds (`ingest.Block`) a rule gives


@dataclass(frozen=True)
class Text:
    """A paragraph or sentence with the measures several rules share, each counted once, when first asked."""

    text: str

    @cached_property
    def words(self) -> list[str]:
        return self.text.split()

    @cached_property
    def word_share(self) -> float:
        """The share of its tokens that are plain words ('Paris,', '(the'), not numbers, symbols or names_like_this."""
        return len(PLAIN_WORD.findall(self.text)) / max(1, len(self.words))


@dataclass(frozen=True)
class Rule:
    """One named rule: which question it answers, the block kind it gives a paragraph (paragraph rules), and its
    test (the function's docstring says why it fires)."""

    name: str
    asks: Question
    test: Callable[[Text], bool]
    kind: ParagraphKind | None = None


# --- Paragraph rules: what a paragraph is, when its format did not say ---


def bulleted(t: Text) -> bool:
    """It opens with a bullet mark ('• ', '▪ ', '– '): a list item, whatever the format made of it."""
    return bool(BULLET.match(t.text))


def captioned(t: Text) -> bool:
    """It opens like a caption ('Figure 2:', 'Table 3.1 -'): it describes a figure rather than saying something."""
    return bool(CAPTION_OPENING.match(t.text))


def photo_captioned(t: Text) -> bool:
    """It is one short sentence written under a photo ('Pictured: ...', '... poses in ...', 'Photo: Getty Images'):
    a caption in any format, as a PDF's set-aside caption is."""
    return len(t.words) <= CAPTION_WORDS and not INNER_SENTENCE_END.search(t.text) and is_photo_caption(t.text)


def reference_entry(t: Text) -> bool:
    """It opens like a bibliography entry ('[12]', '(3)', 'Woods, D. D.,') and has a year, or it cites a standard by
    its number and title (`cites_standard`): a reference."""
    return bool(REFERENCE_ENTRY.match(t.text)) and bool(ENTRY_YEAR.search(t.text)) or cites_standard(t.text)


def cites_standard(text: str) -> bool:
    """A standard's or a specification's number followed by its title, not by a sentence about it: "ISO 8601:2004,
    Data elements and interchange formats — ...", "RFC 3986 Uniform Resource Identifier (URI): Generic Syntax,
    ..., 2005, http://..."; not "ISO 9001 requires that ..." nor "IEEE 802.11 networks are slow."."""
    match = STANDARD_ENTRY.match(text)
    if not match:
        return False
    title = match.group("title")
    words = [w for w in title.split()[:10] if w[:1].isalpha()]
    capitalized = sum(w[:1].isupper() for w in words) / max(1, len(words))
    marked = bool(TITLE_MARK.search(title)) or bool(WEB_ADDRESS.search(title))
    if match.group("sep"):
        return title[:1].isupper() and (marked or capitalized >= 0.5 or bool(ENTRY_YEAR.search(title)))
    return title[:1].isupper() and (marked or bool(ENTRY_YEAR.search(title))) and capitalized >= 0.5


def program_text(t: Text) -> bool:
    """Program text or formal grammar: dense in symbols, or lines that read like statements."""
    stripped = "".join(t.words)
    if not stripped or prose_list_item(t.text):
        return False
    symbols = len(CODE_CHAR.findall(stripped)) / len(stripped)
    wordy = sum(1 for w in t.words if w.strip(".,;:'\"()").isalpha()) / max(1, len(t.words))
    if symbols > 0.12 and wordy < 0.7:
        return True
    if CODE_STATEMENT.search(t.text) and wordy < 0.75:
        return True
    return bool(CODE_WORDS.search(t.text)) and symbols > 0.06 and wordy < 0.8


def prose_list_item(text: str) -> bool:
    """An item of a prose list, never code: an enumerator ("1.", "b)", "(3)") and then only words, numbers, ranges,
    brackets and the semicolon or comma that ends an item ("1. Front matter (clauses 1–7);", "b) the scope; and"),
    with no sign of program text (`CODE_SIGN`: an operator, a brace, a name glued to its brackets, snake_case) and
    not a numbered listing's statement ("3. int count;")."""
    enumerator = LIST_ENUMERATOR.match(text)
    if not enumerator:
        return False
    rest = text[enumerator.end() :]
    tokens = rest.split()
    statement = len(tokens) == 2 and rest.rstrip().endswith(";") and bool(CODE_WORDS.fullmatch(tokens[0]))
    return (
        not statement
        and not CODE_SIGN.search(rest)
        and all(PROSE_TOKEN.fullmatch(token) for token in tokens)
        and any(sum(ch.isalpha() for ch in token) >= 2 for token in tokens)
    )


# --- Sentence rules: what is not prose a summary would show ---


def wrong_length(t: Text) -> bool:
    """Under five words is a label or a fragment; over seventy, a run of text the splitter could not cut."""
    return not MIN_WORDS <= len(t.words) <= MAX_WORDS


def opens_unlike_a_sentence(t: Text) -> bool:
    """A sentence opens with a capital or a digit (or a lower-case name it describes, 'numpy is ...'), never with
    closing punctuation: anything else is the tail of a sentence cut in two."""
    first = t.text.lstrip("\"'“‘(")[:1]
    return not (first.isupper() or first.isdigit() or NAME_FIRST.match(t.text)) or t.text[:1] in ")]},.;:!?”’"


def unfinished(t: Text) -> bool:
    """No full stop, question or exclamation mark at its end: a heading, a list entry or a cut sentence."""
    return not SENTENCE_END.search(t.text)


def torn_fragment(t: Text) -> bool:
    """It opens with a bracket's end and goes on mid-clause ('(ALS), a filtering ...'): torn from its start."""
    return bool(FRAGMENT_START.match(t.text))


def list_or_citation(t: Text) -> bool:
    """Items of a list run together ("... (clause 8–9); 3.") or a standard cited by its number and title ("ISO/IEC
    10646, Information technology — Universal Coded Character Set (UCS)."): a list or a reference, not a sentence."""
    if ENUMERATED.search(t.text):
        return True
    return bool(STANDARD_CITED.match(t.text)) and bool(
        TITLE_DASH.search(t.text) or YEAR.search(t.text) or URL.search(t.text)
    )


def dot_leader(t: Text) -> bool:
    """A run of dots ('Results . . . . 12'): a table of contents' line."""
    return bool(DOT_LEADER.search(t.text))


def copyright_line(t: Text) -> bool:
    """A copyright or licence notice ('©', 'all rights reserved', 'licensed under')."""
    return bool(COPYRIGHT.search(t.text))


def caption(t: Text) -> bool:
    """It opens like a caption ('Figure 3:', 'Table 1.'): it describes a figure."""
    return bool(CAPTION.match(t.text))


def keywords(t: Text) -> bool:
    """A paper's keyword line ('Keywords ...', 'Index Terms ...', 'CCS Concepts ...')."""
    return bool(KEYWORDS.match(t.text))


def byline(t: Text) -> bool:
    """A byline or the page's furniture ('By Jane Doe, CNN', 'PUBLISHED: 12:01', 'Photo: AP')."""
    return bool(BYLINE.match(t.text))


def photo_caption(t: Text) -> bool:
    """Text written under a photo ('Jimmy Anderson celebrates ...'): it describes a picture the reader is not shown."""
    return is_photo_caption(t.text)


def shouting(t: Text) -> bool:
    """Three or more upper-case words at its start: a heading glued to the sentence after it."""
    return bool(SHOUTING.match(t.text))


def heading_number(t: Text) -> bool:
    """A section number before a capital ('3.2 Design The ...'): a numbered heading glued to its text."""
    return bool(HEADING_PREFIX.match(t.text))


def date_line(t: Text) -> bool:
    """A time or a year and a few words ('12:01 GMT, 4 May 2014'): a dateline, not a sentence."""
    return bool(DATE_ONLY.match(t.text))


def boilerplate(t: Text) -> bool:
    """A standard's or a paper's stock text (ISO's foreword, funding notes, 'a preliminary version of this paper')."""
    return bool(BOILERPLATE.search(t.text))


def upper_case(t: Text) -> bool:
    """Most of its letters are capitals: a heading or a notice, not running prose."""
    return sum(map(str.isupper, t.text)) > MAX_UPPER_SHARE * sum(map(str.isalpha, t.text))


def symbols(t: Text) -> bool:
    """Too few letters among its characters, or too few plain words among its tokens: a table row or a formula."""
    visible = len(t.text) - sum(map(str.isspace, t.text))
    letters = sum(map(str.isalpha, t.text)) / max(1, visible)
    return letters < MIN_LETTER_SHARE or t.word_share < MIN_WORD_SHARE


def reference(t: Text) -> bool:
    """A bibliography entry: a label, an author list or a venue ('pp.', 'Proc.', 'doi'), and a year."""
    return bool(REFERENCE.search(t.text)) and bool(YEAR.search(t.text))


def mostly_urls(t: Text) -> bool:
    """A URL or an e-mail address with fewer than twelve other words: a link, not a sentence about something."""
    urls = URL.findall(t.text)
    return bool(urls) and len(t.words) - len(urls) < URL_MIN_OTHER_WORDS


def code(t: Text) -> bool:
    """Two code tokens ('->', 'snake_case', 'call()'), or one in a sentence not mostly plain words."""
    found = len(CODE.findall(t.text))
    return found >= 2 or bool(found) and t.word_share < WORDY


def math(t: Text) -> bool:
    """Two math signs ('=', '≤', '∑'), or one in a sentence not mostly plain words: a formula."""
    found = len(MATH.findall(t.text))
    return found >= 2 or bool(found) and t.word_share < WORDY


def one_letter_tokens(t: Text) -> bool:
    """Three one-letter tokens other than 'a' and 'I' in a sentence not mostly plain words: variables."""
    singles = sum(1 for w in t.words if len(w.strip(".,;:()")) == 1 and w.strip(".,;:()") not in ("a", "A", "I"))
    return singles >= 3 and t.word_share < WORDY


def footnote(t: Text) -> bool:
    """A paper's footnote run into its text: where the work was done ("This work was performed while the author was
    at ..."), who paid for it ("Supported by grant ..."), an author's address, thanks."""
    return bool(FOOTNOTE.search(t.text))


def back_reference(t: Text) -> bool:
    """It leans on the text before it as a whole ("Recall that ...", "With that background, ...", "As mentioned
    above, ..."): shown alone it points at nothing."""
    return bool(BACK_REFERENCE.match(t.text))


def lost_symbols(t: Text) -> bool:
    """A symbol lost from the text layer: seven digits or more run together where a superscript or an operator was
    ("9829739" for 9829^739), a private-use glyph, a replacement character."""
    return bool(LOST_SYMBOL.search(t.text))


def venue_line(t: Text) -> bool:
    """Where the paper appears ("To appear in OSDI 2004", "Accepted at ICML 2019"): a title page's line."""
    return bool(VENUE.search(t.text))


def notation(t: Text) -> bool:
    """A step of a proof or a formula in words: notation a summary cannot show without its definition (an indexed
    name "counterp[p]", "f(x)", "x_i", one-letter variables) with a proof's opening word ("If", "Let", "Hence"), two
    such names or three in all; a Greek letter standing alone; a lone capital as the subject ("P has ...")."""
    if GREEK_SYMBOL.search(t.text) or LETTER_SUBJECT.match(t.text):
        return True
    found = len(NOTATION.findall(t.text))
    variables = len(VARIABLE.findall(t.text))
    return (
        found >= 2 or found + variables >= NOTATION_TOKENS or bool(found + variables) and bool(PROOF_STEP.match(t.text))
    )


def name_list(t: Text) -> bool:
    """A list of names, not a sentence (a team sheet, a league's clubs)."""
    return is_name_list(t.text, t.words)


def glued_words(t: Text) -> bool:
    """A run of more than 24 letters: words the PDF's text layer ran together."""
    return any(len(w) > GLUED_LETTERS and w.isalpha() for w in t.words)


def split_letters(t: Text) -> bool:
    """Four single characters in a row ('T h e m'): a word spelled out letter by letter by the text layer."""
    return bool(SPLIT_LETTERS.search(t.text))


RULES: tuple[Rule, ...] = (
    Rule("bullet", "paragraph", bulleted, "list_item"),
    Rule("caption opening", "paragraph", captioned, "caption"),
    Rule("picture caption", "paragraph", photo_captioned, "caption"),
    Rule("reference entry", "paragraph", reference_entry, "reference"),
    Rule("program text", "paragraph", program_text, "code"),
    Rule("length", "sentence", wrong_length),
    Rule("opening", "sentence", opens_unlike_a_sentence),
    Rule("unfinished", "sentence", unfinished),
    Rule("torn fragment", "sentence", torn_fragment),
    Rule("list or citation", "sentence", list_or_citation),
    Rule("dot leader", "sentence", dot_leader),
    Rule("copyright", "sentence", copyright_line),
    Rule("caption", "sentence", caption),
    Rule("keywords", "sentence", keywords),
    Rule("byline", "sentence", byline),
    Rule("photo caption", "sentence", photo_caption),
    Rule("shouting", "sentence", shouting),
    Rule("heading number", "sentence", heading_number),
    Rule("date line", "sentence", date_line),
    Rule("boilerplate", "sentence", boilerplate),
    Rule("upper case", "sentence", upper_case),
    Rule("symbols", "sentence", symbols),
    Rule("reference", "sentence", reference),
    Rule("url", "sentence", mostly_urls),
    Rule("code", "sentence", code),
    Rule("math", "sentence", math),
    Rule("one-letter tokens", "sentence", one_letter_tokens),
    Rule("name list", "sentence", name_list),
    Rule("footnote", "sentence", footnote),
    Rule("back reference", "sentence", back_reference),
    Rule("lost symbols", "sentence", lost_symbols),
    Rule("venue", "sentence", venue_line),
    Rule("notation", "sentence", notation),
    Rule("glued words", "sentence", glued_words),
    Rule("split letters", "sentence", split_letters),
)
PARAGRAPH_RULES = tuple(rule for rule in RULES if rule.asks == "paragraph")
SENTENCE_RULES = tuple(rule for rule in RULES if rule.asks == "sentence")


def paragraph_rule(text: str) -> Rule | None:
    """The first paragraph rule that fires on `text` (its `kind` is the block's), or None: a plain paragraph."""
    t = Text(text)
    return next((rule for rule in PARAGRAPH_RULES if rule.test(t)), None)


def not_prose(text: str) -> list[str]:
    """Why `text` is not prose, as the names of the sentence rules that fire, in `RULES` order."""
    t = Text(text)
    return [rule.name for rule in SENTENCE_RULES if rule.test(t)]


@lru_cache(maxsize=1 << 14)
def is_prose(text: str) -> bool:
    """True when the sentence reads as running prose: no sentence rule fires (lists, code, captions, headings and
    fragments are not prose).

    Remembered by text: the layout asks it of every sentence, and the offline engine asks again of the ones it
    may pick."""
    t = Text(text)
    return not any(rule.test(t) for rule in SENTENCE_RULES)


def is_name_list(text: str, words: list[str]) -> bool:
    """A list of names, not a sentence: a team sheet ("Derby: Grant, Keogh, Albentosa (Whitbread 78 mins), ..."),
    the clubs in a league; at least three commas and at most two lower-case words (not counting "and", "of" ...)."""
    if text.count(",") + text.count(";") < 3:
        return False
    lower = sum(1 for w in words if LOWER_WORD.match(w) and w.strip(".,;:()'\"") not in NAME_PARTICLES)
    return lower <= 2


def is_photo_caption(text: str) -> bool:
    """True for text written under a photo (`PHOTO_CAPTION`, a present-tense verb after a picture's marker, or names,
    a marker and a place with no verb: "Chris Nash (left) and Ed Joyce (right) at Sussex's media day");
    a story's sentence that only carries a marker ("Terry (pictured) has ...") is prose shown without it."""
    for marker in PHOTO_MARKER.finditer(text):
        if PRESENT_AFTER_MARKER.match(text, marker.end()) or (
            PLACE_AFTER_MARKER.match(text, marker.end())
            and NAMES_BEFORE_MARKER.fullmatch(PHOTO_MARKER.sub("", text[: marker.start()]))
        ):
            return True
    return bool(PHOTO_CAPTION.search(PHOTO_MARKER.sub("", text)))


def is_caption(text: str) -> bool:
    """A paragraph that opens like a caption ('Figure 2:')."""
    return captioned(Text(text))


def is_reference_entry(text: str) -> bool:
    """A paragraph that reads like a bibliography entry (a label or authors, and a year)."""
    return reference_entry(Text(text))


def looks_like_code(text: str) -> bool:
    """Program text or formal grammar: dense in symbols, or lines that read like statements."""
    return program_text(Text(text))
