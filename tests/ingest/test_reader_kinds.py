"""What a reader is shown of a standard's or a paper's PDF, proved on generated PDFs (fpdf2 and hypothesis: random
names, numbers, titles, fonts, sizes, one and two columns): a reference entry, an item of a numbered list and a
row of a table of terms are never a summary sentence nor part of one, and a sentence is on the page where it
starts, when its paragraph runs on over a page break."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fpdf.enums import MethodReturnValue
from hypothesis import assume, given
from hypothesis import strategies as st

from ingest import ingest_file, read_file
from summarizer import Settings, Summarizer, SummaryOptions
from summarizer.lab.syntheticprose import OBJECTS, SUBJECTS, TAILS, VERBS
from summarizer.sectioned import from_blocks
from tests.ingest.test_headings import GENERATED
from tests.layouts import FAMILIES, LAST, NOUN, TOPIC, _Typesetter, body_layout

OFFLINE = Summarizer(Settings(engine="extractive"))
ISO = Path(__file__).resolve().parents[3] / "shared" / "eval" / "structure" / "pdf" / "ISO-IEC-29500-3.pdf"
ORGS = ["ISO", "IEC", "ISO/IEC", "IEEE Std", "ITU-T", "ETSI", "EN", "BS EN ISO", "ANSI", "NIST SP", "ECMA"]
FIELDS = ["Information technology", "Road vehicles", "Quality management", "Data elements", "Health informatics"]
VENUES = ["Proceedings of the Symposium on Operating Systems", "Journal of Systems Research", "Workshop on Storage"]
PREFIXES = ["Data", "Markup", "Schema", "Stream", "Node", "Fallback", "Choice", "Content", "Process", "Shard"]
SUFFIXES = ["Handler", "Mode", "Content", "Policy", "Limit", "Table", "Key", "Marker", "Scope", "Index"]


class Case:
    """A generated PDF and what it holds (the PDF itself is not shown when a test fails: the rest says what it is)."""

    def __init__(
        self,
        pdf: bytes,
        family: str,
        columns: int,
        parts: list[str],
        header: tuple[str, str],
        listed: dict[str, int] | None = None,
    ):
        self.pdf, self.family, self.columns, self.parts, self.header = pdf, family, columns, parts, header
        self.listed = listed or {}  # sections of reference entries alone: the entries each lists

    def __repr__(self) -> str:
        return f"Case({self.family}, {self.columns} column(s), {self.parts}, {self.header}, {self.listed})"


def _case(
    setter: _Typesetter, parts: list[str], header: tuple[str, str] = ("", ""), listed: dict[str, int] | None = None
) -> Case:
    return Case(bytes(setter.pdf.output()), setter.layout.family, setter.layout.columns, parts, header, listed)


def _sentence(draw) -> str:
    return (
        f"{draw(st.sampled_from(SUBJECTS))} {draw(st.sampled_from(VERBS))} "
        f"{draw(st.sampled_from(OBJECTS))} {draw(st.sampled_from(TAILS))}."
    )


def _paragraph(draw, low: int = 3, high: int = 5) -> str:
    return " ".join(_sentence(draw) for _ in range(draw(st.integers(low, high))))


def _title(draw, low: int = 2, high: int = 5) -> str:
    words = draw(st.lists(st.sampled_from(TOPIC + NOUN), min_size=low, max_size=high))
    return " ".join(words)


def _setter(draw) -> _Typesetter:
    """A typesetter in a random font, size and number of columns, on its first page."""
    layout = body_layout(draw)
    setter = _Typesetter(layout)
    setter.new_page(opening=True)
    setter.top = setter.y
    return setter


def _heading(setter: _Typesetter, text: str) -> None:
    setter.y += setter.layout.body * 0.4
    setter.lines(text, setter.layout.body + 3, bold=True, keep=4 * setter.layout.body * 0.5)
    setter.y += setter.layout.body * 0.3


def _prose(setter: _Typesetter, text: str) -> None:
    setter.lines(text, setter.layout.body)
    setter.y += setter.layout.body * 0.25


def _hanging(
    setter: _Typesetter, first: str, rest: str, indent: float, hang: float, bold: bool = False, size: float = 0.0
) -> None:
    """`first` at `indent` mm into the column and `rest` wrapped beside it from `hang` mm: a list item's number and
    text, or a table's term and its description."""
    size = size or setter.layout.body
    height = size * 0.5
    setter.font(size)
    wrapped = setter.pdf.multi_cell(
        setter.column_width - hang, height, rest, dry_run=True, output=MethodReturnValue.LINES
    )
    setter.room(height * min(2, len(wrapped)))
    setter.font(size, bold)
    setter.pdf.set_xy(setter.x() + indent, setter.y)
    setter.pdf.cell(hang - indent, height, first)
    for number, line in enumerate(wrapped):
        if number:
            setter.room(height)
        setter.font(size, bold)
        setter.pdf.set_xy(setter.x() + hang, setter.y)
        setter.pdf.cell(setter.column_width - hang, height, line)
        setter.y += height
    setter.y += height * 0.3


