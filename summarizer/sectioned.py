"""The summarizer's view of its input as sectioned text: prose sentences with their page and section.

The service takes plain text or a sequence of blocks (anything with `kind`, `text`, `level` and
`page`, such as `ingest.Block`). Only prose blocks are split into sentences; headings open
sections; tables, code, captions, contents and references are never read as sentences. A block
that runs on over a page break may say where each later page starts in its text (`later_pages`,
pairs of offset and page): each sentence is then on the page where it starts.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, replace
from itertools import takewhile
from typing import Protocol, Sequence

from textkind import not_prose

from .text.keyterms import Outline
from .text.prose import is_prose
from .text.sentences import Sentence, split_sentences

PROSE_KINDS = ("paragraph", "list_item")
SELF_DESCRIBING = re.compile(
    r"^(?:abstract|summary|executive summary|overview|scope|purpose|introduction|"
    r"conclusions?|concluding remarks|summary and conclusions?|discussion and conclusions?|"
    r"about this (?:document|report|guide)|preface|foreword|background and scope)$",
    re.I,
)
SKIPPED = re.compile(
    r"^(?:acknowledge?ments?|references?|bibliography|works cited|index|contents|table of contents|"
    r"about the authors?|authors?'? (?:addresses|information)|copyright|licen[cs]e|revision history|"
    r"document history|change ?log|errata|notes|footnotes|glossary|list of (?:figures|tables)|"
    r"appendix\b.*|annex\b.*|keywords|index terms)$",
    re.I,
)
# A summary of its own the document opens with (`SectionedText.abstract`): a heading among its first few
# (`OWN_HEADINGS`), or a paragraph among its first few prose blocks that opens with the word ("Abstract— The ...").
OWN_SUMMARY = re.compile(r"^(?:abstract|summary|executive summary|synopsis|scope)$", re.I)
OWN_OPENER = re.compile(r"^(?:abstract|summary)\s*[—–:.-]\s*", re.I)
OWN_HEADINGS = 4
FRONT_PAGES = 3  # a report's cover and its copyright page may come before the page with its abstract
LABEL_WORDS = 8  # a paragraph this short that ends with the label is the label, not the summary
OWN_LABEL = re.compile(r"(?:^|\s)(?:abstract|summary)\s*[:.—–-]?\s*$", re.I)
BODY_HEADING = re.compile(r"^(?:\d{1,2}(?:\.\d{1,2})*\.?|[IVX]{1,4}\.)\s+\S")
# What closes an abstract that has no heading after it: the front matter a journal sets between the abstract and
# the text (subject descriptors, terms, keywords, a reference format, an earlier version, grants, addresses, e-mail,
# permission, copyright).
OWN_ENDS = re.compile(
    r"^(?:(?:acm )?cr )?(?:categories and subject descriptors|general terms|(?:additional )?key ?words|index terms|"
    r"ccs concepts|[\w-]+ reference format|[\w-]+ artifact availability|permission to (?:make|copy)|"
    r"authors?['’]? (?:addresses|contact)|e-?mail(?: addresses)?\s*:|"
    r"an? (?:preliminary|previous|shorter|earlier) version|"
    r"[∗*†‡]?\s*(?:this )?(?:work|research) (?:is |was )?(?:\w+ly )?(?:supported|funded|performed|done)|"
    r"the work of |copyright|©|\(c\) \d{4}|received \w+ \d)",
    re.I,
)
# What a sentence of front matter is, as `textkind` names it: a footnote, a venue's or funder's boilerplate, a keyword
# line. `OWN_ENDS` closes the abstract where such a block opens; a sentence of it set in the abstract's own paragraph
# ("... equational theory. This work is partly supported by ...") closes it there (`_front_matter`).
FRONT_MATTER = frozenset({"footnote", "boilerplate", "keywords"})
CITES = re.compile(r"\d|https?://|www\.")
NUMBER = re.compile(
    r"^(?:(?:chapter|part|section|annex|appendix)\s+)?(?:[\dA-Z]{1,3}(?:\.\d{1,3})*\.?|[IVX]+\.)\s+", re.I
)


class BlockLike(Protocol):
    """What the summarizer reads of a block (read-only, so frozen dataclasses such as ingest's Block fit)."""

    @property
    def kind(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def level(self) -> int: ...
    @property
    def page(self) -> int | None: ...


@dataclass(frozen=True)
class Section:
    """A run of sentences under one heading: sentences[start:stop] of the sectioned text."""

    title: str
    level: int
    start: int
    stop: int
    first_page: int | None
    last_page: int | None
    role: str = ""
    references: int = 0  # in a section with no sentences: the reference entries it lists

    @property
    def size(self) -> int:
        return self.stop - self.start


@dataclass(frozen=True)
class SectionedText:
    """Sentences in reading order, the page of each, whether each is prose, and the sections they fall in."""

    sentences: list[Sentence]
    pages: list[int | None]
    prose: list[bool]
    sections: list[Section]
    roles: list[str]
    abstract: tuple[int, ...] = ()  # the sentences of the document's own abstract, summary or scope, if it opens so
    title: str = ""  # the document's title block, whitespace normalized; "" when it has none

    @property
    def has_sentences(self) -> bool:
        """Whether one sentence has two letters or more: the one rule for "is there anything to summarize"."""
        return any(sum(ch.isalpha() for ch in sentence.text) >= 2 for sentence in self.sentences)

    @property
    def structured(self) -> bool:
        return len([s for s in self.sections if s.title]) >= 2


def role_of(title: str) -> str:
    """'self' for sections in which a document describes itself, 'skip' for back matter, else ''."""
    name = NUMBER.sub("", title).strip(" .:").lower()
    if SELF_DESCRIBING.match(name):
        return "self"
    if SKIPPED.match(name):
        return "skip"
    return ""


def from_text(text: str) -> SectionedText:
    """Plain text as sectioned text: one untitled section, no pages."""
    sentences = split_sentences(text)
    return SectionedText(
        sentences,
        [None] * len(sentences),
        [is_prose(s.text) for s in sentences],
        [Section("", 0, 0, len(sentences), None, None)],
        [""] * len(sentences),
    )


def section_level(blocks: Sequence[BlockLike]) -> int:
    """The heading level that cuts the document into sections: the highest level used at least twice."""
    levels = [b.level or 1 for b in blocks if b.kind == "heading"]
    repeated = sorted({level for level in levels if levels.count(level) >= 2})
    return repeated[0] if repeated else (min(levels) if levels else 0)


def _parts(block: BlockLike, offset: int) -> list[tuple[int, int | None]]:
    """(offset, page) where each page's part of a block starts, the block's text starting at `offset`: one part, or
    more for a paragraph that runs on over a page break."""
    later: Sequence[tuple[int, int]] = getattr(block, "later_pages", ())
    return [(offset, block.page)] + [(offset + at, page) for at, page in later]


Owner = tuple[int | None, int, str, bool]  # a prose block's page, its section's heading (by index), role, own summary


def _front_matter(text: str) -> bool:
    """Whether a sentence of an abstract's paragraph is the front matter after it ("This work is partly supported by
    ...", "E-mail: ...", "CR Categories and Subject Descriptors: ...")."""
    return bool(OWN_ENDS.match(text) or FRONT_MATTER.intersection(not_prose(text)))


def from_blocks(blocks: Sequence[BlockLike]) -> SectionedText:
    """Structured input as sectioned text: prose blocks split into sentences, sections opened by headings; a titled
    section whose body is reference entries and no prose (a standard's normative references) is a section too,
    with no sentences and the count of its entries."""
    texts, starts, owners, heads = _read_blocks(blocks)
    sentences = split_sentences("\n\n".join(texts))
    owned = [owners[bisect.bisect_right(starts, sentence.start) - 1] for sentence in sentences]
    pages = [page for page, _, _, _ in owned]
    section_of = [section for _, section, _, _ in owned]
    roles = [role for _, _, role, _ in owned]
    sections = _with_listings(_sections(heads, section_of, pages), heads, section_of)
    inside = (i for i, (_, _, _, in_own) in enumerate(owned) if in_own)
    own = tuple(takewhile(lambda i: not _front_matter(sentences[i].text), inside))
    abstract = own if own and own[0] < len(sentences) / 2 else ()
    title = next((" ".join(b.text.split()) for b in blocks if b.kind == "title"), "")
    return SectionedText(sentences, pages, [is_prose(s.text) for s in sentences], sections, roles, abstract, title)


@dataclass
class _Head:
    """A heading that opens a section: its title and level, and the reference entries under it with their pages."""

    title: str
    level: int
    references: int = 0
    pages: tuple[int, ...] = ()

    def count(self, block: BlockLike) -> None:
        """Counts `block`, under this heading, when it is a reference entry."""
        if _is_entry(block):
            self.references += 1
            self.pages += () if block.page is None else (block.page,)


def _is_entry(block: BlockLike) -> bool:
    """A reference block that cites something (a number, a year or an address), not the sentence that introduces
    the list ("The following documents are referred to in the text ...")."""
    return block.kind == "reference" and bool(CITES.search(block.text))


@dataclass
class _Own:
    """Whether the blocks read so far are in the document's own abstract, summary or scope (`OWN_SUMMARY`)."""

    inside: bool = False
    headings: int = 0
    sectioned: bool = False  # a section of the body has begun ("1 Introduction")

    def heading(self, text: str, page: int | None) -> None:
        """A heading opens the document's own summary when it names one and is among the first few, or on the
        first pages (`FRONT_PAGES`: a report's cover comes first) before the body's first section (author lines set
        as headings come first); any other closes it."""
        name = NUMBER.sub("", text).strip(" .:")
        early = self.headings < OWN_HEADINGS or ((page or 1) <= FRONT_PAGES and not self.sectioned)
        self.inside = early and bool(OWN_SUMMARY.match(name))
        self.sectioned = self.sectioned or (not self.inside and bool(BODY_HEADING.match(text) or role_of(text)))
        self.headings += 1

    def label(self, text: str, page: int | None) -> bool:
        """Whether a block is the first page's label, alone or ending front matter ("SMLI TR-94-29 November 1994
        Abstract:"), which opens the summary that follows it."""
        found = page in (None, 1) and not self.sectioned and bool(OWN_LABEL.search(text))
        self.inside = self.inside or found
        return found

    def prose(self, text: str, before: int, page: int | None) -> bool:
        """Whether a prose block (after `before` others) is in it: under its heading or its label set as a short
        paragraph ("June 7, 2004 ABSTRACT"), or one of the first few blocks opening with the word ("Abstract—
        ..."), until front matter after it (`OWN_ENDS`) closes it."""
        if len(text.split()) <= LABEL_WORDS and before < 2 * OWN_HEADINGS and self.label(text, page):
            return False
        opens = self.headings < OWN_HEADINGS and before < 2 * OWN_HEADINGS and bool(OWN_OPENER.match(text))
        self.inside = (self.inside or opens) and not OWN_ENDS.match(text)
        return self.inside


def _read_blocks(
    blocks: Sequence[BlockLike],
) -> tuple[list[str], list[int], list[Owner], list[_Head]]:
    """The prose blocks' texts, where each page's part of them starts in their joined text and who owns it; and
    the section headings, an untitled one first."""
    level = section_level(blocks)
    texts: list[str] = []
    starts: list[int] = []
    owners: list[Owner] = []
    heads = [_Head("", 0)]
    role, role_level = "", 0
    own = _Own()
    offset = 0
    for block in blocks:
        if block.kind == "heading":
            found = role_of(block.text)
            if found or (block.level or 1) <= role_level:
                role, role_level = found, (block.level or 1) if found else 0
            if (block.level or 1) <= level:
                heads.append(_Head(" ".join(block.text.split()), block.level or 1))
            own.heading(block.text, block.page)
            continue
        heads[-1].count(block)
        if block.kind not in PROSE_KINDS:
            own.label(block.text, block.page)
            own.inside = own.inside and block.kind != "title"  # a title page repeated after it closes it
            continue
        inside = own.prose(block.text, len(texts), block.page)
        texts.append(block.text)
        for start, page in _parts(block, offset):
            starts.append(start)
            owners.append((page, len(heads) - 1, role, inside))
        offset += len(block.text) + 2
    return texts, starts, owners, heads


def _sections(heads: list[_Head], section_of: list[int], pages: list[int | None]) -> list[Section]:
    """One section per run of sentences under the same heading, with its pages and role."""
    sections = []
    begin = 0
    for index in range(1, len(section_of) + 1):
        if index < len(section_of) and section_of[index] == section_of[begin]:
            continue
        title, head_level = heads[section_of[begin]].title, heads[section_of[begin]].level
        paged = [p for p in pages[begin:index] if p is not None]
        sections.append(
            Section(
                title,
                head_level,
                begin,
                index,
                min(paged, default=None),
                max(paged, default=None),
                role_of(title) if title else "",
            )
        )
        begin = index
    return sections


def _with_listings(sections: list[Section], heads: list[_Head], section_of: list[int]) -> list[Section]:
    """`sections` with one more, in its place, for each titled heading that has no sentences but reference entries:
    no sentences of its own (it starts and stops where the next section starts), its entries counted."""
    first: dict[int, int] = {}  # each heading with sentences (by number): the index of its first
    for index, owner in enumerate(section_of):
        first.setdefault(owner, index)
    placed = [(owner, sections[n]) for n, owner in enumerate(sorted(first))]
    for number, head in enumerate(heads):
        if number in first or not head.title or not head.references:
            continue
        at = next((first[h] for h in sorted(first) if h > number), len(section_of))
        empty = Section(head.title, head.level, at, at, min(head.pages, default=None), max(head.pages, default=None))
        placed.append((number, replace(empty, role=role_of(head.title), references=head.references)))
    return [section for _, section in sorted(placed, key=lambda pair: pair[0])]


def sectioned_text(source: str | Sequence[BlockLike]) -> SectionedText:
    """The source's sentences with their pages and sections, from plain text or blocks."""
    return from_text(source) if isinstance(source, str) else from_blocks(source)


def outline_of(sectioned: SectionedText) -> Outline:
    """The document's title and section headings, as the key terms see them."""
    return Outline(sectioned.title, tuple(section.title for section in sectioned.sections if section.title))


def has_sentences(source: str | Sequence[BlockLike]) -> bool:
    """Whether `source` holds one sentence to summarize (one with two letters or more): asked where a text is
    taken in, so a file of labels ("P1" … "P9") or figures is refused at upload, not after a click.
    The service refuses the same texts with NoSentencesError, by the same rule (`SectionedText.has_sentences`)."""
    return sectioned_text(source).has_sentences
