import json
import subprocess
import sys

import pytest
from rouge_score import rouge_scorer

from summarizer.lab.papers import AbstractNotFoundError, greedy_oracle, lead_k, remove_abstract

ABSTRACT = (
    "Replicated storage systems lose data when many nodes fail at once, for example during a "
    "power outage. We present a placement scheme that groups nodes into small copy sets and "
    "places every chunk on exactly one copy set. The scheme reduces the probability of data loss "
    "by two orders of magnitude on clusters of five thousand nodes. It adds little overhead to "
    "recovery and to normal operation."
)

SECTIONS = {
    "1 Introduction": [
        "Large storage clusters keep three copies of every chunk on randomly chosen nodes.",
        "Random placement spreads recovery work evenly across the whole cluster.",
        "However, when one percent of the nodes fail together, almost every random placement loses some chunk.",
        "Operators told us that a single loss event is costly no matter how much data it involves.",
    ],
    "2 Design": [
        "Our placement scheme splits the nodes into copy sets of three nodes each.",
        "Every chunk is stored on the nodes of exactly one copy set.",
        "A simultaneous failure loses data only when it takes down a whole copy set.",
        "The number of copy sets controls the trade-off between scatter width and loss probability.",
    ],
    "3 Evaluation": [
        "We simulated clusters of one thousand to ten thousand nodes under correlated failures.",
        "On five thousand nodes the probability of data loss fell from nearly one to about one percent.",
        "Recovery time grew by less than five percent because copy sets still spread the work.",
        "The scheme needed fewer than two hundred lines of changes in each storage system.",
    ],
    "4 Conclusion": [
        "Copy set placement makes correlated failures far less likely to lose data.",
        "It is simple to implement and costs little at run time.",
    ],
}

REFERENCES = [
    "[1] S. Ghemawat, H. Gobioff, and S. Leung. The Google file system. In Proceedings of SOSP, 2003.",
    "[2] J. Ousterhout et al. The case for RAMCloud. Communications of the ACM, vol. 54, 2011.",
]


def make_paper_pdf(path, sections: dict[str, list[str]] = SECTIONS):
    """A three-page paper: title and authors, an Abstract heading and abstract, `sections`, references."""
    from fpdf import FPDF

    pdf = FPDF()

    def write(height, text):
        pdf.multi_cell(0, height, text, new_x="LMARGIN", new_y="NEXT")

    pdf.add_page()
    pdf.set_font("Helvetica", "B", 16)
    write(10, "Copy Sets: Fewer Data Losses in Storage Clusters")
    pdf.set_font("Helvetica", size=11)
    write(7, "Ada Lovelace and Alan Turing, Analytical Engine Laboratory")
    pdf.ln(4)
    pdf.set_font("Helvetica", "B", 12)
    write(8, "Abstract")
    pdf.set_font("Helvetica", size=11)
    write(6, ABSTRACT)
    for number, (heading, sentences) in enumerate(sections.items()):
        if number == 2:
            pdf.add_page()
        pdf.ln(4)
        pdf.set_font("Helvetica", "B", 12)
        write(8, heading)
        pdf.set_font("Helvetica", size=11)
        for _ in range(2):
            write(6, " ".join(sentences))
            pdf.ln(2)
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 12)
    write(8, "References")
    pdf.set_font("Helvetica", size=10)
    for reference in REFERENCES:
        write(6, reference)
    pdf.output(str(path))


