"""`python -m summarizer serve` refuses impossible settings with a message before it starts anything."""

import pytest

from summarizer.cli import main


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--replicas", "0"], "SUMMARIZER_SERVE_REPLICAS=0 is not a whole number from 1 to 1,000,000."),
        (["--port", "70000"], "SUMMARIZER_SERVE_PORT=70000 is not a whole number from 0 to 65,535."),
    ],
)
def test_impossible_server_settings_are_one_line_with_exit_code_1(argv, words, capsys):
    assert main(["serve", *argv]) == 1
    error = capsys.readouterr().err
    assert words in error and "Traceback" not in error and len(error.strip().splitlines()) == 1
