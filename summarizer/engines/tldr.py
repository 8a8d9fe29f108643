"""The TL;DR ranker: which one sentence of a passage says what the document is or does.

A logistic regression over general signals of each sentence of the passage a TL;DR is taken from (the abstract,
or the introduction's last paragraph and the conclusion's first, or the whole text): where it sits, cue phrases
of a contribution ("we propose", "this paper", "we show") and of background, its length, its centrality in the
passage, whether it is the document's defining sentence (`planning.defining`), and whether it stands alone (no
dangling opener, no referring phrase such as "these tasks" or "for this"; "To address this issue, we propose X." stands
alone as "We propose X.", `stands_alone`), whether it is the passage's first to say what the document does ("we
propose", "this paper", "we study") and whether it opens the passage on the field's background (no "we", no "this
paper"). It is trained on the authors' TL;DRs of
`../shared/eval/tldr/train.jsonl` against the abstract sentence a ROUGE oracle picks
(`python -m summarizer train-tldr`, `summarizer/lab/tldrtrain.py`); the weights ship as `tldr.json` beside this
file, so ranking is a dot product with numpy. The title, where the document has one, is two signals more: the share
of the sentence's words that are the title's and the share of the title's words the sentence has (both 0 with no
title, as in a paste), learned from the same data's titles. Sentences no reader would keep as a TL;DR (a caption,
footnote, byline, venue line, a signpost such as "The paper is organized as follows", a fragment) are never
picked (`fits`). The TL;DR is shown without a framing opener before its "we" ("In this paper, we propose X." reads
"We propose X.", and so does "To address this issue, we propose X."; `unframed`), as the authors' own TL;DRs are
written: still the whole sentence, a few words shorter.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Sequence

import numpy as np

from ..options import LENGTHS
from ..text.prose import NAMES_THE_DOCUMENT, dangles, is_signpost, leans, opens_mid_thought, shown
from ..text.sentences import Sentence
from ..text.vectors import tfidf, tokens
from .scoring import Scorer
from .selection import DEFAULT_TUNING, centralities, is_candidate

WEIGHTS = Path(__file__).with_name("tldr.json")
# Logits for a sentence that says what the document does (a `DOCUMENT_CUES` cue), hand-set: a reader asks the TL;DR for
# that first, where ROUGE against the authors' TL;DRs is indifferent (dev 39.30 -> 39.38 at 0.5, 39.30 at 1.0).
DOES_WEIGHT = 0.5
DOES_WORDS = 15
SUBJECT_WORDS = 3  # a title's lead before its colon names the subject when it is this short ("Spanner", "Elle")
# Logits for a sentence saying what that subject is, hand-set (learned from train's titles it weighed +0.007: ROUGE is
# indifferent to it): it tells a reader what the document is about better than "This paper describes how Spanner is
# structured, ...", which a blind reader turned down, and better than one property, "We provide fully serializable
# ACID semantics ..." (Megastore; at 1.0 it lost to that).
SUBJECT_WEIGHT = 2.0
# Logits for any sentence that speaks of the document or its authors (`says_its_own`), hand-set: a TL;DR says what the
# paper does before the field's background ("We show exactly when two tilings of a polygon by hexagons can be
# connected ..." over "There is a natural generalization of domino tilings ...", which two blind readers turned down);
# dev 40.30 -> 40.21 at 0.5, 40.09 at 2.0.
OWN_WEIGHT = 0.5
SUBJECT_NEW = 0.4  # the share of such a sentence's words the title does not have: less only restates the title
# Verbs of making something new: a contribution cue after "we" (with "describe", "derive", "contribute"), and what
# keeps a sentence the authors' own after a credit to another's work or a recap (`CONTRIBUTES`).
MAKING = (
    "propose",
    "present",
    "introduce",
    "develop",
    "design",
    "devise",
    "formulate",
    "offer",
    "provide",
    "build",
    "construct",
)
CUES: dict[str, str] = {
    "contribution": rf"\bwe\s+(?:\w+ly\s+)?(?:{'|'.join(MAKING + ('describe', 'derive', 'contribute'))})\b|"
    r"\b(?:is|are) (?:\w+ly )?(?:introduced|presented|proposed|given|described|developed)\b",
    "self": r"\b(?:this|the present|our)\s+(?:paper|work|article|report|study|thesis|dissertation|document|standard|"
    r"specification|note|chapter)\b|\bin this (?:paper|work|article|report)\b|^here,?\s+we\b|"
    r"\b(?:in )?these (?:lecture )?notes\b",
    "result": r"\bwe\s+(?:\w+ly\s+)?(?:show|demonstrate|find|prove|establish|observe|obtain|achieve)\b|"
    r"\b(?:results?|experiments?|evaluations?)\s+(?:show|demonstrate|indicate|suggest|confirm)\b",
    "claim": r"\b(?:outperform\w*|state[- ]of[- ]the[- ]art|significantly|substantially|improv\w+|novel|new)\b",
    "method": r"\b(?:our|the proposed)\s+(?:\w+\s+){0,2}?(?:method|approach|model|framework|algorithm|technique|"
    r"system|architecture|network)s?\b|\b(?:called|named|dubbed|termed)\b",
    "background": r"\b(?:recent(?:ly)?|has been|have been|widely|typically|traditional(?:ly)?|existing|prior|"
    r"previous(?:ly)?|popular|commonly|often|usually)\b",
    "problem": r"\b(?:however|challeng\w+|problem|difficult\w*|limitation\w*|suffer\w*|lack\w*|remains?)\b",
    "study": r"\bwe\s+(?:\w+ly\s+)?(?:study|explore|investigate|consider|examine|analy[sz]e|address|tackle|focus on|"
    r"revisit|characteri[sz]e|aim|seek|survey|review)\b",
    "future": r"\b(?:future work|we (?:plan|hope|leave)|further research (?:is|will|should|could|may|might))\b",
    "we": r"\b(?:we|our)\b",
}
_CUES = {name: re.compile(pattern, re.I) for name, pattern in CUES.items()}
# The cues of a sentence that says what the document does: the passage's first sentence with one of them is where an
# abstract turns from its background to its own work (`first_cue`).
DOCUMENT_CUES = ("contribution", "self", "study")
# The cues of a sentence about the authors or the document: a passage's first sentence without them opens on the
# field's background (`background_first`).
OWN_CUES = ("self", "we")
# A phrase that refers back to something the sentence does not name ("these tasks", "the former", "for this").
LEANING = re.compile(
    r"\b(?:these|those|such)\s+(?!paper|work|article|report)\w+|\bthe (?:former|latter|above|aforementioned)\b|"
    r"\b(?:for|of|to|by|from|with) (?:this|that|these|those|it)(?:[.,;]|$)|\bas (?:above|before|mentioned)\b",
    re.I,
)
# Openers that lean on a sentence before in a TL;DR, though not elsewhere: the first item of a list ("First, we ...").
LEANING_OPENERS = ("first", "firstly", "first of all", "to begin with", "on the one hand")
# What is never a TL;DR, one rule a row (`fits`; a signpost is `prose.is_signpost`'s).
NEVER_A_TLDR: dict[str, str] = {
    "caption": r"^(?:fig(?:ure)?\.?|table|photo|pictured|image|source|credit)\s*[\d:.]",
    "photo": r"\(pictured\)|\bpictured\b|\b(?:poses|posing) (?:in|with|for|at|alongside)\b",
    "footnote": r"\bwork (?:was|is) (?:performed|done|carried out|supported|funded) (?:while|during|at|by|in part)\b",
    "contact": r"\b(?:corresponding author|equal contribution|e-?mail|@\w)",
    "byline": r"^by\s+(?:[A-Z][\w.'-]*\s*){1,4}(?:,|\band\b|$)",
    "venue": r"\bto appear in\b|\b(?:proceedings|proc\.) of\b|\bcopyright\b|\ball rights reserved\b",
    "scope only": r"\b(?:in this paper|here),? we (?:will )?only\b",
    "not done": r"\b(?:we|our (?:\w+ )?(?:work|paper|study|examination|analysis|approach)|"
    r"this (?:paper|work|chapter))\b[^.]{0,40}\b(?:did|does|do|will)(?: not|n't) (?:\w+ly )?(?:particularly )?"
    r"(?:focus|address|consider|discuss|cover|deal|study|examine|treat|tackle)\b",
    "sequel": r"^(?:we|i) (?:then|next|now|subsequently)\b|\b(?:can|could|will|would|may|might|must|should|is|are|was|"
    r"were) then\b",
    "what follows": r"^in what follows\b|\b(?:we|i) (?:will|shall) (?:talk|speak) about\b",
    "definition": r"\b(?:we|i) mean\b|\b(?:is|are) defined as\b|"
    r"^in this (?:paper|work|article|note|report),? (?!we\b|i\b|it\b|this\b)(?:\w+ ){1,3}?(?:is|are) "
    r"(?:an?|the|(?!\w+ed\b)\w+s)\b",
    "roadmap": r"^in (?:sections?|sec\.|chapters?) \d|"
    r"\b(?:the paper|this paper|it) (?:is|are) (?:organi[sz]ed|structured) (?:as follows|in)\b",
    "list opener": rf"^(?:{'|'.join(LEANING_OPENERS)}),",
    "provenance": r"\b(?:paper|article|report|chapter|version|draft) (?:was|is|has been) (?:\w+ly )?(?:constructed|"
    r"written|prepared|adapted|assembled|expanded|revised|extended) (?:using|from|with|by|for)\b",
    "earlier work": r"^(?-i:[A-Z][\w'-]+(?: (?:and|&) [A-Z][\w'-]+| et al\.?)?) ?[(\[]\d{4}[a-z]?[)\]]|"
    r"^\[\d+(?:[,–-] ?\d+)*\]",
}
NOT_A_TLDR = re.compile("|".join(f"(?:{rule})" for rule in NEVER_A_TLDR.values()), re.I)
# Openers that only frame the sentence that follows them: dropped from a TL;DR when "we" follows (`unframed`).
FRAMING_OPENERS = (
    r"(?:in|within) (?:this|the present) (?:paper|work|article|study|note|report)",
    r"here",
    r"in this context",
    r"finally",
    r"moreover",
    r"furthermore",
    r"additionally",
    r"in addition",
)
# Openers that only say the sentence puts the one before more precisely ("Specifically, we propose to sparsify the
# gates ...", "In particular, we show ..."): the rest reads alone as what the document does once it is dropped, as after
# a purpose (`stands_alone`).
MAKES_PRECISE = (r"(?:more )?(?:specifically|precisely|concretely)", r"in particular", r"namely")
# Openers that lean on the sentence before only to say why "we" act ("To address this issue, we propose X.",
# "Therefore, we propose X."): the rest of the sentence is the contribution and reads alone once the opener is
# dropped (`stands_alone`). Not an opener that adds to what was said ("Moreover, we ..."): that leans.
LEANING_PURPOSES = (
    r"therefore|thus|hence|consequently|accordingly|as a result|instead|by contrast|in contrast|in response",
    r"to (?:this|that) end",
    r"to do (?:so|this)",
    r"(?:in order )?to (?:\w+ )?(?:address|tackle|solve|overcome|mitigate|alleviate|remedy|fix|handle|resolve|"
    r"circumvent|bridge|close|fill|meet|answer|avoid|counter|deal with|cope with|get around|achieve|accomplish|"
    r"realize|pursue|reach|study|investigate|explore|combine|exploit|leverage) "
    r"(?:this|these|that|those|such)\b[^,]{0,60}",
    r"(?:based|building|drawing|relying|capitalizing) on (?:this|these|that|those|such)\b[^,]{0,40}",
    r"(?:in light|in the light|in view|because|as a result) of (?:this|these|that|those)\b[^,]{0,40}",
    r"(?:motivated|inspired|guided|driven|encouraged) by (?:this|these|that|those|such)\b[^,]{0,40}",
    r"with (?:this|these) (?:in mind|goals?|aims?|motivations?)",
    r"towards? (?:this|that|these) (?:goals?|ends?|aims?)",
)
# An opening phrase that leans on the sentence before only for the ground of what follows, before "we", "our" or "this
# paper" ("In light of this complexity, this paper introduces ...", "Building upon this intuition, we propose ...",
# "Under this framework, we compare ..."): a phrase up to its comma with "this", "these", "that", "those" or "such"
# among its first five words, not naming the document ("In these notes, we give ..." leans on nothing). The TL;DR drops
# it as it drops a purpose (`PURPOSE`, `FRAMING`).
GROUNDS = (
    rf"(?!(?:we|our)\b)(?:[\w'-]+\s+){{0,4}}?(?:this|these|that|those|such)\b(?!\s+{NAMES_THE_DOCUMENT})"
    r"[^,;:.]{0,50},\s+"
    r"(?=we\b|our\b|this (?:paper|work|article|study|note|report)\b)"
)


def _openers(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """A sentence's opener the TL;DR may drop: one of `phrases` before "we", or a ground (`GROUNDS`)."""
    return re.compile(rf"^(?:(?:{'|'.join(phrases)}),?\s+(?=we\b)|{GROUNDS})", re.I)


