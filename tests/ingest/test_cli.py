import os
import subprocess
import sys

import pytest


def run(module, *args):
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "SUMMARIZER_ENGINE": "extractive"}
    return subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True, env=env, timeout=300)


@pytest.mark.parametrize("name", ["report.docx", "report.pdf", "cp1252.txt"])
def test_ingest_and_summarize_read_every_format(tmp_path, fixtures, name):
    path = tmp_path / name
    path.write_bytes(fixtures[name])
    shown = run("ingest", str(path))
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip() and f"[{name}" in shown.stderr
    summarized = run("summarizer", "summarize", str(path))
    assert summarized.returncode == 0, summarized.stderr
    assert summarized.stdout.strip() and "read 100%" in summarized.stderr


def test_ingest_reports_bad_files_without_traceback(tmp_path, fixtures):
    path = tmp_path / "locked.pdf"
    path.write_bytes(fixtures["locked.pdf"])
    for module, args in (("ingest", [str(path)]), ("summarizer", ["summarize", str(path)])):
        result = run(module, *args)
        assert result.returncode == 1
        assert "password-protected" in result.stderr and "Traceback" not in result.stderr
