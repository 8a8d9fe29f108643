"""The OpenAI-compatible engine against a loopback server that speaks the API: the request it sends, the summary
it gives (labelled and grounded like the others), and a named message for each way the service can fail."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from summarizer import Settings, Summarizer, SummarizerError, SummaryOptions, kind_of
from summarizer.engine import ENGINES, EngineName
from summarizer.engines.registry import LOADERS
from tests.builders import make_text
from tests.chatserver import GOOD_KEY, MODEL

TEXT = (
    "The river council met on Monday to discuss the old bridge. Engineers said the bridge could no longer carry "
    "lorries safely. The council voted to build a new bridge beside it within two years. Residents welcomed the "
    "decision but worried about the noise of the works. The first contracts will be signed in the spring."
)


def settings(server, key=GOOD_KEY, model=MODEL) -> Settings:
    return Settings(engine="openai", openai_base_url=server.url, openai_api_key=key, openai_model=model)


def test_the_summary_comes_from_the_service_labelled_and_grounded(chat_server):
    summary = Summarizer(settings(chat_server)).summarize(TEXT, SummaryOptions(words=40))
    assert summary.engine == "openai" and summary.model == MODEL
    assert summary.device == chat_server.url.split("/")[2]
    assert summary.sentences == [
        "The river council met on Monday to discuss the old bridge.",
        "Engineers said the bridge could no longer carry lorries safely.",
    ]
    # each sentence tied first to the source sentence it says, by the service's grounding
    assert [row[0] for row in summary.support] == [0, 1]
    assert kind_of(summary.engine).describe(summary.model) == "OpenAI-compatible, tiny-chat"
    [request] = chat_server.requests
    assert request["model"] == MODEL and "about 40 words" in request["messages"][1]["content"]
    assert request["messages"][1]["content"].endswith(TEXT)
    assert chat_server.headers[0]["Authorization"] == f"Bearer {GOOD_KEY}"


def test_a_stream_ends_with_the_whole_summary_one_request_per_part(chat_server):
    from ingest import parse_text

    report = "# A report\n\n" + "\n\n".join(f"## Part {n} heading\n\n{make_text(5, n)}" for n in range(1, 4))
    parts = list(Summarizer(settings(chat_server)).stream(parse_text(report).blocks, SummaryOptions(format="outline")))
    assert parts[-1].summary.sections and not parts[-1].coming
    assert len(chat_server.requests) == 1 + len(parts[-1].summary.sections)  # the overview, then each section


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize(
    "key, model, said",
    [
        ("wrong-key", MODEL, "refused the key (HTTP 401); check SUMMARIZER_OPENAI_API_KEY."),
        (GOOD_KEY, "broken", "answered HTTP 500: "),
        (GOOD_KEY, "garbled", "answered with something that is not a chat completion"),
        (GOOD_KEY, "empty", "answered with something that is not a chat completion"),
    ],
)
def test_each_failure_of_the_service_is_a_named_message(chat_server, key, model, said):
    with pytest.raises(SummarizerError) as raised:
        Summarizer(settings(chat_server, key, model)).summarize(TEXT)
    assert type(raised.value).__name__ == "RemoteEngineError"
    assert str(raised.value).startswith(f"The OpenAI-compatible service at {chat_server.url} ")
    assert said in str(raised.value)


def test_a_service_that_is_not_there_is_named_with_its_variable():
    url = f"http://127.0.0.1:{_closed_port()}/v1"
    with pytest.raises(SummarizerError, match=r"cannot be reached \(.*refused.*\); check SUMMARIZER_OPENAI_BASE_URL"):
        Summarizer(Settings(engine="openai", openai_base_url=url)).summarize(TEXT)


def test_the_key_stays_out_of_the_settings_repr():
    assert "secret-key" not in repr(Settings(engine="openai", openai_api_key="secret-key"))


def test_a_base_url_without_a_scheme_is_refused_by_name():
    with pytest.raises(SummarizerError, match="SUMMARIZER_OPENAI_BASE_URL='api.example.com' is not an http"):
        Settings(engine="openai", openai_base_url="api.example.com")


def test_every_engine_has_a_row_and_a_loader_and_its_class_agrees_with_its_row():
    from summarizer.engines.extractive import ExtractiveEngine
    from summarizer.engines.openai import OpenAIEngine

    assert set(ENGINES) == set(EngineName) == set(LOADERS)
    for engine in (ExtractiveEngine, OpenAIEngine):
        row = ENGINES[engine.name]
        assert engine.can_stream == row.streams and (engine.max_batch is not None) == row.batches


def _cli(*args, env):
    import os

    return subprocess.run(
        [sys.executable, "-m", "summarizer", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "HF_HUB_OFFLINE": "1", **env},
        timeout=300,
    )


def test_the_command_line_summarizes_through_the_service(chat_server, tmp_path):
    source = tmp_path / "bridge.txt"
    source.write_text(TEXT)
    done = _cli("summarize", str(source), "--words", "40", env=chat_server.environment())
    assert done.returncode == 0, done.stderr
    assert "The river council met on Monday" in done.stdout
    assert f"[openai: {MODEL} on {chat_server.url.split('/')[2]}" in done.stdout + done.stderr


def test_the_command_line_names_a_refused_key_without_a_traceback(chat_server, tmp_path):
    source = tmp_path / "bridge.txt"
    source.write_text(TEXT)
    done = _cli("summarize", str(source), env=chat_server.environment(key="wrong-key"))
    assert done.returncode == 1
    assert "refused the key (HTTP 401); check SUMMARIZER_OPENAI_API_KEY" in done.stderr
    assert "Traceback" not in done.stderr
