"""The Makefile's run and dev targets as `make -n` prints them: the port and address they pass to Streamlit."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def streamlit_flags(target: str, *arguments: str, **environment: str) -> tuple[str, str]:
    """The --server.address and --server.port that `make -n TARGET` would pass."""
    if not shutil.which("make"):
        pytest.skip("make is not installed")
    env = {
        k: v for k, v in os.environ.items() if not k.startswith("STREAMLIT_SERVER_") and k not in ("PORT", "ADDRESS")
    }
    printed = subprocess.run(
        ["make", "-n", target, *arguments],
        cwd=ROOT,
        env={**env, **environment},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    found = re.search(r"streamlit run app\.py --server\.address (\S+) --server\.port (\S+)", printed)
    assert found, printed
    return found.group(1), found.group(2)


@pytest.mark.parametrize("target", ["run", "dev"])
def test_the_port_and_address_come_from_the_command_line_then_streamlits_environment_then_the_default(target):
    assert streamlit_flags(target) == ("127.0.0.1", "8501")
    assert streamlit_flags(target, STREAMLIT_SERVER_PORT="8600") == ("127.0.0.1", "8600")
    assert streamlit_flags(target, STREAMLIT_SERVER_ADDRESS="0.0.0.0") == ("0.0.0.0", "8501")
    assert streamlit_flags(target, "PORT=8700", STREAMLIT_SERVER_PORT="8600") == ("127.0.0.1", "8700")


@pytest.mark.parametrize("target", ["run", "dev", "test"])
def test_the_project_is_installed_into_the_venv_editable_before_it_runs(target, tmp_path):
    """A fresh venv (`VENV=` a folder with none yet): the project is pip installed editable, without touching its
    pins again, so `.venv/bin/summarizer` and `python -m summarizer` work from any folder."""
    if not shutil.which("make"):
        pytest.skip("make is not installed")
    printed = subprocess.run(
        ["make", "-n", target, f"VENV={tmp_path / 'venv'}"], cwd=ROOT, capture_output=True, text=True, timeout=60
    ).stdout
    assert f"{tmp_path / 'venv'}/bin/pip install --disable-pip-version-check -q -e . --no-deps" in printed, printed
