"""What ingestion hands to the summarizer: a document as typed blocks in reading order.

Every format (PDF, docx, Markdown, plain text, article pages) is turned into the same blocks, so
the text the app shows and the text the summarizer reads come from one place, and the summarizer
can tell a heading, a table of contents or a reference list from prose.
"""

from __future__ import annotations

from dataclasses import dataclass, field

READING_WORDS_PER_MINUTE = 230
BLOCK_KINDS = ("heading", "paragraph", "list_item", "table", "code", "caption", "toc", "reference", "index")
PROSE_KINDS = frozenset({"paragraph", "list_item"})


@dataclass(frozen=True)
class Block:
    """One unit of a document: its kind, text, heading level (headings only) and page (paged formats)."""

    kind: str
    text: str
    level: int = 0
    page: int | None = None

    @property
    def is_prose(self) -> bool:
        return self.kind in PROSE_KINDS


def render(blocks: tuple[Block, ...] | list[Block]) -> str:
    """The document as plain text: one block per paragraph, list items marked, headings on their own line."""
    lines = []
    for block in blocks:
        lines.append(f"- {block.text}" if block.kind == "list_item" else block.text)
    return "\n\n".join(lines)


@dataclass(frozen=True)
class Document:
    """Blocks in reading order, the title if any, the page count of paged formats, and extraction warnings."""

    name: str
    kind: str
    blocks: tuple[Block, ...]
    title: str = ""
    pages: int | None = None
    warnings: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return render(self.blocks)

    @property
    def paragraphs(self) -> int:
        return len(self.blocks)

    @property
    def words(self) -> int:
        return sum(len(block.text.split()) for block in self.blocks)

    @property
    def reading_minutes(self) -> float:
        return self.words / READING_WORDS_PER_MINUTE

    @property
    def sections(self) -> int:
        return sum(1 for block in self.blocks if block.kind == "heading")
