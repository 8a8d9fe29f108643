"""The lab's measuring commands through `python -m summarizer`, in a real subprocess."""

import json
import subprocess
import sys

import pytest

from tests.summarizer.test_cli import run


def test_evaluate_json_and_predictions(tmp_path, text_factory):
    data = tmp_path / "pairs.jsonl"
    data.write_text(
        "\n".join(
            json.dumps({"id": i, "article": text_factory(12, i), "highlights": text_factory(2, 50 + i)})
            for i in range(3)
        )
    )
    predictions = tmp_path / "predictions.jsonl"
    result = run(
        "evaluate", str(data), "--engine", "extractive", "--json", "--predictions", str(predictions), "--limit", "2"
    )
    scores = json.loads(result.stdout)
    assert set(scores) == {"extractive", "lead3"}
    assert set(scores["lead3"]) == {
        "rouge1",
        "rouge2",
        "rougeL",
        "rougeLsum",
        "docs_per_sec",
        "n",
        "first_dangling",
        "dangling",
        "words_ratio",
        "words_ratio_max",
        "captions",
    }
    assert scores["extractive"]["captions"] == 0
    assert 0.5 <= scores["extractive"]["words_ratio"] <= scores["extractive"]["words_ratio_max"] <= 1.15
    assert scores["extractive"]["n"] == 2
    assert [json.loads(line)["id"] for line in predictions.read_text().splitlines()] == ["0", "1"]


def test_evaluate_rejects_malformed_data(tmp_path):
    data = tmp_path / "bad.jsonl"
    data.write_text('{"article": "x"}\n')
    result = run("evaluate", str(data), "--engine", "extractive")
    assert result.returncode == 1 and "line 1 is not a JSON object with 'article' and 'highlights'" in result.stderr


def test_benchmark_reports_every_path_against_the_naive_one(tiny_model_dir, tmp_path):
    result = run(
        "benchmark",
        "--suite",
        "fast-path",
        "--model",
        str(tiny_model_dir),
        "--data",
        "/nonexistent.jsonl",
        "--batch-docs",
        "4",
        env_extra={"SUMMARIZER_CT2_CACHE": str(tmp_path / "ct2")},
    )
    assert result.returncode == 0, result.stderr
    assert "real weights, from the local directory" in result.stdout
    rows = {
        (r[0], r[1]): r
        for r in (line.split() for line in result.stdout.splitlines())
        if len(r) == 8 and r[0] in ("article", "report", "batch4")
    }
    assert set(rows) == {(d, p) for d in ("article", "report") for p in ("naive", "reference", "fast")} | {
        ("batch4", "naive"),
        ("batch4", "fast"),
    }
    assert rows[("report", "fast")][3] == "100%" and rows[("report", "naive")][3] != "100%"
    assert rows[("report", "naive")][6] == "1.00"
    assert "quality guard: ROUGE-L between reference and fast summaries" in result.stdout
    assert "app process with the fast path loaded" in result.stdout


def test_finetune_cli_rejects_missing_data(tmp_path):
    result = run("finetune", str(tmp_path / "none.jsonl"), "--output", str(tmp_path / "out"))
    assert result.returncode == 1 and "Cannot read" in result.stderr


@pytest.mark.parametrize(
    "command, source",
    [
        (["evaluate"], "CNN/DailyMail"),
        (["ocr-eval"], "CNN/DailyMail"),
        (["papers"], "papers-we-love"),
        (["keyterms"], "papers-we-love"),
        (["structure"], "bookmarks"),
        (["briefing"], "CNN/DailyMail"),
    ],
)
def test_missing_evaluation_data_says_in_one_line_what_it_is_and_where_it_comes_from(tmp_path, command, source):
    missing = tmp_path / "shared" / "eval" / "data"
    result = (
        run(*command, str(missing), "--engine", "extractive")
        if command[0] in ("evaluate", "papers")
        else run(*command, str(missing))
    )
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert (
        lines[0].startswith(f"error: {missing} is not there.") and source in lines[0] and "../shared/eval" in lines[0]
    )


def test_scoring_without_rouge_score_says_how_to_install_it(tmp_path, text_factory):
    data = tmp_path / "pairs.jsonl"
    data.write_text(json.dumps({"id": 1, "article": text_factory(12), "highlights": text_factory(2, 50)}))
    probe = (
        "import sys; sys.modules['rouge_score'] = None; from summarizer.cli import main; "
        "from summarizer.lab.cli import add_commands; "
        f"sys.exit(main(['evaluate', {str(data)!r}, '--engine', 'extractive'], more=[add_commands]))"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "Scoring needs rouge-score, in the dev extra (pip install -e '.[dev]' in the checkout)" in result.stderr


def test_briefing_prints_a_row_per_kind_of_second_outlet_with_every_story_present(tmp_path, text_factory):
    data = tmp_path / "pairs.jsonl"
    names = ["Ostrava", "Kelmar", "Zintavo", "Brelund"]
    data.write_text(
        "\n".join(
            json.dumps(
                {
                    "id": i,
                    "article": f"The mayor of {name} resigned on Friday. " + text_factory(10, i),
                    "highlights": f"Mayor of {name} resigns\nA vote in {name} follows",
                }
            )
            for i, name in enumerate(names)
        )
    )
    result = run("briefing", str(data), "--events", "4", "--second", "2", "--engine", "extractive")
    assert result.returncode == 0, result.stderr
    rows = [line.split(" | ") for line in result.stdout.splitlines() if line.startswith(("| near", "| angle"))]
    assert [row[0] for row in rows] == ["| near", "| angle"]
    assert all(row[1] == row[2] == "6" for row in rows)  # stories, present
