"""Generated paper and book layouts, written by fpdf2, with the sections they truly have.

Each `Layout` is drawn by hypothesis (random names, titles, numbers, fonts, sizes, one or two columns) and
set line by line by a small typesetter here, so that running heads, table rows, wrapped headings and chapter
openings land where a real typesetter puts them. `render` returns the PDF; `Layout.truth` the section titles a
reader should be shown, in order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fpdf import FPDF
from fpdf.enums import MethodReturnValue
from hypothesis import strategies as st

from summarizer.lab.syntheticprose import OBJECTS, SUBJECTS, TAILS, VERBS

FONTS = "/usr/share/fonts/truetype"
FAMILIES: dict[str, tuple[str, str] | None] = {
    "DejaVu Sans": (f"{FONTS}/dejavu/DejaVuSans.ttf", f"{FONTS}/dejavu/DejaVuSans-Bold.ttf"),
    "DejaVu Serif": (f"{FONTS}/dejavu/DejaVuSerif.ttf", f"{FONTS}/dejavu/DejaVuSerif-Bold.ttf"),
    "Liberation Sans": (
        f"{FONTS}/liberation/LiberationSans-Regular.ttf",
        f"{FONTS}/liberation/LiberationSans-Bold.ttf",
    ),
    "Liberation Serif": (
        f"{FONTS}/liberation/LiberationSerif-Regular.ttf",
        f"{FONTS}/liberation/LiberationSerif-Bold.ttf",
    ),
    "Times": None,  # fpdf2's core fonts: no file, as old PDFs set them
    "Helvetica": None,
}
FIRST = ["Diane", "Jelani", "Sjoerd", "Maria", "Kenji", "Olufemi", "Ingrid", "Tomasz", "Priya", "Lucas", "Amara"]
LAST = ["Maclagan", "Nelson", "Dirksen", "Okafor", "Lindqvist", "Tanaka", "Kowalski", "Moreau", "Haddad", "Ferreira"]
TOPIC = [
    "Replicated",
    "Storage",
    "Consensus",
    "Membership",
    "Scheduling",
    "Compaction",
    "Recovery",
    "Latency",
    "Routing",
    "Caching",
    "Indexing",
    "Sampling",
    "Embedding",
    "Partitioning",
    "Verification",
]
NOUN = ["Model", "Design", "Protocol", "Analysis", "Results", "Machines", "Logs", "Clusters", "Bounds", "Trees"]
LINK = ["with", "for", "of", "and", "in", "under"]
CELL = ["ID", "Name", "Type", "Value", "Symbol", "Units", "Default", "Range", "Owner", "Status", "Size", "Kind"]
HEADERS = ["Symbol", "Description", "Name", "Required/Optional", "Attribute", "Default", "Type", "Meaning"]
VERB = ["describes", "presents", "discusses", "evaluates", "reviews", "introduces"]


@dataclass
class Section:
    """One section: its heading as printed, and what follows it."""

    heading: str
    paragraphs: list[str]
    table: list[list[str]] = field(default_factory=list)


@dataclass
class Layout:
    """Everything that decides how a generated document looks."""

    family: str
    body: float
    heading_size: float
    heading_bold: bool
    columns: int
    title: str
    byline: str
    sections: list[Section]
    running: tuple[str, str] = ("", "")  # even-page and odd-page running heads ('' for none)
    number_outside: bool = True  # the page number at the outer end of the running head, else the inner end
    chapters: bool = False  # each section opens a new page with its title in a large size
    wrap_share: float = 0.0  # long headings set in this share of their width wrap onto a second line
    head_at: float = 12.0  # how far down the page the running head sits (mm)
    chapter_gap: float = 0.0  # the space under a chapter's title (mm), beyond the usual
    foot: bool = False  # the running line is set at the page's foot, under the text, not at its head

    @property
    def truth(self) -> list[str]:
        return [section.heading for section in self.sections]


def body_layout(draw) -> Layout:
    """A layout for body text alone: a random font family, size and one or two columns, no title or byline."""
    return Layout(
        family=draw(st.sampled_from(sorted(FAMILIES))),
        body=draw(st.sampled_from([9.0, 10.0, 11.0])),
        heading_size=14.0,
        heading_bold=True,
        columns=draw(st.integers(1, 2)),
        title="",
        byline="",
        sections=[],
    )


def _sentence(draw) -> str:
    return (
        f"{draw(st.sampled_from(SUBJECTS))} {draw(st.sampled_from(VERBS))} "
        f"{draw(st.sampled_from(OBJECTS))} {draw(st.sampled_from(TAILS))}."
    )


def _paragraph(draw, low: int = 4, high: int = 7) -> str:
    return " ".join(_sentence(draw) for _ in range(draw(st.integers(low, high))))


def _name(draw, initials: bool) -> str:
    if initials:
        letters = draw(st.lists(st.sampled_from("ABCDEGHJKLMNPRST"), min_size=1, max_size=3))
        return " ".join(f"{letter}." for letter in letters) + " " + draw(st.sampled_from(LAST))
    return f"{draw(st.sampled_from(FIRST))} {draw(st.sampled_from(LAST))}"


def _title_words(draw, low: int, high: int) -> str:
    """A heading's words: capitalized topic and noun words, now and then joined by a lowercase link word."""
    words = [draw(st.sampled_from(TOPIC))]
    while len(words) < draw(st.integers(low, high)):
        if words[-1] not in LINK and draw(st.booleans()) and len(words) >= 2:
            words.append(draw(st.sampled_from(LINK)))
        words.append(draw(st.sampled_from(TOPIC + NOUN)))
    return " ".join(words)


