import json
import subprocess
import sys

import pytest


def run(*args, stdin=None, env_extra=None, cwd=None):
    import os
    env = {**os.environ, "HF_HUB_OFFLINE": "1", **(env_extra or {})}
    return subprocess.run([sys.executable, "-m", "summarizer", *args], input=stdin, capture_output=True,
                          text=True, env=env, timeout=300, cwd=cwd)


def test_summarize_stdin_prints_summary_and_provenance(text_factory):
    result = run("summarize", "-", "--engine", "extractive", stdin=text_factory(20))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()
    assert "extractive" in result.stderr and "read 100%" in result.stderr


def test_summarize_json_carries_grounding_and_coverage(tmp_path, text_factory):
    source = tmp_path / "article.txt"
    source.write_text(text_factory(20))
    result = run("summarize", str(source), "--engine", "extractive", "--json", "--format", "bullets")
    data = json.loads(result.stdout)
    assert data["engine"] == "extractive" and data["coverage"]["share"] == 1.0
    assert data["text"].startswith("- ")
    assert all(g["source"][0]["text"] == g["summary"] for g in data["grounding"])
    assert {"model", "device", "timings", "warnings", "reason"} <= set(data)


@pytest.mark.parametrize("setup, message", [
    (lambda p: None, "no such file"),
    (lambda p: p.write_text("   \n"), "input.txt is empty."),
    (lambda p: p.write_bytes(bytes(range(256)) * 4), "input.txt is not a text file"),
    (lambda p: p.mkdir(), "is a directory"),
])
def test_bad_input_exits_1_with_a_message_and_no_traceback(tmp_path, setup, message):
    path = tmp_path / "input.txt"
    setup(path)
    result = run("summarize", str(path), "--engine", "extractive")
    assert result.returncode == 1
    assert message in result.stderr and "Traceback" not in result.stderr


def test_unreadable_file(tmp_path):
    import os
    if os.geteuid() == 0:
        pytest.skip("root reads every file")
    path = tmp_path / "secret.txt"
    path.write_text("text")
    path.chmod(0)
    result = run("summarize", str(path))
    assert result.returncode == 1 and "cannot be read" in result.stderr


def test_abstractive_without_weights_explains_why():
    result = run("summarize", "-", "--engine", "abstractive", "--model", "t5-small", stdin="Some text here.",
                 env_extra={"HF_HOME": "/nonexistent-hf-home"})
    assert result.returncode == 1
    assert "t5-small is not in the local cache and offline mode is on" in result.stderr


def test_evaluate_json_and_predictions(tmp_path, text_factory):
    data = tmp_path / "pairs.jsonl"
    data.write_text("\n".join(json.dumps({"id": i, "article": text_factory(12, i),
                                          "highlights": text_factory(2, 50 + i)}) for i in range(3)))
    predictions = tmp_path / "predictions.jsonl"
    result = run("evaluate", str(data), "--engine", "extractive", "--json", "--predictions", str(predictions), "--limit", "2")
    scores = json.loads(result.stdout)
    assert set(scores) == {"extractive", "lead3"}
    assert set(scores["lead3"]) == {"rouge1", "rouge2", "rougeL", "rougeLsum", "docs_per_sec", "n", "first_dangling",
                                    "dangling", "words_ratio", "words_ratio_max"}
    assert 0.5 <= scores["extractive"]["words_ratio"] <= scores["extractive"]["words_ratio_max"] <= 1.15
    assert scores["extractive"]["n"] == 2
    assert [json.loads(line)["id"] for line in predictions.read_text().splitlines()] == ["0", "1"]


def test_evaluate_rejects_malformed_data(tmp_path):
    data = tmp_path / "bad.jsonl"
    data.write_text('{"article": "x"}\n')
    result = run("evaluate", str(data), "--engine", "extractive")
    assert result.returncode == 1 and "line 1 is not a JSON object with 'article' and 'highlights'" in result.stderr


def test_benchmark_reports_every_path_against_the_naive_one(tiny_model_dir, tmp_path):
    result = run("benchmark", "--suite", "fast-path", "--model", str(tiny_model_dir), "--data", "/nonexistent.jsonl",
                 "--batch-docs", "4",
                 env_extra={"SUMMARIZER_CT2_CACHE": str(tmp_path / "ct2")})
    assert result.returncode == 0, result.stderr
    assert "real weights, from the local directory" in result.stdout
    rows = {(r[0], r[1]): r for r in (line.split() for line in result.stdout.splitlines())
            if len(r) == 8 and r[0] in ("article", "report", "batch4")}
    assert set(rows) == {(d, p) for d in ("article", "report") for p in ("naive", "reference", "fast")} | {
        ("batch4", "naive"), ("batch4", "fast")}
    assert rows[("report", "fast")][3] == "100%" and rows[("report", "naive")][3] != "100%"
    assert rows[("report", "naive")][6] == "1.00"
    assert "quality guard: ROUGE-L between reference and fast summaries" in result.stdout
    assert "app process with the fast path loaded" in result.stdout


def test_finetune_cli_rejects_missing_data(tmp_path):
    result = run("finetune", str(tmp_path / "none.jsonl"), "--output", str(tmp_path / "out"))
    assert result.returncode == 1 and "Cannot read" in result.stderr


@pytest.mark.parametrize("command, source", [
    (["evaluate"], "CNN/DailyMail"), (["ocr-eval"], "CNN/DailyMail"), (["papers"], "papers-we-love"),
    (["keyterms"], "papers-we-love"), (["structure"], "bookmarks"),
])
def test_missing_evaluation_data_says_in_one_line_what_it_is_and_where_it_comes_from(tmp_path, command, source):
    missing = tmp_path / "shared" / "eval" / "data"
    result = run(*command, str(missing), "--engine", "extractive") if command[0] in ("evaluate", "papers") else \
        run(*command, str(missing))
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert lines[0].startswith(f"error: {missing} is not there.") and source in lines[0] and "../shared/eval" in lines[0]


def test_verbose_progress_into_a_pipe_is_plain_lines(text_factory):
    result = run("summarize", "-", "--engine", "extractive", "-v", stdin=text_factory(20))
    assert result.returncode == 0, result.stderr
    assert "\r" not in result.stderr
    lines = result.stderr.splitlines()
    assert "  2% Splitting into sentences" in lines and "100% Done" in lines
    assert lines[-1].startswith("[extractive:")


def test_scoring_without_rouge_score_says_how_to_install_it(tmp_path, text_factory):
    data = tmp_path / "pairs.jsonl"
    data.write_text(json.dumps({"id": 1, "article": text_factory(12), "highlights": text_factory(2, 50)}))
    probe = ("import sys; sys.modules['rouge_score'] = None; from summarizer.lab.cli import main; "
             f"sys.exit(main(['evaluate', {str(data)!r}, '--engine', 'extractive']))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "Scoring needs rouge-score, a development requirement: pip install -r requirements-dev.txt" in result.stderr
