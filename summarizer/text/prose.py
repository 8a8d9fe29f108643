"""The one sentence-level filter every engine uses: which sentences read as prose a person would put in a
summary, which lean on a sentence the reader was not shown, which define the document, and how a
sentence is shown.

Every engine reads only prose: no table-of-contents lines, reference entries, code, formulas,
captions, headings glued to text, copyright lines, standard boilerplate, bylines or fragments. The
rules look at the sentence alone, so they also work on plain text that carries no structure.
(`summarizer.lab.junk` is the independent judge of the result and keeps its own rules.)
"""

from __future__ import annotations

import re
from functools import lru_cache

COPYRIGHT = re.compile(
    r"©|\(c\)\s*\d{4}|all rights reserved|permission to (?:make|copy)|licen[cs]ed under|"
    r"creative commons|this article is published under",
    re.I,
)
DOT_LEADER = re.compile(r"(?:\.\s?){4,}|…{2,}")
CAPTION = re.compile(
    r"^(?:figure|fig\.|table|listing|algorithm|exhibit|chart)\s*[A-Z]?\d+[a-z]?(?:[.:]|\s+[-—–])", re.I
)
REFERENCE = re.compile(
    r"^\[\s*[\w+.-]{1,12}\s*\]|^[A-Z][a-z'’-]+,\s+(?:[A-Z]\.\s?){1,3}[,&]|"
    r"\b(?:proceedings of|proc\.|pp\.|vol\.|doi:?|isbn|arxiv:|in:)\s",
    re.I,
)
YEAR = re.compile(r"\b(?:1[89]|20)\d\d\b")
# A standard cited by its number and title ("ISO/IEC 10646, Information technology — Universal Coded Character Set.",
# "IEEE Std 754-2008, IEEE Standard for Floating-Point Arithmetic, 2008."): an entry of a reference list.
STANDARD_CITED = re.compile(
    r"^[A-Z][A-Z0-9]{1,7}(?:-[A-Z])?(?:/[A-Z][A-Z0-9]{1,7})*(?:\s+[A-Z][A-Z0-9]{1,7}){0,2}"
    r"(?:[\s-]+(?:Std|Rec)\.?)?[\s-]+[A-Z]?\.?\d{1,6}(?:[.\-–]\d{1,5})*(?:\s*:\s*(?:1[89]|20)\d\d)?,\s+[A-Z]"
)
TITLE_DASH = re.compile(r"\s[—–]\s")
# Items of an enumerated list run together: "... (clause 8–9); 3." or "...: 1. Front matter; 2. Overview".
ENUMERATED = re.compile(r"[;:]\s+\(?(?:\d{1,3}|[a-z]|[ivx]{1,4})[.)](?:\s+[A-Z]|$)")
URL = re.compile(r"https?://\S+|www\.\S+|\b[\w.+-]+@[\w-]+\.[\w.]+")
CODE = re.compile(
    r"->|::|==|!=|:=|=>|<=|>=|\+\+|&&|\|\||[{}]|\w\(\)|\b\w+\(\w*[,)]|\b[a-z]+_[a-z_]+\b|"
    r"\b[a-z]+[A-Z]\w*\b|</?\w+>"
)
MATH = re.compile(r"[=<>≤≥≠≈∑∏∫√∞∈∉⊂⊆∪∩∀∃→←↔⇒⇔±×÷^|~]")
HEADING_PREFIX = re.compile(r"^(?:\d+(?:\.\d+)*\.?|[A-Z]\.\d+(?:\.\d+)*|[IVX]+\.)\s+(?=[A-Z])")
SHOUTING = re.compile(r"^(?:[A-Z][A-Z'’-]+\s+){3,}")
KEYWORDS = re.compile(
    r"^(?:keywords|index terms|categories and subject descriptors|general terms|ccs concepts|"
    r"acm reference format|key words)\b",
    re.I,
)
# A byline or a page's furniture, by where it sits: "By Jane Doe, CNN", "By . Daily Mail Reporter", "PUBLISHED: 12:01",
# "Photo: AP"; not prose that opens with the same word ("By far the most ...", "Posted to Facebook, the image ...").
BYLINE = re.compile(
    r"^[Bb]y\s*\.|^[Bb]y\s+(?:[A-Z][\w.'’-]*\s+){0,3}[A-Z][\w.'’-]*\s*(?:$|[.|]|,\s*(?:for\b|[A-Z])|"
    r"(?:and|for)\s+[A-Z])|"
    r"(?i:^(?:published|updated|last updated|posted)\s*(?::|on\b|at\b|by\b|\d)|^written by\s|"
    r"^(?:photo|image|picture|video|source|credit)s?(?:\s*:|\s+(?:by|courtesy|credit)\b)|"
    r"^(?:click here|scroll down|follow @|read more|share this|table of contents))"
)
# A picture's position in brackets inside a sentence written beside a photo ("Terry (pictured) has ...", "Giteau
# (left) takes on ...", "... two Costa cafes (file picture)."): the marker is dropped from the shown sentence.
PHOTO_MARKER = re.compile(
    r"\s*\((?:[^()]{0,40}\bpictured(?:\s+[\w'’-]+){0,5}|(?:(?:far|second|top|bottom|centre|center)\s)?(?:left|right)|"
    r"centre|center|middle|above|below|inset|(?:[^()]{0,30}\b)?(?:file|stock) (?:photo|picture|image)[^()]{0,30}|"
    r"main picture|main image)\)",
    re.I,
)
# A footnote's number stuck to a word's comma, semicolon or colon in a PDF ("objects,6 and", "as follows:2 Definition");
# "1,2 and 3" and "wj,0" (a subscript) are not.
FOOTNOTE_AFTER_MARK = re.compile(r"(?<=[a-z]{3}[,;:])\d{1,2}(?=\s)")
# A caption's run-in label ("Bitten: Austin Hatfield, 18, found ...", "Theorem 2: Every ..."): one to three words
# and a colon before a capital, none of them a verb of saying ("Police said: The ..." keeps its words); dropped
# from the shown sentence.
CAPTION_LABEL = re.compile(
    r"^[A-Z][\w'’-]*(?:\s+(?!(?:said|says|told|added|adds|wrote|writes|tweeted|posted|explained|explains|asked|warned|"
    r"warns|claimed|claims|insisted|insists|revealed|reveals|declared|announced|stated|replied|admitted|continued|"
    r"commented)\b)[\w'’-]+){0,2}:\s+(?=[A-Z])"
)
# A present-tense verb right after a picture's marker: "Adam (right) celebrates with ...", "Pele (right) runs with
# the ball": the sentence is the photo's caption ("Terry (pictured) has ...", "Bailey (pictured) said ..." are not).
PRESENT_AFTER_MARKER = re.compile(
    r"\s+(?!(?:is|has|was|says|does|as|its|this|his|always|perhaps|towards|across|plus|thus|unless|whereas|besides|"
    r"news|series|species|dozens|hundreds|thousands|millions)\b)[a-z]+[^s\W]s\b"
)
LOWER_WORD = re.compile(r"^[\"'(“‘]*[a-z]")
NAME_PARTICLES = frozenset("and or of de van der von la le da el al bin mins min".split())
# A sentence that is a photo's caption, once its markers are dropped: a name doing something in the present tense
# ("Jimmy Anderson celebrates taking ...", "Prince Andrew pictured leaving ..."), ", pictured ...", "is pictured
# here", a file or stock picture ("In this April 13, 2011, file photo, ..."), or a credit line ("CNN's Debra
# Goldschmidt contributed to this report.").
PHOTO_CAPTION = re.compile(
    r"^(?:(?:[A-Z][\w'’.-]*|and|&)\s+){1,5}(?:pictured|celebrates|poses)\b|"
    r"(?i:(?:^|,\s)pictured\b|\b(?:is|are) pictured\b|\bpictured (?:above|below|here|left|right|centre|center)\b|"
    r"\b(?:file|stock) (?:photo(?:graph)?|picture|image)\b|"
    r"^in this (?:[\w,.]+\s+){0,5}(?:photo|photograph|picture|image)\b|"
    r"\bcontributed (?:to this (?:report|story|article)|reporting)\b)"
)
# The tail of a sentence torn from its start, e.g. by a figure between two columns: "(ALS), a filtering ...".
FRAGMENT_START = re.compile(r"^\([^()]{1,40}\)\s*(?:[,;:]|[a-z])")
DATE_ONLY = re.compile(r"^[\W\d]*(?:\d{1,2}:\d{2}|\d{4})[\W\w]{0,40}$")
BOILERPLATE = re.compile(
    r"\b(?:national bodies that are members of (?:iso|iec)|(?:iso|iec) (?:and (?:iso|iec) )?technical committees|"
    r"organizations?, governmental and non-governmental|in the field of information technology, iso and iec|"
    r"international standards are drafted in accordance|draft international standards adopted by|"
    r"publication as an international standard requires|attention is drawn to the possibility that some of the "
    r"elements|(?:iso|iec) shall not be held responsible for identifying|the main task of (?:the )?(?:joint )?"
    r"technical committees?|(?:cancels and replaces|constitutes a technical revision of) the (?:first|second|"
    r"third|previous) edition|this (?:\w+ )?edition (?:cancels|replaces|supersedes)|has been technically revised|"
    r"this document was prepared by (?:technical committee|joint technical committee|iso)|"
    r"any trade name used in this document|for an explanation (?:on|of) the voluntary nature|"
    r"form the specialized system for worldwide standardi[sz]ation|the following referenced documents are "
    r"indispensable|for (?:dated|undated) references, (?:only )?the (?:edition cited|latest edition)|"
    r"(?:first|earlier|previous|preliminary|shorter|extended|conference) version of this (?:paper|article|work|"
    r"report)|this (?:work|research|paper|material|project) (?:was|is|has been) (?:\w+ )?(?:supported|funded)|"
    r"supported in part by|the views and conclusions contained in this (?:document|paper|report)|"
    r"should not be interpreted as (?:necessarily )?representing the official policies)",
    re.I,
)
DATELINE = re.compile(r"^(?:[A-Z][\w.'-]*(?:,? [A-Z][\w.'-]*)*,? )?\((?:CNN|AP|Reuters|AFP)\)\s*(?:--|—|-)?\s*")
REQUIREMENT_ID = re.compile(r"^\[?(?:[A-Z]{1,3}\d+(?:[.-]\d+)+|[A-Z]{1,4}-\d+)\]?[.:]?\s+(?=[A-Z\"“])")
# A sentence that opens with one of these leans on a sentence before it (README, "Sentences that stand alone").
DANGLING_OPENERS = (
    "this",
    "these",
    "that",
    "those",
    "it",
    "its",
    "they",
    "them",
    "their",
    "he",
    "she",
    "his",
    "her",
    "such",
    "however",
    "but",
    "and",
    "or",
    "so",
    "also",
    "thus",
    "hence",
    "therefore",
    "moreover",
    "furthermore",
    "instead",
    "then",
    "here",
    "there",
    "yet",
    "still",
    "otherwise",
    "likewise",
    "similarly",
    "finally",
    "again",
    "second",
    "secondly",
    "third",
    "thirdly",
    "in addition",
    "in contrast",
    "by contrast",
    "on the other hand",
    "as a result",
    "for example",
    "for instance",
    "in this case",
    "in particular",
    "nevertheless",
    "nonetheless",
    "meanwhile",
    "besides",
    "accordingly",
    "consequently",
    "additionally",
    "conversely",
    "indeed",
    "as such",
    "to this end",
    "for this reason",
    "in turn",
    "in this way",
    "in other words",
    "the latter",
    "the former",
    "both",
    "even so",
    "after that",
    "that is",
)
OPENER = re.compile(
    r"^(?:"
    + "|".join(sorted((re.escape(w).replace(r"\ ", r"\s+") for w in DANGLING_OPENERS), key=len, reverse=True))
    + r")\b",
    re.I,
)
# ... unless the sentence names what it points to ("This paper presents ...", "It is clear that ...").
NAMED_ANTECEDENT = re.compile(
    r"^(?:this|these|that|such)\s+(?:\w+\s+){0,2}?(?:paper|article|report|document|standard|specification|"
    r"thesis|dissertation|book|study|work|survey|memo|proposal|guide|tutorial|part|edition|international standard|"
    r"library|package|project|repository|tool|software|release|manual|note|letter|chapter|volume)s?\b|"
    r"^it\s+(?:is|was|has been|seems|appears|remains)\s+(?:\w+\s+){0,3}?(?:that|to|whether)\b|"
    r"^there\s+(?:is|are|was|were|has|have|had|will|may|might|can|could|must|seems?|appears?)\b|"
    r"^here,?\s+we\b|^(?:this|that) is (?:why|how|what|because)\b",
    re.I,
)
NAME_FIRST = re.compile(r"^[a-z][\w.+-]*\s+(?:is|are|was|provides|offers|lets|makes|helps|supports|can|allows)\b")
PLAIN_WORD = re.compile(r"(?<!\S)[\"'“‘(]*[A-Za-z][a-z'’-]*[.,;:!?\"'”’)]*(?!\S)")
# A sentence about where things are in the document: a section's summary should say what the section says.
SIGNPOST = re.compile(
    r"^(?:in|throughout) (?:this|the (?:next|following|previous|remaining|last)) (?:sub)?(?:sections?|chapters?)\b|"
    r"\b(?:is|are|will be|was|were) (?:addressed|discussed|described|presented|detailed|covered|explained) "
    r"(?:further |in detail )?in (?:sections?|chapters?|appendix|sec\.)\s*[\dIVX]|"
    r"^(?:sections?|chapters?|appendix) [\dIVXA-Z][\w.-]* (?:describes?|presents?|summari[sz]es?|discusses?|"
    r"shows?|concludes?|covers?|gives?|reviews?|introduces?|explains?|outlines?)\b|"
    r"\b(?:is|are) organi[sz]ed as follows\b|^the (?:rest|remainder) of (?:this|the) "
    r"(?:paper|article|chapter|report|thesis|document)\b|^we (?:begin|start|conclude|end) (?:with|by)\b",
    re.I,
)
MIN_WORDS = 5
MAX_WORDS = 70


