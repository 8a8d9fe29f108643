"""Sections a reader can trust, in PDFs made here with fpdf2: from the outline when there is one, from the
layout when there is none; running heads, table rows and figure text never become sections."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ingest import Origin, ingest_file, parse_text
from summarizer import Settings, Summarizer, SummaryOptions
from tests.builders import FONT

BOLD = FONT.replace("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
TITLE = "Consensus in Practice: A Field Study"
SECTIONS = [
    (
        "I. INTRODUCTION",
        "Replicated services keep a copy of their state on several machines so that the loss of one "
        "machine does not lose any data. Operators of such services care about three things above all else: that "
        "clients see a single consistent history, that the service survives the failures it was designed for, and "
        "that it stays fast while doing so. This study measures how five production teams met those goals.",
    ),
    (
        "II. MODEL OF A DISTRIBUTED SYSTEM",
        "We model the system as a fixed set of processes that communicate only by "
        "sending messages over channels that may delay, reorder or drop them. Processes fail by stopping and may later "
        "recover from stable storage. Clocks are not synchronized, so no process can tell a slow peer from a crashed "
        "one, which is why every protocol we study relies on a majority of replicas.",
    ),
    (
        "III. ACHIEVING FAULT TOLERANCE WITH REPLICATED STATE MACHINES IN PRACTICE",
        "Each team replicated a log of "
        "commands and applied the commands in log order. The leader proposes an entry, a majority acknowledges it, and "
        "only then does any replica apply it. Teams differed in how they elected leaders, how they compacted the log, "
        "and how they added and removed machines without stopping the service.",
    ),
    (
        "IV. EVALUATION",
        "We ran every system on the same cluster of nine machines and injected crashes, partitions and "
        "slow disks while a fixed workload ran. The table below lists the median latency and the throughput each "
        "system reached with five replicas. Latency rose sharply for every system once a partition isolated the "
        "leader, and it recovered within two election timeouts.",
    ),
    (
        "V. CONCLUSION",
        "Consensus is practical: every team shipped a correct service, and the failures we injected "
        "cost seconds of unavailability rather than lost data. The hard parts were not the protocol itself but "
        "membership changes, log compaction and the operational tooling around them, which is where future work "
        "should go.",
    ),
]
TABLE = [
    ("System", "Latency", "Throughput", "Replicas"),
    ("Alpha", "4 ms", "12000", "5"),
    ("Beta", "6 ms", "9000", "5"),
]
RUNNING_EVEN = "JANE DOE AND JOHN ROE"
RUNNING_ODD = "CONSENSUS IN PRACTICE"


def new_pdf(auto_page_break: bool = True):
    """An A4 fpdf2 document with the DejaVu Sans regular and bold faces as "Sans"."""
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(auto_page_break)
    pdf.add_font("Sans", fname=FONT)
    pdf.add_font("Sans", style="B", fname=BOLD)
    return pdf


def write_section(pdf, heading: str, paragraph: str = "", space: float = 0) -> None:
    """A bold 13 pt heading line, then its paragraph in 11 pt body text, `space` mm below what came before."""
    pdf.set_font("Sans", style="B", size=13)
    if space:
        pdf.ln(space)
    pdf.cell(0, 8, heading, new_x="LMARGIN", new_y="NEXT")
    if paragraph:
        pdf.set_font("Sans", size=11)
        pdf.multi_cell(0, 6, paragraph, new_x="LMARGIN", new_y="NEXT")


def paper(outline: bool = True, columns: int = 1) -> bytes:
    """A five-page paper: its title on page 1, one numbered all-caps section a page (the third heading wraps onto
    two lines), a table with a bold header row, alternating running heads with author names and page numbers."""
    pdf = new_pdf(auto_page_break=False)
    width = 190 if columns == 1 else 90
    for number, (heading, body) in enumerate(SECTIONS, 1):
        pdf.add_page()
        pdf.set_font("Sans", size=9)
        pdf.set_xy(10, 8)
        head = f"{number}    {RUNNING_EVEN}" if number % 2 == 0 else f"{RUNNING_ODD}    {number}"
        pdf.cell(190, 5, head, align="L" if number % 2 == 0 else "R")
        pdf.set_xy(10, 30)
        if number == 1:
            pdf.set_font("Sans", style="B", size=20)
            pdf.multi_cell(190, 10, TITLE, align="C")
            pdf.set_font("Sans", size=11)
            pdf.multi_cell(190, 6, "Jane Doe and John Roe", align="C")
            pdf.ln(6)
        x = 10 if columns == 1 or number % 2 else 110
        pdf.set_x(x)
        if outline:
            pdf.start_section(heading.title(), level=0)
        pdf.set_font("Sans", style="B", size=13)
        pdf.multi_cell(100 if number == 3 else width, 7, heading)
        pdf.ln(2)
        pdf.set_font("Sans", size=11)
        pdf.set_x(x)
        pdf.multi_cell(width, 6, body)
        if number == 4:
            pdf.ln(4)
            for row, cells in enumerate(TABLE):
                pdf.set_font("Sans", style="B" if row == 0 else "", size=11)
                pdf.set_x(10)
                for cell in cells:
                    pdf.cell(45, 7, cell)
                pdf.ln(7)
    return bytes(pdf.output())


def sections(data: bytes) -> list[str]:
    document = ingest_file("paper.pdf", data)
    summary = Summarizer(Settings.from_env(engine="extractive")).summarize(document.blocks, SummaryOptions())
    return [section.title for section in summary.sections]


@pytest.mark.parametrize("outline", [True, False])
def test_sections_are_the_papers_own_with_or_without_its_outline(outline):
    found = sections(paper(outline=outline))
    assert [" ".join(t.upper().split()) for t in found] == [heading for heading, _ in SECTIONS]


def test_the_outline_names_the_levels_and_says_why():
    document = ingest_file("paper.pdf", paper())
    headings = [b for b in document.blocks if b.kind == "heading"]
    assert [b.level for b in headings] == [1] * 5 and {b.origin for b in headings} == {Origin.OUTLINE}
    assert {b.reason for b in headings} == {"the PDF's outline"}
    wrapped = headings[2].text
    assert wrapped.upper() == SECTIONS[2][0], "the heading wrapped onto two lines is one heading"


def test_title_running_heads_and_table_rows_are_not_sections_and_are_counted():
    document = ingest_file("paper.pdf", paper(outline=False))
    assert document.title == TITLE
    left_out = document.left_out()
    running = " ".join(b.text for b in left_out["running"])
    assert RUNNING_EVEN in running and RUNNING_ODD in running
    assert any("System" in b.text and "Throughput" in b.text for b in left_out["table"])
    assert RUNNING_EVEN not in document.read_text and "Throughput Replicas" not in document.read_text
    assert document.words == sum(len(b.text.split()) for b in document.blocks)


def test_two_columns_keep_their_sections_in_reading_order():
    found = sections(paper(outline=False, columns=2))
    assert [" ".join(t.upper().split()) for t in found] == [heading for heading, _ in SECTIONS]


def test_one_word_count_from_header_to_coverage():
    document = ingest_file("paper.pdf", paper(outline=False))
    summary = Summarizer(Settings.from_env(engine="extractive")).summarize(document.blocks)
    coverage = summary.coverage
    assert coverage.input_words == document.words
    headings = sum(len(b.text.split()) for b in document.blocks if b.kind in ("title", "heading"))
    assert coverage.prose_words + headings + coverage.left_out == document.words
    assert coverage.left_out_kinds["running"] > 0 and coverage.left_out_kinds["table"] > 0


def test_a_paragraph_with_four_dots_and_an_all_lowercase_article_are_read():
    dots = (
        "The minister paused.... Then she said the budget would be cut by a tenth, and that the cuts would fall "
        "on roads first. Nobody in the room had expected it."
    )
    document = ingest_file("dots.txt", dots.encode())
    assert [b.kind for b in document.blocks] == ["paragraph"]
    summary = Summarizer(Settings.from_env(engine="extractive")).summarize(document.blocks)
    budget = next(i for i, sentence in enumerate(summary.source) if "budget" in sentence.text)
    assert budget not in summary.unread and summary.sentences
    lower = dots.replace("....", ".").lower() + " " + SECTIONS[0][1].lower()
    read = parse_text(lower)
    assert all(b.kind == "paragraph" for b in read.blocks)
    assert Summarizer(Settings.from_env(engine="extractive")).summarize(read.blocks).sentences


def test_contents_lines_still_typed_when_they_run():
    text = "Contents\n\n" + "\n".join(f"{n} Part {n} .......... {n * 3}" for n in range(1, 5)) + "\n\nBody text."
    kinds = [b.kind for b in parse_text(text).blocks]
    assert kinds.count("toc") == 4


CNNDM = Path(__file__).resolve().parents[3] / "shared" / "eval" / "cnndm_dev.jsonl"


@pytest.mark.slow
@pytest.mark.evaldata
def test_every_cnndm_dev_article_saved_as_txt_gets_a_summary(tmp_path):
    summarizer = Summarizer(Settings.from_env(engine="extractive"))
    failures = []
    for line in CNNDM.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        document = ingest_file(f"{row['id']}.txt", row["article"].encode("utf-8"))
        unread = [b.kind for b in document.blocks if b.kind not in ("paragraph", "list_item", "heading", "title")]
        summary = summarizer.summarize(document.blocks)
        if unread or not summary.sentences:
            failures.append((row["id"], unread))
    assert failures == []


def test_structure_command_scores_a_folder_with_and_without_the_outline(tmp_path):
    (tmp_path / "paper.pdf").write_bytes(paper())
    (tmp_path / "manifest.jsonl").write_text(json.dumps({"pdf": "paper.pdf", "source": "made here"}) + "\n")
    # the rules, and each PDF read by a heading model that never saw it (here trained on two generated layouts)
    command = ["structure", str(tmp_path), "--json", "--folders", str(tmp_path), "--generated", "2"]
    result = subprocess.run(
        [sys.executable, "-m", "summarizer", *command],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert result.returncode == 0, result.stderr
    scores = json.loads(result.stdout)
    for run in ("with outline, rules", "without outline, rules"):
        totals = scores[run]["totals"]
        assert totals["truth"] == 5 and totals["matched_truth"] == 5 and totals["matched_shown"] == totals["shown"]
    assert scores["with outline, leave-one-out"]["totals"]["matched_truth"] == 5
    assert scores["without outline, leave-one-out"]["totals"]["truth"] == 5


def test_a_useless_outline_falls_back_to_the_layout_and_says_so():
    pdf = new_pdf()
    for heading, body in SECTIONS:
        pdf.add_page()
        pdf.start_section("Bookmark", level=0)
        pdf.set_font("Sans", style="B", size=13)
        pdf.multi_cell(190, 7, heading, align="L")
        pdf.set_font("Sans", size=11)
        pdf.multi_cell(190, 6, body)
    document = ingest_file("odd.pdf", bytes(pdf.output()))
    assert any("outline was not used" in w and "share one title" in w for w in document.warnings)
    assert sections(bytes(pdf.output())) and "Bookmark" not in sections(bytes(pdf.output()))


def test_summarize_json_carries_the_title(tmp_path):
    path = tmp_path / "paper.pdf"
    path.write_bytes(paper())
    result = subprocess.run(
        [sys.executable, "-m", "summarizer", "summarize", str(path), "--json", "--engine", "extractive"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["title"] == TITLE and [s["title"].upper() for s in data["sections"]][0] == SECTIONS[0][0]


def test_sentences_not_summarized_are_listed_and_add_up_to_the_count():
    text = (
        "The council approved the new budget on Monday after a long debate about roads and schools. "
        "The rule is x = y + 2 * z where z <= 4 and y != 0 for each ward. "
        "Members said the plan would be reviewed again in the spring when the first results are in."
    )
    summary = Summarizer(Settings.from_env(engine="extractive")).summarize(parse_text(text).blocks)
    unread = [summary.source[i].text for i in summary.unread]
    assert unread == ["The rule is x = y + 2 * z where z <= 4 and y != 0 for each ward."]
    assert summary.coverage.left_out_kinds == {"not prose": sum(len(t.split()) for t in unread)}


def numbered_paper() -> bytes:
    """A paper whose sections are numbered in a bold font, with what only looks like a numbered heading in the body
    font: a contents page with spaced dot leaders, a numbered list, a wrapped line that opens "C. Position",
    figure labels above a caption, and a short subsection number ("2.1 Data")."""
    pdf = new_pdf(auto_page_break=False)

    def heading(text: str, paragraph: str = "") -> None:
        write_section(pdf, text, paragraph, space=3)

    def lines(*texts: str, size: int = 11) -> None:
        pdf.set_font("Sans", size=size)
        for text in texts:
            pdf.cell(0, 6, text, new_x="LMARGIN", new_y="NEXT")

    pdf.add_page()
    heading("Contents")
    lines("1. Introduction " + ". " * 30 + "1", "2.1 Data " + ". " * 33 + "2", "9 Conclusions 12", "10 References 13")
    pdf.add_page()
    heading("1. Introduction", SECTIONS[0][1])
    lines(
        "Every write takes the following steps in this order.",
        "1. Accept: Ask every replica to accept the value",
        "2. Apply: Write mutations to the entities and indexes",
        "3. Clean up: Delete data that is no longer required",
    )
    heading("2. Design", SECTIONS[1][1])
    lines(
        "replicas. Log position 102 found a bare quorum in A and",
        "C. Position 103 is noteworthy for having been accepted by",
        "A and C, leaving B with a hole at position 103 of the log.",
    )
    heading("2.1 Data", SECTIONS[2][1])
    pdf.add_page()
    heading("3. Results", SECTIONS[3][1])
    lines("Client Replica A", "Accept Leader", size=16)
    lines("X", size=16)
    lines("Coordinator C", size=16)
    pdf.set_font("Sans", style="B", size=10)
    pdf.cell(0, 6, "Figure 1: Timeline for writes", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Sans", size=11)
    pdf.multi_cell(0, 6, SECTIONS[4][1], new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def test_lists_wrapped_lines_contents_and_figure_labels_are_not_numbered_sections():
    document = ingest_file("paper.pdf", numbered_paper())
    headings = [b.text for b in document.blocks if b.kind == "heading"]
    assert headings == ["Contents", "1. Introduction", "2. Design", "2.1 Data", "3. Results"]
    contents = [b.text.split(" . ")[0] for b in document.blocks if b.kind == "toc"]
    assert contents == ["1. Introduction", "2.1 Data", "9 Conclusions 12", "10 References 13"]
    assert any(b.kind == "caption" and "Client Replica A" in b.text for b in document.blocks)
    text = document.read_text
    assert "2. Apply: Write mutations to the entities and indexes" in text
    assert "C. Position 103 is noteworthy" in text


def test_a_numbered_run_in_heading_is_split_off_and_an_axis_label_is_figure_text():
    pdf = new_pdf()
    pdf.add_page()
    pdf.set_font("Sans", style="B", size=13)
    pdf.cell(0, 8, "1. Introduction", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Sans", size=11)
    pdf.cell(
        0, 6, "1.1 BACKGROUND. The role of synchronism in distributed computing has", new_x="LMARGIN", new_y="NEXT"
    )
    pdf.multi_cell(0, 6, SECTIONS[0][1], new_x="LMARGIN", new_y="NEXT")
    write_section(pdf, "2. Results", SECTIONS[3][1])
    pdf.set_font("Sans", size=14)
    pdf.cell(0, 7, "Day", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Sans", size=8)
    pdf.cell(0, 5, "0 50 100 150 200 250 300 350", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(6)
    pdf.set_font("Sans", size=11)
    pdf.multi_cell(0, 6, SECTIONS[4][1], new_x="LMARGIN", new_y="NEXT")
    document = ingest_file("paper.pdf", bytes(pdf.output()))
    assert [b.text for b in document.blocks if b.kind == "heading"] == [
        "1. Introduction",
        "1.1 BACKGROUND",
        "2. Results",
    ]
    assert [b.level for b in document.blocks if b.kind == "heading"] == [1, 2, 1]
    assert any(b.kind == "paragraph" and b.text.startswith("The role of synchronism") for b in document.blocks)
    assert {b.text for b in document.blocks if b.kind == "caption"} == {"Day", "0 50 100 150 200 250 300 350"}


def test_an_ieee_paper_has_lettered_subsections_under_roman_sections_and_no_byline_or_abstract_line_as_a_heading():
    pdf = new_pdf()
    pdf.add_page()
    pdf.set_font("Sans", style="B", size=20)
    pdf.cell(0, 12, "A Versatile Scheme for Routing Traffic", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Sans", size=12)
    pdf.cell(0, 8, "M. Kodialam T. V. Lakshman James B. Orlin", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Sans", style="B", size=11)
    pdf.cell(0, 6, "Abstract— The emergence of new applications on the Internet", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Sans", size=11)
    pdf.multi_cell(0, 6, "like voice over IP has created traffic that is hard to predict. " + SECTIONS[0][1])
    lettered = [("I. INTRODUCTION", 0), ("A. Notation", 1), ("II. TRAFFIC MEASUREMENT", 2), ("A. Difficulties", 3)]
    lettered += [("B. Variation Model", 4), ("III. CONCLUSION", 0)]
    for heading, body in lettered:
        write_section(pdf, heading, SECTIONS[body][1])
    document = ingest_file("paper.pdf", bytes(pdf.output()))
    headings = [(b.text, b.level) for b in document.blocks if b.kind == "heading"]
    assert headings == [
        ("I. INTRODUCTION", 1),
        ("A. Notation", 2),
        ("II. TRAFFIC MEASUREMENT", 1),
        ("A. Difficulties", 2),
        ("B. Variation Model", 2),
        ("III. CONCLUSION", 1),
    ]
    wrapped = "Abstract— The emergence of new applications on the Internet like voice over IP"
    assert any(b.kind == "paragraph" and wrapped in b.text for b in document.blocks)


@pytest.mark.parametrize(
    "opener",
    [
        "REFERENCES 1. ATTIYA, A., DOLEV, D., AND GIL, J.",
        "References [1] Attiya, A., Dolev, D., and Gil, J.",
        "REFERENCES ATTIYA, A., DOLEV, D., AND GIL, J.",
    ],
)
def test_a_references_list_run_into_its_first_entry_is_references_up_to_the_next_heading(opener):
    # A journal's last page: no heading of its own, "REFERENCES" set in the first entry's paragraph.
    text = (
        "# 7. Open questions\n\nA general direction for future research is to study other problems in these models."
        f"\n\n{opener} Asynchronous Byzantine consensus. In Proc. 3rd PODC (1984), 119-133.\n\n"
        "BRACHA, G., AND TOUEG, S. Asynchronous consensus and broadcast protocols. J. ACM 32, 4 (1985).\n\n"
        "Comput. 12 (1983), 656-666.\n\n# Appendix A. Proofs\n\nThe proof of the first lemma follows."
    )
    kinds = [(b.kind, b.text[:20]) for b in parse_text(text, markdown_syntax=True).blocks]
    assert [kind for kind, _ in kinds] == [
        "heading",
        "paragraph",
        "reference",
        "reference",
        "reference",
        "heading",
        "paragraph",
    ], kinds


def test_a_sentence_that_mentions_references_is_not_a_references_list():
    text = "References to the earlier protocol are in the appendix.\n\nReferences 1. and 2. are surveys."
    assert {b.kind for b in parse_text(text).blocks} == {"paragraph"}
