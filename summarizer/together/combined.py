"""What sources summarized together go in as and come out as: named and unreadable sources, the overview's
sentences with their marks, each source's result, and the whole (`Combined`) or the part made so far
(`PartialTogether`)."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Sequence

from ..interface import Source
from ..summary import Summary

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class NamedSource:
    """One source to summarize with others: its name (file name, URL, 'text 2'), its own title if any, and its
    text or typed blocks."""

    name: str
    content: Source
    title: str = ""


@dataclass(frozen=True)
class Unreadable:
    """A source that could not be read, and why (a sentence for the user)."""

    name: str
    reason: str


@dataclass(frozen=True)
class Mark:
    """Where an overview sentence comes from: the source (its index in `Combined.sources`), the source sentence
    behind it (its index in that source's `Summary.source`, or None for a model's sentence written from the
    whole) and its page."""

    source: int
    sentence: int | None
    page: int | None


@dataclass(frozen=True)
class CombinedSentence:
    """An overview sentence and its marks: the source it was taken from first, then any other that says the same."""

    text: str
    marks: list[Mark]


@dataclass(frozen=True)
class SourceResult:
    """One source as it came out: its summary and what it adds that no other does, or why it could not be read."""

    name: str
    title: str
    summary: Summary | None = None
    error: str = ""
    adds: str = ""
    terms: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        """How the source is named on screen: its title, else its name."""
        return self.title or self.name


@dataclass(frozen=True)
class Combined:
    """One overview across several sources, each sentence marked with its sources; every source with its summary
    and the line saying what it adds, or its reason for being left out; key terms over all of them."""

    sentences: list[CombinedSentence]
    sources: list[SourceResult]
    keyterms: list[str]
    target_words: int
    format: str = "paragraph"

    @property
    def summarized(self) -> list[SourceResult]:
        return [s for s in self.sources if s.summary is not None]

    @property
    def failed(self) -> list[SourceResult]:
        return [s for s in self.sources if s.summary is None]

    @property
    def words(self) -> int:
        return sum(len(s.text.split()) for s in self.sentences)

    @property
    def source_words(self) -> int:
        return sum(s.summary.coverage.input_words for s in self.summarized if s.summary is not None)

    @property
    def first(self) -> Summary:
        """The first source's summary: what ran (engine, model, device, reason) is the same for every source."""
        summary = self.summarized[0].summary
        assert summary is not None  # `summarize_together` raises when no source was summarized
        return summary

    def mark_text(self, mark: Mark) -> str:
        """'Title, p. 4', or the title alone for a source without pages."""
        return _mark_text(self.sources, mark)

    def source_sentence(self, mark: Mark) -> str:
        """The source sentence behind a mark ('' for a model's sentence written from the whole)."""
        summary = self.sources[mark.source].summary
        return "" if summary is None or mark.sentence is None else summary.source[mark.sentence].text

    @property
    def text(self) -> str:
        """Plain text: each overview sentence with its sources in brackets, then what each source adds, the sources
        not read with their reasons, and the key terms."""
        parts = ["\n".join(f"{s.text} [{'; '.join(self.mark_text(m) for m in s.marks)}]" for s in self.sentences)]
        parts.append("What each source adds:\n" + "\n".join(f"- {s.label}: {s.adds}" for s in self.summarized))
        if self.failed:
            parts.append("Not read:\n" + "\n".join(f"- {s.name}: {s.error}" for s in self.failed))
        if self.keyterms:
            parts.append("Key terms: " + ", ".join(self.keyterms))
        return "\n\n".join(parts)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form: the overview with each sentence's sources (title, page, the sentence behind it), every
        source with its summary and what it adds or its error, the key terms, and what ran."""
        first = self.first
        return {
            "text": self.text,
            "overview": [
                {
                    "text": s.text,
                    "sources": [
                        {
                            "source": m.source,
                            "title": self.sources[m.source].label,
                            "page": m.page,
                            "sentence": self.source_sentence(m),
                        }
                        for m in s.marks
                    ],
                }
                for s in self.sentences
            ],
            "sources": [
                {
                    "name": s.name,
                    "title": s.title,
                    "adds": s.adds,
                    "terms": s.terms,
                    "summary": s.summary.text if s.summary is not None else None,
                    "words": s.summary.coverage.input_words if s.summary is not None else 0,
                    "error": s.error or None,
                }
                for s in self.sources
            ],
            "keyterms": self.keyterms,
            "words": self.words,
            "source_words": self.source_words,
            "target_words": self.target_words,
            "engine": first.engine,
            "model": first.model,
            "device": first.device,
            "reason": first.reason,
        }


@dataclass(frozen=True)
class PartialTogether:
    """Sources summarized together while the parts come in: every source in order, those summarized so far with
    their own summary (what each adds over the others, the repeats across them and the key terms over all come
    with the `Combined`), those still coming with neither summary nor error, those that failed with their reason."""

    sources: tuple[SourceResult, ...]
    format: str = "paragraph"

    @property
    def summarized(self) -> list[SourceResult]:
        return [s for s in self.sources if s.summary is not None]

    @property
    def coming(self) -> list[SourceResult]:
        return [s for s in self.sources if s.summary is None and not s.error]

    @property
    def failed(self) -> list[SourceResult]:
        return [s for s in self.sources if s.error]

    def part(self, k: int) -> list[CombinedSentence]:
        """Source `k`'s part of the overview: its summary's sentences, each marked with its page ([] while coming)."""
        summary = self.sources[k].summary
        if summary is None:
            return []
        return [
            CombinedSentence(text, [mark_of(k, summary, row)]) for text, row in zip(summary.sentences, summary.support)
        ]

    def mark_text(self, mark: Mark) -> str:
        """'Title, p. 4', or the title alone for a source without pages."""
        return _mark_text(self.sources, mark)


def _mark_text(sources: Sequence[SourceResult], mark: Mark) -> str:
    label = sources[mark.source].label
    return f"{label}, p. {mark.page}" if mark.page else label


def mark_of(k: int, summary: Summary, row: list[int]) -> Mark:
    index = row[0] if row else None
    return Mark(k, index, summary.page_of(index) if index is not None else None)
