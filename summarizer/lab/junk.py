"""A junk detector for summary sentences: says why a sentence is not prose a reader would want.

A measuring tool for the papers evaluation (`summarizer.lab.papers`), kept apart from the engines.
`junk_reasons(sentence)` returns the rules that fire (an empty list means prose):

- ``dot leaders``: runs of four or more dots, as in a table of contents.
- ``copyright``: ©, "all rights reserved", "permission to make digital or hard copies" and other
  licence boilerplate.
- ``symbols``: over 30% of the non-space characters are not letters and under half the tokens
  are words.
- ``url``: a URL or e-mail address with fewer than 10 other words.
- ``fragment``: starts with a lower-case letter (camel-case names such as iOS excepted) or with
  closing punctuation.
- ``short``: fewer than 5 words.
- ``glued words`` / ``split letters``: words run together by the PDF text layer
  ("theDistributed", a run of 20+ letters) or spelled out letter by letter ("T h e").
- ``reference``: a bibliography entry: starts with a label such as "[12]", has an author list
  ("Woods, D. D., Sarter, N. B., ..."), or "Proceedings of", "pp.", "vol." or "doi" with a year.
- ``heading``: a section or footnote number glued to the text ("3.2 Design The ...",
  "1The authors ..."), three or more upper-case words at the start, or mostly upper case.
- ``caption``: starts like "Figure 3:", "Fig. 2.", "Table 1." or "Listing 4:".
- ``keywords``: "Keywords ...", "Index Terms ...", "Categories and Subject Descriptors ..." and
  the like, or short items separated by semicolons.
- ``footnote``: a footnote run into the text: where the work was done ("... while the author was at ..."), who
  paid for it ("Supported by grant ..."), an author's address, thanks to reviewers.
- ``back reference``: "Recall that ...", "With that background ...", "As mentioned above ...".
- ``lost symbols``: seven digits or more in one run ("9829739" for 9829^739) or a private-use glyph.
- ``venue``: "To appear in ...", "Accepted at ...".
- ``notation``: an indexed name ("counterp[p]") or a function of a letter ("f(x)") in a sentence that opens like
  a proof's step ("If", "Let", "Suppose", "Then", "Since", "Hence").
- ``photo caption``: a photo's words ("pictured", "poses in", "photographed", "left," between commas, "(third from
  right)", "second from left", "from left to right:", "Above, ...", "is seen ...ing", "the map above", "at the age
  of 18 ... and now", a picture agency's credit).
- ``code``: code operators (``->``, ``::``, ``==``, ``!=``, ``&&``, ``||``, ``:=``, ``+=``,
  ``{``, ``}``), or, in a sentence under 65% words, several math symbols, code identifiers
  (``snake_case``, ``camelCase``, ``call()``, ``a.b.c``) or one-letter tokens.
"""

from __future__ import annotations

import logging
import re

logger = logging.getLogger(__name__)

MIN_WORDS = 5
MAX_NON_LETTER_SHARE = 0.30
URL_MIN_OTHER_WORDS = 10
MIN_WORD_SHARE_FOR_CODE = 0.65
GLUED_RUN = 21
UPPER_SHARE = 0.6
SEVERAL = 3
MAX_ITEM_WORDS = 4

