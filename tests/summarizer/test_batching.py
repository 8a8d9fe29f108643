"""Concurrent callers share engine calls, each keeps its own result, progress and right to leave."""

import threading

import pytest

from summarizer import Settings, Summarizer, SummaryOptions
from summarizer.batching import BatchingEngine
from summarizer.engines.base import Engine, EngineInput, EngineOutput


class Leave(Exception):
    pass


@pytest.fixture
def tiny_service(tiny_model_dir):
    def make(**settings):
        return Summarizer(
            Settings(
                model=str(tiny_model_dir),
                engine="abstractive",
                preset="fast",
                max_input_tokens=128,
                backend="transformers",
                **settings,
            )
        )

    return make


def _concurrently(function, arguments):
    """Start every call at the same moment; results (or errors) in argument order."""
    results = [None] * len(arguments)
    gate = threading.Barrier(len(arguments))

    def call(i):
        gate.wait()
        try:
            results[i] = function(*arguments[i])
        except Exception as error:
            results[i] = error

    threads = [threading.Thread(target=call, args=(i,)) for i in range(len(arguments))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return results


def test_concurrent_callers_are_served_by_shared_batches_with_their_own_results(tiny_service, text_factory):
    texts = [text_factory(6, seed) for seed in range(6)]
    alone = [s.sentences for s in tiny_service(batch_max_documents=1).summarize_many(texts)]
    service = tiny_service(batch_wait_ms=2000)  # a window that callers started together reach even at load 15
    results = _concurrently(lambda text: service.summarize(text), [(t,) for t in texts])
    assert [r.sentences for r in results] == alone
    assert sum(service.engine.batch_sizes) == len(texts)
    assert max(service.engine.batch_sizes) > 1


def test_the_batch_is_bounded_in_documents(tiny_service, text_factory):
    service = tiny_service(batch_wait_ms=200, batch_max_documents=2)
    results = _concurrently(lambda text: service.summarize(text), [(text_factory(4, s),) for s in range(5)])
    assert all(r.sentences for r in results)
    assert max(service.engine.batch_sizes) <= 2 and sum(service.engine.batch_sizes) == 5


def test_a_caller_who_leaves_does_not_stop_the_others(tiny_service, text_factory):
    service = tiny_service(batch_wait_ms=200)
    heard: dict[int, list[float]] = {0: [], 1: [], 2: []}

    def run(i):
        def progress(fraction, message):
            heard[i].append(fraction)
            if i == 0 and message.startswith("Summarizing part"):
                raise Leave()

        return service.summarize(text_factory(30, i), SummaryOptions(length="short"), progress)

    results = _concurrently(run, [(0,), (1,), (2,)])
    assert isinstance(results[0], Leave)
    assert all(r.sentences for r in results[1:])
    assert heard[1][-1] == heard[2][-1] == 1.0
    assert heard[1] == sorted(heard[1])
    assert max(service.engine.batch_sizes) == 3


def test_the_offline_engine_is_not_queued(offline_hub):
    service = Summarizer(Settings(engine="extractive"))
    assert not hasattr(service.engine, "batch_sizes")


def test_summarize_many_returns_each_items_error_in_its_place(offline_hub, text_factory):
    service = Summarizer(Settings(engine="extractive", max_input_chars=5000))
    results = service.summarize_many([text_factory(5), "   ", "word " * 2000, text_factory(6, 1)])
    assert results[0].sentences and results[3].sentences
    assert "no text" in str(results[1]) and "limit is 5,000" in str(results[2])


def test_the_concurrency_suite_says_how_many_batched_summaries_equal_alone(tiny_model_dir, text_factory):
    from summarizer.engines.locate import ModelSource
    from summarizer.lab.concurrency import report_concurrency, run_concurrency

    said: list[str] = []
    source = ModelSource("tiny", str(tiny_model_dir), True, "local directory")
    rows = run_concurrency(
        source,
        False,
        [text_factory(12 + 5 * seed, seed) for seed in range(6)],
        said.append,
        paths=(("ctranslate2", "fast"),),
    )
    assert [r.mode for r in rows] == ["one at a time", "batched"] and rows[0].same_as_alone == ""
    assert rows[1].same_as_alone == "6/6 identical, ROUGE-L 100.0"
    assert report_concurrency(rows)[-1].endswith("; 6/6 identical, ROUGE-L 100.0")


class _LosesTheLast(Engine):
    """An engine that breaks its promise of one output per input: it drops the batch's last document."""

    name, model, device, reason, max_batch, can_stream = "extractive", "none", "cpu", "a test", 8, False

    def summarize_many(self, inputs, progress=None, *, preset=None, on_text=None):
        return [EngineOutput(list(one.sentences[:1]), None, 1, 0) for one in inputs[:-1]]


def test_callers_of_an_engine_that_loses_a_document_hear_why_instead_of_a_wrong_share():
    batching = BatchingEngine(_LosesTheLast(), max_documents=4, wait_seconds=2.0)
    inputs = [([EngineInput([f"Sentence {i} stands here."], 5)],) for i in range(3)]
    results = _concurrently(batching.summarize_many, inputs)
    assert all(isinstance(r, RuntimeError) and "summaries for" in str(r) for r in results), results
    with pytest.raises(RuntimeError, match="returned 1 summaries for 2 documents"):
        batching.summarize_many([EngineInput(["One.", "Two."], 5), EngineInput(["Three."], 5)])
