"""`python -m summarizer` as a user runs it: the product's commands in a real subprocess."""

import json
import subprocess
import sys

import pytest


def run(*args, stdin=None, env_extra=None, cwd=None):
    import os

    env = {**os.environ, "HF_HUB_OFFLINE": "1", **(env_extra or {})}
    return subprocess.run(
        [sys.executable, "-m", "summarizer", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        cwd=cwd,
    )


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


def test_summarize_prints_each_section_by_default_as_the_app_shows_it(tmp_path, text_factory):
    source = tmp_path / "report.md"
    source.write_text(
        f"# Report\n\n## Methods Used Here\n\n{text_factory(12, 1)}\n\n## What Was Found\n\n{text_factory(12, 2)}\n"
    )
    shown = run("summarize", str(source), "--engine", "extractive")
    assert shown.returncode == 0, shown.stderr
    assert "Methods Used Here" in shown.stdout and "What Was Found" in shown.stdout
    overview = run("summarize", str(source), "--engine", "extractive", "--format", "paragraph")
    assert overview.returncode == 0, overview.stderr
    assert "Methods Used Here" not in overview.stdout and overview.stdout.strip()
    assert shown.stdout.startswith(overview.stdout.split("\n")[0])


@pytest.mark.parametrize(
    "setup, message",
    [
        (lambda p: None, "no such file"),
        (lambda p: p.write_text("   \n"), "input.txt is empty."),
        (lambda p: p.write_bytes(bytes(range(256)) * 4), "input.txt is not a text file"),
        (lambda p: p.mkdir(), "is a directory"),
    ],
)
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
    result = run(
        "summarize",
        "-",
        "--engine",
        "abstractive",
        "--model",
        "t5-small",
        stdin="Some text here.",
        env_extra={"HF_HOME": "/nonexistent-hf-home"},
    )
    assert result.returncode == 1
    assert "t5-small is not in the local cache and offline mode is on" in result.stderr


def test_verbose_progress_into_a_pipe_is_plain_lines(text_factory):
    result = run("summarize", "-", "--engine", "extractive", "-v", stdin=text_factory(20))
    assert result.returncode == 0, result.stderr
    assert "\r" not in result.stderr
    lines = result.stderr.splitlines()
    assert "  2% Splitting into sentences" in lines and "100% Done" in lines
    assert lines[-1].startswith("[extractive:")


def test_a_step_repeated_while_the_model_runs_is_one_line_in_a_pipe(capsys):
    """The engine repeats a step's report during a model call (so that a caller who left can stop it); a log
    gets the step once, whatever its time estimate says meanwhile."""
    from summarizer.cli import _ProgressLine

    line = _ProgressLine()
    for left in ("about 9 s left", "about 8 s left", "about 8 s left"):
        line(0.4, f"Summarizing part 1 of 3 · {left}")
    line(0.6, "Summarizing part 2 of 3 · about 4 s left")
    assert capsys.readouterr().err.splitlines() == [
        " 40% Summarizing part 1 of 3 · about 9 s left",
        " 60% Summarizing part 2 of 3 · about 4 s left",
    ]


def test_the_closing_line_counts_in_words_and_rounds_the_time(text_factory):
    """'in 1 part', never 'part(s)'; the time to a tenth of a second, or 'under 0.1 s', never '0.00 s'."""
    import re

    result = run("summarize", "-", "--engine", "extractive", stdin=text_factory(20))
    closing = result.stderr.strip().splitlines()[-1]
    assert re.search(r" words in 1 part; (under 0\.1|\d+\.\d) s\]$", closing), closing
    assert "(s)" not in closing


def test_counts_and_durations_read_as_people_write_them():
    from summarizer.wording import counted, seconds

    assert [counted(n, "part") for n in (0, 1, 2, 1204)] == ["0 parts", "1 part", "2 parts", "1,204 parts"]
    assert counted(1, "sentence that dangles", "sentences that dangle") == "1 sentence that dangles"
    assert [seconds(s) for s in (0.004, 0.05, 0.44, 9.96, 59.4, 125)] == [
        "under 0.1 s",
        "0.1 s",
        "0.4 s",
        "10 s",
        "59 s",
        "2 min 5 s",
    ]


def test_verbose_progress_on_a_terminal_is_rewritten_in_place_and_log_lines_clear_it_first(text_factory):
    """stderr on a pseudo-terminal: progress uses carriage returns, and each log line starts on a cleared line."""
    import os
    import pty

    leader, follower = pty.openpty()
    result = subprocess.run(
        [sys.executable, "-m", "summarizer", "-v", "summarize", "-", "--engine", "extractive"],
        input=text_factory(20),
        stdout=subprocess.PIPE,
        stderr=follower,
        text=True,
        env={**os.environ, "HF_HUB_OFFLINE": "1"},
        timeout=300,
    )
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    shown = seen.decode()
    assert result.returncode == 0 and result.stdout.strip()
    assert "\r100% Done" in shown
    logs = shown.count("INFO summarizer.service: engine loaded: extractive")
    assert logs == 1 and shown.count("\r\x1b[KINFO summarizer.service: engine loaded") == 1, shown


def test_left_out_lists_what_no_summary_reads_with_pages(tmp_path):
    from tests.builders import FOOTER, HEADER, REFERENCES, standard_pdf

    source = tmp_path / "standard.pdf"
    source.write_bytes(standard_pdf())
    plain = run("summarize", str(source), "--engine", "extractive")
    assert plain.returncode == 0, plain.stderr
    assert "--left-out lists what was left out" in plain.stderr and "== Left out" not in plain.stdout
    listed = run("summarize", str(source), "--engine", "extractive", "--left-out")
    assert listed.returncode == 0, listed.stderr
    assert "== Left out: running heads, feet and page numbers" in listed.stdout
    assert f"[p. 2] {HEADER}" in listed.stdout and FOOTER in listed.stdout
    assert "== Left out: references" in listed.stdout and REFERENCES[0] in listed.stdout
    assert "--left-out lists" not in listed.stderr


SUMMARIZE_MISSING = ["summarize", "/nonexistent/input.txt"]


@pytest.mark.parametrize(
    "command, message",
    [
        (SUMMARIZE_MISSING + ["--words", "5"], "argument --words: The word target must be between 10 and 2,000 words."),
        (SUMMARIZE_MISSING + ["--words", "many"], "argument --words: 'many' is not a whole number"),
        (SUMMARIZE_MISSING + ["--max-input-words", "20"], "argument --max-input-words: Reading fewer than 50 words"),
        (["batch", "/nonexistent/in.jsonl", "/nonexistent/out.jsonl", "--words", "5"], "argument --words: The word"),
    ],
)
def test_an_option_out_of_range_is_a_usage_error_before_the_input_is_read(command, message):
    """Exit 2 with the option's own message; the source named does not exist, so a read would have said so."""
    result = run(*command, "--engine", "extractive")
    assert result.returncode == 2, result.stderr
    assert message in result.stderr and "no such file" not in result.stderr and "Traceback" not in result.stderr


def test_the_time_reported_includes_reading_the_input(tmp_path, text_factory):
    """The closing line's time (timings' total) is reading plus summarizing: OCR or a fetch is not left out."""
    source = tmp_path / "article.txt"
    source.write_text(text_factory(20))
    result = run("summarize", str(source), "--engine", "extractive", "--json")
    assert result.returncode == 0, result.stderr
    timings = json.loads(result.stdout)["timings"]
    assert timings["read"] > 0
    assert timings["total"] >= timings["read"] + timings["split"] + timings["summarize"]


def test_markdown_on_stdin_is_read_as_markdown(text_factory):
    """A link inside every sentence, piped in: each sentence is read as the prose it is, and neither link syntax
    nor an address reaches the summary or the key terms."""

    def linked(sentence: str, n: int) -> str:
        words = sentence.split(" ")
        half = len(words) // 2
        link = f"[{words[half]} {words[half + 1]}](https://docs{n % 3}.readthedocs.io/en/latest/page.html)"
        return " ".join(words[:half] + [link] + words[half + 2 :])

    body = ". ".join(linked(sentence, n) for n, sentence in enumerate(text_factory(12).split(". ")))
    result = run("summarize", "-", "--engine", "extractive", "--json", stdin=f"# Widget notes\n\n{body}\n")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    shown = data["text"] + " " + " ".join(data["keyterms"])
    assert "[" not in shown and "https" not in shown and "readthedocs" not in shown, shown
    assert data["coverage"]["prose_words"] > 0.8 * data["coverage"]["input_words"], data["coverage"]


def test_a_scan_summarized_names_its_ocr_engine_in_the_closing_line_and_the_json(tmp_path, text_factory):
    """Where the summary's engine is named, so is the engine that read the scan: Tesseract, from pip alone."""
    from summarizer.lab.ocreval import FONT, scan

    if not FONT.is_file():
        pytest.skip(f"the test font {FONT} is not installed (Debian: fonts-dejavu-core)")
    image, _ = scan(text_factory(8), 150)
    image.save(tmp_path / "letter.png")
    shown = run("summarize", str(tmp_path / "letter.png"), "--engine", "extractive")
    assert shown.returncode == 0, shown.stderr
    assert "; scanned pages read by Tesseract; " in shown.stderr.strip().splitlines()[-1]
    as_json = run("summarize", str(tmp_path / "letter.png"), "--engine", "extractive", "--json")
    assert as_json.returncode == 0, as_json.stderr
    assert json.loads(as_json.stdout)["ocr"] == "Tesseract"
    typed = run("summarize", "-", "--engine", "extractive", "--json", stdin=text_factory(20))
    assert json.loads(typed.stdout)["ocr"] == ""