@pytest.fixture(scope="module")
def papers_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("papers")
    (folder / "pdf").mkdir()
    make_paper_pdf(folder / "pdf" / "aaaaaaaaaaaa.pdf")
    (folder / "pdf" / "bbbbbbbbbbbb.pdf").write_bytes(b"%PDF-1.4\n" + bytes(range(256)) * 4)
    rows = [
        {
            "id": "aaaaaaaaaaaa",
            "path": "storage/copysets.pdf",
            "title": "Copy Sets",
            "pages": 3,
            "abstract": ABSTRACT,
            "abstract_words": len(ABSTRACT.split()),
            "body_words": 400,
        },
        {
            "id": "bbbbbbbbbbbb",
            "path": "broken.pdf",
            "title": "Broken",
            "pages": 1,
            "abstract": ABSTRACT,
            "abstract_words": len(ABSTRACT.split()),
            "body_words": 400,
        },
    ]
    (folder / "manifest.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return folder


def run(*args):
    import os

    return subprocess.run(
        [sys.executable, "-m", "summarizer", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "HF_HUB_OFFLINE": "1"},
        timeout=300,
    )


def test_remove_abstract_cuts_title_authors_and_abstract():
    document = (
        "Copy Sets: Fewer Data Losses\n\nAda Lovelace\n\nABSTRACT\n\n"
        + ABSTRACT.replace("power outage", "power out-\nage").replace(" We present", "\n\nWe present")
        + "\n\n1 Introduction\n\nLarge storage clusters keep three copies of every chunk. "
        "In conclusion, replicated storage systems lose data when many nodes fail at once."
    )
    body = remove_abstract(document, ABSTRACT)
    assert body.startswith("1 Introduction\n\nLarge storage clusters")
    assert body.endswith("fail at once.")


def test_remove_abstract_snaps_onto_the_abstract_edges_when_the_text_differs():
    words = ABSTRACT.split()
    noisy = " ".join(words[:20] + ["1Footnote", "text", "in", "the", "middle."] + words[20:])
    body = remove_abstract("Title line\n\n" + noisy + " Keywords: storage, replication", ABSTRACT)
    assert body == "Keywords: storage, replication"


def test_missing_abstract_is_an_error():
    with pytest.raises(AbstractNotFoundError):
        remove_abstract("A paper about something else entirely, with many words. " * 20, ABSTRACT)


def test_lead_k_stops_at_the_first_sentence_that_does_not_fit():
    sentences = ["one two three", "four five six seven", "eight nine"]
    assert lead_k(sentences, 8) == ["one two three", "four five six seven"]
    assert lead_k(sentences, 2) == []


def test_greedy_oracle_beats_lead_within_the_budget():
    sentences = [s for group in SECTIONS.values() for s in group]
    budget = len(ABSTRACT.split())
    chosen = greedy_oracle(sentences, ABSTRACT, budget)
    assert sum(len(s.split()) for s in chosen) <= budget
    assert chosen == [s for s in sentences if s in chosen]
    scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2"], use_stemmer=True)

    def value(picked):
        result = scorer.score(ABSTRACT, "\n".join(picked))
        return result["rouge1"].fmeasure + result["rouge2"].fmeasure

    assert value(chosen) > value(lead_k(sentences, budget))


def test_greedy_oracle_takes_the_reference_itself_when_it_is_a_sentence():
    sentences = ["Cats sleep all day long.", ABSTRACT, "Dogs bark at night."]
    assert greedy_oracle(sentences, ABSTRACT, 500) == [ABSTRACT]


def test_papers_command_prints_the_table_and_records_errors(papers_folder, tmp_path):
    predictions = tmp_path / "predictions.jsonl"
    result = run("papers", str(papers_folder), "--engine", "extractive", "--predictions", str(predictions))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    header = next(i for i, line in enumerate(lines) if line.split()[:3] == ["system", "R1", "R2"])
    systems = {line.split()[0]: line.split() for line in lines[header + 1 : header + 4]}
    assert set(systems) == {"extractive", "lead-k", "oracle"}
    assert all(row[6] == "1" for row in systems.values())
    assert lines[header].split()[-6:] == ["dangle1", "%", "dangle", "%", "words/target", "whole"]
    assert float(systems["lead-k"][7]) in (0.0, 100.0) and 0 <= float(systems["extractive"][8]) <= 100
    assert float(systems["oracle"][1]) >= float(systems["lead-k"][1]) > 0
    assert "1 paper(s) failed" in result.stdout and "bbbbbbbbbbbb" in result.stdout
    assert "Traceback" not in result.stderr

    rows = [json.loads(line) for line in predictions.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in rows] == ["aaaaaaaaaaaa", "bbbbbbbbbbbb"]
    summary = rows[0]["systems"]["extractive"]
    assert summary and all(set(s) == {"sentence", "junk"} for s in summary)
    assert not any(ABSTRACT[:40] in s["sentence"] for s in summary)
    assert "error" in rows[1]


def test_papers_json_and_ids(papers_folder):
    result = run("papers", str(papers_folder), "--engine", "extractive", "--ids", "aaaaaaaaaaaa", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data["systems"]) == {"extractive", "lead-k", "oracle"}
    assert data["systems"]["lead-k"]["n"] == 1 and data["errors"] == {}
    assert 0 <= data["systems"]["extractive"]["junk"] <= 100
    extractive = data["systems"]["extractive"]
    # the overview meets the abstract's length; the sections shown below it (sections on, as a user gets) add more
    assert 0.75 <= extractive["words_ratio"] <= extractive["words_ratio_max"] <= 1.15
    assert extractive["whole_ratio"] > extractive["words_ratio"]
    assert data["systems"]["lead-k"]["whole_ratio"] is None


def test_missing_folder_is_one_line_and_exit_1(tmp_path):
    result = run("papers", str(tmp_path / "nowhere"), "--engine", "extractive")
    assert result.returncode == 1
    assert result.stderr.strip().count("\n") == 0 and "is not there" in result.stderr


def test_the_body_is_the_documents_blocks_after_the_abstract(papers_folder):
    from ingest import read_file
    from summarizer.lab.papers import body_blocks, remove_abstract

    document = read_file(str(papers_folder / "pdf" / "aaaaaaaaaaaa.pdf"))
    body = body_blocks(document, ABSTRACT)
    shown = [block.text for block in body if block.kind != "running"]
    assert " ".join(shown).split() == remove_abstract(document.text, ABSTRACT).replace("\n\n- ", "\n\n").split()
    assert not any(ABSTRACT[:40] in text for text in shown) and any(block.kind == "heading" for block in body)
