"""A table's header row set right under a paragraph's last line, and a running head repeated on every page that a
sentence runs across, stay out of the body's sentences and the summary: on generated papers with varied sizes,
header words, column counts and widths, gaps, a bold header or not, and running heads at the head or foot."""

import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest import ingest_file
from summarizer import Settings, Summarizer, SummaryOptions
from tests.builders import FONT, make_text

PAGE_WIDTH, PAGE_HEIGHT, MARGIN = 595.0, 842.0, 56.0
BOLD_FONT = FONT.replace("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")


def _sentences(seed: int, count: int) -> list[str]:
    return [line.rstrip(".") + "." for line in make_text(count, seed).replace("\n\n", " ").split(". ") if line]


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


def tabled_pdf(paper: dict) -> bytes:
    """A body of news-like sentences over several pages, a table after one of its lines (the header row first) and a
    running head (at the page's head or foot) with the page's number on every page."""
    from fpdf import FPDF

    size = paper["size"]
    pdf = FPDF(unit="pt", format=(PAGE_WIDTH, PAGE_HEIGHT))
    pdf.set_auto_page_break(False)
    pdf.add_font("Sans", fname=FONT)
    pdf.add_font("Sans", style="B", fname=BOLD_FONT)
    width = PAGE_WIDTH - 2 * MARGIN
    pdf.set_font("Sans", size=size)
    lines = _wrapped(pdf, " ".join(_sentences(paper["seed"], 110)).split(), width)
    state = {"y": MARGIN, "page": 0}

    def new_page() -> None:
        pdf.add_page()
        state["page"] += 1
        pdf.set_font("Sans", size=size * 0.8)
        at = MARGIN * 0.5 if paper["head_on_top"] else PAGE_HEIGHT - MARGIN * 0.6
        pdf.set_xy(MARGIN, at)
        pdf.cell(pdf.get_string_width(paper["head"]), size, paper["head"])
        pdf.set_xy(PAGE_WIDTH - MARGIN - 20, at)
        pdf.cell(20, size, str(state["page"]))
        pdf.set_font("Sans", size=size)
        state["y"] = MARGIN

    new_page()
    for number, line in enumerate(lines):
        if state["y"] + size * 1.25 > PAGE_HEIGHT - MARGIN:
            new_page()
        pdf.set_xy(MARGIN, state["y"])
        pdf.cell(pdf.get_string_width(line), size * 1.25, line)
        state["y"] += size * 1.25
        if number == paper["after"]:
            _table(pdf, paper, state, width)
    return bytes(pdf.output())


def _table(pdf, paper: dict, state: dict, width: float) -> None:
    size, header = paper["size"], paper["header"]
    state["y"] += size * paper["gap"]
    column = width * paper["table_width"] / len(header)
    rows = [header] + [[f"{word}{row}" for word in paper["cell_words"][: len(header)]] for row in range(1, 4)]
    for number, cells in enumerate(rows):
        pdf.set_font("Sans", style="B" if number == 0 and paper["bold"] else "", size=size)
        for index, text in enumerate(cells):
            pdf.set_xy(MARGIN + index * column, state["y"])
            pdf.cell(pdf.get_string_width(text), size * 1.25, text)
        state["y"] += size * 1.25
    pdf.set_font("Sans", size=size)
    state["y"] += size * paper["gap"]


WORD = st.text(string.ascii_lowercase, min_size=4, max_size=9).map(str.capitalize)


@st.composite
def papers(draw) -> dict:
    columns = draw(st.integers(2, 4))
    return {
        "seed": draw(st.integers(1, 50)),
        "size": draw(st.sampled_from([9.0, 10.0, 11.0])),
        "header": draw(st.lists(WORD, min_size=columns, max_size=columns, unique=True)),
        "cell_words": draw(st.lists(WORD, min_size=4, max_size=4)),
        "after": draw(st.integers(3, 40)),
        "gap": draw(st.sampled_from([0.0, 0.5, 1.0])),
        "bold": draw(st.booleans()),
        "table_width": draw(st.sampled_from([0.6, 1.0])),
        "head": draw(st.sampled_from(["Journal of Distributed Systems", "Highly Available Stores", "Proceedings"]))
        + f" {draw(st.integers(2, 40))}",
        "head_on_top": draw(st.booleans()),
    }


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(papers())
def test_table_headers_and_running_heads_never_join_a_sentence(paper):
    document = ingest_file("paper.pdf", tabled_pdf(paper))
    paragraphs = [block.text for block in document.blocks if block.kind == "paragraph"]
    body = " ".join(paragraphs)
    assert paragraphs and paper["head"] not in body
    assert not any(word in body.split() for word in paper["header"])
    summary = Summarizer(Settings(engine="extractive")).summarize(document.blocks, SummaryOptions(length="long"))
    shown = " ".join(summary.sentences + [s for part in summary.sections for s in part.sentences])
    assert shown and paper["head"] not in shown
    assert not any(word in shown.split() for word in paper["header"])