_WORD_TOKEN = re.compile(r"""^["'“‘(\[]*[A-Za-z]+(?:[-'’][A-Za-z]+)*[.,;:!?"'”’)\]]*$""")
_DOT_LEADERS = re.compile(r"\.{4,}|(?:\.\s){4,}\.|…{2,}")
_COPYRIGHT = re.compile(
    r"©|\ball rights reserved\b|permission to make digital|\bcopyright (?:\(c\)|\d{4}|by\b|held\b|notice)|"
    r"creative commons|\blicensed under\b|\bto copy otherwise\b|prior specific permission|"
    r"\bpublication rights licensed\b|without fee provided",
    re.I,
)
_URL = re.compile(
    r"(?:https?://|ftp://|www\.)\S+|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b\S+\.(?:com|org|edu|net|io|gov)(?:/\S*)?\b", re.I
)
_FRAGMENT_START = re.compile(r"""^(?:[a-z](?![a-z]*[A-Z])|[)\]}.,;:!?”’%])""")
_GLUED = re.compile(
    r"(?<![A-Za-z])(?=[A-Za-z]{%d})[A-Z]?[a-z]+(?![A-Za-z])"
    r"|\b[a-z]{2,}[,;][a-z]{2,}\b|(?<![\w.])[a-z]{2,}\.[A-Z][a-z]{2,}\b(?!\.)" % GLUED_RUN
)
_SPLIT_LETTERS = re.compile(r"(?:\b[A-Za-z] ){2,}[A-Za-z]\b")
_REFERENCE_LABEL = re.compile(r"^\[[\w+.\- ]{1,12}\]\s*\S")
_AUTHOR = r"[A-Z][\w'’\-]+,\s+(?:[A-Z]\.\s*(?:-?[A-Z]\.\s*)*)"
_AUTHOR_LIST = re.compile(
    rf"{_AUTHOR}(?:,|and|&)\s*{_AUTHOR}"
    r"|(?:[A-Z]\.\s*){1,3}[A-Z][\w'’\-]+,\s+(?:[A-Z]\.\s*){1,3}[A-Z][\w'’\-]+,"
)
_VENUE = re.compile(r"\bproceedings of\b|\bproc\.|\bpp\.\s*\d|\bvol\.\s*\d|\bdoi\b|\bin:\s", re.I)
_YEAR = re.compile(r"\b(?:19|20)\d{2}[a-z]?\b")
_SECTION_START = re.compile(
    r"^(?:\d{1,2}(?:\.\d{1,2})+\.?\s*[A-Z]|\d{1,2}\.?\s+[A-Z][\w\-]+(?:\s+[A-Z][\w\-]+)*\s+[A-Z]|"
    r"\d{1,2}[A-Z][a-z]|\d{1,2}\s+(?:The|This|These|We|In|Our|See|It|For|Note)\s|[*∗⋆†‡§¶]+\s*[A-Z]|"
    r"[IVX]{1,4}\.\s+[A-Z]|[A-H]\.\s+[A-Z][\w\-]+\s+[A-Z])"
)
_PAGE_AND_SECTION = re.compile(r"(?:^|\s)\d{1,3}\s+\d{1,2}(?:\.\d{1,2})+\.?\s+[A-Z]")
_UPPER_START = re.compile(r"^(?:[A-Z]\.|[IVX]+\.|\d+(?:\.\d+)*\.?)?(?:[^\w]*\b[A-Z][A-Z\-]+\b){3}")
_TITLE_RUN = re.compile(
    r"^(?:[A-Z][\w\-’']*:?\s+(?:(?:and|of|in|for|the|on|a|an|to|with|from|by|via)\s+)?){4,}\d{1,3}\s"
)
_GLUED_HEADING = re.compile(
    r"^(?:\S+\s+){0,6}?[a-z][\w\-]*\s+(?:The|In|We|This|These|Our|Here|Each|It|When|Given)\s+[a-z]"
)
_CAPTION = re.compile(
    r"^(?:Figure|Fig\.|Table|Listing|Algorithm|Exhibit|Chart)"
    r"\s*\d+(?:\.\d+)*[a-z]?\s*(?:[.:|]|[A-Z])"
)
_KEYWORDS = re.compile(
    r"^(?:cr\s+)?(?:key[\s-]?words|index terms|categories and subject descriptors|general terms|ccs concepts|"
    r"acm reference format|additional key words)\b",
    re.I,
)
_CODE_OPERATORS = re.compile(r"->|::|==|!=|&&|\|\||:=|\+=|(?<!C)\+\+|=>|[{}]|//")
_MATH = re.compile(r"[=<>+×÷±∑∏∫√∞≤≥≠≈∈∉⊂⊆⊃∪∩∀∃¬∧∨→←↔⇒⇔αβγδεθλμπσφωΔΣΠΩ^|~⟨⟩]|(?<=\s)[-*−](?=\s)|(?<!\w)/|/(?!\w)")
_IDENTIFIER = re.compile(r"\b\w+_\w+\b|\b[a-z]+[A-Z]\w*\b|\b\w+\(\S*\)|\b[a-z]\w*\.[a-z]\w*\.\w+")
_ONE_LETTER = re.compile(r"(?<![\w'’.])[B-HJ-Zb-z](?![\w'’])")


def _words_share(tokens: list[str]) -> float:
    return sum(bool(_WORD_TOKEN.match(t)) for t in tokens) / len(tokens) if tokens else 0.0


def _symbols(text: str, tokens: list[str]) -> bool:
    visible = [c for c in text if not c.isspace()]
    return (
        bool(visible)
        and sum(not c.isalpha() for c in visible) > MAX_NON_LETTER_SHARE * len(visible)
        and _words_share(tokens) < 0.5
    )


def _url(text: str, tokens: list[str]) -> bool:
    return bool(_URL.search(text)) and len(_URL.sub(" ", text).split()) < URL_MIN_OTHER_WORDS


def _reference(text: str, tokens: list[str]) -> bool:
    return bool(_REFERENCE_LABEL.match(text) or _AUTHOR_LIST.search(text) or _VENUE.search(text) and _YEAR.search(text))


def _heading(text: str, tokens: list[str]) -> bool:
    letters = [c for c in text if c.isalpha()]
    mostly_upper = len(letters) >= 8 and sum(c.isupper() for c in letters) > UPPER_SHARE * len(letters)
    return bool(
        mostly_upper
        or _SECTION_START.match(text)
        or _PAGE_AND_SECTION.search(text)
        or _UPPER_START.match(text)
        or _TITLE_RUN.match(text)
        or _GLUED_HEADING.match(text)
    )


def _keywords(text: str, tokens: list[str]) -> bool:
    items = text.split(";")
    names = [n.split() for n in text.rstrip(".").split(",")]
    return bool(
        _KEYWORDS.match(text)
        or len(items) >= SEVERAL
        and max(len(i.split()) for i in items) <= MAX_ITEM_WORDS
        or len(names) >= SEVERAL
        and all(n and len(n) < MAX_ITEM_WORDS and n[0][0].isupper() for n in names)
    )


