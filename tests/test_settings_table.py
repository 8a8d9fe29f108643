"""Every variable `docs/configuration.md` documents, set to a hostile value, is refused with a message naming it and
saying what it accepts, or is accepted as the page documents: never a hang, a traceback or an apology.

In-process through both packages' loaders for every variable, and through the real command line for the values the
attacks found hanging or apologising.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ingest import IngestSettings, SettingsError
from summarizer import Settings
from summarizer.errors import InvalidOptionError

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = ("nan", "1e400", "-1", "", "soon")
TEXT = ("any text", "a comma-separated list")  # what a setting accepting these words takes whatever it is given


def documented() -> dict[str, str]:
    """Each variable the configuration page's table names, with what the table says it accepts."""
    page = (ROOT / "docs" / "configuration.md").read_text()
    found = {}
    for line in page.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
        if len(cells) == 4 and cells[0].startswith("`"):
            found.update({name: cells[2] for name in re.findall(r"`([A-Z][A-Z0-9_]*)`", cells[0])})
    return found


def refusal(environ: dict[str, str]) -> str | None:
    """The message either package's settings give for `environ`, or None when both take it."""
    try:
        Settings.from_env(environ)
        IngestSettings.from_env(environ)
    except (InvalidOptionError, SettingsError) as error:
        return str(error)
    return None


def test_the_page_documents_every_variable():
    variables = documented()
    assert len(variables) >= 60 and {"SUMMARIZER_BATCH_WAIT_MS", "INGEST_OCR", "HF_HUB_OFFLINE"} <= set(variables)


@pytest.mark.parametrize("value", HOSTILE)
def test_every_documented_variable_refuses_by_name_or_accepts_as_documented(value):
    wrong = []
    for name, accepts in documented().items():
        message = refusal({name: value})
        if message is not None:
            if not message.startswith(f"{name}={value!r} is not {accepts}; give one, or unset it."):
                wrong.append(f"{name}: {message}")
        elif value == "":
            if (Settings.from_env({name: ""}), IngestSettings.from_env({name: ""})) != (Settings(), IngestSettings()):
                wrong.append(f"{name}: empty is not unset")  # the page says an empty variable is unset
        elif accepts not in TEXT:
            wrong.append(f"{name}={value!r} was accepted, though the page says it takes {accepts}")
    assert wrong == []


ATTACKS = [
    ("SUMMARIZER_BATCH_WAIT_MS", "1e400", "a number from 0 to 60,000"),
    ("SUMMARIZER_BATCH_WAIT_MS", "nan", "a number from 0 to 60,000"),
    ("SUMMARIZER_SERVE_NUM_CPUS", "nan", "a number from 0 to 1,000,000"),
    ("SUMMARIZER_SERVE_MAX_HEADER_KB", "nan", "a number more than 0 and at most 1,000,000"),
    ("SUMMARIZER_MAX_INPUT_CHARS", "-1", "a whole number from 1 to 1,000,000,000"),
    ("INGEST_OCR", "soon", "one of 1, true, yes, on, 0, false, no, off"),
]


@pytest.mark.parametrize("name, value, accepts", ATTACKS)
def test_the_command_line_says_which_variable_is_wrong_and_stops(tmp_path, name, value, accepts):
    path = tmp_path / "note.txt"
    path.write_text("The council met on Monday and voted to build a new bridge over the river.\n")
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "SUMMARIZER_ENGINE": "extractive", name: value}
    result = subprocess.run(
        [sys.executable, "-m", "summarizer", "summarize", str(path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        cwd=ROOT,
    )
    assert result.returncode == 1, result.stderr
    assert result.stderr == f"error: {name}={value!r} is not {accepts}; give one, or unset it.\n"
    assert result.stdout == ""


@pytest.mark.parametrize("name", ["SUMMARIZER_SERVE_NUM_CPUS", "SUMMARIZER_SERVE_MAX_HEADER_KB"])
def test_serve_refuses_a_nan_bound_by_name_before_it_starts_anything(monkeypatch, capsys, name):
    from summarizer.cli import main

    monkeypatch.setenv(name, "nan")
    assert main(["serve"]) == 1
    error = capsys.readouterr().err
    assert error.startswith(f"error: {name}='nan' is not a number") and len(error.splitlines()) == 1
    assert "went wrong on our side" not in error