FRAMING = _openers(FRAMING_OPENERS + LEANING_PURPOSES + MAKES_PRECISE)
# A passive frame around what the document shows ("In this paper, it is shown that X."): the TL;DR says X.
SHOWN_THAT = re.compile(
    r"^(?:(?:in|within) (?:this|the present) (?:paper|work|article|note|report),?\s+)?it is (?:here )?"
    r"(?:shown|proved|proven|demonstrated|established) that\s+(?=[a-z])",
    re.I,
)
# An adverb after the opening "we" that places the sentence after another ("We first present a study ...", "We also
# propose ..."): a TL;DR shown alone drops it (`unframed`); "we then", "we next" are never a TL;DR ("sequel").
SEQUENCED = re.compile(r"^(we)\s+(?:first|also|further|additionally)\s+(?=[a-z])", re.I)
# An opener that credits another's work before the authors' "we" ("Following Brooks we distinguish ...", "Generalizing
# the concepts of joint activity developed by Clark (1996), we describe ..."): the sentence says what they take from it.
CREDITED = re.compile(
    r"^(?i:following|generali[sz]ing|extending|building (?:on|upon)|inspired by|as (?:in|proposed by|suggested "
    r"by))\b[^.;]{0,100}?(?:\s[A-Z][a-z]+\b|\(\d{4}[a-z]?\)|\[\d+\]|\bet al\b)(?:[^.;]|(?<=\bal)\.){0,60}?\bwe\b"
)
# A sentence that only recaps what is known ("We review ...", "We recall ..."): not what the document does, unless it
# also says what it contributes ("We review X and propose Y").
RECAP = re.compile(r"\bwe\s+(?:\w+ly\s+)?(?:review|recall|revisit|summari[sz]e)\b", re.I)
# A sentence that says only that a concept is named, not what the document gives with it ("The concept of partial
# synchrony in a distributed system is introduced.", before "Fault-tolerant consensus protocols are given for ...").
NAMED_ONLY = re.compile(
    r"^(?:the|a) (?:concept|notion|idea|term|definition) of\b[^.;,]{0,80}\b(?:is|are) (?:\w+ly )?(?:introduced|defined|"
    r"proposed|presented|coined)\.?$",
    re.I,
)
# A sentence whose "we" acts on something said before only to say by what means ("We address this problem by
# introducing TFGAN, a GAN model ...", "We achieve this by placing evidential priors over ..."): the means is what the
# document does, and reads alone as "We introduce TFGAN, a GAN model ..." (`by_means`).
BY_MEANS = re.compile(
    r"^(?:(?:in|within) (?:this|the present) (?:paper|work|article|study|note|report),?\s+)?we\s+(?:\w+ly\s+)?"
    r"(?:address|tackle|solve|overcome|mitigate|alleviate|attack|handle|resolve|circumvent|remedy|fill|bridge|close|"
    r"answer|investigate|study|explore|achieve|accomplish|realize|do|pursue|meet|approach|test|verify|confirm)\s+"
    r"(?:this|these|that|those|such|both|so|the (?:above|aforementioned))\b[^,;:.]{0,80}?\s+by\s+([a-z]+ing)\b",
    re.I,
)
ALSO_BY = re.compile(r"\b(and|or|then)\s+by\s+([a-z]+ing)\b")  # "..., and by enforcing cycle consistency"
CONTRIBUTES = re.compile(rf"\b(?:{'|'.join(verb.rstrip('e') for verb in MAKING)})\w*")  # "proposing", "presents"
PURPOSE = _openers(LEANING_PURPOSES + MAKES_PRECISE)  # the openers that leave a sentence standing alone
FEATURES = (
    "first",
    "second",
    "last",
    "relative",
    "log_position",
    "words",
    "words_squared",
    "long",
    *CUES,
    "cues_early",
    "centrality",
    "raw_centrality",
    "defining",
    "dangles",
    "mid_thought",
    "leaning",
    "digits",
    "question",
    "colon",
    "log_count",
    "first_cue",
    "background_first",
    "title_share",
    "title_cover",
)
LONG_WORDS = 40
# Where a sentence too long for a TL;DR may end early (`headed`): before a list of examples ("..., including X, Y
# and Z"), an aside after a semicolon or a dash, or a clause on its last noun (", which ...").
ELABORATION = re.compile(r",\s+(?:including|such as|e\.g\.|i\.e\.|which|where|namely)\s|;\s+|\s[—–]\s")
CUT_WORDS = 8
ENUMERATED = re.compile(r"\((?:\d|[a-z]|i{1,3}|iv)\)|(?:^|\s)(?:\d|[a-z])\)\s")
ROOM = min(DEFAULT_TUNING.max_words, LENGTHS["tldr"] * DEFAULT_TUNING.first_room)  # a TL;DR's most words (`selection`)


