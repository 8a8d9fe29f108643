"""Page furniture from two pages on, proved on generated PDFs (fpdf2 and hypothesis: random titles, numbers at either
end, head or foot, the body's size or smaller, one and two columns, left and right alternating on longer files): a
line repeated at the same place with only its number changing is a running head or foot, never text nor a
heading; a one-line paragraph that happens to repeat on the next page, with no number that follows the pages, is
kept as text."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ingest import ingest_file
from summarizer import Settings, Summarizer, SummaryOptions
from tests.ingest.test_headings import GENERATED
from tests.ingest.test_reader_kinds import _heading, _paragraph, _prose, _title
from tests.layouts import FAMILIES, LAST, NOUN, TOPIC, _Typesetter, body_layout

OFFLINE = Summarizer(Settings(engine="extractive"))
COMPANIES = ["Company", "Group", "Institute", "Council", "Partners", "Trust", "Agency", "Bank", "Foundation"]
KINDS = ["Report", "Review", "Briefing", "Memo", "Note", "Plan", "Survey", "Statement"]


class Furnished:
    """A generated PDF with a running line on every page: its text on each page, and where it sits (the PDF itself
    is not shown when a test fails: the rest says what it is)."""

    def __init__(self, pdf: bytes, lines: list[str], family: str, columns: int, foot: bool, small: bool, repeated: str):
        self.pdf, self.lines, self.family, self.columns = pdf, lines, family, columns
        self.foot, self.small, self.repeated = foot, small, repeated

    def __repr__(self) -> str:
        where = ("small " if self.small else "") + ("foot" if self.foot else "head")
        return f"Furnished({self.family}, {self.columns} column(s), {where}, {self.lines}, {self.repeated!r})"


@st.composite
def running_lines(draw):
    """The running line of each page: a title ("Acme Group Report") with the page's number at its start or its end
    ("Acme Group Report — page 2", "2 | Acme Group Report", "Acme Group Report 2"), alternating sides and, on a
    longer file, perhaps the title between even and odd pages."""
    pages = draw(st.sampled_from([2, 2, 3, 4, 6]))
    owner = f"{draw(st.sampled_from(LAST))} {draw(st.sampled_from(COMPANIES))} {draw(st.sampled_from(KINDS))}"
    other = _title(draw, 2, 4) if pages > 3 and draw(st.booleans()) else owner
    dash = "—"  # a hyphen in fpdf2's core fonts, which have no dash
    pattern = draw(st.sampled_from(["{t} {d} page {n}", "{t} {n}", "{n} | {t}", "{n}  {t}", "{t}, {y} {d} {n}"]))
    year = draw(st.integers(1990, 2030))
    offset = draw(st.sampled_from([0, 0, 0, 1, 10]))
    texts = []
    for page in range(1, pages + 1):
        title = owner if page % 2 else other
        texts.append(pattern.format(t=title, n=page + offset, d=dash, y=year))
    return texts


@st.composite
def furnished(draw, repeat: bool = False):
    """Pages of prose under numbered headings with a running line at each page's head or foot; with `repeat`, a
    one-line paragraph set in the body of page 1 and again in the body of page 2."""
    lines = draw(running_lines())
    layout = body_layout(draw)
    if not FAMILIES[layout.family]:
        lines = [line.replace("—", "-") for line in lines]
    foot = draw(st.booleans())
    size = draw(st.sampled_from([layout.body, 8.0]))
    alternate = draw(st.booleans())
    setter = _Typesetter(layout)
    repeated = f"{draw(st.sampled_from(TOPIC))} {draw(st.sampled_from(NOUN)).lower()} follows below." if repeat else ""

    def page() -> None:
        setter.pdf.add_page()
        setter.column, setter.y, setter.top = 0, setter.TOP, setter.TOP
        number = setter.pdf.page_no()
        setter.font(size)
        setter.pdf.set_xy(setter.LEFT, setter.FOOT + 6 if foot else 12.0)
        align = "R" if alternate and number % 2 else "L"
        setter.pdf.cell(setter.WIDTH, 5, lines[number - 1], align=align)

    setter.new_page = lambda opening=False: page()  # type: ignore[method-assign]
    page()
    section, repeats = 0, [1, 2] if repeated else []
    while setter.pdf.page_no() < len(lines):
        section += 1
        _heading(setter, f"{section} {_title(draw)}")
        _prose(setter, _paragraph(draw, 4, 6))
        if repeats and setter.pdf.page_no() == repeats[0]:
            _prose(setter, repeated)
            repeats.pop(0)
        _prose(setter, _paragraph(draw, 4, 6))
    if setter.pdf.page_no() > len(lines):
        return draw(furnished(repeat))  # a page more than there are lines for: try again
    return Furnished(
        bytes(setter.pdf.output()), lines, layout.family, layout.columns, foot, size < layout.body, repeated
    )


def _squashed(text: str) -> str:
    return " ".join(text.split())


@GENERATED
@given(furnished())
def test_a_line_repeated_at_the_same_place_with_its_number_changing_is_furniture_from_two_pages(case):
    document = ingest_file("generated.pdf", case.pdf)
    running = " · ".join(b.text for b in document.blocks if b.kind == "running")
    for line in case.lines:
        assert _squashed(line) in _squashed(running), (line, running)
    read = [b for b in document.blocks if b.kind != "running"]
    leaked = [b.text for b in read if any(_squashed(line) in _squashed(b.text) for line in case.lines)]
    assert not leaked, "a running line is read as text or as a heading"
    summary = OFFLINE.summarize(document.blocks, SummaryOptions())
    assert not [s for s in summary.sections if any(_squashed(s.title) in line for line in case.lines)]


@GENERATED
@given(furnished(repeat=True))
def test_a_one_line_paragraph_that_repeats_once_is_kept_as_text(case):
    document = ingest_file("generated.pdf", case.pdf)
    kept = [b for b in document.blocks if b.kind != "running" and case.repeated in _squashed(b.text)]
    assert len({b.page for b in kept}) == 2, (case.repeated, [(b.kind, b.page, b.text) for b in document.blocks])
