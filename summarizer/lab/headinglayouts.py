"""Generated layouts for the heading model: fpdf2 papers with random fonts, numbering styles (or none), headings
in bold, larger type or small capitals, subsections run into their paragraphs, one or two columns, tables with bold
or larger header rows, running heads, captions and numbered lists, each with the headings it holds.

A document is made from a seed alone, so the same seed gives the same PDF and the same headings.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

WORDS = (
    "the system stores each record in a log and replays it after a crash while replicas agree on the order of "
    "updates so that clients read consistent data we measure latency throughput and recovery time under load "
    "with many servers a leader sends heartbeats to followers which vote when it fails our design keeps the "
    "index small and the cache warm queries scan fewer pages than before results show a clear gain"
).split()
TOPICS = (
    "Introduction|Background|Related Work|System Design|Architecture|Implementation|Evaluation|Experimental Setup|"
    "Results|Discussion|Limitations|Conclusion|Future Work|Data Model|Query Processing|Fault Tolerance|"
    "Performance Analysis|Threat Model|Security|Case Study|Methodology|Problem Statement|Overview|Proofs|"
    "Lower Bounds|Applications|Storage Layout|Concurrency Control|Recovery|Scheduling"
).split("|")
SUBTOPICS = (
    "Design goals|Assumptions|Message flow|Log compaction|Leader election|Cost model|Workloads|Datasets|"
    "Baselines|Microbenchmarks|Scalability|Failure handling|Correctness|Notation|Main result|Examples"
).split("|")
UNNUMBERED = ("Foreword", "Introduction", "Preface", "Abstract")  # set before a standard's or report's numbered clauses
LONG_TAILS = ("for", "with")  # joins subtopics into a heading long enough to wrap
FRONT_MATTER = 0.3  # the share of numbered layouts that open with an unnumbered heading (UNNUMBERED)
PLACES = ("Microsoft Research", "University of Leeds", "Dept. of Computer Science, Aalto University", "INRIA Paris")
AUTHORS = ("N. Lindqvist", "Cynthia Dwork", "Nancy Lynch", "A. Author", "B. Writer", "Jim Gray", "R. Ortiz-Vega")
BYLINE_CAPS = 0.4  # the share of author lines set in capitals ("CYNTHIA DWORK AND NANCY LYNCH"), a third of them bold
AFFILIATED = 0.4  # the share of layouts whose author line is followed by numbered affiliations ("1 Microsoft Research")
STANDARDS = 0.2  # the share of layouts set as a standard: clauses each open a page, unnumbered front matter, annexes
LONG_HEADS = 0.5  # the share of layouts whose top headings may run long enough to wrap onto a second line
TABLE_HEADS = ("Symbol|Description", "Name|Description|Required", "Part name|Content type", "System|Latency|Throughput")
FAMILIES = ("Helvetica", "Times")
NUMBERING = ("arabic", "arabic_dot", "roman", "letter", "none", "section")
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")
PAGE_W, PAGE_H, MARGIN = 210.0, 297.0, 20.0


@dataclass(frozen=True)
class Generated:
    """A generated PDF, the texts of its headings, and whether its subsections are run in."""

    pdf: bytes
    headings: tuple[str, ...]
    run_in: bool = False


def _sentence(rng: random.Random) -> str:
    words = rng.choices(WORDS, k=rng.randint(8, 22))
    return " ".join(words).capitalize() + "."


def _paragraph(rng: random.Random) -> str:
    return " ".join(_sentence(rng) for _ in range(rng.randint(2, 6)))


def _number(style: str, index: int, sub: int) -> str:
    """A heading's number in `style` (`sub` 0 for a section, else the subsection's)."""
    if style == "none":
        return ""
    if style == "roman":
        return f"{ROMAN[index % 10]}." if not sub else f"{chr(64 + sub)}."
    if style == "letter":
        return f"{chr(65 + index % 26)}." if not sub else f"{chr(65 + index % 26)}.{sub}"
    if style == "section" and not sub:
        return f"Section {index + 1}:"
    base = f"{index + 1}" if not sub else f"{index + 1}.{sub}"
    return base + "." if style == "arabic_dot" and not sub else base


class _Writer:
    """Lines written into one or two columns, a new column or page when one is full, with running heads."""

    def __init__(self, rng: random.Random) -> None:
        from fpdf import FPDF

        self.rng = rng
        self.pdf = FPDF(unit="mm", format="A4")
        self.pdf.set_auto_page_break(False)
        self.family = rng.choice(FAMILIES)
        self.body = rng.choice((9.0, 10.0, 10.5, 11.0, 12.0))
        self.columns = rng.choice((1, 1, 2))
        gutter = 8.0
        self.width = (PAGE_W - 2 * MARGIN - gutter * (self.columns - 1)) / self.columns
        self.lefts = [MARGIN + k * (self.width + gutter) for k in range(self.columns)]
        self.running = rng.random() < 0.6
        self.head = " ".join(rng.choices(WORDS, k=4)).upper() if rng.random() < 0.5 else "Proceedings of the Workshop"
        self.column = 0
        self.new_page()

    def new_page(self) -> None:
        """Go on at the top of a new page, its running heads set (a full column, or a section that opens a page)."""
        self.pdf.add_page()
        self.column = 0
        if self.running:
            self.pdf.set_font(self.family, "I", 8)
            self.pdf.set_xy(MARGIN, 10)
            self.pdf.cell(PAGE_W - 2 * MARGIN, 4, self.head, align="C")
            self.pdf.set_xy(MARGIN, PAGE_H - 12)
            self.pdf.cell(PAGE_W - 2 * MARGIN, 4, str(self.pdf.page_no()), align="C")
        self.pdf.set_xy(self.lefts[0], MARGIN + 4)

    def _room(self, height: float) -> None:
        if self.pdf.get_y() + height <= PAGE_H - MARGIN - 4:
            return
        if self.column + 1 < self.columns:
            self.column += 1
            self.pdf.set_xy(self.lefts[self.column], MARGIN + 4)
        else:
            self.new_page()

    def text(self, text: str, size: float, style: str = "", before: float = 0.0, keep: int = 1) -> None:
        """`text` set in the current column, wrapped, `before` mm below what precedes it."""
        self.pdf.set_font(self.family, style, size)
        height = size * 0.45
        lines: list[str] = self.pdf.multi_cell(self.width, height, text, dry_run=True, output="LINES")  # type: ignore[assignment]
        self._room(before + height * keep)
        self.pdf.set_y(self.pdf.get_y() + before)
        for line in lines:
            self._room(height)
            self.pdf.set_x(self.lefts[self.column])
            self.pdf.cell(self.width, height, line, new_x="LEFT", new_y="NEXT")

    def table(self, head: str, bold: bool, larger: bool) -> None:
        """A table: a header row of short cells (bold or larger, as asked) over rows aligned with it."""
        cells = head.split("|")
        width = self.width / len(cells)
        height = self.body * 0.5
        self._room(height * 6 + 4)
        self.pdf.set_y(self.pdf.get_y() + 3)
        rows = [cells] + [
            [" ".join(self.rng.choices(WORDS, k=self.rng.randint(1, 2))) for _ in cells]
            for _ in range(self.rng.randint(3, 5))
        ]
        for number, row in enumerate(rows):
            header = number == 0
            self.pdf.set_font(
                self.family, "B" if header and bold else "", self.body * (1.3 if header and larger else 1)
            )
            self.pdf.set_x(self.lefts[self.column])
            for cell in row:
                self.pdf.cell(width, height, cell)
            self.pdf.ln(height)
        self.pdf.set_y(self.pdf.get_y() + 3)

    def run_in(self, heading: str, text: str) -> None:
        """A paragraph that opens with its bold heading on the same line ("Leader election. The leader ...")."""
        height = self.body * 0.45
        self._room(height * 4 + 2)
        left = self.lefts[self.column]
        self.pdf.set_left_margin(left)
        self.pdf.set_right_margin(PAGE_W - left - self.width)
        self.pdf.set_xy(left, self.pdf.get_y() + 2)
        self.pdf.set_font(self.family, "B", self.body)
        self.pdf.write(height, f"{heading}. ")
        self.pdf.set_font(self.family, "", self.body)
        self.pdf.write(height, text)
        self.pdf.ln(height)


SMALL_CAPS = (0.9, "", True)  # capitals a little smaller than the body, as IEEE sets its section headings


def _style(rng: random.Random) -> tuple[float, str, bool]:
    """A heading level's size factor, weight and whether it is in capitals."""
    if rng.random() < 0.15:
        return SMALL_CAPS
    return rng.choice((1.0, 1.1, 1.2, 1.4, 1.6)), rng.choice(("B", "B", "", "BI")), rng.random() < 0.2


