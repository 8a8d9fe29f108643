"""`summarize FILE --highlight OUT`: a highlighted PDF for a PDF, a marked HTML page otherwise, clear errors."""

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.builders import standard_pdf, styled_docx

EVAL = Path(__file__).resolve().parents[4] / "shared" / "eval"


def run(*args):
    import os

    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    return subprocess.run(
        [sys.executable, "-m", "summarizer", "summarize", *args, "--engine", "extractive"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def test_a_pdf_is_written_back_highlighted_and_the_key_terms_are_printed(tmp_path):
    from pypdf import PdfReader

    source, out = tmp_path / "standard.pdf", tmp_path / "marked.pdf"
    source.write_bytes(standard_pdf())
    result = run(str(source), "--highlight", str(out))
    assert result.returncode == 0, result.stderr
    marked = re.search(r"highlighted (\d+) of \1 source passages, its own outline kept: (.+)$", result.stderr, re.M)
    assert marked and marked[2] == str(out) and int(marked[1]) >= 2, result.stderr
    assert "\nKey terms: " in result.stdout
    annotations = [
        a.get_object()["/Subtype"]
        for page in PdfReader(io.BytesIO(out.read_bytes())).pages
        for a in page.get("/Annots", [])
    ]
    assert annotations.count("/Highlight") == annotations.count("/Popup") == int(marked[1])


def test_a_docx_becomes_marked_html_and_a_wrong_name_is_refused_before_any_work(tmp_path):
    source = tmp_path / "review.docx"
    source.write_bytes(styled_docx())
    result = run(str(source), "--highlight", str(tmp_path / "review.html"))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "review.html").read_text().count("<mark ") >= 3
    wrong = run(str(source), "--highlight", str(tmp_path / "review.pdf"))
    assert wrong.returncode == 1 and not wrong.stdout and "Traceback" not in wrong.stderr
    assert "the input is not a PDF, so --highlight writes an HTML page; name it ….html." in wrong.stderr
    stdin = subprocess.run(
        [sys.executable, "-m", "summarizer", "summarize", "-", "--highlight", "x.pdf"],
        input="Some text here.",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert stdin.returncode == 1 and "--highlight needs a file to mark up" in stdin.stderr


@pytest.mark.evaldata
@pytest.mark.slow
def test_on_every_dev_paper_the_highlighted_pdf_marks_every_summary_sentence():
    """Each of the 44 development papers, summarized with the default options, written back highlighted: every
    passage of the summary is marked (none reported missing, one highlight each)."""
    from pypdf import PdfReader

    from ingest import highlight_pdf
    from summarizer import Settings, Summarizer, SummaryOptions
    from summarizer.documents import read_document, summarize_document

    settings = Settings.from_env(engine="extractive")
    summarizer = Summarizer(settings)
    rows = [json.loads(line) for line in (EVAL / "papers" / "manifest.jsonl").read_text().splitlines() if line]
    unmarked = {}
    for row in rows:
        path = EVAL / "papers" / "pdf" / f"{row['id']}.pdf"
        document = read_document(str(path), settings.max_input_chars)
        summary = summarize_document(summarizer, document, SummaryOptions())
        passages = summary.passages()
        result = highlight_pdf(path.read_bytes(), passages, summary.sections, document.name)
        marks = sum(
            a.get_object().get("/Subtype") == "/Highlight"
            for page in PdfReader(io.BytesIO(result.data)).pages
            for a in page.get("/Annots", [])
        )
        if result.missing or marks < len(passages):
            unmarked[row["id"]] = (len(passages), marks, result.missing)
    assert len(rows) == 44 and not unmarked, unmarked
