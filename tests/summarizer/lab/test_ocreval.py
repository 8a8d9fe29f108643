"""The OCR measurements: word accuracy as defined, scans that hold what fits, and the two commands."""

import json

import pytest

from summarizer.lab.ocreval import FONT, scan, word_accuracy
from tests.builders import make_text
from tests.summarizer.test_cli import run

needs_font = pytest.mark.skipif(
    not FONT.is_file(), reason=f"the test font {FONT} is not installed (Debian: fonts-dejavu-core)"
)


def test_word_accuracy_is_one_minus_word_error_rate_over_normalized_words():
    reference = "The city council voted on Tuesday to repair the bridge."
    assert word_accuracy(reference, "the City council voted, on Tuesday to repair the bridge") == 1.0
    assert word_accuracy(reference, "The city council voted on Tuesday to repair the bridqe.") == 0.9
    assert word_accuracy(reference, "The city council voted on Tuesday to repair the old bridge.") == 0.9
    assert word_accuracy(reference, "Thecitycouncil voted on Tuesday to repair the bridge.") == 0.7
    assert word_accuracy(reference, "") == 0.0
    assert word_accuracy(reference, " ".join(["noise"] * 40)) == 0.0


@needs_font
def test_a_scan_holds_the_words_that_fit_on_one_page_in_order():
    long = make_text(200, seed=4)
    image, text = scan(long, 150)
    assert image.size == (1240, 1754)
    words = text.split()
    assert 300 < len(words) < len(long.split()) and long.split()[: len(words)] == words


@needs_font
def test_ocr_eval_prints_word_accuracy_and_rouge_for_text_and_scan(tmp_path):
    data = tmp_path / "pairs.jsonl"
    data.write_text(
        json.dumps({"id": "a1", "article": make_text(12, seed=7), "highlights": make_text(2, seed=7)}) + "\n"
    )
    result = run("ocr-eval", str(data), "--limit", "1")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("1 one-page scans at 200 dpi: word accuracy ")
    accuracy = float(lines[0].split("word accuracy ")[1].split("%")[0])
    assert accuracy >= 95
    assert [line.split()[0] for line in lines[2:4]] == ["text", "scan"]


@needs_font
def test_benchmark_ocr_suite_reports_tesseract_and_rapidocr_in_one_run():
    """Each engine's seconds per page and peak memory, and which engine really read (no silent fallback)."""
    result = run("benchmark", "--suite", "ocr", "--data", "/nonexistent.jsonl", "--pages", "1")
    assert result.returncode == 0, result.stderr
    assert "No articles at /nonexistent.jsonl (the CNN/DailyMail pairs" in result.stderr
    assert "timing synthetic news-length prose instead" in result.stderr
    lines = result.stdout.splitlines()
    for engine, label in (("tesseract", "Tesseract"), ("rapidocr", "RapidOCR")):
        line = next(line for line in lines if line.startswith(f"OCR by {label} ({engine} asked), 1 scanned pages"))
        assert " s per page (" in line and " CPU s in the reader), peak " in line and "reader child" in line
    assert any(line.startswith("rapidocr takes ") and line.endswith("x tesseract's time per page") for line in lines)