def _word_share(text: str, words: list[str]) -> float:
    return len(PLAIN_WORD.findall(text)) / max(1, len(words))


def _letter_share(text: str) -> float:
    visible = len(text) - sum(map(str.isspace, text))
    return sum(map(str.isalpha, text)) / max(1, visible)


def is_name_list(text: str, words: list[str]) -> bool:
    """A list of names, not a sentence: a team sheet ("Derby: Grant, Keogh, Albentosa (Whitbread 78 mins), ..."),
    the clubs in a league; at least three commas and at most two lower-case words (not counting "and", "of" ...)."""
    if text.count(",") + text.count(";") < 3:
        return False
    lower = sum(1 for w in words if LOWER_WORD.match(w) and w.strip(".,;:()'\"") not in NAME_PARTICLES)
    return lower <= 2


def is_photo_caption(text: str) -> bool:
    """True for text written under a photo (`PHOTO_CAPTION`, or a present-tense verb after a picture's marker);
    a story's sentence that only carries a marker ("Terry (pictured) has ...") is prose shown without it."""
    if any(PRESENT_AFTER_MARKER.match(text, marker.end()) for marker in PHOTO_MARKER.finditer(text)):
        return True
    return bool(PHOTO_CAPTION.search(PHOTO_MARKER.sub("", text)))


