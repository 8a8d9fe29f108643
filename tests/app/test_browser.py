"""End to end in a real browser: Debian's chromium driven by Playwright against `streamlit run`.

Screenshots of each page are written to artifacts/screenshots/.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import make_text
from tests.ingest.conftest import make_docx, make_pdf

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 60_000


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed; .ci/run installs it with apt")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    from tests.newsserver import NewsServer

    with NewsServer() as news:
        port = free_port()
        env = {**os.environ, "HF_HUB_OFFLINE": "1", "SUMMARIZER_ENGINE": "extractive",
               "HF_HOME": str(tmp_path_factory.mktemp("hf")), **news.environment()}
        process = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
             "--server.headless", "true", "--server.address", "127.0.0.1"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if urllib.request.urlopen(f"{base}/_stcore/health", timeout=2).read() == b"ok":
                    break
            except OSError:
                time.sleep(0.3)
        else:
            process.kill()
            pytest.fail("streamlit did not start")
        yield base, news
        process.terminate()
        process.wait(10)


@pytest.fixture(scope="module")
def browser(server):
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    yield page
    context.close()


def wait_for_summary(page):
    page.get_by_text("Read 100% of").first.wait_for()
    page.get_by_role("button", name="Download .md").first.wait_for()


@pytest.mark.parametrize("name, data", [("review.docx", make_docx), ("plan.pdf", lambda: make_pdf(pages=5))])
def test_upload_and_summarize(server, page, tmp_path, name, data):
    base, _ = server
    path = tmp_path / name
    path.write_bytes(data())
    page.goto(base)
    page.locator("input[type=file]").set_input_files(str(path))
    page.get_by_role("button", name="Summarize").click()
    wait_for_summary(page)
    page.screenshot(path=str(SHOTS / f"upload-{path.suffix[1:]}.png"), full_page=True)
    assert page.get_by_text(name).first.is_visible()


def test_paste_and_summarize(server, page):
    base, _ = server
    page.goto(f"{base}/paste")
    area = page.get_by_label("Text to summarize")
    area.fill(make_text(40, seed=9))
    area.press("Control+Enter")
    page.get_by_text("words", exact=False).first.wait_for()
    page.get_by_role("button", name="Summarize").click()
    wait_for_summary(page)
    page.screenshot(path=str(SHOTS / "paste.png"), full_page=True)


def test_news_summarize_in_place_and_read_more(server, page):
    base, news = server
    page.goto(f"{base}/news")
    page.get_by_text("City council approves river bridge repairs after long debate").first.wait_for()
    read_more = page.get_by_role("link", name="Read more")
    assert read_more.nth(1).get_attribute("href") == f"{news.base}/article/normal.html"
    assert read_more.nth(1).get_attribute("target") == "_blank"
    page.get_by_role("button", name="Summarize", exact=True).nth(1).click()
    wait_for_summary(page)
    assert page.get_by_text("city council voted seven to two", exact=False).first.is_visible()
    page.screenshot(path=str(SHOTS / "news.png"), full_page=True)
    with urllib.request.urlopen(read_more.nth(1).get_attribute("href"), timeout=5) as article:
        assert b"river bridge" in article.read()
