"""What ingestion hands to the summarizer: text in reading order plus what the user should know."""

from __future__ import annotations

from dataclasses import dataclass, field

READING_WORDS_PER_MINUTE = 230


@dataclass(frozen=True)
class Document:
    """Extracted text, its title if any, page or paragraph counts, and warnings about the extraction."""

    name: str
    kind: str
    text: str
    title: str = ""
    pages: int | None = None
    paragraphs: int = 0
    warnings: list[str] = field(default_factory=list)

    @property
    def words(self) -> int:
        return len(self.text.split())

    @property
    def reading_minutes(self) -> float:
        return self.words / READING_WORDS_PER_MINUTE
