"""Time to the first line: the real app in headless chromium, from choosing the file to the first overview line
on screen and to the whole summary, beside the command line's time for the same file.

`python -m summarizer benchmark --suite first-line` starts `streamlit run app.py` with the default settings (only
the Hugging Face hub is switched off, as here it cannot be reached), uploads each file as a user does, and
watches the page: the first line is the overview's first sentence as `summarize --json` prints it for the same
file, the whole summary is the coverage line and the download button, which appear once it is done. The app
reads a file as soon as it is chosen and shows Summarize when it has; the clock starts at the choice, and the
button is clicked as soon as it shows (the reading time is reported too). Each file is
summarized once by the app (the summary cache would answer a second upload at once). The files: a 17-page paper
(a dev paper, or generated pages without the data), the 300-page file of `--suite documents`, and a 10-page scan
read by OCR.
"""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from .. import settings
from ..errors import SummarizerError

ROOT = Path(__file__).resolve().parents[2]
WAIT_S = 1800
START_S = 300
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
SCAN_PAGES = 10
PAPER_PAGES = 17


@dataclass(frozen=True)
class FirstLine:
    """One file: seconds from choosing it to the Summarize button (read), to the first overview line and to the
    whole summary, and the command line's seconds for the same file."""

    name: str
    pages: int
    read_s: float
    first_line_s: float
    whole_s: float
    cli_s: float


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def files(folder: Path, papers: Path, articles: list[str]) -> Iterator[tuple[str, int, Path]]:
    """(name, pages, path) of the 17-page paper, the 300-page file and the 10-page scan, written into `folder`."""
    from . import ocreval, scaling

    manifest = papers / "manifest.jsonl"
    rows = [json.loads(line) for line in manifest.open()] if manifest.is_file() else []
    paper = next((row for row in rows if row["pages"] == PAPER_PAGES), None)
    if paper:
        path = folder / "paper.pdf"
        shutil.copyfile(papers / "pdf" / f"{paper['id']}.pdf", path)
        yield "17-page paper", PAPER_PAGES, path
        path = folder / "long.pdf"
        path.write_bytes(scaling.long_pdf(papers / "pdf"))
        yield "300-page file", 300, path
    path = folder / "scan.pdf"
    pages = [ocreval.scan(articles[i % len(articles)], seed=i)[0] for i in range(SCAN_PAGES)]
    path.write_bytes(ocreval.scan_pdf(pages))
    yield "10-page scan", SCAN_PAGES, path


def _cli(path: Path, environment: dict[str, str]) -> tuple[float, str]:
    """The command line's wall time for `path`, and the overview's first sentence it printed."""
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "summarizer", "summarize", str(path), "--json"],
        capture_output=True,
        text=True,
        env=environment,
        cwd=ROOT,
        timeout=WAIT_S,
    )
    seconds = time.perf_counter() - started
    if result.returncode:
        raise SummarizerError(f"summarize {path.name} failed: {result.stderr.strip()[-300:]}")
    summary = json.loads(result.stdout)
    first = summary["sentences"][0]
    return seconds, first


def _probe_text(sentence: str) -> str:
    """A run of the sentence's plain words, as the page shows them whatever Markdown escaping does to the rest."""
    words = [w for w in sentence.split() if re.fullmatch(r"[A-Za-z][A-Za-z,;'-]*", w)]
    return " ".join(words[:3]) if len(words) >= 3 else sentence.split()[0]


class _App:
    """`streamlit run app.py` on a free port, as a user starts it; stopped on exit."""

    def __init__(self, environment: dict[str, str]):
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(self.port)]
        command += ["--server.headless", "true", "--server.address", "127.0.0.1"]
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )

    def __enter__(self) -> "_App":
        deadline = time.monotonic() + START_S
        while time.monotonic() < deadline:
            try:
                if urllib.request.urlopen(f"{self.base}/_stcore/health", timeout=2).read() == b"ok":
                    return self
            except OSError:
                time.sleep(0.3)
        self.process.kill()
        raise SummarizerError("The app did not start.")

    def __exit__(self, *exc: object) -> None:
        self.process.terminate()
        self.process.wait(30)


def run(papers: Path, articles: list[str], say: Callable[[str], None]) -> list[FirstLine]:
    """Each file through the app in chromium and through the command line."""
    from playwright.sync_api import sync_playwright  # a development requirement, like the browser tests

    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(chromium).exists():
        raise SummarizerError("The first-line suite needs Debian's chromium (apt-get install chromium).")
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        environment = settings.environment(HF_HUB_OFFLINE="1", HF_HOME=str(Path(scratch) / "hf"))
        with _App(environment) as app, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
            for name, pages, path in files(Path(scratch), papers, articles):
                cli_s, first = _cli(path, environment)
                page = browser.new_page(viewport={"width": 1400, "height": 900})
                page.goto(f"{app.base}/upload")
                chosen = time.perf_counter()
                page.locator("input[type=file]").set_input_files(str(path))
                button = page.get_by_role("button", name="Summarize")
                button.wait_for(timeout=WAIT_S * 1000)
                read = time.perf_counter() - chosen
                button.click()
                page.get_by_text(_probe_text(first)).first.wait_for(timeout=WAIT_S * 1000)
                first_line = time.perf_counter() - chosen
                page.get_by_text(re.compile(r"^Read \d+% of")).first.wait_for(timeout=WAIT_S * 1000)
                page.get_by_role("button", name="Download .md").first.wait_for(timeout=WAIT_S * 1000)
                rows.append(FirstLine(name, pages, read, first_line, time.perf_counter() - chosen, cli_s))
                page.close()
                say(
                    f"{name}: read {read:.1f} s, first line {first_line:.1f} s, "
                    f"whole {rows[-1].whole_s:.1f} s, CLI {cli_s:.1f} s"
                )
            browser.close()
    return rows


def report(rows: list[FirstLine]) -> list[str]:
    lines = [
        "| file | pages | read (s) | first overview line (s) | whole summary (s) | `summarize` (s) |",
        "|---|---|---|---|---|---|",
    ]
    lines += [
        f"| {r.name} | {r.pages} | {r.read_s:.1f} | {r.first_line_s:.1f} | {r.whole_s:.1f} | {r.cli_s:.1f} |"
        for r in rows
    ]
    return lines