def _summary(pdf: bytes):
    document = ingest_file("generated.pdf", pdf)
    summary = OFFLINE.summarize(document.blocks, SummaryOptions(length="long"))
    shown = summary.sentences + [s for section in summary.sections for s in section.sentences]
    return document, [" ".join(s.split()) for s in shown]


@st.composite
def references(draw):
    """A paper with a references section (titled as standards and papers title it) of standards cited by number
    and papers cited as "[n] Author, Title, Venue, year", and more standards cited in a section of their own name."""
    setter = _setter(draw)
    entries = []
    for _ in range(draw(st.integers(2, 5))):
        org, number = draw(st.sampled_from(ORGS)), draw(st.integers(100, 99999))
        part = f"-{draw(st.integers(1, 9))}" if draw(st.booleans()) else ""
        year = f":{draw(st.integers(1985, 2024))}" if draw(st.booleans()) else ""
        dash = "—" if FAMILIES[setter.layout.family] else "-"  # fpdf2's core fonts have no dash but the hyphen
        entries.append(f"{org} {number}{part}{year}, {draw(st.sampled_from(FIELDS))} {dash} {_title(draw)}.")
    for n in range(1, draw(st.integers(2, 4))):
        author = f"{draw(st.sampled_from(LAST))}, {draw(st.sampled_from('ABCDEFGH'))}."
        entries.append(
            f"[{n}] {author}, {_title(draw, 3, 6)}, {draw(st.sampled_from(VENUES))}, {draw(st.integers(1970, 2024))}."
        )
    heading = draw(st.sampled_from(["Normative references", "References", "Bibliography", "Informative references"]))
    own = draw(st.sampled_from(["Cited standards", "Related documents", _title(draw, 2, 3)]))
    _heading(setter, f"1 {_title(draw)}")
    for _ in range(2):
        _prose(setter, _paragraph(draw))
    _heading(setter, f"2 {heading}")
    _prose(setter, "The following documents are referred to in the text.")
    split = draw(st.integers(1, len(entries) - 1))
    for entry in entries[:split]:
        _prose(setter, entry)
    _heading(setter, f"3 {_title(draw)}")
    _prose(setter, _paragraph(draw))
    _heading(setter, f"4 {own}")
    for entry in entries[split:]:
        _prose(setter, entry)
    _heading(setter, f"5 {_title(draw)}")
    _prose(setter, _paragraph(draw))
    listed = {f"4 {own}": len(entries) - split}
    if heading not in ("References", "Bibliography"):  # a paper's own reference list is back matter, not listed
        listed[f"2 {heading}"] = split
    return _case(setter, entries, listed=listed)


@GENERATED
@given(references())
def test_a_reference_entry_is_a_reference_and_never_a_summary_sentence(case):
    pdf, entries = case.pdf, case.parts
    document, shown = _summary(pdf)
    keys = [re.sub(r"\W+", " ", entry).split()[:3] for entry in entries]
    for entry, key in zip(entries, keys):
        holding = [b for b in document.blocks if re.sub(r"\W+", " ", b.text).split()[:3] == key]
        assert holding and all(b.kind == "reference" for b in holding), (entry, holding)
    titles = [entry.split(", ", 1)[1].rstrip(".") for entry in entries]
    assert not [s for s in shown if any(title in s for title in titles)], "a reference entry is a summary sentence"