def _row(text: str) -> list[float]:
    """The features of one sentence that need nothing but its own text."""
    opening = " ".join(text.split()[:8])
    cues = [bool(pattern.search(text)) for pattern in _CUES.values()]
    early = any(_CUES[name].search(opening) for name in ("contribution", "self"))
    words = len(text.split())
    return [
        words / 30,
        (words / 30) ** 2,
        words > LONG_WORDS,
        *cues,
        early,
        dangles(text),
        opens_mid_thought(text),
        bool(LEANING.search(text)),
        bool(re.search(r"\d", text)),
        text.rstrip("\"'”’ ").endswith("?"),
        ":" in text,
    ]


def features(texts: Sequence[str], defining: Sequence[bool], title: str = "") -> np.ndarray:
    """One row of `FEATURES` per sentence of a passage, in order; `defining` marks the document's defining one, and
    `title` is the document's ("" where it has none)."""
    n = len(texts)
    if not n:
        return np.zeros((0, len(FEATURES)), dtype=np.float32)
    shown_texts = [shown(t) for t in texts]
    bags = [tokens(t) for t in shown_texts]
    raw, centrality = centralities(tfidf(bags))
    share, cover = title_shares(bags, title)
    own = np.asarray([_row(t) for t in shown_texts], dtype=np.float32)
    position = np.arange(n, dtype=np.float32)
    cut = 3 + len(CUES) + 1
    names = list(CUES)
    cued = own[:, [3 + names.index(c) for c in DOCUMENT_CUES]].any(axis=1)
    own_words = own[:, [3 + names.index(c) for c in OWN_CUES]].any(axis=1)
    return np.column_stack(
        [
            position == 0,
            position == 1,
            position == n - 1,
            position / max(1, n - 1),
            np.log1p(position),
            own[:, :cut],
            centrality,
            raw,
            np.asarray(defining, dtype=np.float32),
            own[:, cut:],
            np.full(n, np.log1p(n)),
            cued & (np.cumsum(cued) == 1),
            (position == 0) & ~own_words,
            share,
            cover,
        ]
    ).astype(np.float32)


