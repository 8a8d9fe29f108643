"""Shared fixtures: a tiny T5 built and saved here, texts, an offline hub, the loopback news server.

The plain functions that make documents, files and texts live in `tests/builders.py`."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from summarizer.lab.randommodel import build_random_t5
from tests.builders import make_text

# No hypothesis test is failed by the clock: a machine at a load of 15 takes many times longer to run an example
# or draw its data than a quiet one (tests set their own example counts; these are the profile's defaults).
settings.register_profile("loaded", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("loaded")

# The evaluation data beside the checkout (`python -m summarizer eval-data ../shared/eval` rebuilds it): the tests
# that read it are marked `evaldata`, skipped by name where it is missing, and counted in the run's summary.
EVAL = Path(__file__).resolve().parents[2] / "shared" / "eval"
EVAL_MISSING = f"needs the evaluation data in {EVAL}: rebuild it with `python -m summarizer eval-data {EVAL}`"


def pytest_collection_modifyitems(config, items):
    marked = [item for item in items if "evaldata" in item.keywords]
    config.stash[_EVAL_ITEMS] = len(marked)
    if not EVAL.is_dir():
        for item in marked:
            item.add_marker(pytest.mark.skip(reason=EVAL_MISSING))


def pytest_terminal_summary(terminalreporter, config):
    count = config.stash.get(_EVAL_ITEMS, 0)
    state = "run" if EVAL.is_dir() else "skipped: " + EVAL_MISSING
    terminalreporter.write_line(f"evaluation-data tests: {count} ({state})")


_EVAL_ITEMS = pytest.StashKey[int]()


@pytest.fixture(scope="session", autouse=True)
def private_caches(tmp_path_factory):
    """Converted models go to a temporary folder, never the user's cache."""
    import os

    os.environ["SUMMARIZER_CT2_CACHE"] = str(tmp_path_factory.mktemp("ct2-cache"))


@pytest.fixture(scope="session")
def text_factory():
    return make_text


@pytest.fixture(scope="session")
def tiny_model_dir(tmp_path_factory):
    """A random-init T5 with two layers and a tokenizer trained here, saved like a hub checkpoint."""
    directory = tmp_path_factory.mktemp("tiny-t5")
    corpus = [make_text(40, seed) for seed in range(20)]
    return build_random_t5(
        directory, corpus, vocab_size=300, d_model=32, d_ff=64, num_layers=2, num_decoder_layers=2, num_heads=2, d_kv=16
    )


@pytest.fixture
def offline_hub(monkeypatch, tmp_path):
    """An empty Hugging Face cache with the hub switched off, as on a machine with no network."""
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hf" / "hub"))
    for name in [v for v in __import__("os").environ if v.startswith("SUMMARIZER_")]:
        monkeypatch.delenv(name)


@pytest.fixture
def news_server():
    """Loopback server with the recorded feeds, NewsAPI answers and article pages."""
    from tests.newsserver import NewsServer

    with NewsServer() as server:
        yield server


@pytest.fixture
def chat_server():
    """Loopback server that speaks the OpenAI chat completions API (see `tests/chatserver.py`)."""
    from tests.chatserver import ChatServer

    server = ChatServer()
    yield server
    server.stop()
