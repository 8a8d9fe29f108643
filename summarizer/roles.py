"""The labelled overview of a document with an abstract of its own: what it is, how, what it found, its limits.

A reader who has the abstract learns nothing from an overview that restates it. So where the document opens
with its own abstract, summary or scope (`SectionedText.abstract`), the overview is one labelled line per
role of `ROLES`, in that order: what was done (the defining sentence, which may be the abstract's), how, what
was found (from the evaluation, results and conclusion, measured numbers preferred) and, only when the
document says so, where the work stops. Each role's row holds its label, the cue words that pull a sentence
to it, the sections it is taken from and how many sentences it shows at each length; besides the first, only
"How" may take one sentence of the abstract, its own sentence of method, to lead (`ABSTRACT_HOW`); no line but
the first takes one about others' work (`OTHERS_SECTIONS`; for "How" a sentence citing
it, for "What it found" one citing it that says nothing of the authors' own), no sentence is shown twice, and
none that leans on one not shown, points elsewhere or is a proof step, reminder or promise (`_standalone`). "How"
is told in the authors' voice ("we", "our", or the name the document gives its subject, `_voice`), never as a
definition, in notation or as the text's own narration; "What it found" is never a lemma, a definition or a plan,
and outside the sections of results only a sentence that says it is a result or measures a comparison. Each
line is an engine input of its own (`prepared.OverviewPart`), so it keeps its page and grounding as any summary
sentence does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .planning import DOCUMENT_CUE, SELF_CUE, Plan
from .sectioned import SectionedText
from .text.prose import REFERRING, is_signpost, leans, shown
from .text.vectors import tokens

ABSTRACT_LABEL = "Abstract (the authors')"
# A measured number: a figure with its unit, a share or a factor; not a figure, table or section's number.
MEASURED = re.compile(
    r"\b\d[\d,.]*\s*(?:%|percent|×|x\b|-?fold|times\b|orders? of magnitude|ms\b|milliseconds|µs|us\b|ns\b|"
    r"seconds?|s\b|minutes|hours|[KMGT]i?B\b|[KMG]b(?:ps|/s)|ops\b|operations|requests|queries|qps\b|"
    r"transactions)",
    re.I,
)
REFERENCE_NUMBER = re.compile(r"\b(?:fig(?:ure)?s?|tables?|sections?|§|eq(?:uation)?s?|chapters?)\.?\s*\d+", re.I)
# A comparison: a result set against a baseline, a before or an after ("3x faster than", "fell from 4.1 ms to 1.3 ms").
COMPARISON = re.compile(
    r"\b(?:than|compared (?:with|to)|against|versus|vs\.?|outperforms?|from [\d.,]+\s*\S*\s+to [\d.,]+|"
    r"speed-?ups?|by a factor|(?:fell|rose|dropped|grew|reduces?|reduced|improves?|improved|increases?|increased|"
    r"decreases?|decreased|cuts?) (?:\w+ )?by)\b",
    re.I,
)
# What no labelled line shows, though it may be prose: a proof's or a derivation's step, a reminder, an enumerated
# claim, a reference entry, what the paper will do or hopes for, a pointer to another section, a sentence that
# leans on the one before in its subject's adverb ("We therefore ...") or in "the resulting", and a comparison
# whose baseline is not said ("... are only 30% to 40% longer.").
NOT_SHOWN = re.compile(
    r"^(?:recall|in order to (?:prove|show)|to prove|proof\b|let\b|suppose|assume|consider|note that|"
    r"compare|express|if\b|you\b|"
    r"(?:fig(?:ure)?\.?|table) ?\d|"
    r"[A-Z][\w-]*(?: [A-Z][\w-]*)* \([^)]{1,6}\) [A-Z]|"
    r"\(?[\divx]{1,3}\)|[A-Z]\.\s|(?:in|see) (?:sections?|chapters?|appendix|fig(?:ure)?s?\.?|tables?) ?[\dIVXA-Z]|"
    r"as (?:shown|described|discussed|noted|mentioned) (?:in|above|below|earlier)|despite (?:this|that)\b)|"
    r"\bin (?:fig(?:ure)?s?|tables?|sections?)\.? ?\d|\bin the (?:remainder|rest) of\b|\bin the following\b|"
    r"\b(?:in|from) the (?:previous|preceding|next|following|last|first|second) (?:sub)?(?:sections?|chapters?|"
    r"half|part)\b|"
    r"\bas follows\b|\bthe following\b|\bin what follows\b|\bwe shall\b|\bsee below\b|^[“\"(].*[”\")]\.?$|"
    r"\bdue to (?:the )?(?:space|page) (?:limits?|limitations?|constraints?)\b|\bfor (?:lack|want) of space\b|"
    r"^the (?:first|second|third|last|final|next|left|right|top|bottom|middle) (?:column|row|graph|plot|panel|bar|"
    r"curve|line)s? (?:shows?|gives?|lists?|depicts?|plots?|is|are)\b|"
    r"\b(?:described|discussed|explained|shown|defined) (?:later|below)\b|\bwe do (?:this|so)\b|"
    r"\b(?:we will|i will|we hope|i hope|we expect|the rest of this (?:section|chapter))\b|\?$|"
    r"^(?:we|it|they|this \w+) (?:therefore|thus|hence|then|consequently|however|instead|also)\b|\bthe resulting\b|"
    r"\b(?:longer|shorter|faster|slower|higher|lower|better|worse|larger|smaller|fewer|cheaper|greater|bigger)"
    r"[)\]]?[.;!]?[\"”’]?$",
    re.I,
)
# Others' work, which no line but the first shows as the document's own: a section about it, and (for "How") a
# sentence that cites it ("have been described in [1, 19]", "Singhal et al. [2014a]").
OTHERS_SECTIONS = re.compile(r"related work|previous work|prior work|background|literature|state of the art", re.I)
CITES_OTHERS = re.compile(r"\[[\w+.-]{1,12}(?:\s*[,;]\s*[\w+.-]{1,12})*\]|\bet al\b|\([A-Z][\w-]+,? (?:19|20)\d\d\w?\)")
# A finding that cites others and says nothing of the authors' own ("we", "our"): someone else's result.
OTHERS_FINDING = re.compile(rf"^(?!.*\b(?:we|our|us)\b)(?=.*(?:{CITES_OTHERS.pattern}))", re.I | re.S)
# What no line but the first shows, since a reader without the body cannot use it: a definition of a term ("A
# partial view is a small subset of ...", "Operations whose ... are called cheap") or a sentence in notation (a
# variable "P" or "N", "R = 5", "flow(e)").
DEFINES = re.compile(
    r"\b(?:is|are) (?:called|termed|named|defined as|said to be|referred to as)\b|"
    r"\bwe (?:\w+ly )?(?:call|define|term|denote|mean)\b|\bwhen we (?:refer|speak) (?:to|of)\b|"
    r"\b(?:a|an) [\w-]+ (?:called|termed|named)\b|\bwhen we say\b|\bdenot(?:e|es|ed|ing)\b|\bwe (?:\w+ )?assume\b|"
    r"^(?:a|an|each|every|any)\s+(?:[\w-]+\s+){0,3}(?:is|are|consists?\s+of)\s",
    re.I,
)
# Notation: a variable ("P", "N", "Ri", "Cj"), a relation ("R = 5"), a function applied ("flow(e)"), a theorem's or
# conjecture's number.
NOTATION = re.compile(
    r"(?<![\w'’./-])(?-i:[B-HJ-Z])(?![\w'’/-])|(?<=[\w,;)] )(?-i:(?!Mr|Dr|Ms|St)[A-Z][a-z\d])(?![\w'’/-])|"
    r"\s[=<>≤≥≪]\s|[α-ωΔΘΛΞΠΣΦΨΩ]|\w\((?!s\))[a-z]{1,2}\)|\b[a-z]\d\b|"
    r"\b(?:theorem|lemma|corollary|proposition|conjecture|definition)\s+\d"
)
# A result or a proof that is not a finding a reader can use alone: a lemma's or theorem's statement or proof, or the
# authors' plan (a "Limits" line's sentence).
NOT_A_FINDING = re.compile(
    r"\b(?:lemma|theorem|corollary|proposition|claim)\s+\d|\bthe proof\b|\bproofs?\s+of\b|\bwe prove\b|"
    r"\bfuture work\b|\bwe (?:plan|aim|hope|intend)\b|\bopen (?:question|problem)s?\b",
    re.I,
)
# What is not how the work is done, though in the authors' voice: the text's own narration ("We now explain",
# "Next, we show"), a finding or belief ("we conclude that", "we have found"), a wish ("we would like"), how the
# work was evaluated ("We evaluate our solution on 13 applications"), what the text does ("We describe its design").
NOT_HOW = re.compile(
    r"\bwe (?:can |could |may |will )?(?:now|next|then|first|also)\b|\bwe will\b|"
    r"^(?:next|now|then|first|finally|in short)\b|\bfor (?:our|the) (?:present )?purposes?\b|"
    r"\bwe (?:have )?(?:conclude|concluded|believe|found|find|observe|observed|show|showed|argued)\b|"
    r"\b(?:wish|would like|hope)\b|^what we\b|\blet['’]s\b|^before we\b|"
    r"\bwe (?:\w+ly )?(?:\w+ and )?(?:evaluate|evaluated|demonstrate|validate|validated|compare|compared)\b|"
    r"\b(?:our|for our) (?:evaluations?|experiments?)\b|\bexperiments? (?:using|on|with)\b|"
    r"^to (?:demonstrate|validate|evaluate)\b|"
    r"\bwe (?:\w+ly )?(?:describe|report|present|discuss|outline|survey|review)\b|"
    r"^(?:this|the present) (?:paper|article|work|report|thesis|note)\b",
    re.I,
)
# A finding outside the sections of results says it is one: "we show", "results indicate", or a measured comparison.
RESULT_CUE = re.compile(
    r"\bwe (?:\w+ )?(?:show|find|found|observe|observed|demonstrate|measured?)\b|\bresults? (?:show|indicate|suggest)",
    re.I,
)
# The document's own subject, named: a capitalised word or run of them that the text uses mid-sentence as a name
# ("Dapper", "Copyset Replication") at least `NAME_MIN` times and never in lower case, or the title's lead before
# its colon or comma ("IronFleet: Proving ..."). A sentence in the authors' voice says "we", "our" or such a name.
NAME = re.compile(r"(?<=[\w,;:)] )[A-Z][\w-]*[a-z][\w-]*(?: [A-Z][\w-]*[a-z][\w-]*)*")
NAME_MIN = 3
NAMES_KEPT = 6
NOT_NAMES = frozenset(
    "figure figures table tables section sections chapter appendix theorem lemma corollary definition proposition "
    "equation algorithm example step part case phase fig eq".split()
)
FIRST_PERSON_MIN = 3  # sentences saying "we" or "our" that make a document one written by its authors in person
# A name or an acronym used mid-sentence ("Caffeine", "NN", "BSMR"): a line shows it only when the title or the
# abstract has introduced it (`_introduced`), or it is one every reader knows (`COMMON_ACRONYMS`).
NAMED = re.compile(r"(?<=[\w,;:)] )(?:[A-Z][\w]*[a-z][\w]*|[A-Z]{2,}\w*)(?=[\s,;:.)’']|$)")
COMMON_ACRONYMS = frozenset(
    "CPU CPUs GPU GPUs RAM API APIs HTTP TCP UDP IP SQL RPC RPCs OS I/O PDF URL DNS LAN WAN SSD SSDs HDD JSON XML "
    "HTML USB PC PCs AI ML US UK EU".split()
)
VOICE_WORDS = 10  # "How" shows a sentence whose first words are the authors' or name the subject
VOICE_WEIGHT = 1.0
# A conclusion restates the findings for a reader who skipped the body; an evaluation's sentence leans on its setup.
CONCLUSION = re.compile(r"conclu|summary|discussion|lessons", re.I)
CONCLUSION_WEIGHT = 1.0  # a finding that names its subject or is the authors' own tells the reader whose it is
# The abstract's own sentence of method ("We use a low cost scheme to build and maintain broadcast trees ...") is
# written for a reader who has not read the body, as no sentence of the design section is: "How" leads with it.
ABSTRACT_HOW = 2.0
INTRODUCTION_PENALTY = 0.5  # the introduction says what the body shows: a line but the first prefers the body
CANDIDATES = 3  # sentences beyond its own count that a line's engine input may choose among
MEASURED_WEIGHT = 2.0  # a measured number tells the reader more than a section's title or a cue word


@dataclass(frozen=True)
class Role:
    """One line of the labelled overview: its label, the cue words and section titles that pull a sentence to
    it, the sentences it shows by length, and whether it is shown without a cue (only with one when not)."""

    name: str
    label: str
    cue: re.Pattern[str]
    sections: re.Pattern[str]
    sentences: dict[str, int]
    needs_cue: bool = False
    never: re.Pattern[str] | None = None  # a sentence this line never shows
    voiced: bool = False  # shown only in the authors' voice or naming the subject (`_voice`)


ROLES: tuple[Role, ...] = (
    Role(
        "what",
        "What it is",
        SELF_CUE,
        re.compile(r"abstract|summary|scope|introduction|overview", re.I),
        {"short": 1, "medium": 1, "long": 1},
    ),
    Role(
        "how",
        "How",
        re.compile(
            r"\b(?:we (?:use|build|built|implement|implemented|design|designed|combine|model|rely|apply|extend)|"
            r"uses?|using|based on|consists? of|relies on|is built|works by|combines?|architecture|approach|"
            r"algorithm|mechanism|key idea|main idea|insight|technique|protocol)\b",
            re.I,
        ),
        re.compile(
            r"design|method|approach|architecture|implementation|system|algorithm|model|framework|technique|"
            r"protocol|mechanism|overview|structure|construction|solution",
            re.I,
        ),
        {"short": 1, "medium": 2, "long": 3},
        never=re.compile(
            rf"{CITES_OTHERS.pattern}|{DEFINES.pattern}|{NOTATION.pattern}|{NOT_HOW.pattern}|{REFERENCE_NUMBER.pattern}",
            re.I,
        ),
        voiced=True,
    ),
    Role(
        "found",
        "What it found",
        re.compile(
            r"\b(?:we (?:show|find|found|observe|observed|demonstrate|conclude)|results? (?:show|indicate|"
            r"suggest|in)|outperforms?|faster|slower|speed-?ups?|improves?|improvement|reduces?|reduction|higher|"
            r"lower|better|worse|achieves?|up to|on average|accuracy|against|compared (?:with|to)|than|fell|rose|"
            r"dropped|increased|decreased|by a factor)\b",
            re.I,
        ),
        re.compile(
            r"evaluation|results?|experiments?|experience|measurements?|performance|benchmarks?|conclusions?|"
            r"discussion|findings|analysis|lessons|game results|deployment",
            re.I,
        ),
        {"short": 1, "medium": 2, "long": 3},
        needs_cue=True,
        never=re.compile(
            rf"{OTHERS_FINDING.pattern}|{DEFINES.pattern}|{NOTATION.pattern}|{NOT_A_FINDING.pattern}", re.I | re.S
        ),
    ),
    Role(
        "limits",
        "Limits",
        re.compile(
            r"\b(?:limitations?|limited to|future work|in the future|we plan|plan to|left (?:for|to) future|"
            r"remains? (?:an )?open|open (?:questions?|problems?)|drawbacks?|shortcomings?|"
            r"(?:does|do|can|could) not (?:yet )?(?:support|handle|address|scale|capture|apply|cover))\b",
            re.I,
        ),
        re.compile(r"limitations?|future|conclusions?|discussion|lessons|threats|open problems", re.I),
        {"short": 1, "medium": 1, "long": 1},
        needs_cue=True,
    ),
)
# A limit shown from outside the sections of limits only when the sentence says so itself: the authors' plan or
# admission. (A result is never taken from the introduction: its numbers are the problem's, not the findings.)
OWN_WORK_LIMIT = re.compile(
    r"\b(?:future work|we plan|plan to|left (?:for|to) future|(?:our|this) (?:approach|system|method|work|design|"
    r"implementation|prototype|tool|analysis)\b.{0,60}\b(?:does not|do not|cannot|can not|is limited))",
    re.I,
)
# Words that say a limit or plan exists without saying what it is ("Future work can be carried in various
# directions."): a "Limits" line needs `SPECIFIC_WORDS` content words besides these (stemmed as `tokens` gives them).
VAGUE_LIMIT_WORDS = frozenset(
    "future work research direction variou several many other open question problem remain interest way "
    "possibl carri extend extens improv pursu explor investig studi topic area avenu line also further".split()
)
SPECIFIC_WORDS = 2
REPEATED = 0.7  # a body sentence sharing this share of the two sentences' words with one already said repeats it
PICK_ORDER = ("what", "found", "limits", "how")  # who chooses first where two lines would want one sentence


@dataclass(frozen=True)
class Line:
    """One labelled line to summarize: its role, the sentences (source indices, in order) it may choose from with
    their pull, and how many it shows."""

    role: Role
    indices: list[int]
    bonus: list[float]
    count: int


def lines(sectioned: SectionedText, plan: Plan, length: str) -> list[Line]:
    """The labelled overview's lines, in `ROLES` order, for a document with its own abstract; [] for one without
    (its overview stays one paragraph)."""
    if not sectioned.abstract:
        return []
    title = _titles(sectioned)
    voice = _voice(sectioned)
    known = _known_names(sectioned)
    taken: set[int] = set()
    said = [set(tokens(sectioned.sentences[i].text)) for i in sectioned.abstract]  # the abstract, then each line's
    found: dict[str, Line] = {}
    for name in PICK_ORDER:
        role = next(r for r in ROLES if r.name == name)
        pool = _pool(sectioned, plan.eligible, name, known, taken, said)
        count = role.sentences.get(length, 1)
        best = _best(sectioned, plan, role, pool, title, voice, count)
        if best:
            found[name] = Line(role, sorted(i for i, _ in best), [score for _, score in sorted(best)], count)
            taken.update(i for i, _ in best)
            said.extend(set(tokens(sectioned.sentences[i].text)) for i, _ in best)
    return [found[role.name] for role in ROLES if role.name in found]


def _pool(
    sectioned: SectionedText, eligible: list[int], role: str, known: set[str], taken: set[int], said: list[set[str]]
) -> list[int]:
    """The sentences a line of `role` may show: not taken by another line, allowed (`_may_show`), and, unless the
    abstract's own, not saying again what the abstract or another line said (`_repeats`)."""
    own = set(sectioned.abstract)
    texts = sectioned.sentences
    return [
        i
        for i in eligible
        if i not in taken and _may_show(texts[i].text, role, known) and (i in own or not _repeats(texts[i].text, said))
    ]