def credited(text: str) -> bool:
    """Whether a sentence opens on another's work (`CREDITED`) and then says only what the authors take from it, not
    what they contribute: "Following Brooks we distinguish ..." does, "Inspired by AlphaGo, we propose ..." does not."""
    found = CREDITED.search(text)
    return found is not None and not CONTRIBUTES.search(text, found.end())


def does(text: str) -> bool:
    """Whether a sentence says what the document does in its first `DOES_WORDS` words: "we propose", "this paper",
    "we study", "X is introduced" (not "... (called, for the purpose of this paper, the Async model)"); not one that
    only recaps ("We review deep convolutional networks' architecture, ...", `RECAP`), opens on another's work
    (`credited`) or only names a concept ("The concept of partial synchrony in a distributed system is introduced.",
    `NAMED_ONLY`)."""
    opening = " ".join(text.split()[:DOES_WORDS])
    if credited(text) or NAMED_ONLY.search(text) or (RECAP.search(opening) and not CONTRIBUTES.search(opening)):
        return False
    return any(_CUES[name].search(opening) for name in DOCUMENT_CUES)


PARTICIPLES = (
    "known|seen|given|shown|taken|built|made|written|run|found|held|kept"  # after "is": passive, no definition
)


def names_the_subject(text: str, title: str) -> bool:
    """Whether a sentence says what the subject the title names is ("Spanner is Google's scalable, multi-version,
    globally-distributed ... database." under "Spanner: Google's Globally-Distributed Database"): it opens with the
    title's lead before its colon (at most `SUBJECT_WORDS` words), then "is" or "are" (not a passive: "is used as",
    "are often known"), and says more than the title
    (`SUBJECT_NEW` of its words are not the title's: not "The join calculus is a language that models distributed and
    mobile programming." under "The Join Calculus: a Language for Distributed Mobile Programming")."""
    lead = title.split(":")[0].strip() if ":" in title else ""
    if not lead or len(lead.split()) > SUBJECT_WORDS:
        return False
    if not re.match(rf"{re.escape(lead)}\s+(?:is|are)\s+(?!(?:\w+ly\s+)?(?:\w+ed|{PARTICIPLES})\b)", text, re.I):
        return False  # "The join calculus is used as the basis for ..." says what it serves, not what it is
    words, said = tokens(text), set(tokens(title))
    return sum(word not in said for word in words) / max(1, len(words)) >= SUBJECT_NEW


