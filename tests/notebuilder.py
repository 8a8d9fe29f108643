"""Papers made with fpdf2 whose captions and footnotes cut the body's sentences, for the notes tests.

The body is set line by line in one or two columns. After a chosen line a figure (a framed box) and its caption
float into the flow, and the word the line break falls in is hyphenated across them ("al-" / caption /
"gorithm"). A footnote in a smaller size, under a short rule, sits at the foot of the first column, so the
sentence running there goes on in the next column or page; its mark is raised after a word of the body."""

from __future__ import annotations

from dataclasses import dataclass

from tests.builders import FONT

PAGE_WIDTH, PAGE_HEIGHT, MARGIN, GUTTER = 595.0, 842.0, 56.0, 20.0
LEADING = 1.25


@dataclass(frozen=True)
class NotedPaper:
    """What to set: the body's sentences, the caption, the footnote and its mark (none: an unmarked note), the sizes,
    the body line the caption follows, the word broken across the caption and where, and the body word the
    footnote's mark follows."""

    sentences: tuple[str, ...]
    caption: str
    footnote: str
    mark: str = "1"
    body_size: float = 10.0
    note_size: float = 8.0
    columns: int = 1
    caption_after: int = 6
    broken: str = "algorithm"
    cut: int = 2
    marked_word: int = 3
    rule: bool = True
    ticks: tuple[int, ...] = ()  # a chart's axis ticks, set spaced out under the figure's box
    label: str = ""  # the axis's label, under its ticks


def noted_pdf(paper: NotedPaper) -> tuple[bytes, str]:
    """The PDF, and the body's text as a reader should get it: the sentences whole, the broken word joined, no mark."""
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format=(PAGE_WIDTH, PAGE_HEIGHT))
    pdf.set_auto_page_break(False)
    pdf.add_font("Sans", fname=FONT)
    width = (PAGE_WIDTH - 2 * MARGIN - (paper.columns - 1) * GUTTER) / paper.columns
    head, tail = paper.broken[: paper.cut], paper.broken[paper.cut :]
    pdf.set_font("Sans", size=paper.body_size)
    words = " ".join(paper.sentences).split()
    lines = _wrapped(pdf, words, width - pdf.get_string_width(f" {head}-"))
    at = min(paper.caption_after, len(lines) - 2)
    before = sum(len(line.split()) for line in lines[: at + 1])
    lines[at] += f" {head}-"
    lines[at + 1] = f"{tail} {lines[at + 1]}"
    body = " ".join(words[:before] + [paper.broken] + words[before:])
    pdf.set_font("Sans", size=paper.note_size)
    notes = _wrapped(pdf, paper.footnote.split(), width - 2 * paper.note_size)
    captions = _wrapped(pdf, paper.caption.split(), width)
    foot = PAGE_HEIGHT - MARGIN - (len(notes) + 1.5) * paper.note_size * LEADING
    page = _Flow(pdf, paper, width)
    for number, line in enumerate(lines):
        page.room(paper.body_size * LEADING, foot, notes)
        page.body_line(line, min(paper.marked_word, before - 1))
        if number == at:
            page.figure(captions, foot, notes)
    if not page.noted:
        page.footnote(notes, foot)
    return bytes(pdf.output()), body


def _wrapped(pdf, words: list[str], width: float) -> list[str]:
    lines, current = [], ""
    for word in words:
        trial = f"{current} {word}".strip()
        if current and pdf.get_string_width(trial) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    return lines + [current] if current else lines


class _Flow:
    """Where the next line goes: the column, the height on the page, the body words set so far, and whether the
    footnote is down."""

    def __init__(self, pdf, paper: NotedPaper, width: float):
        self.pdf, self.paper, self.width = pdf, paper, width
        self.column, self.y, self.words, self.noted = 0, MARGIN, 0, False
        pdf.add_page()

    @property
    def x(self) -> float:
        return MARGIN + self.column * (self.width + GUTTER)

    def room(self, height: float, foot: float, notes: list[str]) -> None:
        """Go on in the next column or page unless `height` fits above the foot (the footnote's, in the first)."""
        bottom = foot if not self.noted else PAGE_HEIGHT - MARGIN
        if self.y + height <= bottom:
            return
        if not self.noted:
            self.footnote(notes, foot)
        self.column, self.y = self.column + 1, MARGIN
        if self.column == self.paper.columns:
            self.pdf.add_page()
            self.column = 0

    def body_line(self, line: str, marked: int) -> None:
        """One body line; the footnote's mark raised after its last word when the body's `marked`-th word is on it
        (at the line's end, since PDFium starts a new line after a raised run that fpdf2 sets as a cell of its own)."""
        pdf, size = self.pdf, self.paper.body_size
        pdf.set_font("Sans", size=size)
        pdf.set_xy(self.x, self.y)
        pdf.cell(pdf.get_string_width(line), size * LEADING, line)
        words = len(line.split())
        if self.paper.mark and self.words <= marked < self.words + words and line[-1:].isalpha():
            pdf.char_vpos = "SUP"
            pdf.cell(pdf.get_string_width(self.paper.mark), size * LEADING, self.paper.mark)
            pdf.char_vpos = "LINE"
        self.words += words
        self.y += size * LEADING

    def figure(self, captions: list[str], foot: float, notes: list[str]) -> None:
        """A framed box, its axis ticks and label and its caption under it, in the note size, with space around."""
        pdf, paper = self.pdf, self.paper
        box = paper.body_size * 8
        self.room(box + (len(captions) + 5) * paper.note_size * LEADING, foot, notes)
        self.y += paper.body_size
        pdf.rect(self.x + self.width * 0.1, self.y, self.width * 0.8, box)
        self.y += box + paper.note_size
        pdf.set_font("Sans", size=paper.note_size)
        for number, tick in enumerate(paper.ticks):
            pdf.set_xy(self.x + self.width * (0.1 + 0.8 * number / max(1, len(paper.ticks) - 1)), self.y)
            pdf.cell(pdf.get_string_width(str(tick)), paper.note_size * LEADING, str(tick))
        self.y += paper.note_size * LEADING if paper.ticks else 0
        if paper.ticks and paper.label:
            pdf.set_xy(self.x + self.width * 0.4, self.y)
            pdf.cell(pdf.get_string_width(paper.label), paper.note_size * LEADING, paper.label)
            self.y += paper.note_size * LEADING
        self.y += paper.note_size * LEADING * 0.5 if paper.ticks else 0
        for text in captions:
            pdf.set_xy(self.x, self.y)
            pdf.cell(self.width, paper.note_size * LEADING, text)
            self.y += paper.note_size * LEADING
        self.y += paper.body_size * 1.5

    def footnote(self, notes: list[str], foot: float) -> None:
        """The footnote at the foot of the first column: a short rule, the raised mark, the text."""
        pdf, paper = self.pdf, self.paper
        x, y = MARGIN + self.column * (self.width + GUTTER), foot
        if paper.rule:
            pdf.set_line_width(0.4)
            pdf.line(x, y, x + self.width * 0.3, y)
        y += paper.note_size * 0.5
        pdf.set_font("Sans", size=paper.note_size)
        for number, text in enumerate(notes):
            pdf.set_xy(x, y)
            if number == 0 and paper.mark:
                pdf.char_vpos = "SUP"
                pdf.cell(pdf.get_string_width(paper.mark) + 1, paper.note_size * LEADING, paper.mark)
                pdf.char_vpos = "LINE"
            else:
                pdf.set_x(x + 2 * paper.note_size)
            pdf.cell(self.width, paper.note_size * LEADING, text)
            y += paper.note_size * LEADING
        self.noted = True