def _repeats(text: str, said: list[set[str]]) -> bool:
    """Whether a sentence says again, nearly word for word, one already said (a paper's introduction repeating its
    abstract): the two share `REPEATED` of all their words. One that adds its measured numbers to the abstract's
    claim ("from 40 ms to 9 ms" for "by half") says more."""
    words = set(tokens(text))
    return any(len(words & other) >= REPEATED * len(words | other) for other in said if words | other)


def _best(
    sectioned: SectionedText,
    plan: Plan,
    role: Role,
    pool: list[int],
    title: list[str],
    voice: re.Pattern[str],
    count: int,
) -> list[tuple[int, float]]:
    """The sentences a line may choose among with their pull: the one defining sentence for "what", else the best
    few of the pool outside the abstract; for "how", the abstract's own best sentence of method first, if it has
    one (`ABSTRACT_HOW`)."""
    if role.name == "what":
        return _what(sectioned, plan, pool, set(sectioned.abstract))
    own = set(sectioned.abstract)
    body = _ranked(sectioned, role, [i for i in pool if i not in own], title, voice)[: count + CANDIDATES]
    if role.name != "how":
        return body
    lead = _ranked(sectioned, role, [i for i in pool if i in own], title, voice)[:1]
    return [(i, score + ABSTRACT_HOW) for i, score in lead] + body[: count + CANDIDATES - len(lead)]