def says_its_own(text: str, title: str = "") -> bool:
    """Whether a sentence speaks of the document or its authors ("we", "this paper", `OWN_CUES`), says what it does
    (`does`) or what the subject its title names is (`names_the_subject`): not only the field's background, nor
    what the authors take from another's work (`credited`)."""
    seen = shown(text)
    if credited(seen):
        return False
    return does(seen) or any(_CUES[name].search(seen) for name in OWN_CUES) or names_the_subject(seen, title)


def in_room(sentence: Sentence) -> bool:
    """Whether the offline engine may show this sentence as a TL;DR by its form and length: a candidate of any summary
    (`selection.is_candidate`) of at most `ROOM` words."""
    return is_candidate(sentence, DEFAULT_TUNING) and len(sentence.text.split()) <= ROOM


def headed(text: str) -> str | None:
    """A sentence too long for a TL;DR (over `ROOM` words) cut before what only elaborates on it (`ELABORATION`: a
    list of examples, an aside, a clause on its last noun), where what comes before is a sentence of `CUT_WORDS` to
    `ROOM` words with its brackets closed; None for any other sentence. "To address this imbalance, we describe
    several techniques for designing functional data structures, and numerous original data structures based on
    these techniques, including multiple variations of lists, queues, ..." reads "... based on these techniques."."""
    if len(text.split()) <= ROOM:
        return None
    for mark in reversed(list(ELABORATION.finditer(text))):
        head = text[: mark.start()].rstrip(" ,;")
        if CUT_WORDS <= len(head.split()) <= ROOM and head.count("(") == head.count(")") and head[-1:].isalnum():
            listed = ";" in head or ENUMERATED.search(head)  # a list cut partway is no sentence
            return None if listed else f"{head}."
    return None