@GENERATED
@given(references())
def test_a_section_of_reference_entries_alone_is_listed_with_what_it_holds(case):
    """Every section of the document is listed: one whose body is reference entries, with no prose to summarize,
    says how many documents it lists."""
    document = ingest_file("generated.pdf", case.pdf)
    summary = OFFLINE.summarize(document.blocks, SummaryOptions())
    notes = {" ".join(s.title.split()): (s.sentences, s.note) for s in summary.sections}
    for title, count in case.listed.items():
        assert title in notes, (title, list(notes))
        plural = "s" if count != 1 else ""
        assert notes[title] == ([], f"Lists {count} referenced document{plural}."), (title, notes[title])
    numbers = [int(title.split()[0]) for title in notes if title[:1].isdigit()]
    assert numbers == sorted(numbers), "a listed section is out of its place"


@st.composite
def reference_sections(draw):
    """Numbered sections of prose around one whose body is only standards cited by number and title: the
    sections' headings and bodies, and the heading of the one of entries."""
    entries = [
        f"{draw(st.sampled_from(ORGS))} {draw(st.integers(100, 99999))}:{draw(st.integers(1985, 2024))}, "
        f"{draw(st.sampled_from(FIELDS))} — {_title(draw)}."
        for _ in range(draw(st.integers(1, 6)))
    ]
    heading = f"2 {draw(st.sampled_from(['Normative references', 'Cited standards', 'Related documents']))}"
    sections = [(f"1 {_title(draw)}", [_paragraph(draw), _paragraph(draw)]), (heading, entries)]
    return [*sections, (f"3 {_title(draw)}", [_paragraph(draw), _paragraph(draw)])], heading, len(entries)


def _word_file(title: str, sections: list[tuple[str, list[str]]]) -> bytes:
    import io

    import docx

    document = docx.Document()
    document.add_heading(title, level=0)
    for heading, paragraphs in sections:
        document.add_heading(heading, level=1)
        for text in paragraphs:
            document.add_paragraph(text)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


@GENERATED
@given(reference_sections())
def test_a_word_files_section_of_reference_entries_alone_is_listed_with_what_it_holds(case):
    sections, heading, count = case
    blocks = ingest_file("generated.docx", _word_file("Widget conventions", sections)).blocks
    summary = OFFLINE.summarize(blocks, SummaryOptions())
    shown = {s.title: s for s in summary.sections}
    assert [title[:1] for title in shown] == ["1", "2", "3"], list(shown)
    plural = "s" if count != 1 else ""
    assert shown[heading].note == f"Lists {count} referenced document{plural}." and not shown[heading].sentences
    assert shown[heading].note in shown[heading].text


@st.composite
def numbered_lists(draw):
    """A section whose paragraph introduces a numbered list of short items, each ending in a semicolon (the last
    in nothing or a full stop), set with a hanging indent; prose before and after it."""
    setter = _setter(draw)
    dash = draw(st.sampled_from(["–", " to "] if FAMILIES[setter.layout.family] else ["-", " to "]))
    items = [
        f"{_title(draw, 2, 4)} (clause{'s' * bool(span)} {n}{f'{dash}{n + span}' if span else ''})"
        for n, span in enumerate(draw(st.lists(st.integers(0, 4), min_size=3, max_size=6)), 1)
    ]
    ends = [";"] * (len(items) - 1) + [draw(st.sampled_from(["", "."]))]
    _heading(setter, f"1 {_title(draw)}")
    _prose(setter, _paragraph(draw))
    _prose(setter, f"This {draw(st.sampled_from(NOUN)).lower()} is divided into the following parts:")
    indent = draw(st.floats(0.0, 8.0))
    for number, (item, end) in enumerate(zip(items, ends), 1):
        _hanging(setter, f"{number}.", item + end, indent, indent + 7)
    setter.y += setter.layout.body * 0.4
    _prose(setter, _paragraph(draw))
    _heading(setter, f"2 {_title(draw)}")
    _prose(setter, _paragraph(draw))
    return _case(setter, items)