def _titles(sectioned: SectionedText) -> list[str]:
    """The title of the section each sentence falls in."""
    titles = [""] * len(sectioned.sentences)
    for section in sectioned.sections:
        titles[section.start : section.stop] = [section.title] * section.size
    return titles


def _what(sectioned: SectionedText, plan: Plan, pool: list[int], own: set[int]) -> list[tuple[int, float]]:
    """What was done: the defining sentence, else the first sentence of the abstract or introduction saying what
    the document does, else the abstract's first."""
    if plan.defining in pool:
        return [(plan.defining, 1.0)]
    early = [i for i in pool if i in own or sectioned.roles[i] == "self"][: 4 * len(own) or None]
    cued = [i for i in early if DOCUMENT_CUE.search(sectioned.sentences[i].text)]
    cued = cued or [i for i in early if SELF_CUE.search(sectioned.sentences[i].text)]
    first = cued or [i for i in pool if i in own]
    return [(first[0], 1.0)] if first else []


def _ranked(
    sectioned: SectionedText, role: Role, pool: list[int], title: list[str], voice: re.Pattern[str]
) -> list[tuple[int, float]]:
    """The pool's sentences with their pull to `role`, best first (those with none left out; for a role that needs
    a cue, those without one too; for one that needs the authors' voice, those without it)."""
    scored = []
    for i in pool:
        text = sectioned.sentences[i].text
        cue = bool(role.cue.search(text))
        voiced = bool(voice.search(" ".join(text.split()[:VOICE_WORDS]) if role.voiced else text))
        if not _may_take(sectioned, role, i, title[i], cue) or (role.voiced and not voiced):
            continue
        score = (
            cue
            + 1.0 * bool(role.sections.search(title[i]))
            + (role.name == "found") * (MEASURED_WEIGHT * _measured(text) + bool(COMPARISON.search(text)))
            + (role.name == "found") * (VOICE_WEIGHT * voiced + CONCLUSION_WEIGHT * bool(CONCLUSION.search(title[i])))
            - INTRODUCTION_PENALTY
            * (sectioned.roles[i] == "self" and not role.voiced and not role.sections.search(title[i]))
        )
        if score > 0:
            scored.append((i, float(score)))
    return sorted(scored, key=lambda pair: -pair[1])


