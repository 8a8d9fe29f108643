"""Which sentence of a section states what the section does, and which a section's summary never shows.

A reader of the section-by-section view wants each section's line to say what the section is about,
as the authors' own roadmap would ("Section 3 discusses the strengths and weaknesses of Paxos"). The
sentence that does so usually sits at the section's opening or its first paragraph's, shares the
title's terms and is central to the section; when the authors announce the section's content
themselves ("In this section, we present a compression method based on curve fitting") that
announcement is the best line there is, wherever "in this section" sits in a sentence that opens with
"we", and past a heading's wrapped last line glued to the section's opening. A line that only points
elsewhere ("Section 5 summarizes ...", "... is discussed in Section 4"), or that announces nothing ("In
this section we describe it", "We describe the steps in the following text"), is not.

Never shown as a section's summary: a sentence that walks through a figure, a table or an example
("In this example, ...", "Table 1 shows ...", "As shown in Figure 3, ..."), a footnote, or one that
leans on text the reader is not shown ("As we saw in the previous section, ...", "So far, ...", and
those that `prose.dangles`, which the engine takes only right after the sentence they lean on). The
rules read the sentence alone, so they hold for any document with headings, in any layout.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from .prose import is_signpost, points_elsewhere, shown
from .vectors import tokens

FIGURE = r"(?:figures?|figs?\.|tables?|listings?|algorithms?|graphs?|charts?|plots?|diagrams?)"
FIGURE_VERBS = (
    r"(?:shows?|lists?|depicts?|illustrates?|presents?|gives?|summari[sz]es?|plots?|compares?|contains?|"
    r"displays?|reports?|describes?|demonstrates?|outlines?|provides?|details?|sketches|highlights?)"
)
# A walk through a figure, a table or an example: it reads as a caption or as a case, not as what the section does.
WALKTHROUGH = re.compile(
    rf"^(?:in|for|from|with|using) (?:this|that|the (?:above|following|next|previous|first|second|last)|our|each) "
    rf"(?:(?:\w+ )?examples?|scenarios?|illustrations?|cases? study|{FIGURE})\b|"
    rf"^(?:as|like) (?:an?|one|another) (?:\w+ )?(?:example|illustration)\b|"
    rf"^consider (?:the|a|an|this|our) (?:following |simple |concrete |small )?(?:example|scenario|case|figure)\b|"
    rf"^(?:suppose|imagine)\b|^(?:here|below) (?:is|are) (?:an?|some|two|three) (?:\w+ )?examples?\b|"
    rf"^{FIGURE}\s*[A-Z]?\d+[a-z]?(?:\s*\(\w\))?(?:\s*(?:and|,|-|–)\s*\d+[a-z]?)*\s+{FIGURE_VERBS}\b|"
    rf"^(?:in|from|on) {FIGURE}\s*[A-Z]?\d|"
    rf"\b(?:as|is|are|was|were) (?:also )?(?:shown|illustrated|depicted|seen|plotted|listed|given|summari[sz]ed|"
    rf"sketched|presented) (?:in|by|on) {FIGURE}\s*[A-Z]?\d|"
    rf"\b(?:the|this|that) (?:following|above|previous|next) (?:example|figure|table)\b|"
    rf"\b(?:in|from) this example\b|\bthe example (?:shows|illustrates|demonstrates)\b|"
    rf"\b(?:turn to|consider|look at|give|walk through|work through) (?:a|an|the|one|two|some) (?:\w+ )?"
    rf"(?:examples?|scenarios?)\b",
    re.I,
)
# Text at the foot of a page: a footnote's mark at its start ("∗Work done while ...", "2 Available at ...",
# "3See ..."), or a footnote's own opening words.
FOOTNOTE = re.compile(
    r"^\s*(?:[*∗†‡§¶]+\s*|\d{1,2}\s*(?=[A-Z]))|"
    r"^(?:available (?:at|from|online)|see also|see https?:|https?://|we (?:thank|are grateful)|"
    r"work (?:was )?(?:done|performed) (?:while|when|at)|corresponding author|email:|e-mail:)",
    re.I,
)
# A sentence that builds on what came before without saying it: the reader of a section's line is not shown that.
BACK_REFERENCE = re.compile(
    r"^as (?:we |was |were |is |are |has been |have been )?(?:\w+ )?(?:saw|seen|mentioned|discussed|described|noted|"
    r"explained|shown|stated|argued|defined|introduced|outlined|established|observed|demonstrated)\b[^,]{0,40}?"
    r"\b(?:above|earlier|before|previously|so far|(?:the )?(?:previous|preceding|last|prior) "
    r"(?:sub)?(?:sections?|chapters?|paragraphs?))\b|"
    r"^(?:recall|remember) (?:that|from|the)\b|^(?:the|these|those) (?:above|aforementioned|above-mentioned)\b|"
    r"^(?:so|thus) far\b|^up to (?:now|this point)\b",
    re.I,
)
# The section announcing its own content: "In this section, we present X", "This section describes X", "The rest of
# this section identifies X", "Here we describe X", "We first describe X", "We begin by discussing X".
SELF = (
    r"(?:(?:in|throughout) (?:this|the present) (?:sub)?(?:section|chapter|part)\b,?|"
    r"(?:the )?(?:rest|remainder) of this (?:sub)?(?:section|chapter)|this (?:sub)?(?:section|chapter|part)|here,?)"
)
# Verbs of an announcement after a section's own "In this section (we)", "This section", "Here (we)", or after "we"
# with a marker of order ("We first describe X", "We now turn to X").
ANNOUNCES = (
    r"(?:describes?|presents?|discuss(?:es)?|introduces?|reviews?|proposes?|defines?|explains?|evaluates?|"
    r"analy[sz]es?|outlines?|summari[sz]es?|gives?|provides?|shows?|examines?|considers?|details?|formulates?|"
    r"develops?|identif(?:y|ies)|investigates?|studies|study|measures?|compares?|derives?|sketches|surveys?|"
    r"focus(?:es)? on|turns? to|looks? at|addresses|address)"
)
# ... and the verbs that announce on their own after a plain "we" ("We describe X"; not "We define a copyset as").
WE_ANNOUNCE = (
    r"(?:describe|present|discuss|introduce|review|outline|summari[sz]e|explain|evaluate|analy[sz]e|examine|"
    r"survey|study|investigate|formulate)"
)
TOPIC_STATEMENT = re.compile(
    rf"^(?:{SELF}\s+(?:we\s+)?(?:will\s+|shall\s+)?(?:\w+ly\s+)?{ANNOUNCES}|"
    rf"we (?:will |shall )?(?:(?:first|now|then|next|briefly|here) {ANNOUNCES}|"
    rf"(?:also )?{WE_ANNOUNCE}|(?:begin|start) (?:by|with|our)))\b(?P<rest>.*)$",
    re.I,
)
# The same announcement inside a sentence that opens with "we": "We address X in this section and then introduce Y".
WE_IN_SECTION = re.compile(
    r"^we\b(?P<before>[^.;:]{0,120}?)\s*\b(?:in|throughout) this (?:sub)?(?:section|chapter)\b(?P<after>.*)$", re.I
)
# A heading's wrapped last line glued to the section's first sentence ("COMPRESSION In this section, we present ..."):
# capitals before a sentence's own opening word.
GLUED_HEADING = re.compile(r"^(?:[A-Z][A-Z0-9&/-]+\s+)+(?=[A-Z][a-z])")
# What an announcement names when it points back instead ("this expected behavior", "such designs") is not content.
POINTED = re.compile(
    r"\b(?:this|these|those|such|the above|the same)\s+(?:[\w-]+\s+){0,2}[\w-]+|"
    r"\b(?:in )?the (?:following|next|remaining) (?:[\w-]+ )?(?:text|paragraphs?|(?:sub)?sections?|pages?)\b",
    re.I,
)
# A mention of earlier text inside a sentence ("the protocols of the previous section", "the program discussed above"):
# the line reads as a continuation; it weighs against the sentence without ruling it out.
EARLIER = re.compile(
    r"\b(?:the )?(?:previous|preceding) (?:sub)?sections?\b|"
    r"\b(?:discussed|described|mentioned|defined|introduced|given|shown|presented|outlined) "
    r"(?:above|earlier|previously)\b",
    re.I,
)
# Words of an announcement that name no content: "In this section we describe it in detail" announces nothing.
META = frozenset(
    tokens(
        "section sections chapter paper part detail details following briefly below here follows first next then "
        "now finally also our how what why work approach results result brief overview discussion description"
    )
)
# A pointer to another part that "is_signpost" does not catch: "For a detailed proof see Section 7.1."
SEE_ELSEWHERE = re.compile(
    r"\b(?:see|cf\.|as (?:discussed|described|shown|explained|defined|noted|mentioned|detailed) in) (?:also )?"
    r"(?:sections?|chapters?|appendix|appendices|sec\.|§)\s*[\dIVXA-Z]",
    re.I,
)
# "This section ..." leans on nothing in that section's own summary: the section is the antecedent.
OWN_SECTION = re.compile(r"^this (?:sub)?section\b", re.I)
TOPIC_MIN_CONTENT = 3
OPENING_BONUS = 0.3
PARAGRAPH_OPENING_BONUS = 0.1
TITLE_BONUS = 0.3
TOPIC_STATEMENT_BONUS = 1.0
POINTER_PENALTY = 1.0
EARLIER_PENALTY = 0.3


@dataclass(frozen=True)
class Topicality:
    """Per sentence of a section: a bonus for stating the section's topic, whether its summary may show it, and
    whether it reads alone there though it opens as if it leant on another ("This section presents ...")."""

    bonus: list[float]
    allowed: list[bool]
    standalone: list[bool]


def walks_through(text: str) -> bool:
    """True for a sentence that walks through a figure, a table or an example ("Table 1 shows ...")."""
    return bool(WALKTHROUGH.search(shown(text)))


def is_footnote(text: str) -> bool:
    """True for a footnote: its mark at the start ("∗Work done at ...", "2 Available at ...") or its usual words."""
    return bool(FOOTNOTE.match(text))


def refers_back(text: str) -> bool:
    """True for a sentence that builds on earlier text it does not restate ("As we saw in the previous section")."""
    return bool(BACK_REFERENCE.search(shown(text)))


def announced(text: str) -> str | None:
    """What a sentence says its section covers ("In this section, we present X" -> "X"), when it names content;
    None for any other sentence, for an announcement of nothing ("Here we describe it in detail") and for one that
    puts its content in another section ("We present X in Section 5.", `prose.points_elsewhere`)."""
    opening = GLUED_HEADING.sub("", shown(text).lstrip("\"'“‘("))
    if points_elsewhere(opening):
        return None
    match = TOPIC_STATEMENT.match(opening)
    inside = None if match else WE_IN_SECTION.match(opening)
    if match:
        rest = match.group("rest")
    elif inside:
        rest = f"{inside.group('before')} {inside.group('after')}"
    else:
        return None
    rest = POINTED.sub(" ", rest)
    return rest.strip(" ,.:;") if len([t for t in tokens(rest) if t not in META]) >= TOPIC_MIN_CONTENT else None


def title_terms(title: str) -> set[str]:
    """The content stems of a section title, its number left out ("4 Designing for understandability")."""
    return {t for t in tokens(title) if not t.isdigit()} - META


def topicality(texts: Sequence[str], paragraphs: Sequence[int], title: str) -> Topicality:
    """Each sentence's pull as the line that says what the section titled `title` does, and whether it may be
    shown: the section's opening and each paragraph's (the first paragraph's most), the share of the title's
    terms it holds, a topic it announces; minus a pointer elsewhere or an announcement of nothing."""
    terms = title_terms(title)
    first = paragraphs[0] if paragraphs else 0
    bonus, allowed = [], []
    for k, text in enumerate(texts):
        opens_paragraph = k == 0 or paragraphs[k] != paragraphs[k - 1]
        value = OPENING_BONUS * (k == 0) + PARAGRAPH_OPENING_BONUS * (opens_paragraph and paragraphs[k] != first)
        if terms:
            value += TITLE_BONUS * len(terms & set(tokens(text))) / len(terms)
        if announced(text) is not None:
            value += TOPIC_STATEMENT_BONUS
        elif is_signpost(text) or SEE_ELSEWHERE.search(text):
            value -= POINTER_PENALTY
        if EARLIER.search(text):
            value -= EARLIER_PENALTY
        bonus.append(value)
        allowed.append(not (walks_through(text) or is_footnote(text) or refers_back(text)))
    return Topicality(bonus, allowed, [bool(OWN_SECTION.match(shown(text))) for text in texts])