def is_list_or_citation(text: str) -> bool:
    """True for items of a list run together ("... (clause 8–9); 3.") and for a standard cited by its number and
    title ("ISO/IEC 10646, Information technology — Universal Coded Character Set (UCS).")."""
    if ENUMERATED.search(text):
        return True
    return bool(STANDARD_CITED.match(text)) and bool(TITLE_DASH.search(text) or YEAR.search(text) or URL.search(text))


@lru_cache(maxsize=1 << 14)
def is_prose(text: str) -> bool:
    """True when the sentence reads as running prose; False for lists, code, captions, headings and fragments.

    Remembered by text: the layout asks it of every sentence, and the offline engine asks again of the ones it
    may pick."""
    words = text.split()
    if not MIN_WORDS <= len(words) <= MAX_WORDS:
        return False
    first = text.lstrip("\"'“‘(")[:1]
    if not (first.isupper() or first.isdigit() or NAME_FIRST.match(text)) or text[0] in ")]},.;:!?”’":
        return False
    if not re.search(r"""[.!?…]["'”’)\]]*$""", text):
        return False
    if FRAGMENT_START.match(text) or is_list_or_citation(text):
        return False
    if (
        DOT_LEADER.search(text)
        or COPYRIGHT.search(text)
        or CAPTION.match(text)
        or KEYWORDS.match(text)
        or BYLINE.match(text)
        or is_photo_caption(text)
        or SHOUTING.match(text)
        or HEADING_PREFIX.match(text)
        or DATE_ONLY.match(text)
        or BOILERPLATE.search(text)
    ):
        return False
    letters = sum(map(str.isalpha, text))
    if sum(map(str.isupper, text)) > 0.6 * letters:
        return False
    share = _word_share(text, words)
    if _letter_share(text) < 0.7 or share < 0.6:
        return False
    if REFERENCE.search(text) and YEAR.search(text):
        return False
    urls = URL.findall(text)
    if urls and len(words) - len(urls) < 12:
        return False
    code = len(CODE.findall(text))
    math = len(MATH.findall(text))
    singles = sum(1 for w in words if len(w.strip(".,;:()")) == 1 and w.strip(".,;:()") not in ("a", "A", "I"))
    if code >= 2 or code and share < 0.8 or math >= 2 or math and share < 0.8 or singles >= 3 and share < 0.8:
        return False
    if is_name_list(text, words):
        return False
    if any(len(w) > 24 and w.isalpha() for w in words):
        return False
    return not re.search(r"(?:\b\w\s){4,}", text)


