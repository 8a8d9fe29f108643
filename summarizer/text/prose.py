"""The sentence-level filters every engine uses: which sentences read as prose a person would put in a summary
(`is_prose`, whose named rules live in `textkind.rules` with ingest's), which lean on a sentence the reader was
not shown, which point elsewhere in the document, and how a sentence is shown.
"""

from __future__ import annotations

import re

from textkind import PHOTO_MARKER, is_prose

from .vectors import tokens

# A footnote's number stuck to a word's comma, semicolon or colon in a PDF ("objects,6 and", "as follows:2 Definition");
# "1,2 and 3" and "wj,0" (a subscript) are not.
FOOTNOTE_AFTER_MARK = re.compile(r"(?<=[a-z]{3}[,;:])\d{1,2}(?=\s)")
# An abstract's label set before its first sentence with a dash ("Abstract— The emergence of ..."); one with a colon
# is a caption's label (`CAPTION_LABEL`).
SUMMARY_LABEL = re.compile(r"^(?:abstract|summary)\s*[—–-]+\s*(?=[A-Z])", re.I)
# A caption's run-in label ("Bitten: Austin Hatfield, 18, found ...", "Theorem 2: Every ..."): one to three words
# and a colon before a capital, none of them a verb of saying ("Police said: The ..." keeps its words); dropped
# from the shown sentence.
CAPTION_LABEL = re.compile(
    r"^[A-Z][\w'’-]*(?:\s+(?!(?:said|says|told|added|adds|wrote|writes|tweeted|posted|explained|explains|asked|warned|"
    r"warns|claimed|claims|insisted|insists|revealed|reveals|declared|announced|stated|replied|admitted|continued|"
    r"commented)\b)[\w'’-]+){0,2}:\s+(?=[A-Z])"
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
    "by way of contrast",
    "on the contrary",
    "on the one hand",
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
    "more specifically",
    "specifically",
)
OPENER = re.compile(
    r"^(?:"
    + "|".join(sorted((re.escape(w).replace(r"\ ", r"\s+") for w in DANGLING_OPENERS), key=len, reverse=True))
    + r")\b",
    re.I,
)
# What "this" or "these" may name without leaning on an earlier sentence: the document itself or one of its parts.
SELF_NOUNS = (
    r"paper|article|report|document|standard|specification|thesis|dissertation|book|study|work|survey|memo|proposal|"
    r"guide|tutorial|part|edition|international standard|library|package|project|repository|tool|software|release|"
    r"manual|note|letter|chapter|volume"
)
# The words after "this"/"these" that name the document or one of its parts ("this paper", "these lecture notes").
NAMES_THE_DOCUMENT = rf"(?:[\w-]+\s+){{0,2}}?(?:{SELF_NOUNS})s?\b"
# "It" that stands for no earlier thing: "It is clear that ...", "It is shown that ...", "It is important to ...",
# "It is easy for people to imagine ...", "It is common these days to ...", "It is not clear how to ..."; not "It is
# the first agent to exceed ...", "It is also superior to ...",
# "It has been applied to ...", whose "it" is something named before.
_BE = r"(?:is|was|has been|had been|will be|would be|seems|seemed|appears|appeared|remains|remained)"
_EVALUATIVE = (
    r"important|challenging|difficult|hard|easy|necessary|natural|possible|impossible|practice|time|rare|demanding|"
    r"encouraging|desirable|crucial|essential|beneficial|useful|interesting|tempting|reasonable|feasible|infeasible|"
    r"costly|expensive|sufficient|common|standard|customary|critical|vital|helpful|straightforward|trivial|"
    r"non-?trivial|unclear|clear|surprising|advisable|appealing|attractive|convenient|impractical|intractable|"
    r"prohibitive|safe|unsafe|wise|best|better|worth|worthwhile|instructive|tricky|cumbersome|tedious|unrealistic|"
    r"realistic|common sense|fair|unfair|unlikely|likely|enough|hopeless|pointless|conceivable"
)
# ... unless the sentence names what it points to ("This paper presents ...", "It is clear that ...").
NAMED_ANTECEDENT = re.compile(
    rf"^(?:this|these|that|such)\s+(?:\w+\s+){{0,2}}?(?:{SELF_NOUNS})s?\b|"
    rf"^it\s+{_BE}\s+(?:(?!(?:a|an|the|this|our|its|their)\b)\w+\s+){{0,3}}?(?:that|whether)\b|"
    rf"^it\s+{_BE}\s+(?:the case|a fact|a pity|no surprise|no wonder)\s+that\b|"
    rf"^it\s+{_BE}\s+(?:\w+\s+){{0,2}}?(?:{_EVALUATIVE})\s+(?:\w+\s+){{0,2}}?(?:to|how|what|why|when|where|which)\b|"
    r"^there\s+(?:is|are|was|were|has|have|had|will|may|might|can|could|must|seems?|appears?)\b|"
    r"^here,?\s+we\b|^(?:this|that) is (?:why|how|what|because)\b",
    re.I,
)
# A phrase inside a sentence's opening clause that refers back to something said before it: "these tasks", "this
# imbalance", "this API", "such systems", "the former", "The second is that ...", "for this.", "as above", "We review
# their architecture", "combines both approaches", "Exploiting this, ...". Not the document or its parts ("this
# paper", "this section"), not a time
# ("this year", "these days"), not "those who ...", "such as", "such a", not "both reads and writes".
TIME_NOUNS = (
    r"year|years|week|weeks|month|months|morning|afternoon|evening|night|weekend|season|summer|winter|spring|autumn|"
    r"fall|decade|century|time|day|days|term|past|coming|(?:sub)?sections?|appendix"
)
REFERRING = re.compile(
    rf"\b(?:this|these|those)\s+(?!{NAMES_THE_DOCUMENT}|(?:{TIME_NOUNS})\b|(?:who|whom|whose|which|"
    r"that|of|in|with|at|on|for|from|by|and|or|to|are|were|is|was|long|much|many|far|few|little|big|small|close|late|"
    r"early|bad|good)\b)(?:[a-z]|[A-Z]{2,}s?\b)|"
    r"\bsuch\s+(?!as\b|an?\b|that\b)[a-z]|(?i:\bthe (?:first|second|third|fourth|last) (?=(?:is|are|was|were)\b))|"
    r"\bthe (?:above|aforementioned|above-mentioned)\b|"
    r"(?i:^the (?:extra|additional|remaining|other|same) (?!of\b)[a-z])|\b(?i:an alternative)(?=\s*[:;.])|"
    r"\bthe (?:former|latter)(?=\s*[.,;:)]|\s+(?:is|are|was|were|has|have|had|can|could|would|will|may|might|must|"
    r"should|does|do|did|also|only|one|ones|approach|case|method|option|because|since|as|for)\b)|"
    r"\b(?:for|of|to|by|from|despite|like|after|before|with|on|about|against|beyond|besides) (?:this|these|that|those)"
    r"(?=\s*(?:[.,;:)]|$))|\bas (?:above|before)\b|"
    r"\b(?i:as (?:i|we) (?:have |had )?(?:said|noted|mentioned|seen|argued|discussed|shown|explained))\b|"
    r"\b(?i:both|neither|the two)\s+(?:are|is|were|was|have|has|had|can|could|must|should|need|seem|appear)\b|"
    r"(?:^|,\s*)(?:[Ww]e|I)\s+(?:[a-z]+ly\s+)?[a-z]+\s+(?:their|its|them)\b|"
    r"\b[A-Za-z]+ (?:this|these|those)(?=\s*(?:[,;:]|$))|"
    r"\b(?:[Bb]oth|[Tt]he two)\s+[a-z]+s\b(?!\s+(?:and|or|&)\b)"
)
# A pronoun as the subject right after an opening phrase of place, case or measure ("For Facebook's HDFS cluster, it
# reduces the probability from 22.8% to 0.78%.", "In 2004, they moved ..."): such a phrase does not hold what the
# pronoun names, so it leans on a sentence before. Not a clause of its own ("When the cache fills, it evicts ..."),
# not "it is clear that", not "this paper".
PRONOUN_AFTER_OPENER = re.compile(
    r"^(?:for|in|on|at|with|under|across|over|during|after|before|compared (?:to|with)|unlike|beyond|through|"
    r"using|from|within|without|at the same time|as a result)\b[^,;:]{0,120},\s+"
    r"(?:(?:it|they|he|she)\b(?!\s+(?:is|was|has been|seems|appears|remains)\s+(?:\w+\s+){0,3}?"
    r"(?:that|to|whether)\b)|"
    rf"(?:its|their)\s+\w|(?:this|these|those)\s+(?!{NAMES_THE_DOCUMENT})[a-z])",
    re.I,
)
# "they", "them" or "their" in the opening clause with nothing before it that could be what it names: no plural
# ("programs", "data"), no "and", no name (a capitalised word past the first), no group or count ("the team", "two")
# ("A mathematical framework is introduced to analyze their properties." leans; "Users keep their keys." and "The team
# lost their lead." do not).
PLURAL_PRONOUN = re.compile(r"\b(?:they|them|their|themselves)\b", re.I)
NOT_PLURAL = frozenset(
    "this its is was has does thus as us plus less unless various previous always perhaps whereas across upon "
    "analysis basis thesis process access class status bias focus versus".split()
)
GROUP_NOUNS = re.compile(
    r"\b(?:and|or|both|people|data|police|children|men|women|staff|team|family|government|public|crowd|couple|group|"
    r"company|firm|club|side|party|audience|community|country|nation|everyone|anyone|someone|each|every|all|two|three|"
    r"four|five|six|seven|eight|nine|ten|many|several|pair|\d+)\b",
    re.I,
)