def _code(text: str, tokens: list[str]) -> bool:
    code = _URL.sub(" ", text)
    if _CODE_OPERATORS.search(code):
        return True
    return _words_share(tokens) < MIN_WORD_SHARE_FOR_CODE and (
        len(_MATH.findall(code)) >= SEVERAL
        or bool(_IDENTIFIER.search(code))
        or len(_ONE_LETTER.findall(code)) >= SEVERAL
    )


_FOOTNOTE = re.compile(
    r"\bwhile (?:the |an |one of the )?authors? (?:was|were)\b|^(?:partially |partly )?(?:supported|funded) "
    r"(?:in part )?by\b|\bauthors?[’']?s?[’']? (?:current )?address|^(?:we|the authors?) (?:would like to )?thank\b",
    re.I,
)
_BACK_REFERENCE = re.compile(
    r"^(?:recall|remember) that\b|^with (?:that|this) (?:background|in mind)\b|"
    r"^as (?:we )?(?:mentioned|noted|discussed|described|explained|saw|seen) (?:above|earlier|before|previously)\b",
    re.I,
)
_LOST = re.compile(r"(?<![\w-])\d{7,}\b|[\ue000-\uf8ff]")
_APPEARS = re.compile(r"\bto appear in\b|^accepted (?:at|to|in|for publication)\b", re.I)
_PROOF = re.compile(r"^(?:if|let|suppose|then|since|hence|assume)\b", re.I)
_SYMBOLIC = re.compile(r"\w\[\w{1,4}\]|\b[a-z]\(\w{1,3}\)")
_DIRECTION = (
    r"(?:(?:first|second|third|fourth|fifth|far|top|bottom|back|front|centre|center|middle)[, ]+)*(?:left|right)"
)
_PHOTO = re.compile(
    r"\bpictured\b|(?<!\bwould )(?<!\bwill )(?<!\bcan )(?<!\bcould )(?<!\bto )"
    r"(?:\bposes (?:for|with|in|alongside|beside|next to|on|at|outside|inside|during|together)|"
    r"\bpose for (?:a |the )?(?:photo|picture|selfie|snap|camera))\b|"
    r"\bphotographed (?:[a-z]+ing|with|outside|at|in|on|during)\b|"
    r",\s(?:left|right|above|below),|\bat the age of \d+\b.*\band now\b|"
    r"(?:\(|\bphotos?:\s*|/)getty images\b|\bgetty images\)?\.?$|\b(?:file|stock) photo\b|"
    rf"\((?:{_DIRECTION}|(?:left|right|centre|center) and (?:left|right|centre|center|above|below|inset))\)|"
    rf",\s(?:{_DIRECTION}|(?:first|second|third|fourth|fifth) from (?:left|right)),|"
    r"\((?:first|second|third|fourth|fifth|far) from (?:left|right)\)|\bfrom left(?: to right)?\s*[:,)]|"
    r"(?:^|[.!?]\s+)(?:above|below|pictured|inset),\s|^(?:[\w'’.-]+\s+){1,8}?(?:is|are) seen [a-z]+ing\b|"
    r"\b(?:map|picture|photo|photograph|image|graphic|drawing|illustration) (?:above|below)\b|"
    r"\b(?:shown|seen|represented|illustrated|depicted) (?:in the \w+ )?(?:above|below)\b",
    re.I,
)


def _notation(text: str, tokens: list[str]) -> bool:
    return bool(_PROOF.match(text) and _SYMBOLIC.search(text))


RULES = (
    ("dot leaders", lambda text, tokens: bool(_DOT_LEADERS.search(text))),
    ("copyright", lambda text, tokens: bool(_COPYRIGHT.search(text))),
    ("symbols", _symbols),
    ("url", _url),
    ("fragment", lambda text, tokens: bool(_FRAGMENT_START.match(text))),
    ("short", lambda text, tokens: len(tokens) < MIN_WORDS),
    ("glued words", lambda text, tokens: bool(_GLUED.search(text))),
    ("split letters", lambda text, tokens: bool(_SPLIT_LETTERS.search(text))),
    ("reference", _reference),
    ("heading", _heading),
    ("caption", lambda text, tokens: bool(_CAPTION.match(text))),
    ("keywords", _keywords),
    ("footnote", lambda text, tokens: bool(_FOOTNOTE.search(text))),
    ("back reference", lambda text, tokens: bool(_BACK_REFERENCE.match(text))),
    ("lost symbols", lambda text, tokens: bool(_LOST.search(text))),
    ("venue", lambda text, tokens: bool(_APPEARS.search(text))),
    ("notation", _notation),
    ("photo caption", lambda text, tokens: bool(_PHOTO.search(text))),
    ("code", _code),
)


def junk_reasons(sentence: str) -> list[str]:
    """Why `sentence` is not prose, as rule names in `RULES` order; an empty list when it is prose."""
    text = " ".join(sentence.split())
    tokens = text.split()
    return [name for name, fires in RULES if fires(text, tokens)]
