"""The command-line tools on hostile paths and unexpected failures: one line, exit 1, bounded time and memory."""

import os
import re
import subprocess
import sys

import pytest

from tests.hostile.measure import measure_command

SECONDS = 300  # a limit: a command still running then is killed (and its exit code fails the test)
PEAK_MB = 400


def run(tmp_path, *args, **env):
    environment = {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "SUMMARIZER_ENGINE": "extractive",
        "INGEST_INCIDENT_LOG": str(tmp_path / "incidents.log"),
        **env,
    }
    return measure_command([sys.executable, "-m", *args], timeout=SECONDS, env=environment)


@pytest.mark.parametrize("module", [("ingest",), ("summarizer", "summarize")])
def test_a_fifo_is_refused_without_blocking(tmp_path, module):
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    result = run(tmp_path, *module, str(fifo))
    assert result.returncode == 1 and "is not a regular file" in result.stderr
    assert "Traceback" not in result.stderr  # exit code 1: refused at once, not killed at the limit while blocked


def test_dev_zero_is_refused(tmp_path):
    result = run(tmp_path, "ingest", "/dev/zero")
    assert result.returncode == 1 and "/dev/zero is not a regular file" in result.stderr
    assert result.peak_mb < PEAK_MB


def test_a_huge_sparse_file_is_read_only_up_to_the_limit(tmp_path):
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as handle:
        handle.truncate(8 * 1024**3)
    result = run(tmp_path, "ingest", str(huge))
    assert result.returncode == 1 and "huge.txt is larger than 25 MB, the limit." in result.stderr
    assert result.peak_mb < PEAK_MB


FAILING_FILE_SYSTEM = """
import builtins
import io
import os


def failing(call):
    def wrapper(path, *args, **kwargs):
        if str(path).endswith("notes.txt"):
            raise RuntimeError("the file system failed")
        return call(path, *args, **kwargs)

    return wrapper


os.stat = failing(os.stat)
os.open = failing(os.open)
builtins.open = io.open = failing(io.open)
"""


@pytest.mark.parametrize("module", [("ingest",), ("summarizer", "summarize")])
def test_an_unexpected_error_is_an_apology_with_an_id_and_a_logged_traceback(tmp_path, module):
    """An error nobody foresaw: the file system fails in a way no caller expects (`open` and `os.stat` raising,
    through a `sitecustomize` on the path; nothing of ours is changed)."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(FAILING_FILE_SYSTEM)
    source = tmp_path / "notes.txt"
    source.write_text("The council met on Tuesday. It approved the budget.")
    result = run(tmp_path, *module, str(source), PYTHONPATH=str(site))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    match = re.fullmatch(
        r"error: something went wrong on our side \(id ([0-9a-f]{6})\); it has been logged in (.+)\n", result.stderr
    )
    assert match, result.stderr
    log = (tmp_path / "incidents.log").read_text()
    assert f"incident {match.group(1)}" in log and "Traceback" in log and "the file system failed" in log


@pytest.mark.parametrize(
    "url, message",
    [
        ("http://127.0.0.1:99999/story.html", "its port must be a number from 1 to 65535"),
        ("http://[::1/story.html", "not an IPv6 address"),
    ],
)
def test_malformed_links_are_one_line(tmp_path, url, message):
    result = run(tmp_path, "summarizer", "summarize", url)
    assert result.returncode == 1 and message in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("module, args", [("ingest", []), ("summarizer", ["summarize", "--engine", "extractive"])])
def test_a_reader_that_stops_reading_ends_the_command_quietly(tmp_path, module, args):
    """`python -m ingest big.txt | head -1`: the command stops as Unix tools do (141, as for SIGPIPE), without an
    apology or a traceback. Our end of the pipe is closed before the command writes, so every write meets it."""
    from tests.builders import make_text

    path = tmp_path / "long.txt"
    path.write_text("\n\n".join(make_text(20, seed) for seed in range(40)))
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", module, *args, str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    process.stdout.close()
    _, stderr = process.communicate(timeout=300)
    assert process.returncode == 141, stderr
    assert b"Traceback" not in stderr and b"went wrong" not in stderr and b"BrokenPipe" not in stderr, stderr