def _base(gerund: str) -> str | None:
    """The verb's base form ("proposing": "propose"), lemminflect's first reading, or None where it has none; its
    word lists load on the first call, which only a sentence `BY_MEANS` matches makes."""
    from lemminflect import getLemma

    lemmas = getLemma(gerund.lower(), upos="VERB")
    return str(lemmas[0]) if lemmas and lemmas[0] != gerund.lower() else None


def by_means(text: str) -> str | None:
    """A sentence that leans only in what "we" act on, said as the means it names (`BY_MEANS`): "We address these
    issues in this paper by proposing a new method, called adaptive quantization, ..." reads "We propose a new
    method, called adaptive quantization, ..."; None for any other sentence."""
    found = BY_MEANS.match(text)
    verb = _base(found.group(1)) if found else None
    if not found or not verb:
        return None
    rest = ALSO_BY.sub(lambda also: f"{also.group(1)} {_base(also.group(2)) or also.group(0)}", text[found.end() :])
    return f"We {verb}{rest}"


def fits(text: str) -> bool:
    """Whether a sentence may be a TL;DR at all: not a caption, footnote, byline, venue line or signpost."""
    return not NOT_A_TLDR.search(text) and not is_signpost(text)


def unframed(text: str) -> str:
    """The sentence without a framing opener before its "we" (`FRAMING`) or a passive one before what is shown
    (`SHOWN_THAT`), and without an adverb that places it after another (`SEQUENCED`), capitalised; else the
    sentence as it is."""
    rest = SEQUENCED.sub(r"\1 ", SHOWN_THAT.sub("", FRAMING.sub("", text, count=1), count=1), count=1)
    return rest if rest == text else rest[:1].upper() + rest[1:]