def _plural_named(words: list[str]) -> bool:
    """Whether the words before a "they"/"their" hold something it may name (`PLURAL_PRONOUN`)."""
    for k, word in enumerate(words):
        bare = word.strip("\"'“”‘’(),;:.").lower()
        plural = len(bare) > 3 and bare.endswith("s") and not bare.endswith("ss") and bare not in NOT_PLURAL
        named = k > 0 and word.strip("\"'“‘(")[:1].isupper()
        if plural or named or GROUP_NOUNS.fullmatch(bare):
            return True
    return False


def unnamed_plural(text: str) -> bool:
    """True when the opening clause's first "they", "them" or "their" has nothing before it that it may name."""
    clause = opening_clause(QUOTED_WORDS.sub(" ", shown(text)))
    found = PLURAL_PRONOUN.search(clause)
    return found is not None and not _plural_named(clause[: found.start()].split())


# Quoted words: a speaker's "this" points at the speaker's situation, which the attribution gives, not at the
# sentence before ("'I'd like to take this opportunity to thank him,' he said."); an unclosed quote runs to the end.
QUOTED_WORDS = re.compile(r"[\"“][^\"“”]*(?:[\"”]|$)|(?<!\w)['‘][^‘’]*?(?:['’](?!\w)|$)")
# The opening clause, where such a phrase leans on an earlier sentence: up to the first clause mark after a few
# words ("In this paper, we address these tasks" reads on past "In this paper,"), at most `OPENING_WORDS` words.
CLAUSE_MARK = re.compile(r"[,;:—–]|\s-\s")
OPENING_WORDS = 12
SHORT_OPENING = 5
# A count of things the sentence does not name, at its end: what the next sentences list ("Overall, this paper makes
# three contributions.", "We draw four lessons:").
COUNTED_THINGS = (
    r"\b(?:two|three|four|five|six|seven|eight|several|a few|a number of|\d{1,2}) (?:[a-z-]+ )?"
    r"(?:contributions|observations|lessons|findings|insights|takeaways|ways|aspects|respects)[.:]?$"
)
# Another numbered part of the document: "Section 5", "section 8.2", "Chapter IV", "§3", "Sections 2 and 3".
ELSEWHERE = (
    r"(?:sections?|sec\.|§|chapters?|appendix|appendices)\s*[\dIVXA-Z][\w.]*(?:(?:,| and| or| to|–|-)\s*[\dIVX][\w.]*)*"
)
# Where "we" put something, at a sentence's end ("We present X in Section 5."), not where a thing was described ("on
# the traces described in Section 2", "given in Section 3").
WHERE_WE_PUT = rf"(?<!ed )(?<!en )(?<!wn )\bin {ELSEWHERE}"
# A sentence that only says where in the document "we" put something ("We present our implementation in Section 5 and
# evaluate it in Section 6.", "In Section IV, we reviewed ..."): not the announcement of its own section's content.
POINTS_ELSEWHERE = (
    rf"^(?:we|i)\b[^.;:]{{0,160}}?{WHERE_WE_PUT}(?:,? and\b[^.;:]{{0,100}}?{WHERE_WE_PUT})?\s*\.?$|"
    rf"^in {ELSEWHERE},? (?:we|i) (?:\w+ly )?(?:have )?\w+ed\b"
)
_POINTS_ELSEWHERE = re.compile(POINTS_ELSEWHERE, re.I)
# A sentence about where things are in the document, or that only counts what follows: a section's summary should say
# what the section says.
SIGNPOST = re.compile(
    r"^(?:in|throughout) (?:this|the (?:next|following|previous|remaining|last)) (?:sub)?(?:sections?|chapters?)\b|"
    r"\b(?:is|are|will be|was|were) (?:addressed|discussed|described|presented|detailed|covered|explained) "
    r"(?:further |in detail )?in (?:sections?|chapters?|appendix|sec\.)\s*[\dIVX]|"
    r"^(?:sections?|chapters?|appendix) [\dIVXA-Z][\w.-]* (?:describes?|presents?|summari[sz]es?|discusses?|"
    r"shows?|concludes?|covers?|gives?|reviews?|introduces?|explains?|outlines?)\b|"
    r"\b(?:is|are) organi[sz]ed as follows\b|"
    r"^(?:this|the|our) (?:paper|article|report|thesis|dissertation|document|book|chapter|work) (?:is )?"
    r"(?:structured|organi[sz]ed|divided|split|consists?) (?:in|into|as|of) "
    r"(?:two|three|four|five|six|\d+|the following) (?:main )?(?:parts|sections|chapters|steps)\b|"
    r"^the (?:rest|remainder) of (?:this|the) "
    r"(?:paper|article|chapter|report|thesis|document)\b|(?:^|,\s*)(?:we|i) (?:begin|start|conclude|end) (?:with|by)\b|"
    rf"{POINTS_ELSEWHERE}|" + COUNTED_THINGS,
    re.I,
)


