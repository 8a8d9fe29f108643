"""The result of one summarization: text, provenance, coverage, grounding, timings."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Mapping

from . import rendering
from .passages import Passage, passages
from .roles import ABSTRACT_LABEL, ROLES
from .sectioned import OWN_OPENER
from .text.sentences import Sentence
from .wording import counted, seconds, words_in


@dataclass(frozen=True)
class Coverage:
    """How much of the input was read (words, model tokens or words for the offline engine, parts), and how
    many of the words read were left out as not prose (tables, code, references, contents, captions)."""

    parts: int
    input_words: int
    read_words: int
    read_tokens: int
    sentences: int
    prose_words: int = 0
    left_out_kinds: dict[str, int] = field(default_factory=dict)

    @property
    def left_out(self) -> int:
        """Words of the input no summary reads: tables, code, references, contents, running heads, and sentences
        of prose blocks that are not prose (formulas, fragments) or sit in back matter."""
        if self.left_out_kinds:
            return sum(self.left_out_kinds.values())
        return max(0, self.read_words - self.prose_words)

    def left_out_note(self, names: Mapping[str, str]) -> str:
        """'; 1,204 words not summarized (900 in references, 304 in tables)', or '' when every word was; `names`
        says each block kind in words (`ingest.LEFT_OUT_KINDS`)."""
        if not self.left_out:
            return ""
        kinds = sorted(self.left_out_kinds.items(), key=lambda item: -item[1])
        named = ", ".join(f"{words:,} in {names.get(kind, 'sentences that are not prose')}" for kind, words in kinds)
        return f"; {self.left_out:,} words not summarized{' (' + named + ')' if named else ''}"

    @property
    def share(self) -> float:
        return 1.0 if self.input_words == 0 else self.read_words / self.input_words

    def describe(self) -> str:
        """'100% of 1,204 words in 1 part': the share read, of how many words, in how many parts."""
        return f"{self.share:.0%} of {counted(self.input_words, 'word')} in {counted(self.parts, 'part')}"


IN_OVERVIEW = "Part of the overview above comes from this section."


@dataclass(frozen=True)
class SectionSummary:
    """One to four sentences for one section of the document, with the pages it spans; none only when the
    overview is drawn from the section and it has no other sentence, or the section has no prose but reference
    entries (`note` then says so)."""

    title: str
    level: int
    first_page: int | None
    last_page: int | None
    sentences: list[str]
    support: list[list[int]]
    in_overview: bool = False  # no sentences of its own because the overview is drawn from it (an abstract)
    holds: str = ""  # what a section with no prose to summarize holds, said from its blocks ("Lists 4 ...")

    @property
    def pages(self) -> str:
        """'p. 4', 'pp. 4-9', or '' for formats without pages."""
        if self.first_page is None:
            return ""
        if self.last_page in (None, self.first_page):
            return f"p. {self.first_page}"
        return f"pp. {self.first_page}–{self.last_page}"

    @property
    def note(self) -> str:
        """Why a section shows no sentences of its own ('' when it has some): the overview is drawn from it, or it
        holds no prose (what it holds instead)."""
        if self.sentences:
            return ""
        return IN_OVERVIEW if self.in_overview else self.holds

    @property
    def heading(self) -> str:
        """The title with its pages: 'Design (pp. 3–5)'."""
        return f"{self.title} ({self.pages})" if self.pages else self.title

    @property
    def text(self) -> str:
        """The heading with its pages, then one bullet per sentence (or the note, not as a bullet)."""
        return rendering.section_text(self)


@dataclass(frozen=True)
class LabelledLine:
    """One line of a labelled overview: its label ('What it found'), its sentences and the pages they are on."""

    label: str
    sentences: list[str]
    pages: list[int]

    @property
    def where(self) -> str:
        """'p. 4', 'pp. 4, 9', or '' for formats without pages."""
        if not self.pages:
            return ""
        return ("p. " if len(self.pages) == 1 else "pp. ") + ", ".join(str(page) for page in self.pages)

    @property
    def heading(self) -> str:
        """The label with its pages: 'What it found (p. 7)', "Abstract (the authors', p. 1)"."""
        if not self.where:
            return self.label
        return f"{self.label[:-1]}, {self.where})" if self.label.endswith(")") else f"{self.label} ({self.where})"

    @property
    def text(self) -> str:
        return " ".join(self.sentences)


@dataclass(frozen=True)
class Summary:
    """Summary sentences, each with the indices of the source sentences that support it."""

    sentences: list[str]
    support: list[list[int]]
    source: list[Sentence]
    engine: str
    model: str
    device: str
    reason: str
    coverage: Coverage
    target_words: int
    format: str = "paragraph"
    timings: dict[str, float] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    sections: list[SectionSummary] = field(default_factory=list)
    pages: list[int | None] = field(default_factory=list)
    title: str = ""
    keyterms: list[str] = field(default_factory=list)
    unread: list[int] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)  # each overview sentence's label, when the overview is labelled
    abstract: list[int] = field(default_factory=list)  # the source sentences of the document's own abstract
    ocr: str = ""  # the OCR engine that read the source's scanned pages ('Tesseract'), '' where none was read by OCR

    @property
    def overview(self) -> str:
        return rendering.overview(self)

    def labelled_lines(self) -> list[LabelledLine]:
        """The overview as labelled lines ('What it is', 'How', 'What it found', 'Limits'), each with its pages;
        [] when the overview is one paragraph (a document without an abstract of its own)."""
        found: list[LabelledLine] = []
        for label, sentence, rows in zip(self.labels, self.sentences, self.support):
            if not found or found[-1].label != label:
                found.append(LabelledLine(label, [], []))
            found[-1].sentences.append(sentence)
            page = self.page_of(rows[0]) if rows else None
            if page is not None and page not in found[-1].pages:
                found[-1].pages.append(page)
        return found

    @property
    def authors_abstract(self) -> LabelledLine | None:
        """The document's own abstract, labelled as the authors', with its pages; None when it has none shown."""
        kept = [text for _, text in self._abstract_texts()]
        pages = sorted({page for page in map(self.page_of, self.abstract) if page is not None})
        return LabelledLine(ABSTRACT_LABEL, kept, pages) if kept else None

    @property
    def what_in_abstract(self) -> int | None:
        """Where the labelled overview's first line ("What it is") is one of the abstract's own sentences, its place
        among the sentences of `authors_abstract`; else None. A page that shows the abstract marks it there instead of
        saying it twice (`rendering.page_overview`)."""
        first = ROLES[0].label
        rows = [row for label, support in zip(self.labels, self.support) if label == first for row in support]
        shown = [index for index, _ in self._abstract_texts()]
        return shown.index(rows[0]) if len(rows) == 1 and rows[0] in shown else None

    def _abstract_texts(self) -> list[tuple[int, str]]:
        """The abstract's sentences as shown (source index, text), without its opening label and label-only lines."""
        texts = [(i, OWN_OPENER.sub("", self.source[i].text, count=1).strip()) for i in self.abstract]
        return [(i, text) for i, text in texts if text and text.lower().strip(".:") not in ("abstract", "summary")]

    @property
    def text(self) -> str:
        """The overview, and for the outline format each section's summary under its heading (`render_text`)."""
        return rendering.render_text(self)

    @property
    def took(self) -> str:
        """The whole run's time as people read it ('0.4 s', 'under 0.1 s'), or '' when it was not timed."""
        return seconds(self.timings["total"]) if "total" in self.timings else ""

    def passages(self) -> list[Passage]:
        """The source sentences each summary sentence rests on, with page, role and note: marks for a
        highlighted copy."""
        return passages(self)

    def page_of(self, index: int) -> int | None:
        return self.pages[index] if index < len(self.pages) else None

    @property
    def words(self) -> int:
        """Words of the overview: what the word target asks for."""
        return sum(words_in(s) for s in self.sentences)

    @property
    def all_words(self) -> int:
        """Words of the overview and every section summary: what the page and the exports show, and what
        '× shorter' is counted on."""
        return self.words + sum(words_in(s) for section in self.sections for s in section.sentences)

    @property
    def source_words(self) -> int:
        return sum(words_in(s.text) for s in self.source)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form, without the full source text."""
        data = asdict(self)
        del data["source"], data["pages"]
        data["text"] = self.text
        data["words"] = self.all_words
        data["overview_words"] = self.words
        data["source_words"] = self.source_words
        data["coverage"]["share"] = self.coverage.share
        data["grounding"] = self._grounding(self.sentences, self.support)
        data["overview_lines"] = [asdict(line) | {"heading": line.heading} for line in self.labelled_lines()]
        own = self.authors_abstract
        data["authors_abstract"] = None if own is None else asdict(own) | {"text": own.text}
        data["what_in_abstract"] = self.what_in_abstract
        del data["support"]
        for section, raw in zip(self.sections, data["sections"]):
            raw["grounding"] = self._grounding(section.sentences, section.support)
            raw["pages"] = section.pages
            del raw["support"]
        return data

    def _grounding(self, sentences: list[str], support: list[list[int]]) -> list[dict[str, Any]]:
        return [
            {
                "summary": s,
                "source": [
                    {
                        "index": i,
                        "text": self.source[i].text,
                        "page": self.page_of(i),
                        "start": self.source[i].start,
                        "end": self.source[i].end,
                    }
                    for i in indices
                ],
            }
            for s, indices in zip(sentences, support)
        ]
