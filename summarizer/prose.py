"""Which sentences read as prose a person would put in a summary, and which only start mid-thought.

Every engine reads only prose: no table-of-contents lines, reference entries, code, formulas,
captions, headings glued to text, copyright lines or fragments. The rules look at the sentence
alone, so they also work on plain text that carries no structure.
"""

from __future__ import annotations

import re

COPYRIGHT = re.compile(r"©|\(c\)\s*\d{4}|all rights reserved|permission to (?:make|copy)|licen[cs]ed under|"
                       r"creative commons|this article is published under", re.I)
DOT_LEADER = re.compile(r"(?:\.\s?){4,}|…{2,}")
CAPTION = re.compile(r"^(?:figure|fig\.|table|listing|algorithm|exhibit|chart)\s*[A-Z]?\d+[a-z]?(?:[.:]|\s+[-—–])", re.I)
REFERENCE = re.compile(r"^\[\s*[\w+.-]{1,12}\s*\]|^[A-Z][a-z'’-]+,\s+(?:[A-Z]\.\s?){1,3}[,&]|"
                       r"\b(?:proceedings of|proc\.|pp\.|vol\.|doi:?|isbn|arxiv:|in:)\s", re.I)
YEAR = re.compile(r"\b(?:1[89]|20)\d\d\b")
URL = re.compile(r"https?://\S+|www\.\S+|\b[\w.+-]+@[\w-]+\.[\w.]+")
CODE = re.compile(r"->|::|==|!=|:=|=>|<=|>=|\+\+|&&|\|\||[{}]|\w\(\)|\b\w+\(\w*[,)]|\b[a-z]+_[a-z_]+\b|"
                  r"\b[a-z]+[A-Z]\w*\b|</?\w+>")
MATH = re.compile(r"[=<>≤≥≠≈∑∏∫√∞∈∉⊂⊆∪∩∀∃→←↔⇒⇔±×÷^|~]")
HEADING_PREFIX = re.compile(r"^(?:\d+(?:\.\d+)*\.?|[A-Z]\.\d+(?:\.\d+)*|[IVX]+\.)\s+(?=[A-Z])")
SHOUTING = re.compile(r"^(?:[A-Z][A-Z'’-]+\s+){3,}")
KEYWORDS = re.compile(r"^(?:keywords|index terms|categories and subject descriptors|general terms|ccs concepts|"
                      r"acm reference format|key words)\b", re.I)
BYLINE = re.compile(r"^(?:by|published|updated|last updated|posted|written by|photo|image|source|credit)\b[\s:]", re.I)
OPENS_MID_THOUGHT = re.compile(
    r"^(?:this|these|that|those|it|its|they|them|their|he|she|his|her|such|however|but|and|or|so|also|thus|hence|"
    r"therefore|moreover|furthermore|instead|then|here|there|yet|still|otherwise|likewise|similarly|finally|"
    r"second|secondly|third|thirdly|in addition|in contrast|on the other hand|as a result|for example|"
    r"for instance|in this case|in particular|nevertheless|nonetheless|meanwhile|besides|accordingly)\b", re.I)
PLAIN_WORD = re.compile(r"(?<!\S)[\"'“‘(]*[A-Za-z][a-z'’-]*[.,;:!?\"'”’)]*(?!\S)")
MIN_WORDS = 5
MAX_WORDS = 70


def _word_share(text: str, words: list[str]) -> float:
    return len(PLAIN_WORD.findall(text)) / max(1, len(words))


def _letter_share(text: str) -> float:
    visible = len(text) - sum(map(str.isspace, text))
    return sum(map(str.isalpha, text)) / max(1, visible)


def is_prose(text: str) -> bool:
    """True when the sentence reads as running prose; False for lists, code, captions, headings and fragments."""
    words = text.split()
    if not MIN_WORDS <= len(words) <= MAX_WORDS:
        return False
    first = text.lstrip("\"'“‘(")[:1]
    if not (first.isupper() or first.isdigit()) or text[0] in ")]},.;:!?”’":
        return False
    if not re.search(r"""[.!?…]["'”’)\]]*$""", text):
        return False
    if DOT_LEADER.search(text) or COPYRIGHT.search(text) or CAPTION.match(text) or KEYWORDS.match(text) \
            or BYLINE.match(text) or SHOUTING.match(text) or HEADING_PREFIX.match(text):
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
    if any(len(w) > 24 and w.isalpha() for w in words):
        return False
    return not re.search(r"(?:\b\w\s){4,}", text)


def opens_mid_thought(text: str) -> bool:
    """True when the sentence leans on what came before it ('This shows...', 'He said ...') or splits a quote."""
    if OPENS_MID_THOUGHT.match(text.lstrip("\"'“‘(")):
        return True
    return text.count('"') % 2 == 1 or text.count("“") != text.count("”") or text.count("(") != text.count(")")