def without_dateline(sentence: str) -> str:
    """'London (CNN) -- The talks ...' -> 'The talks ...': the dateline is not part of the story."""
    stripped = DATELINE.sub("", sentence)
    if stripped == sentence:
        return sentence
    return stripped[:1].upper() + stripped[1:] if stripped else sentence


def shown(text: str) -> str:
    """The sentence as a summary shows it: without a dateline, a requirement ID, a caption's label or an abstract's
    dashed label at its start ('London (CNN) -- The talks ...', 'M1.27 The package ...', 'Bitten: Austin ...',
    'Abstract— The emergence ...'), without a picture's
    position in brackets ('Terry (pictured) has ...') and without a footnote's number after a comma or colon
    ('a triple crossing,2 then ...')."""
    text = CAPTION_LABEL.sub("", without_dateline(REQUIREMENT_ID.sub("", text, count=1)), count=1)
    text = SUMMARY_LABEL.sub("", text, count=1)
    return FOOTNOTE_AFTER_MARK.sub("", PHOTO_MARKER.sub("", text))


def is_signpost(text: str) -> bool:
    """True for a sentence that points the reader elsewhere in the document instead of saying something
    ("In this section, we describe ...", "Section 5 summarizes ...", "... are addressed in Section IV.", "We present
    our implementation in Section 5 and evaluate it in Section 6.", "In Section IV, we reviewed ...")."""
    return bool(SIGNPOST.search(shown(text)))


