"""Where each summary sentence came from, as marks for a highlighted copy of the source.

One passage per summary sentence and supporting source sentence: the source text, its page, whether
it serves the overview or a section summary, and a note naming that role and section (with the
summary's own wording when it differs from the source), for a pop-up or a tooltip.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Sequence

from .text.sentences import Sentence


class _Part(Protocol):
    """What a passage needs of a section's summary (`summary.SectionSummary`)."""

    @property
    def title(self) -> str: ...

    @property
    def pages(self) -> str: ...

    @property
    def sentences(self) -> list[str]: ...

    @property
    def support(self) -> list[list[int]]: ...


class _Summarized(Protocol):
    """What passages are made from (`summary.Summary`, which imports this module): the overview, its sections and
    the source sentences, with the page of each."""

    @property
    def sentences(self) -> list[str]: ...

    @property
    def support(self) -> list[list[int]]: ...

    @property
    def sections(self) -> Sequence[_Part]: ...

    @property
    def source(self) -> Sequence[Sentence]: ...

    def page_of(self, index: int) -> int | None: ...


@dataclass(frozen=True)
class Passage:
    """A source sentence the summary rests on: its text, page (paged formats), role and note."""

    text: str
    page: int | None
    role: str
    note: str
    summary: str


def passages(summary: _Summarized) -> list[Passage]:
    """The overview's passages, then each section's, in summary order."""
    groups = [("overview", "Summary", summary.sentences, summary.support)]
    groups += [
        ("section", f"Section summary: {s.title}" + (f" ({s.pages})" if s.pages else ""), s.sentences, s.support)
        for s in summary.sections
    ]
    result = []
    for role, label, sentences, support in groups:
        for number, (sentence, indices) in enumerate(zip(sentences, support), 1):
            for index in indices:
                source = summary.source[index].text
                said = "" if " ".join(sentence.split()) == " ".join(source.split()) else f"\n“{sentence}”"
                result.append(
                    Passage(
                        source,
                        summary.page_of(index),
                        role,
                        f"{label}, sentence {number} of {len(sentences)}{said}",
                        sentence,
                    )
                )
    return result


def unmarked(missing: list[str], total: int) -> str:
    """What the reader is told when some of the summary's source sentences could not be marked in the source ("" when
    all were): how many, and the start of each."""
    if not missing:
        return ""
    shown = "; ".join(f"“{_start(text)}”" for text in missing[:3])
    more = f" and {len(missing) - 3} more" if len(missing) > 3 else ""
    return (
        f"{len(missing)} of the summary's {total} source sentences could not be found in the file's text and are "
        f"not marked: {shown}{more}."
    )


def _start(text: str, words: int = 12) -> str:
    """The first `words` words of `text`, with an ellipsis when there were more."""
    split = text.split()
    return " ".join(split[:words]) + ("…" if len(split) > words else "")
