"""The summarizer server on a local Ray (2 CPUs): real HTTP on loopback, the offline engine and the tiny T5.

One Ray and one Serve for the module (starting them takes tens of seconds here); each application
asks for a quarter of a CPU so the offline, T5, overload and measured ones fit side by side.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from ingest import Block, ingest_file
from summarizer import (EmptyInputError, ServiceBusyError, ServiceUnavailableError, Settings, Summarizer,
                        SummaryOptions, connect)
from tests.conftest import make_text
from tests.ingest.conftest import make_pdf

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[3]


@dataclass(frozen=True)
class Cluster:
    port: int
    offline: str
    t5: str
    base: Settings
    tiny: Settings


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory, tiny_model_dir):
    import ray
    from ray import serve

    from summarizer.distributed.serve import deploy

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HF_HUB_OFFLINE", "1")
        patch.setenv("HF_HOME", str(tmp_path_factory.mktemp("hf")))
        ray.init(address="local", num_cpus=2, include_dashboard=False)
        try:
            port = free_port()
            base = Settings(engine="extractive", serve_port=port, serve_num_cpus=0.25, serve_batch_wait_ms=50)
            tiny = replace(base, engine="abstractive", model=str(tiny_model_dir), preset="fast", max_input_tokens=128)
            yield Cluster(port, deploy(base, "offline", "/offline"), deploy(tiny, "t5", "/t5"), base, tiny)
        finally:
            serve.shutdown()
            ray.shutdown()


def post(url: str, body: bytes) -> tuple[int, dict]:
    request = urllib.request.Request(url, data=body, method="POST", headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def without_timings(summary):
    return replace(summary, timings={})


def test_health_names_the_engine_and_the_batching(cluster):
    health = connect(replace(cluster.base, url=cluster.t5)).health()
    assert health["engine"] == "abstractive" and health["model"] == cluster.tiny.model and health["device"] == "cpu"
    assert health["replicas"] == 1 and health["max_batch"] == 8 and health["num_cpus"] == 0.25


def test_concurrent_requests_are_batched_and_each_gets_its_own_summary(cluster):
    remote = connect(replace(cluster.base, url=cluster.offline))
    texts = [make_text(12, seed) for seed in range(16)]
    with ThreadPoolExecutor(16) as pool:
        summaries = list(pool.map(remote.summarize, texts))
    embedded = Summarizer(cluster.base)
    assert [without_timings(s) for s in summaries] == [without_timings(embedded.summarize(t)) for t in texts]
    sizes = {int(size): count for size, count in remote.health()["batch_sizes"].items()}
    assert max(sizes) > 1 and sum(size * count for size, count in sizes.items()) >= len(texts)


def test_concurrent_requests_with_different_options_each_get_their_own(cluster):
    remote = connect(replace(cluster.base, url=cluster.offline))
    text = make_text(40, seed=2)
    asked = [SummaryOptions(format="bullets"), SummaryOptions(length="tldr"), SummaryOptions(length="long")] * 4
    with ThreadPoolExecutor(len(asked)) as pool:
        summaries = list(pool.map(lambda options: remote.summarize(text, options), asked))
    embedded = Summarizer(cluster.base)
    assert [without_timings(s) for s in summaries] == [without_timings(embedded.summarize(text, o)) for o in asked]
    assert len({s.target_words for s in summaries}) == 3


def test_the_tiny_t5_answers_with_the_same_summary_as_in_process(cluster):
    text = make_text(60, seed=4)
    remote = connect(replace(cluster.tiny, url=cluster.t5)).summarize(text, SummaryOptions(length="short"))
    embedded = Summarizer(cluster.tiny).summarize(text, SummaryOptions(length="short"))
    assert remote.engine == "abstractive" and remote.coverage.parts > 1
    assert without_timings(remote) == without_timings(embedded)


def test_an_uploaded_pdf_keeps_its_pages_and_sections_through_the_server(cluster):
    blocks = ingest_file("report.pdf", make_pdf(pages=5)).blocks
    options = SummaryOptions(format="outline")
    remote = connect(replace(cluster.base, url=cluster.offline)).summarize(blocks, options)
    embedded = Summarizer(cluster.base).summarize(blocks, options)
    assert remote.sections and {p for p in remote.pages} >= {1, 5}
    assert without_timings(remote) == without_timings(embedded)
    assert remote.text == embedded.text


def test_summarize_many_returns_each_item_or_its_error(cluster):
    remote = connect(replace(cluster.base, url=cluster.offline))
    results = remote.summarize_many([make_text(10, 1), "   ", [Block("paragraph", make_text(8, 2), page=3)]])
    assert results[0].sentences and results[2].pages[0] == 3
    assert isinstance(results[1], EmptyInputError) and str(results[1]) == "There is no text to summarize."


@pytest.mark.parametrize("body, status, kind, words", [
    (b'{"text": "  "}', 400, "EmptyInputError", "There is no text to summarize."),
    (b'{"text": "--- *** 123"}', 400, "NoSentencesError", "no sentences to summarize"),
    (b'{"txt": "Hello there."}', 400, "InvalidOptionError", "Unknown request field 'txt'"),
    (b'{"text": "A text.", "options": {"length": "huge"}}', 400, "InvalidOptionError", "Unknown length 'huge'"),
    (b"{not json", 400, "InvalidOptionError", "not valid JSON")])
def test_a_bad_request_gets_400_with_the_services_message(cluster, body, status, kind, words):
    code, answer = post(cluster.offline + "/summarize", body)
    assert (code, answer["error"]["type"]) == (status, kind) and words in answer["error"]["message"]


def test_an_unknown_route_gets_404_naming_the_routes(cluster):
    code, answer = post(cluster.offline + "/summarise", b"{}")
    assert code == 404 and "POST /summarize" in answer["error"]["message"]


def test_the_client_raises_the_servers_error_with_its_message(cluster):
    with pytest.raises(EmptyInputError, match="^There is no text to summarize.$"):
        connect(replace(cluster.base, url=cluster.offline)).summarize("\n\n")


def test_an_overloaded_server_answers_503_and_the_client_says_busy(cluster):
    from summarizer.distributed.serve import deploy

    url = deploy(replace(cluster.tiny, serve_max_batch=1, serve_max_queued=1), "tight", "/tight")
    remote = connect(replace(cluster.tiny, url=url))
    text = make_text(400, seed=9)

    def attempt(_):
        try:
            return remote.summarize(text)
        except ServiceBusyError as error:
            return error

    with ThreadPoolExecutor(12) as pool:
        outcomes = list(pool.map(attempt, range(12)))
    busy = [o for o in outcomes if isinstance(o, ServiceBusyError)]
    assert busy and len(busy) < len(outcomes)
    assert str(busy[0]) == f"The summarizer server at {url} is busy with other requests; your text is kept — " \
                           "try again in a minute."


def test_the_app_summarizes_through_the_server_and_names_it(cluster, monkeypatch, tmp_path):
    from streamlit.testing.v1 import AppTest

    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("SUMMARIZER_URL", cluster.offline)
    monkeypatch.setenv("SUMMARIZER_ENGINE", "abstractive")  # no model here: loading one in-process would fail
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    at.switch_page("views/paste.py").run()
    assert "Offline extractive** on the summarizer server" in " ".join(c.value for c in at.sidebar.caption)
    at.text_area(key="paste_area").set_value(make_text(30, seed=3)).run()
    at.button(key="summarize_paste").click().run()
    for _ in range(30):
        if any(c.value.startswith("Read 100%") for c in at.caption):
            break
        at.run()
    assert not at.exception and not at.error
    line = next(c.value for c in at.caption if c.value.startswith("Read 100%"))
    assert line.endswith(f"offline extractive on the summarizer server at {cluster.offline}")


def test_the_serve_command_joins_a_running_cluster_and_stops_cleanly(cluster):
    import ray

    env = {**os.environ, "RAY_ADDRESS": ray.get_runtime_context().gcs_address, "SUMMARIZER_ENGINE": "extractive",
           "SUMMARIZER_SERVE_NUM_CPUS": "0.25"}
    command = [sys.executable, "-m", "summarizer", "serve", "--port", str(cluster.port), "--replicas", "1"]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               text=True)
    try:
        first = process.stdout.readline()
        url = f"http://127.0.0.1:{cluster.port}"
        assert first.startswith(f"Summarizer server on {url}:") and f"SUMMARIZER_URL={url}" in first
        remote = connect(Settings(url=url))
        assert remote.health()["engine"] == "extractive" and remote.summarize(make_text(10, 5)).sentences
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(120) == 0
    with pytest.raises(ServiceUnavailableError, match="could not answer"):
        connect(Settings(url=url)).summarize("The council met. It voted for the bridge.")


def test_measure_gives_documents_per_second_for_one_and_two_replicas(cluster):
    from summarizer.distributed.throughput import measure

    documents = [make_text(15, seed) for seed in range(4)]
    rows = [measure(replicas, 8, 4, cluster.base, documents) for replicas in (1, 2)]
    for replicas, row in zip((1, 2), rows):
        assert row["replicas"] == replicas and row["requests"] == 8 and row["docs_per_s"] > 0
        assert sum(row["batch_sizes"].values()) == 8 and 1 <= row["mean_batch"] <= 4


def test_a_model_that_cannot_load_stops_the_deployment_with_the_services_message(cluster, tmp_path):
    from summarizer import ModelLoadError
    from summarizer.distributed.serve import deploy

    missing = replace(cluster.tiny, model=str(tmp_path / "no-such-model"))
    with pytest.raises(ModelLoadError, match="no-such-model"):
        deploy(missing, "missing", "/missing")
