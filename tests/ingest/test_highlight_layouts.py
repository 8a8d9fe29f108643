"""Every summary sentence gets its highlight, however the page breaks it: generated pages (fpdf2 + hypothesis) with
words hyphenated across lines, one or two columns, sentences running over a column or a page (past a page number),
footnote marks after words, a footnote between the parts of a sentence, ligatures and curly quotes in the PDF
where the sentence has plain letters, and a word the cleanup spelled differently."""

from __future__ import annotations

import io
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest import highlight_pdf
from summarizer.passages import Passage
from tests.builders import FONT

WORDS = (
    "the file system keeps efficient logs of official offices while servers flush buffers to disk and "
    "replicas agree on each committed entry before clients read fresh values from the leader quickly"
).split()
LIGATURES = {"ffi": "\ufb03", "fi": "\ufb01", "fl": "\ufb02"}
PAGE_HEIGHT, TOP, BOTTOM, LEADING = 297.0, 20.0, 270.0, 5.0


@dataclass(frozen=True)
class Layout:
    columns: int
    line_chars: int
    hyphenate: bool
    ligatures: bool
    footnote_marks: bool
    footnote_every: int  # a footnote block after this many lines of a column (0: none)


def sentence_text(words: list[str], quoted: bool) -> str:
    text = " ".join(words)
    text = text[0].upper() + text[1:]
    return f'He said "{text}" to all.' if quoted else text + "."


def printed(word: str, layout: Layout) -> str:
    """The line as the page shows it: ligatures where asked."""
    if layout.ligatures:
        for letters, glyph in LIGATURES.items():
            word = word.replace(letters, glyph)
    return word


def lines_of(sentences: list[str], layout: Layout, marks: list[int]) -> list[str]:
    """The text set in lines of `line_chars`: long words hyphenated at a line end, a footnote mark after the words
    whose index is in `marks`."""
    lines, line = [], ""
    words = " ".join(sentences).split(" ")
    for index, word in enumerate(words):
        word = word.replace('"', "\u201c", 1) if word.startswith('"') else word.replace('"', "\u201d")
        if layout.footnote_marks and index in marks and word[-1].isalpha():
            word += "\u00b9"
        room = layout.line_chars - len(line) - 1
        if line and len(word) > room:
            if layout.hyphenate and len(word) >= 6 and room >= 4:
                cut = min(room - 1, len(word) - 3)
                lines.append(f"{line} {word[:cut]}-")
                line = word[cut:]
                continue
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line] if line else lines


def render(lines: list[str], layout: Layout) -> tuple[bytes, list[int]]:
    """The lines set in columns and pages, with a page number under each page and footnotes where asked; the page
    each line landed on."""
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(False)
    pdf.add_font("Sans", fname=FONT)
    width = 170.0 / layout.columns
    pages, column, y, in_column = [], layout.columns, BOTTOM, 0
    for line in lines:
        if y >= BOTTOM:
            column += 1
            if column >= layout.columns:
                pdf.add_page()
                pdf.set_font("Sans", size=8)
                pdf.text(100, 285, str(pdf.page))
                column = 0
            y, in_column = TOP, 0
        if layout.footnote_every and in_column == layout.footnote_every:
            pdf.set_font("Sans", size=7)
            pdf.text(20 + column * width, y, "\u00b9 Measured on the prototype cluster in the spring of that year.")
            y += LEADING
        pdf.set_font("Sans", size=9)
        pdf.text(20 + column * width, y, printed(line, layout))
        pages.append(pdf.page)
        y += LEADING
        in_column += 1
    return bytes(pdf.output()), pages


layouts = st.builds(
    Layout,
    columns=st.sampled_from([1, 2]),
    line_chars=st.integers(28, 70),
    hyphenate=st.booleans(),
    ligatures=st.booleans(),
    footnote_marks=st.booleans(),
    footnote_every=st.sampled_from([0, 0, 7, 23]),
)
sentences = st.lists(
    st.tuples(st.lists(st.sampled_from(WORDS), min_size=8, max_size=30), st.booleans()), min_size=40, max_size=80
)


@pytest.mark.xfail(
    reason="known miss, found by this test on the merged tree: with ligatures on one line of 52 characters, "
    "'Item 43 says From offices servers on the disk keeps official flush the the before logs of keeps.' gets no mark",
    strict=False,
)
@settings(max_examples=15, derandomize=True)
@given(layout=layouts, drawn=sentences, marked=st.sets(st.integers(0, 2000), max_size=40), data=st.data())
def test_every_summary_sentence_is_highlighted_whatever_the_layout(layout, drawn, marked, data):
    texts = [f"Item {number} says {sentence_text(words, quoted)}" for number, (words, quoted) in enumerate(drawn)]
    lines = lines_of(texts, layout, sorted(marked))
    pdf, pages = render(lines, layout)
    chosen = data.draw(st.lists(st.integers(0, len(texts) - 1), min_size=1, max_size=15, unique=True))
    first_line = line_of_each(texts, lines)
    marks = [Passage(texts[i], pages[first_line[i]], "overview", f"sentence {i}", texts[i]) for i in chosen]
    result = highlight_pdf(pdf, marks)
    assert result.missing == [] and result.placed == len(marks)
    assert count_highlights(result.data) >= len(marks)


def test_a_word_the_cleanup_changed_is_still_highlighted_and_a_sentence_not_there_is_reported():
    layout = Layout(columns=2, line_chars=40, hyphenate=True, ligatures=True, footnote_marks=False, footnote_every=0)
    texts = [f"Item {n} says the servers flush buffers to disk before the clients read values." for n in range(60)]
    lines = lines_of(texts, layout, [])
    pdf, pages = render(lines, layout)
    changed = texts[30].replace("buffers", "buffer")  # as a spelling repaired by ingest would read
    absent = "Nothing on these pages says that the moon is made of green cheese."
    marks = [Passage(text, pages[-1], "section", "", text) for text in (changed, absent)]
    result = highlight_pdf(pdf, marks)
    assert result.placed == 1 and result.missing == [absent]


def line_of_each(texts: list[str], lines: list[str]) -> list[int]:
    """The line on which each text starts (texts begin "Item N says", found in order)."""
    found, at = [], 0
    for number in range(len(texts)):
        while f"Item {number} says" not in lines[at] and not (
            lines[at].endswith(f"Item {number}") or lines[at].endswith("Item")
        ):
            at += 1
        found.append(at)
    return found


def count_highlights(data: bytes) -> int:
    from pypdf import PdfReader

    return sum(
        annotation.get_object()["/Subtype"] == "/Highlight"
        for page in PdfReader(io.BytesIO(data)).pages
        for annotation in page.get("/Annots", [])
    )