def _voice(sectioned: SectionedText) -> re.Pattern[str]:
    """What marks a sentence in the authors' voice: "we", "our" or a name of the document's subject (`NAME`); in a
    document not written in the first person (a standard, a manual), any sentence."""
    uses: dict[str, int] = {}
    lower: set[str] = set()
    for sentence in sectioned.sentences:
        for name in NAME.findall(sentence.text):
            uses[name] = uses.get(name, 0) + 1
        lower.update(_lower_words(sentence.text))
    names = [
        name
        for name, count in sorted(uses.items(), key=lambda pair: -pair[1])
        if count >= NAME_MIN and name.lower() not in lower and not NOT_NAMES & set(name.lower().split())
    ][:NAMES_KEPT]
    own = re.compile(r"\b(?:we|our|us)\b", re.I)
    if sum(bool(own.search(sentence.text)) for sentence in sectioned.sentences) < FIRST_PERSON_MIN:
        return re.compile("")  # a standard or a manual is not written by "we": every sentence is in its voice
    lead = re.split(r"[:,]", sectioned.title, maxsplit=1)
    if len(lead) == 2 and 0 < len(lead[0].split()) <= 3:
        names.append(lead[0].strip())
    alternatives = "|".join(re.escape(name) for name in names)
    return re.compile(own.pattern + (rf"|(?-i:\b(?:{alternatives})\b)" if names else ""), re.I)