@GENERATED
@given(numbered_lists())
def test_the_items_of_a_numbered_list_stay_apart_and_no_fragment_of_them_is_shown(case):
    pdf, items = case.pdf, case.parts
    document, shown = _summary(pdf)
    for item in items:
        holding = [b for b in document.blocks if item in " ".join(b.text.split())]
        assert len(holding) == 1 and holding[0].kind not in ("paragraph", "code"), (item, holding)
        assert not [other for other in items if other != item and other in holding[0].text], "two items in a block"
    assert not [s for s in shown if any(item in s for item in items)], "a list item is a summary sentence"
    assert not [s for s in shown if re.search(r"[;:]\s+\d+\.(?:\s|$)", s)], "a list's items run together"


@st.composite
def term_tables(draw):
    """A two-column table of terms and their descriptions (a header row of two short cells, each term in a narrow
    first column, its description wrapped beside it), between paragraphs."""
    setter = _setter(draw)
    terms = draw(
        st.lists(
            st.tuples(st.sampled_from(PREFIXES), st.sampled_from(SUFFIXES)).map("".join),
            min_size=2,
            max_size=5,
            unique=True,
        )
    )
    descriptions = [
        f"A {draw(st.sampled_from(NOUN)).lower()} of the {_title(draw, 1, 2).lower()} that "
        f"{draw(st.sampled_from(SUBJECTS)).lower()} {draw(st.sampled_from(VERBS))} {draw(st.sampled_from(TAILS))}. "
        + _paragraph(draw, 0, 2)
        for _ in terms
    ]
    _heading(setter, f"1 {_title(draw)}")
    _prose(setter, _paragraph(draw))
    setter.font(setter.layout.body, bold=True)
    widest = max(setter.pdf.get_string_width(text) for text in terms + ["Attribute"])
    gap = draw(st.floats(4.0, 8.0))
    size = min(setter.layout.body, setter.layout.body * (0.4 * setter.column_width - gap - 2.0) / widest)
    hang = max(draw(st.floats(0.2, 0.35)) * setter.column_width, widest * size / setter.layout.body + 2.0 + gap)
    header = draw(st.sampled_from([("Name", "Description"), ("Term", "Meaning"), ("Attribute", "Definition")]))
    _hanging(setter, header[0], header[1], 2.0, hang, bold=True, size=size)
    for term, description in zip(terms, descriptions):
        _hanging(setter, term, description, 2.0, hang, size=size)
    setter.y += setter.layout.body * 0.4
    _prose(setter, _paragraph(draw))
    _heading(setter, f"2 {_title(draw)}")
    _prose(setter, _paragraph(draw))
    return _case(setter, terms, header)


@GENERATED
@given(term_tables())
def test_a_table_of_terms_is_a_table_and_no_term_runs_into_a_sentence(case):
    pdf, terms, header = case.pdf, case.parts, case.header
    document, shown = _summary(pdf)
    read = [b for b in document.blocks if b.kind in ("paragraph", "list_item", "heading")]
    glued = [b.text for b in read if any(re.search(rf"\b{term}\s+A\b", b.text) for term in terms)]
    assert not glued, "a term is glued to its description in the text a summary reads"
    assert not [b for b in document.blocks if b.kind == "heading" and b.text == " ".join(header)]
    tables = " ".join(b.text for b in document.blocks if b.kind == "table")
    assert all(term in tables for term in terms)
    assert not [s for s in shown if any(re.search(rf"\b{term} A\b", s) for term in terms)]


@st.composite
def page_breaks(draw):
    """Paragraphs long enough that one of them runs on over a page break, mid-sentence, in one or two columns."""
    setter = _setter(draw)
    _heading(setter, f"1 {_title(draw)}")
    serial = iter(range(1000))

    def paragraph() -> None:
        sentences = [
            f"Item{next(serial)} of the {draw(st.sampled_from(TOPIC)).lower()} study: {_sentence(draw)}"
            for _ in range(draw(st.integers(8, 14)))
        ]
        _prose(setter, " ".join(sentences))

    while setter.pdf.page_no() < 2:
        paragraph()
    paragraph()  # sentences that start on the second page too
    return _case(setter, [])