def _numbered(draw, titles: list[str], numbering: str) -> list[str]:
    roman = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]
    if numbering == "arabic":
        return [f"{n} {t}" for n, t in enumerate(titles, 1)]
    if numbering == "dotted":
        return [f"{n}. {t}" for n, t in enumerate(titles, 1)]
    if numbering == "roman":
        return [f"{roman[n]}. {t.upper()}" for n, t in enumerate(titles)]
    return titles


@st.composite
def layouts(
    draw,
    running: bool = False,
    tables: bool = False,
    wrapped: bool = False,
    chapters: bool = False,
    roadmap: bool = False,
    byline_initials: bool | None = None,
) -> Layout:
    """A paper (or with `chapters`, a book) with the asked-for features, in random fonts, sizes and columns."""
    family = draw(st.sampled_from(sorted(FAMILIES)))
    body = draw(st.sampled_from([9.0, 10.0, 11.0]))
    count = draw(st.integers(2, 6))
    titles: list[str] = []
    while len(titles) < count:
        title = _title_words(draw, 2, 4)
        if title.split()[0] not in {t.split()[0] for t in titles}:
            titles.append(title)
    if wrapped:
        titles = [_title_words(draw, 7, 9) if n % 2 == 0 else t for n, t in enumerate(titles)]
    numbering = "none" if chapters else draw(st.sampled_from(["arabic", "dotted", "roman", "none"]))
    headings = _numbered(draw, titles, numbering)
    low, high = (
        (10, 20) if chapters else (5, 8) if running else (2, 3)
    )  # chapters, and a paper with running heads, run over pages
    sections = [
        Section(heading, [_paragraph(draw) for _ in range(draw(st.integers(low, high)))]) for heading in headings
    ]
    if roadmap:
        sentences = [
            f"Section {n} {draw(st.sampled_from(VERB))} the {draw(st.sampled_from(TOPIC)).lower()} "
            f"{draw(st.sampled_from(NOUN)).lower()} and its {draw(st.sampled_from(NOUN)).lower()}, and gives "
            "several examples of its use in the clusters we measured."
            for n in range(2, len(sections) + 1)
        ]
        sections[0].paragraphs.append(" ".join(sentences))
        sections[0].paragraphs.append(f"{draw(st.integers(2, 9))} {_sentence(draw)}")
    if tables:
        for section in sections:
            if draw(st.booleans()) or section is sections[0]:
                width = draw(st.integers(2, 3))
                header = draw(st.lists(st.sampled_from(HEADERS), min_size=width, max_size=width, unique=True))
                rows = [
                    [
                        draw(st.sampled_from(CELL)) + (str(draw(st.integers(1, 99))) if c == 0 else "")
                        for c in range(width)
                    ]
                    for _ in range(draw(st.integers(2, 5)))
                ]
                section.table = [header, *rows]
    title = _title_words(draw, 3, 6)
    initials = draw(st.booleans()) if byline_initials is None else byline_initials
    authors = [_name(draw, initials) for _ in range(draw(st.integers(1, 3)))]
    byline = ", ".join(authors)
    if draw(st.booleans()):
        byline = byline.upper()
    head = ("", "")
    if running or chapters:
        even = draw(st.sampled_from([authors[0].upper(), title, title.upper(), ", ".join(authors)]))
        odd = "" if chapters else draw(st.sampled_from([title.upper(), title, _title_words(draw, 2, 3)]))
        head = (even, odd)
    return Layout(
        family=family,
        body=body,
        heading_size=body * 2 if chapters else body + draw(st.sampled_from([0.0, 1.0, 2.0, 4.0])),
        heading_bold=True if not chapters else draw(st.booleans()),
        columns=draw(st.integers(1, 2)),
        title=title,
        byline=byline,
        sections=sections,
        running=head,
        number_outside=draw(st.booleans()),
        chapters=chapters,
        wrap_share=draw(st.floats(0.55, 0.8)) if wrapped else 0.0,
        head_at=draw(st.floats(8.0, 40.0)),
        foot=running and draw(st.booleans()),
        chapter_gap=draw(st.floats(0.0, 25.0)) if chapters else 0.0,
    )