def stands_alone(text: str) -> bool:
    """Whether a sentence may be shown alone as a TL;DR: it does not lean on another (`prose.leans`), or it leans only
    in an opener that says why "we" act or that the sentence puts the one before more precisely, which the TL;DR drops
    (`LEANING_PURPOSES`, `MAKES_PRECISE`, `GROUNDS`: "To address this issue, we ...", "Specifically, we ...")."""
    return not leans(text) or (bool(PURPOSE.match(text)) and not leans(PURPOSE.sub("", text, count=1)))


def title_shares(bags: Sequence[Sequence[str]], title: str) -> tuple[np.ndarray, np.ndarray]:
    """For each sentence's content words (`bags`), the share that are the title's and the share of the title's content
    words it has; both 0 with no title."""
    terms = set(tokens(title))
    share = [sum(w in terms for w in bag) / max(1, len(bag)) for bag in bags]
    cover = [len(terms & set(bag)) / max(1, len(terms)) for bag in bags]
    return np.asarray(share, dtype=np.float32), np.asarray(cover, dtype=np.float32)


def ranks(texts: Sequence[str], defining: Sequence[bool], title: str = "", scorer: Scorer | None = None) -> np.ndarray:
    """Each sentence's TL;DR score, the logit of the shipped ranker (or `scorer`; the title's pull among its
    features) plus `DOES_WEIGHT` for one that says what the document does, `SUBJECT_WEIGHT` for one that says what
    the subject the title names is and `OWN_WEIGHT` for one that speaks of the document at all (`says_its_own`);
    -inf for one that may not be a TL;DR (`fits`)."""
    ranker = scorer or shipped()
    rows = features(texts, defining, title)
    logits = np.log(np.clip(ranker.probability(rows), 1e-9, 1.0)) if ranker else np.zeros(len(texts))
    seen = [shown(t) for t in texts]
    logits = logits + DOES_WEIGHT * np.asarray([does(t) for t in seen], dtype=np.float64)
    logits = logits + SUBJECT_WEIGHT * np.asarray([names_the_subject(t, title) for t in seen], dtype=np.float64)
    logits = logits + OWN_WEIGHT * np.asarray([says_its_own(t, title) for t in seen], dtype=np.float64)
    allowed = np.asarray([fits(t) for t in seen], dtype=bool)
    scored: np.ndarray = np.where(allowed, logits, -np.inf).astype(np.float64)
    return scored


@lru_cache(maxsize=1)
def shipped() -> Scorer | None:
    """The committed ranker, or None when the file is absent or was trained on other features."""
    try:
        scorer = Scorer.from_dict(json.loads(WEIGHTS.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError):
        return None
    return scorer if scorer.names == FEATURES else None
