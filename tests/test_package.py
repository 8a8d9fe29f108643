"""`pip install .` into a fresh venv gives `summarizer` and `ingest` commands that work from any folder, and the app.

No network: the venv sees this environment's packages through a .pth file (as `--system-site-packages` would
from a plain Python), and pip builds without isolation or an index. The build runs on a copy of the checkout,
so it leaves nothing (build/, *.egg-info) in the working tree.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import time
import urllib.request
from pathlib import Path

import pytest

from summarizer.lab.benchmark import free_port
from tests.builders import BRIDGE_PAGES, make_text, paper_pdf

ROOT = Path(__file__).resolve().parents[1]
NOT_SHIPPED = (".git", ".venv", "artifacts", "build", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis")


def run(argv: list, cwd: Path, **environment: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        [str(a) for a in argv],
        cwd=cwd,
        env={**env, "HF_HUB_OFFLINE": "1", **environment},
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh venv with the package installed from a copy of the checkout; its bin folder."""
    work = tmp_path_factory.mktemp("package")
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*NOT_SHIPPED))
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    bin_dir = venv / "bin"
    site = Path(
        run(
            [bin_dir / "python", "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], work
        ).stdout.strip()
    )
    (site / "project-environment.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    built = run(
        [bin_dir / "python", "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "--no-index", source],
        work,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    return bin_dir


@pytest.mark.slow
def test_the_installed_commands_run_from_any_folder(installed, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = run(
        [installed / "python", "-c", "import summarizer, ingest; print(summarizer.__file__, ingest.__file__)"],
        elsewhere,
    )
    assert where.stdout.count(str(installed.parent)) == 2, where.stdout  # the installed copy, not the checkout
    # Every model and weights file the packages read beside their code is installed with them (the heading judge's
    # and the TL;DR's were not, and an installed `summarize` of a PDF stopped on the missing model).
    site = Path(where.stdout.split()[0]).parents[1]
    shipped = [p.relative_to(ROOT) for package in ("summarizer", "ingest") for p in (ROOT / package).rglob("*.json")]
    assert shipped and not [str(p) for p in shipped if not (site / p).is_file()]
    for command, says in (("summarizer", "summarize"), ("ingest", "news")):
        helped = run([installed / command, "--help"], elsewhere)
        assert helped.returncode == 0, helped.stderr
        assert helped.stdout.startswith(f"usage: {command} ") and says in helped.stdout
    note = elsewhere / "note.txt"
    note.write_text(make_text(20, 3))
    summarized = run([installed / "summarizer", "summarize", note.name, "--engine", "extractive"], elsewhere)
    assert summarized.returncode == 0, summarized.stderr
    assert summarized.stdout.strip() and "[extractive:" in summarized.stderr and "read 100%" in summarized.stderr
    shown = run([installed / "ingest", note.name], elsewhere)
    assert shown.returncode == 0 and "[note.txt: text" in shown.stderr, shown.stderr
    (elsewhere / "paper.pdf").write_bytes(paper_pdf("Bridge and airport plans", BRIDGE_PAGES))
    paper = run([installed / "summarizer", "summarize", "paper.pdf", "--engine", "extractive"], elsewhere)
    assert paper.returncode == 0, paper.stderr
    assert "The bridge" in paper.stdout and "read 100%" in paper.stderr.strip().splitlines()[-1]


def _health(port: int) -> str:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=5) as answer:
            return answer.read().decode()
    except OSError:
        return ""


@pytest.mark.slow
def test_summarizer_app_serves_the_installed_app_from_any_folder(installed, tmp_path):
    """`summarizer app --port P` answers Streamlit's health check, and the installed router draws the start page."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    server = subprocess.Popen(
        [installed / "summarizer", "app", "--port", str(port)],
        cwd=elsewhere,
        env={**env, "HF_HUB_OFFLINE": "1", "SUMMARIZER_ENGINE": "extractive"},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        waited = time.monotonic()
        while _health(port) != "ok" and server.poll() is None and time.monotonic() - waited < 300:
            time.sleep(1)
        assert _health(port) == "ok", server.stdout.read() if server.poll() is not None else "no answer in 300 s"
    finally:
        server.terminate()
        server.wait(timeout=60)
    drawn = run(
        [
            installed / "python",
            "-c",
            "import ui.app, ui.navigation\n"
            "from streamlit.testing.v1 import AppTest\n"
            "at = AppTest.from_file(ui.app.__file__, default_timeout=120).run()\n"
            "assert not at.exception, at.exception\n"
            "print(ui.app.__file__, ui.navigation.VIEWS, at.title[0].value)\n",
        ],
        elsewhere,
        SUMMARIZER_ENGINE="extractive",
    )
    assert drawn.returncode == 0, drawn.stderr
    script, views, title = drawn.stdout.split(maxsplit=2)
    assert script.startswith(str(installed.parent)) and views.startswith(str(installed.parent))
    assert title.strip() == "Summarizer"


@pytest.mark.slow
def test_the_package_declares_its_licence_and_the_requirements_files_pins(installed):
    from importlib.metadata import Distribution

    found = list(
        Distribution.discover(
            name="summarizer", path=[str(p) for p in installed.parent.glob("lib/python*/site-packages")]
        )
    )
    assert len(found) == 1
    metadata = found[0].metadata
    assert metadata["License-Expression"] == "Apache-2.0"
    assert metadata["Author"] == "The Summarizer maintainers"
    assert set(metadata.get_all("License-File")) == {"LICENSE", "NOTICE"}
    assert "Copyright 2026 The Summarizer maintainers" in (ROOT / "NOTICE").read_text()
    requires = set(metadata.get_all("Requires-Dist"))
    pins = [line.split("#")[0].strip() for line in (ROOT / "requirements.txt").read_text().splitlines()]
    assert {pin for pin in pins if pin} <= requires
    assert any(r.startswith("ray[") and 'extra == "ray"' in r for r in requires)
    assert any(r.startswith("pytest==") and 'extra == "dev"' in r for r in requires)
    assert (ROOT / "LICENSE").read_text().lstrip().startswith("Apache License")