class _Typesetter:
    """Places lines top to bottom, column by column, page by page, with running heads (or feet) on every page
    but the first (or, for chapters, on every page but a chapter's first)."""

    TOP, BOTTOM, LEFT, WIDTH, GUTTER, FOOT = 25.0, 272.0, 20.0, 170.0, 8.0, 279.0

    def __init__(self, layout: Layout):
        self.layout = layout
        self.pdf = FPDF(format="A4")
        self.pdf.set_auto_page_break(False)
        files = FAMILIES[layout.family]
        self.family = layout.family if files else layout.family
        if files:
            self.pdf.add_font(layout.family, fname=files[0])
            self.pdf.add_font(layout.family, style="B", fname=files[1])
        self.column_width = (self.WIDTH - (layout.columns - 1) * self.GUTTER) / layout.columns
        self.column = 0
        self.y = self.top = self.TOP
        self.chapter = ""  # the chapter being set: a book's odd pages carry its title as their running head
        self.TOP = layout.head_at + 13

    def font(self, size: float, bold: bool = False) -> None:
        self.pdf.set_font(self.family, "B" if bold else "", size)

    def new_page(self, opening: bool = False) -> None:
        self.pdf.add_page()
        self.column, self.y = 0, self.TOP
        self.top = self.TOP
        number = self.pdf.page_no()
        even, odd = self.layout.running
        text = even if number % 2 == 0 else odd or self.chapter
        if text and number > 1 and not opening:
            self.font(8)
            outer_left = number % 2 == 0
            left_number = outer_left if self.layout.number_outside else not outer_left
            line = f"{number}    {text}" if left_number else f"{text}    {number}"
            at = self.FOOT + (self.layout.head_at - 8) / 4 if self.layout.foot else self.layout.head_at
            self.pdf.set_xy(self.LEFT, at)
            self.pdf.cell(self.WIDTH, 5, line, align="L" if outer_left else "R")

    def x(self) -> float:
        return self.LEFT + self.column * (self.column_width + self.GUTTER)

    def room(self, height: float) -> None:
        """Moves to the next column or page when `height` mm do not fit in this one."""
        if self.y + height <= self.BOTTOM:
            return
        if self.column + 1 < self.layout.columns:
            self.column, self.y = self.column + 1, self.top
        else:
            self.new_page()

    def lines(self, text: str, size: float, bold: bool = False, width: float = 0.0, keep: float = 0.0) -> None:
        """`text` wrapped to the column (or `width`), one line at a time; a heading (`keep` mm kept free below it) never split."""
        self.font(size, bold)
        height = size * 0.5
        wrapped = self.pdf.multi_cell(
            width or self.column_width, height, text, dry_run=True, output=MethodReturnValue.LINES
        )
        if keep:  # a heading: kept whole, and with the start of what follows it
            self.room(height * len(wrapped) + keep)
        for line in wrapped:
            self.room(height)
            self.font(size, bold)  # a new page's running head set its own
            self.pdf.set_xy(self.x(), self.y)
            self.pdf.cell(width or self.column_width, height, line)
            self.y += height

    def table(self, rows: list[list[str]]) -> None:
        cell = self.column_width / len(rows[0])
        size = self.layout.body
        self.font(size, bold=True)
        widest = max(self.pdf.get_string_width(text) for row in rows for text in row)
        size = min(size, size * (cell - 4) / widest)  # a gap of 4 mm at least between cells
        height = size * 0.5
        self.room(height * (len(rows) + 1))
        self.y += height / 2
        for number, row in enumerate(rows):
            self.room(height)
            self.font(size, bold=number == 0)
            for column, text in enumerate(row):
                self.pdf.set_xy(self.x() + column * cell, self.y)
                self.pdf.cell(cell, height, text)
            self.y += height
        self.y += height / 2


def render(layout: Layout) -> bytes:
    """The layout as a PDF: a title and byline on page 1, then the sections (a chapter a page when asked)."""
    setter = _Typesetter(layout)
    setter.new_page(opening=True)
    body = layout.body
    setter.lines(layout.title, body * 2, bold=True, width=setter.WIDTH)
    setter.y += 2
    setter.lines(layout.byline, body + 1, width=setter.WIDTH)
    setter.y += 8
    setter.top = setter.y
    for section in layout.sections:
        if layout.chapters:
            setter.chapter = section.heading.upper() if layout.heading_bold else section.heading
            setter.new_page(opening=True)
            setter.y += 20
        else:
            setter.y += body * 0.4
        width = 0.0
        if layout.wrap_share and len(section.heading.split()) >= 7:  # set to wrap onto a second line
            setter.font(layout.heading_size, layout.heading_bold)
            width = min(setter.column_width, setter.pdf.get_string_width(section.heading) * layout.wrap_share)
        setter.lines(section.heading, layout.heading_size, layout.heading_bold, width=width, keep=4 * body * 0.5)
        setter.y += body * 0.3 + layout.chapter_gap
        for number, paragraph in enumerate(section.paragraphs):
            setter.lines(paragraph, body)
            setter.y += body * 0.25
            if number == 0 and section.table:
                setter.table(section.table)
    return bytes(setter.pdf.output())
