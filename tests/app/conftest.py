"""AppTest sessions against the real app, with the offline engine or the tiny T5, and the loopback news server."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def app_env(monkeypatch, tmp_path, news_server):
    """Environment for an app session: no hub, offline engine, news from the loopback server."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    monkeypatch.setenv("SUMMARIZER_ENGINE", "extractive")
    monkeypatch.delenv("SUMMARIZER_MODEL", raising=False)
    for name, value in news_server.environment().items():
        monkeypatch.setenv(name, value)
    return news_server


@pytest.fixture
def app(app_env):
    from streamlit.testing.v1 import AppTest

    def start(page: str | None = None):
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
        at.run()
        if page:
            at.switch_page(page).run()
        assert not at.exception
        return at

    return start