def generate(seed: int) -> Generated:
    """One generated paper: title, sections and subsections with numbers of one style, paragraphs, a table or
    two, captions and a numbered list."""
    rng = random.Random(seed)
    writer = _Writer(rng)
    standard = rng.random() < STANDARDS
    numbering = "arabic_dot" if standard else rng.choice(NUMBERING)
    top, sub = _style(rng), _style(rng)
    run_in = rng.random() < 0.25  # subsections as bold headings run into their paragraphs
    if top[0] == 1.0 and top[1] == "" and numbering == "none":
        top = (1.3, top[1], top[2])
    _opening(writer, rng)
    headings = _front(writer, rng, numbering, top, standard)
    long_heads = rng.random() < LONG_HEADS
    for index, topic in enumerate(rng.sample(TOPICS, rng.randint(4, 7))):
        if standard:
            writer.new_page()
        headings.append(_heading(writer, numbering, index, 0, _lengthened(rng, topic) if long_heads else topic, top))
        writer.text(_paragraph(rng), writer.body, before=1)
        for number, part in enumerate(rng.sample(SUBTOPICS, rng.choice((0, 0, 2, 3))), 1):
            if run_in:
                writer.run_in(part, " ".join(_sentence(rng) for _ in range(2)))
                headings.append(part)
                continue
            headings.append(_heading(writer, numbering, index, number, part, sub))
            writer.text(_paragraph(rng), writer.body, before=1)
        _extra(writer, rng)
    if standard:
        headings += _annexes(writer, rng, top)
    return Generated(bytes(writer.pdf.output()), tuple(headings), run_in)