def _starts(pdf: bytes) -> dict[int, int]:
    """The page each generated sentence ("ItemN of ...") starts on, from the PDF's own text layer."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        found = {}
        for number in range(len(document)):
            text = document[number].get_textpage().get_text_range()
            found.update({int(n): number + 1 for n in re.findall(r"\bItem(\d+)\b", " ".join(text.split()))})
        return found
    finally:
        document.close()


@GENERATED
@given(page_breaks())
def test_a_sentence_is_on_the_page_where_it_starts_when_its_paragraph_runs_over_a_page_break(case):
    pdf = case.pdf
    document = ingest_file("generated.pdf", pdf)
    layout = from_blocks(document.blocks)
    truth = _starts(pdf)
    pages = {}
    for sentence, page in zip(layout.sentences, layout.pages):
        found = re.match(r"Item(\d+)\b", sentence.text)
        if found:
            pages[int(found.group(1))] = page
    assert pages == truth
    assert len({page for page in truth.values()}) >= 2
    spanning = [b for b in document.blocks if b.later_pages]
    assume(spanning)  # the break fell between two paragraphs
    for block in spanning:
        for at, page in block.later_pages:
            assert block.page_at(at) == page and block.page_at(at - 1) < page


@pytest.mark.evaldata
def test_the_iso_standard_shows_no_reference_list_item_or_table_cell_and_pages_its_sentences():
    document = read_file(str(ISO))
    summary = OFFLINE.summarize(document.blocks, SummaryOptions(length="long"))
    shown = summary.sentences + [s for section in summary.sections for s in section.sentences]
    assert not [s for s in shown if re.match(r"^(?:ISO|IEC|RFC)\b[\w/ -]*\d+(?::\d{4})?,", s)]
    assert not [s for s in shown if re.search(r";\s+\d+\.$", s)]
    assert not [s for s in shown if re.match(r"^(?:Ignorable|ProcessContent|MustUnderstand|Choice|Fallback) A\b", s)]
    layout = from_blocks(document.blocks)
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(ISO))  # its text layer is the truth for where a sentence starts
    try:
        pages = [" ".join(pdf[n].get_textpage().get_text_range().split()) for n in range(len(pdf))]
    finally:
        pdf.close()
    for sentence, page in zip(layout.sentences, layout.pages):
        opening = " ".join(sentence.text.split()[:6])
        if page is not None and len(opening) > 30 and sum(opening in text for text in pages) == 1:
            assert opening in pages[page - 1], (sentence.text, page)


@st.composite
def plain_texts(draw):
    """Plain text, which carries no structure: prose, a list run into one paragraph ("...: 1. Front matter; 2.
    Overview; 3. Main body"), and standards cited by number on lines of their own."""
    items = [_title(draw, 2, 3) for _ in range(draw(st.integers(3, 5)))]
    listed = "; ".join(f"{n}. {item} (clauses {n} to {n + 2})" for n, item in enumerate(items, 1))
    cited = [
        f"{draw(st.sampled_from(ORGS))} {draw(st.integers(100, 99999))}, {draw(st.sampled_from(FIELDS))} — "
        f"{_title(draw)}."
        for _ in range(draw(st.integers(1, 3)))
    ]
    paragraphs = [_paragraph(draw), f"This {draw(st.sampled_from(NOUN)).lower()} has these parts: {listed}."]
    paragraphs += [*cited, _paragraph(draw), _paragraph(draw)]
    return "\n\n".join(paragraphs), items, cited


@GENERATED
@given(plain_texts())
def test_in_plain_text_no_run_together_list_or_cited_standard_is_a_summary_sentence(case):
    text, items, cited = case
    summary = OFFLINE.summarize(text, SummaryOptions(length="long"))
    assert not [s for s in summary.sentences if any(item in s for item in items)]
    assert not [s for s in summary.sentences if any(entry.split(", ", 1)[1] in s for entry in cited)]
