"""What ingestion hands to the summarizer: a document as typed blocks in reading order.

Every format (PDF, docx, Markdown, plain text, article pages) is turned into the same blocks, so
the text the app shows and the text the summarizer reads come from one place, and the summarizer
can tell a heading, a table of contents or a reference list from prose.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Literal, get_args

READING_WORDS_PER_MINUTE = 230
# Every kind a block can have: what a summary reads (prose), what shapes it (title, heading), the rest left out.
BlockKind = Literal[
    "title",
    "heading",
    "paragraph",
    "list_item",
    "table",
    "code",
    "caption",
    "footnote",
    "toc",
    "reference",
    "index",
    "running",
]
BLOCK_KINDS: tuple[BlockKind, ...] = get_args(BlockKind)
LEFT_OUT_KINDS: dict[str, str] = {  # each kind a summary never reads, as the reader is told about it
    "table": "tables",
    "code": "code and formulas",
    "caption": "captions and figure text",
    "footnote": "footnotes",
    "toc": "contents",
    "reference": "references",
    "index": "index entries",
    "running": "running heads, feet and page numbers",
}


def words_in(text: str) -> int:
    """The one word count every screen, export and coverage line uses: runs of non-space characters."""
    return len(text.split())


class Origin(Enum):
    """Where a block's kind came from, where that is not plain: for code to test (`block.origin is Origin.OUTLINE`),
    and, in `reason`, for the reader to be told. Paragraph rules' origins carry the rule's name (`textkind.RULES`)."""

    BULLET = "bullet"
    CAPTION_OPENING = "caption opening"
    PICTURE_CAPTION = "picture caption"
    REFERENCE_ENTRY = "reference entry"
    PROGRAM_TEXT = "program text"
    TOC_RUN = "toc run"
    UNDER_CONTENTS = "under contents"
    UNDER_REFERENCES = "under references"
    UNDER_INDEX = "under index"
    NUMBER_GOES_BACK = "number goes back"
    TITLE_STYLE = "title style"
    PAGE_HEADER = "page header"
    LARGEST_TEXT = "largest text"
    OUTLINE = "outline"
    FONT = "font"
    BOLD_RUN_IN = "bold run-in"
    NUMBERED_RUN_IN = "numbered run-in"
    SHORT_CELLS = "short cells"
    NUMBERED_ITEM = "numbered item"
    TERM_ROWS = "term rows"
    SET_CAPTION = "set-aside caption"
    SET_FOOTNOTE = "set-aside footnote"
    AXIS_TICKS = "axis ticks"
    CHART_LABELS = "chart labels"
    FIGURE_TEXT = "figure text"
    RUNNING = "running"

    @property
    def reason(self) -> str:
        """Why the block has its kind, as the reader is told ('the PDF's outline')."""
        return REASONS[self]


REASONS: dict[Origin, str] = {
    Origin.BULLET: "it starts with a bullet",
    Origin.CAPTION_OPENING: "it starts like a caption ('Figure 2:')",
    Origin.PICTURE_CAPTION: "it reads like a photo's caption ('Pictured: ...', '... poses in ...', a credit)",
    Origin.REFERENCE_ENTRY: "it reads like a reference entry (authors, a year)",
    Origin.PROGRAM_TEXT: "it is dense in symbols, like program text or a formula",
    Origin.TOC_RUN: "a run of lines ending in page numbers",
    Origin.UNDER_CONTENTS: "under a Contents heading",
    Origin.UNDER_REFERENCES: "under a References heading",
    Origin.UNDER_INDEX: "under an Index heading",
    Origin.NUMBER_GOES_BACK: "its number goes back: a numbered list item",
    Origin.TITLE_STYLE: "its Title style",
    Origin.PAGE_HEADER: "a page header or footer",
    Origin.LARGEST_TEXT: "the largest text on the first page",
    Origin.OUTLINE: "the PDF's outline",
    Origin.FONT: "its font and numbering",
    Origin.BOLD_RUN_IN: "a bold run-in heading",
    Origin.NUMBERED_RUN_IN: "its numbering, run into its paragraph",
    Origin.SHORT_CELLS: "rows of short cells",
    Origin.NUMBERED_ITEM: "an item of a numbered list",
    Origin.TERM_ROWS: "rows of terms and what they mean",
    Origin.SET_CAPTION: "it opens like a caption ('Figure 2:') where no sentence runs on into it",
    Origin.SET_FOOTNOTE: "smaller text at the foot of a column, under a mark, a rule or a gap",
    Origin.AXIS_TICKS: "a chart's axis ticks",
    Origin.CHART_LABELS: "a chart's labels, between its axis ticks and its caption",
    Origin.FIGURE_TEXT: "text inside a figure",
    Origin.RUNNING: "a running head, foot or page number",
}


@dataclass(frozen=True)
class Block:
    """One unit of a document: its kind, text, heading level (headings only), page (paged formats; the page it
    starts on), where its kind came from when that is not plain (`origin`, told to the reader as `reason`: 'the
    PDF's outline'), and, for a block that runs on over a page break, where in its text each later page starts."""

    kind: BlockKind
    text: str
    level: int = 0
    page: int | None = None
    origin: Origin | None = None
    later_pages: tuple[tuple[int, int], ...] = ()  # (offset in `text`, page) where the text goes on to a later page

    @property
    def reason(self) -> str:
        """Why the block has its kind, as the reader is told; empty when it is plain."""
        return self.origin.reason if self.origin else ""

    def page_at(self, offset: int) -> int | None:
        """The page the character at `offset` of the text is on."""
        page = self.page
        for start, later in self.later_pages:
            if start > offset:
                break
            page = later
        return page

    def cut(self, start: int, end: int | None = None) -> "Block":
        """The block with only `text[start:end]` (a bullet or spaces taken off), its pages where they start in it."""
        text = self.text[start:end]
        if not self.later_pages:
            return replace(self, text=text)
        pages = [(at - start, later) for at, later in self.later_pages if 0 < at - start < len(text)]
        return replace(self, text=text, page=self.page_at(start), later_pages=tuple(pages))


def page_ranges(numbers: list[int] | tuple[int, ...], dash: str = "-") -> str:
    """Page numbers as ranges: [1, 2, 3, 5] as '1-3, 5'."""
    spans, start = [], None
    for i, n in enumerate(numbers):
        if start is None:
            start = n
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            spans.append(str(start) if start == n else f"{start}{dash}{n}")
            start = None
    return ", ".join(spans)


@dataclass(frozen=True)
class OcrReport:
    """Which pages were read by OCR, of how many, the recognizer's mean confidence per character (0-1), which
    scanned pages were not read because they hold only figures, the engine that read them ('Tesseract'), and which
    scanned pages were not read because they are blank."""

    pages: tuple[int, ...]
    total: int
    confidence: float
    figures: tuple[int, ...] = ()
    engine: str = ""
    blank: tuple[int, ...] = ()

    def describe(self) -> str:
        """'Pages 1–3 were read by OCR (Tesseract, confidence 94%).', said so a reader knows what to double-check."""
        sure = (
            f"({self.engine}, confidence {self.confidence:.0%})"
            if self.engine
            else f"(confidence {self.confidence:.0%})"
        )
        if self.total == 1 and self.pages == (1,):
            return f"The text was read by OCR {sure}."
        if len(self.pages) == 1:
            return f"Page {self.pages[0]} of {self.total} was read by OCR {sure}."
        if len(self.pages) == self.total:
            return f"{'Both' if self.total == 2 else f'All {self.total:,}'} pages were read by OCR {sure}."
        return f"Pages {page_ranges(self.pages, '–')} of {self.total} were read by OCR {sure}."


@dataclass(frozen=True)
class Extracted:
    """What a format's reader found in a file: its blocks, and the title, page count, warnings and OCR report it
    learned on the way (a `Document` once the file's name and kind are added)."""

    blocks: tuple[Block, ...]
    title: str = ""
    pages: int | None = None
    warnings: list[str] = field(default_factory=list)
    ocr: OcrReport | None = None


def render(blocks: tuple[Block, ...] | list[Block]) -> str:
    """The document as plain text: one block per paragraph, list items marked, headings on their own line."""
    lines = []
    for block in blocks:
        lines.append(f"- {block.text}" if block.kind == "list_item" else block.text)
    return "\n\n".join(lines)


@dataclass(frozen=True)
class Document:
    """Blocks in reading order, the title if any, the page count of paged formats, extraction warnings, and
    which pages were read by OCR."""

    name: str
    kind: Literal[
        "pdf", "docx", "image", "html", "text", "article"
    ]  # the file's kind (`formats.table.FileKind`), or a web page fetched
    blocks: tuple[Block, ...]
    title: str = ""
    pages: int | None = None
    warnings: list[str] = field(default_factory=list)
    ocr: OcrReport | None = None

    @property
    def text(self) -> str:
        """The document's content as plain text: every block but running heads, feet and page numbers."""
        return render([b for b in self.blocks if b.kind != "running"])

    @property
    def block_count(self) -> int:
        """How many blocks of the document's own text (headings and paragraphs alike; running heads and feet are the
        page's, not the text's). Screens without pages call them paragraphs."""
        return sum(1 for block in self.blocks if block.kind != "running")

    @property
    def words(self) -> int:
        """Every word of every block, left-out kinds included: the count the coverage line starts from."""
        return sum(words_in(block.text) for block in self.blocks)

    @property
    def read_text(self) -> str:
        """The title, headings and prose: what the summarizer reads."""
        return render([b for b in self.blocks if b.kind not in LEFT_OUT_KINDS])

    def left_out(self) -> dict[str, list[Block]]:
        """The blocks no summary reads, by kind (tables, code, references, ...), in reading order."""
        found: dict[str, list[Block]] = {}
        for block in self.blocks:
            if block.kind in LEFT_OUT_KINDS:
                found.setdefault(block.kind, []).append(block)
        return found

    @property
    def reading_minutes(self) -> float:
        return self.words / READING_WORDS_PER_MINUTE