def _known_names(sectioned: SectionedText) -> set[str]:
    """The words the title and the abstract introduce, as written, and the words every reader knows by name."""
    words = set(re.findall(r"\w+", sectioned.title))
    for i in sectioned.abstract:
        words.update(re.findall(r"\w+", sectioned.sentences[i].text))
    return words | COMMON_ACRONYMS


def _introduced(text: str, known: set[str]) -> bool:
    """Whether every name and acronym the sentence uses mid-sentence is one the reader has met (`_known_names`)."""
    return all(name in known or name.lower() in NOT_NAMES or name.rstrip("s") in known for name in NAMED.findall(text))


def _lower_words(text: str) -> set[str]:
    """The words of `text` written in lower case, as written."""
    return {word for word in re.findall(r"[\w-]+", text) if word.islower()}


def _may_take(sectioned: SectionedText, role: Role, i: int, title: str, cue: bool) -> bool:
    """Whether `role`'s line may show sentence `i` (in the section titled `title`): not others' work; with a cue
    or, for a finding, a measured number, where the role needs one; a limit that says what it is
    (`_says_enough`), outside the sections of limits only as the authors' own; a finding never from the
    introduction."""
    text = sectioned.sentences[i].text
    if OTHERS_SECTIONS.search(title) or role.never and role.never.search(text):
        return False
    if role.needs_cue and not cue and not (role.name == "found" and _measured(text)):
        return False
    if not _says_enough(role, text, bool(role.sections.search(title))):
        return False
    return bool(role.sections.search(title)) or not (
        (role.name == "limits" and not OWN_WORK_LIMIT.search(text))
        or (role.name == "found" and sectioned.roles[i] == "self")
    )