def points_elsewhere(text: str) -> bool:
    """True for a sentence that only says where in the document "we" put something (`POINTS_ELSEWHERE`): a signpost
    even where it opens as its section's own announcement ("We present X in Section 5.")."""
    return bool(_POINTS_ELSEWHERE.search(shown(text)))


def dangles(text: str) -> bool:
    """True when the sentence opens with a connective or pronoun whose antecedent is in an earlier sentence
    ('This involves ...', 'However, ...'); False when it names it ('This paper presents ...')."""
    opening = shown(text).lstrip("\"'“‘(")
    return bool(OPENER.match(opening)) and not NAMED_ANTECEDENT.match(opening)


def opening_clause(text: str) -> str:
    """The sentence's first clause: up to the first comma, semicolon, colon or dash after five words or more, at
    most twelve words."""
    for mark in CLAUSE_MARK.finditer(text):
        if len(text[: mark.start()].split()) >= SHORT_OPENING:
            return " ".join(text[: mark.start()].split()[:OPENING_WORDS])
    return " ".join(text.split()[:OPENING_WORDS])


def _names_outside(text: str) -> bool:
    """Whether `text` holds a referring phrase (`REFERRING`) whose noun it has not named before the phrase: "numerous
    queues based on these techniques" after "several techniques" does not; "such networks" alone does."""
    for found in REFERRING.finditer(text):
        rest = re.match(r"[\w-]*", text[found.end() :])
        phrase = found.group(0) + (rest.group(0) if rest else "")
        named = set(tokens(text[: found.start()]))
        if not any(word in named for word in tokens(phrase.split()[-1])):
            return True
    return False


