"""A setting that cannot be read is a message naming its variable, in the library, both commands and the app."""

import os
import subprocess
import sys

import pytest

from ingest import IngestSettings, SettingsError


@pytest.mark.parametrize(
    "environ, message",
    [
        (
            {"INGEST_FETCH_TIMEOUT": "soon"},
            "INGEST_FETCH_TIMEOUT='soon' is not a number more than 0 and at most 86,400; give one, or unset it.",
        ),
        (
            {"INGEST_MAX_FILE_MB": "1.5"},
            "INGEST_MAX_FILE_MB='1.5' is not a whole number from 1 to 1,000,000; give one, or unset it.",
        ),
        (
            {"INGEST_EXTRACT_TIMEOUT": "nan"},
            "INGEST_EXTRACT_TIMEOUT='nan' is not a number more than 0 and at most 86,400; give one, or unset it.",
        ),
        ({"INGEST_FEED_TTL": "inf"}, "INGEST_FEED_TTL='inf' is not a number from 0 to 86,400; give one, or unset it."),
        (
            {"INGEST_MAX_CHARS": "-1"},
            "INGEST_MAX_CHARS='-1' is not a whole number from 1 to 1,000,000,000; give one, or unset it.",
        ),
        (
            {"INGEST_OCR": "soon"},
            "INGEST_OCR='soon' is not one of 1, true, yes, on, 0, false, no, off; give one, or unset it.",
        ),
        (
            {"INGEST_FEEDS": "http://a.test/feed.rss, soon"},
            "INGEST_FEEDS='http://a.test/feed.rss, soon' is not a comma-separated list of http:// or https:// "
            "addresses; give one, or unset it.",
        ),
    ],
)
def test_a_value_that_cannot_be_read_names_its_variable(environ, message):
    with pytest.raises(SettingsError) as raised:
        IngestSettings.from_env(environ)
    assert str(raised.value) == message


def test_values_that_read_are_their_settings():
    settings = IngestSettings.from_env(
        {"INGEST_FETCH_TIMEOUT": "2.5", "INGEST_OCR": "Off", "INGEST_FEEDS": "http://a.test/1, https://b.test/2,"}
    )
    assert (settings.fetch_timeout, settings.ocr) == (2.5, False)
    assert settings.feeds == ("http://a.test/1", "https://b.test/2")
    assert IngestSettings.from_env({"NEWSAPI_KEY": "k"}).newsapi_key == "k"
    assert IngestSettings.from_env({"INGEST_NEWSAPI_KEY": "i", "NEWSAPI_KEY": "k"}).newsapi_key == "i"


@pytest.mark.parametrize("command", [["ingest"], ["summarizer", "summarize"]])
def test_both_commands_say_which_variable_is_wrong(tmp_path, command):
    path = tmp_path / "note.txt"
    path.write_text("The council met on Monday and voted to build a new bridge over the river.\n")
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "SUMMARIZER_ENGINE": "extractive", "INGEST_MAX_PAGES": "many"}
    result = subprocess.run(
        [sys.executable, "-m", *command, str(path)], capture_output=True, text=True, env=env, timeout=300
    )
    assert result.returncode == 1
    assert "INGEST_MAX_PAGES='many' is not a whole number from 1 to 1,000,000" in result.stderr
    assert "Traceback" not in result.stderr and "went wrong on our side" not in result.stderr
