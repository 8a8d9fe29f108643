"""`python -m summarizer sections`: section summaries scored against the authors' roadmap, on a generated paper."""

import json

import pytest

from summarizer.lab.roadmapeval import lead_number, roadmap, section_texts
from tests.summarizer.lab.test_papers import make_paper_pdf, run

ROADMAP = (
    "The rest of this paper is organized as follows. Section 2 describes the placement of chunks on copy sets, "
    "Section 3 evaluates the scheme on clusters of five thousand nodes, and Section 4 concludes with lessons "
    "for operators of storage clusters."
)
SECTIONS = {
    "1 Introduction": [
        "Large storage clusters keep three copies of every chunk on randomly chosen nodes.",
        "When one percent of the nodes fail together, almost every random placement loses some chunk.",
        ROADMAP,
    ],
    "2 Placement on copy sets": [
        "In this section, we describe how chunks are placed on copy sets of three nodes each.",
        "Every chunk is stored on the nodes of exactly one copy set.",
        "A simultaneous failure loses data only when it takes down a whole copy set.",
        "The number of copy sets controls the trade-off between scatter width and loss probability.",
    ],
    "3 Evaluation": [
        "We evaluate the scheme on simulated clusters of five thousand nodes under correlated failures.",
        "On five thousand nodes the probability of data loss fell from nearly one to about one percent.",
        "Recovery time grew by less than five percent because copy sets still spread the work.",
        "Table 2 shows the recovery time of every cluster size that was simulated.",
    ],
    "4 Conclusion": [
        "Copy set placement makes correlated failures far less likely to lose data in storage clusters.",
        "Operators can adopt it with small changes to the placement code of their storage system.",
    ],
}


@pytest.fixture(scope="module")
def papers_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("papers")
    (folder / "pdf").mkdir()
    make_paper_pdf(folder / "pdf" / "aaaaaaaaaaaa.pdf", SECTIONS)
    rows = [{"id": "aaaaaaaaaaaa", "path": "storage/copysets.pdf", "title": "Copy Sets"}]
    (folder / "manifest.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return folder


def test_the_roadmap_gives_each_numbered_section_its_clause():
    assert roadmap(ROADMAP) == {
        2: "describes the placement of chunks on copy sets",
        3: "evaluates the scheme on clusters of five thousand nodes",
        4: "concludes with lessons for operators of storage clusters",
    }
    assert [lead_number(t) for t in ("3 What's wrong with Paxos?", "IV. DESIGN", "Section 5 Results", "Notes")] == [
        3,
        4,
        5,
        None,
    ]


def test_section_text_is_cut_at_the_titles_in_order():
    text = "1 Introduction\nA first line.\n2 Design\nThe design.\nMore design.\n3 Evaluation\nNumbers."
    assert section_texts(text, ["2 Design", "3 Evaluation"]) == {
        "2 Design": "The design. More design.",
        "3 Evaluation": "Numbers.",
    }


def test_sections_command_scores_every_roadmap_section_of_a_generated_paper(papers_folder):
    result = run("sections", str(papers_folder), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    totals = report["totals"]
    assert (totals["papers"], totals["sections"], totals["found"], totals["empty"]) == (1, 3, 3, 0)
    rows = {row["section"]: row for row in report["sections"]}
    assert rows[2]["project"].startswith("In this section, we describe how chunks are placed on copy sets")
    assert "Table 2 shows" not in rows[3]["project"]
    assert totals["project"]["f1"] > 0 and totals["oracle"]["f1"] >= totals["lead"]["f1"] > 0

    table = run("sections", str(papers_folder), "--length", "short")
    assert table.returncode == 0, table.stderr
    assert "papers with a roadmap: 1; roadmap sections: 3; found by the project: 3; shown without a summary: 0" in (
        table.stdout
    )
    assert "| Oracle-1 |" in table.stdout


def test_sections_command_without_data_is_one_line(tmp_path):
    result = run("sections", str(tmp_path / "missing"))
    assert result.returncode == 1
    assert len(result.stderr.strip().splitlines()) == 1 and "manifest.jsonl" in result.stderr


def test_a_section_line_that_points_at_its_own_section_leans_on_its_heading_not_on_a_line_left_out(tmp_path):
    from summarizer.lab.evaluation import dangling

    opening = "This section describes how chunks are placed on copy sets of three nodes each."
    assert dangling([opening], [0]) == [True]  # as an overview's sentence it would lean
    sections = {**SECTIONS, "2 Placement on copy sets": [opening, *SECTIONS["2 Placement on copy sets"][1:]]}
    (tmp_path / "pdf").mkdir()
    make_paper_pdf(tmp_path / "pdf" / "aaaaaaaaaaaa.pdf", sections)
    row = {"id": "aaaaaaaaaaaa", "path": "storage/copysets.pdf", "title": "Copy Sets"}
    (tmp_path / "manifest.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")
    result = run("sections", str(tmp_path), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert {r["section"]: r for r in report["sections"]}[2]["project"].startswith(opening)
    assert report["section_lines"] > 0 and report["dangling"] == 0