def refers_back(text: str) -> bool:
    """True when the sentence's opening clause, quoted words left out, holds a phrase that refers to something said
    before it ("We address these tasks by ...", "This thesis addresses this imbalance", "To do so for this, ...")
    and not named before it in the sentence ("We describe several techniques and queues based on these techniques")."""
    return _names_outside(opening_clause(QUOTED_WORDS.sub(" ", shown(text))))


def refers_outside(text: str) -> bool:
    """True when a phrase anywhere in the sentence refers to something said before it and not in the sentence
    ("... the properties of such networks"), as `refers_back` reads the opening clause."""
    return _names_outside(shown(text))


def leans(text: str) -> bool:
    """True for a sentence that leans on one before it in any way: it opens on a connective or a pronoun (`dangles`),
    refers back in its opening clause (`refers_back`) or has a pronoun for its subject right after an opening phrase
    (`PRONOUN_AFTER_OPENER`)."""
    return dangles(text) or refers_back(text) or bool(PRONOUN_AFTER_OPENER.match(shown(text))) or unnamed_plural(text)


def opens_mid_thought(text: str) -> bool:
    """True when the sentence dangles or splits a quote or a parenthesis."""
    if dangles(text):
        return True
    return text.count('"') % 2 == 1 or text.count("“") != text.count("”") or text.count("(") != text.count(")")


__all__ = [
    "dangles",
    "is_prose",
    "is_signpost",
    "points_elsewhere",
    "leans",
    "opens_mid_thought",
    "refers_back",
    "shown",
    "without_dateline",
]
