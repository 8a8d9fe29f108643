"""`python -m summarizer serve` refuses impossible settings with a message before it starts anything."""

import pytest

from summarizer.cli import main


@pytest.mark.parametrize(
    "argv, words",
    [(["--replicas", "0"], "at least 1 replica"), (["--port", "70000"], "port 70000 is not between 0 and 65535")],
)
def test_impossible_server_settings_are_one_line_with_exit_code_1(argv, words, capsys):
    assert main(["serve", *argv]) == 1
    error = capsys.readouterr().err
    assert words in error and "Traceback" not in error and len(error.strip().splitlines()) == 1
