"""Corpus jobs with --highlight-dir: each file's marked-up copy beside the records (one batch, no Ray needed)."""

from __future__ import annotations

from ingest.settings import IngestSettings
from summarizer import Settings, Summarizer, SummaryOptions
from summarizer.cli import parser
from summarizer.distributed import command, corpus, corpusjob
from summarizer.text.sentences import split_sentences
from tests.builders import standard_pdf, styled_docx


def test_a_batch_writes_highlighted_pdfs_and_marked_html_under_the_item_keys(tmp_path):
    source, marked = tmp_path / "in", tmp_path / "marked"
    (source / "specs").mkdir(parents=True)
    (source / "specs" / "standard.pdf").write_bytes(standard_pdf())
    (source / "review.docx").write_bytes(styled_docx())
    (source / "note.txt").write_text("")
    items = corpus.read_items(source, tmp_path / "out.jsonl")
    out = corpusjob.summarize_items(
        Summarizer(Settings(engine="extractive")), items, SummaryOptions(), IngestSettings(), "run1", marked
    )
    assert [(r["id"], r["error"] is None) for r in out] == [
        ("note.txt", False),
        ("review.docx", True),
        ("specs/standard.pdf", True),
    ]
    assert sorted(p.relative_to(marked).as_posix() for p in marked.rglob("*") if p.is_file()) == [
        "review.docx.html",
        "specs/standard.pdf",
    ]
    pdf = (marked / "specs" / "standard.pdf").read_bytes()
    # every summary sentence (overview and sections) is marked at least once, on one or more lines
    shown = len(split_sentences(out[2]["summary"])) + sum(
        len(split_sentences(s.get("summary") or "")) for s in out[2]["sections"]
    )
    assert pdf.startswith((source / "specs" / "standard.pdf").read_bytes()) and pdf.count(b"/Highlight") >= shown >= 2
    assert "<mark " in (marked / "review.docx.html").read_text()
    assert out[2]["keyterms"] and not any("highlighted copy" in w for w in out[2]["warnings"])


def test_a_copy_that_cannot_be_written_is_a_warning_not_a_lost_summary(tmp_path):
    source = tmp_path / "in"
    source.mkdir()
    (source / "standard.pdf").write_bytes(standard_pdf())
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder should be")
    items = corpus.read_items(source, tmp_path / "out.jsonl")
    out = corpusjob.summarize_items(
        Summarizer(Settings(engine="extractive")), items, SummaryOptions(), IngestSettings(), "run1", blocked
    )
    assert out[0]["error"] is None and out[0]["summary"]
    assert any(w.startswith("The highlighted copy was not written: ") for w in out[0]["warnings"])


def test_the_command_line_passes_the_folder_to_the_job(tmp_path):
    args = parser()[0].parse_args(["batch", str(tmp_path), str(tmp_path / "out.jsonl"), "--highlight-dir", "marked"])
    assert command.job_from(args).highlight_dir.name == "marked"
    assert command.job_from(parser()[0].parse_args(["batch", str(tmp_path), "o.jsonl"])).highlight_dir is None