def _opening(writer: _Writer, rng: random.Random) -> None:
    """The title, the author line (now and then in capitals), now and then numbered affiliations under it, and an
    opening paragraph."""
    writer.text(" ".join(rng.sample(TOPICS, 3)) + " for Replicated Logs", writer.body * 1.8, "B")
    byline = " and ".join(rng.sample(AUTHORS, rng.randint(1, 3)))
    capitals = rng.random() < BYLINE_CAPS
    bold = "B" if capitals and rng.random() < 1 / 3 else ""
    writer.text(byline.upper() if capitals else byline, writer.body, bold, before=2)
    if rng.random() < AFFILIATED:
        places = rng.sample(PLACES, 2)
        writer.text(f"1 {places[0]} 2 {places[1]}" if rng.random() < 0.5 else f"1 {places[0]}", writer.body, "")
    writer.text(_paragraph(rng), writer.body, "", before=4)


def _lengthened(rng: random.Random, topic: str) -> str:
    """Half the time, a section's topic run long enough to wrap ("Results and Overview for workloads with ...")."""
    if rng.random() >= 0.5:
        return topic
    tail = " ".join(f"{join} {part.lower()}" for join, part in zip(LONG_TAILS, rng.sample(SUBTOPICS, 2)))
    return f"{topic} and {rng.choice(TOPICS)} {tail}"


def _front(
    writer: _Writer, rng: random.Random, numbering: str, style: tuple[float, str, bool], standard: bool
) -> list[str]:
    """The unnumbered headings before the numbered ones: a standard's Foreword and Introduction, each opening a page,
    or now and then one in a numbered paper."""
    if standard:
        names = list(UNNUMBERED[:2])
    elif numbering != "none" and rng.random() < FRONT_MATTER:
        names = [rng.choice(UNNUMBERED)]
    else:
        return []
    headings = []
    for name in names:
        if standard:
            writer.new_page()
        headings.append(_heading(writer, "none", 0, 0, name, style))
        writer.text(_paragraph(rng), writer.body, before=1)
    return headings


def _annexes(writer: _Writer, rng: random.Random, style: tuple[float, str, bool]) -> list[str]:
    """A standard's annexes, each opening a page with its heading set on three lines ("Annex A.", "(informative)",
    its title)."""
    size, weight, caps = style
    headings = []
    for index in range(rng.randint(1, 2)):
        writer.new_page()
        written = (f"Annex {chr(65 + index)}.", rng.choice(("(informative)", "(normative)")), rng.choice(TOPICS))
        parts = [part.upper() if caps else part for part in written]
        for number, part in enumerate(parts):
            writer.text(part, writer.body * size, weight, before=writer.body * 0.5 if number == 0 else 0.0, keep=3)
        headings.append(" ".join(parts))
        writer.text(_paragraph(rng), writer.body, before=1)
    return headings


def _heading(writer: _Writer, numbering: str, index: int, sub: int, text: str, style: tuple[float, str, bool]) -> str:
    size, weight, caps = style
    text = f"{_number(numbering, index, sub)} {text.upper() if caps else text}".strip()
    writer.text(text, writer.body * size, weight, before=writer.body * 0.5, keep=3)
    return text


def _extra(writer: _Writer, rng: random.Random) -> None:
    """What often sits between sections and is no heading: a table, a caption, a numbered list, a bold sentence."""
    choice = rng.randrange(4)
    if choice == 0:
        writer.table(rng.choice(TABLE_HEADS), rng.random() < 0.7, rng.random() < 0.5)
        writer.text(f"Table {rng.randint(1, 9)}: {_sentence(rng)}", writer.body * 0.9, before=1)
    elif choice == 1:
        for item in range(1, rng.randint(3, 5)):
            writer.text(f"{item}. {_sentence(rng)}", writer.body)
    elif choice == 2:
        writer.text(_sentence(rng), writer.body, "B", before=2)
        writer.text(_paragraph(rng), writer.body)
    else:
        writer.text(f"Figure {rng.randint(1, 9)}. {_sentence(rng)}", writer.body * 0.9, before=2)