def _says_enough(role: Role, text: str, in_its_sections: bool) -> bool:
    """Whether the sentence says enough for its line: a limit says what it is (`VAGUE_LIMIT_WORDS`); a finding
    outside the sections of results says it is one (`RESULT_CUE`) or measures a comparison."""
    if role.name == "limits":
        return sum(w not in VAGUE_LIMIT_WORDS for w in tokens(text)) >= SPECIFIC_WORDS
    if role.name == "found" and not in_its_sections and not RESULT_CUE.search(text):
        return bool(_measured(text) and COMPARISON.search(text))
    return True


def _measured(text: str) -> float:
    """1.0 for a sentence that states a measured number (not a figure's or section's number), else 0.0."""
    return float(bool(MEASURED.search(REFERENCE_NUMBER.sub("", text))))


def _may_show(text: str, role: str, known: set[str]) -> bool:
    """Whether a line may show the sentence at all: it stands alone, and past the first line it names nothing the
    title and the abstract have not introduced."""
    return _standalone(text) and (role == "what" or _introduced(text, known))


def _standalone(text: str) -> bool:
    """True for a sentence a labelled line may show alone: it leans on no sentence before it, points nowhere else
    in the document, and is no proof step, reminder, enumerated claim or promise (`NOT_SHOWN`)."""
    return not (leans(text) or is_signpost(text) or NOT_SHOWN.search(text) or REFERRING.search(shown(text)))