def without_dateline(sentence: str) -> str:
    """'London (CNN) -- The talks ...' -> 'The talks ...': the dateline is not part of the story."""
    stripped = DATELINE.sub("", sentence)
    if stripped == sentence:
        return sentence
    return stripped[:1].upper() + stripped[1:] if stripped else sentence


def shown(text: str) -> str:
    """The sentence as a summary shows it: without a dateline, a requirement ID or a caption's label at its start
    ('London (CNN) -- The talks ...', 'M1.27 The package ...', 'Bitten: Austin ...'), without a picture's
    position in brackets ('Terry (pictured) has ...') and without a footnote's number after a comma or colon
    ('a triple crossing,2 then ...')."""
    text = CAPTION_LABEL.sub("", without_dateline(REQUIREMENT_ID.sub("", text, count=1)), count=1)
    return FOOTNOTE_AFTER_MARK.sub("", PHOTO_MARKER.sub("", text))


def is_signpost(text: str) -> bool:
    """True for a sentence that points the reader elsewhere in the document instead of saying something
    ("In this section, we describe ...", "Section 5 summarizes ...", "... are addressed in Section IV.")."""
    return bool(SIGNPOST.search(shown(text)))


def dangles(text: str) -> bool:
    """True when the sentence opens with a connective or pronoun whose antecedent is in an earlier sentence
    ('This involves ...', 'However, ...'); False when it names it ('This paper presents ...')."""
    opening = shown(text).lstrip("\"'“‘(")
    return bool(OPENER.match(opening)) and not NAMED_ANTECEDENT.match(opening)


def opens_mid_thought(text: str) -> bool:
    """True when the sentence dangles or splits a quote or a parenthesis."""
    if dangles(text):
        return True
    return text.count('"') % 2 == 1 or text.count("“") != text.count("”") or text.count("(") != text.count(")")
