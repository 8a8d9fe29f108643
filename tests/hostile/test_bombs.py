"""A Word decompression bomb (a few hundred kB that inflate to 200 MB) is refused as too large when inflated, before it
is parsed and within a small fraction of the memory cap: in the library, the command line and `--together`."""

import os
import sys

import pytest

from ingest import FileTooLargeError, IngestSettings, ingest_file
from tests.builders import docx_bomb, make_docx
from tests.hostile.measure import measure_command

SECONDS = 300  # a limit: a command still running then is killed (and its exit code fails the test)
PEAK_MB = 700  # the whole process tree, sampled; parsing this file whole peaked at 1,617 MB
TOO_LARGE = (
    "bomb.docx is too large when inflated: its parts unpack to more than 100 MB, the limit (INGEST_MAX_INFLATED_MB). "
    "Save it again from Word, or split it into smaller files."
)


@pytest.fixture(scope="module")
def bomb() -> bytes:
    return docx_bomb(200)


def test_the_bomb_is_small_packed(bomb):
    assert len(bomb) < 1_000_000


def test_a_bomb_is_refused_as_too_large_when_inflated(bomb):
    with pytest.raises(FileTooLargeError) as raised:
        ingest_file("bomb.docx", bomb, IngestSettings())
    assert str(raised.value) == TOO_LARGE


def test_the_limit_is_a_setting_and_an_ordinary_file_is_within_it():
    assert ingest_file("review.docx", make_docx(), IngestSettings(max_inflated_mb=1)).blocks
    with pytest.raises(FileTooLargeError, match=r"more than 5 MB, the limit"):
        ingest_file("bomb.docx", docx_bomb(6), IngestSettings(max_inflated_mb=5))


@pytest.mark.parametrize("together", [False, True])
def test_the_command_line_says_too_large_within_a_small_part_of_the_memory_cap(tmp_path, bomb, together):
    path = tmp_path / "bomb.docx"
    path.write_bytes(bomb)
    note = tmp_path / "note.txt"
    note.write_text("The council met on Monday and voted to build a new bridge over the river.\n")
    sources = [str(path), str(note), "--together"] if together else [str(path)]
    environment = {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "SUMMARIZER_ENGINE": "extractive",
        "INGEST_INCIDENT_LOG": str(tmp_path / "incidents.log"),
    }
    result = measure_command(
        [sys.executable, "-m", "summarizer", "summarize", *sources], timeout=SECONDS, env=environment
    )
    print(f"peak {result.peak_mb:.0f} MB, exit {result.returncode}")
    assert TOO_LARGE in result.stderr + result.stdout
    assert "damaged" not in result.stderr and "Traceback" not in result.stderr
    assert "went wrong on our side" not in result.stderr
    assert result.returncode == (0 if together else 1)
    assert result.peak_mb < PEAK_MB
