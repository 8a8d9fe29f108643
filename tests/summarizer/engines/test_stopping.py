"""A caller that stops waiting stops the model between two tokens, not after the call: the engine repeats its
progress report while a model call runs, and what the callback raises ends `generate` there (a transformers
StoppingCriteria; CTranslate2's per-token callback without beam search; the token loop when streaming)."""

import pytest

from summarizer import Settings
from summarizer.engines.abstractive import AbstractiveEngine
from summarizer.engines.base import EngineInput
from summarizer.engines.locate import locate
from summarizer.text.sentences import split_sentences

# A 2,000-word target makes one call of at least 1,680 tokens (Budget.for_words), far past the few the callback
# waits for, so a call that ran to its end would be seen as a finished step.
LONG_TARGET = 2000
STOP_AT_REPORT = 3


class GoneAway(Exception):
    """The caller left."""


@pytest.fixture(scope="module")
def source(tiny_model_dir):
    return locate(str(tiny_model_dir))


@pytest.mark.parametrize(
    "backend, preset, streaming",
    [
        ("transformers", "fast", False),
        ("transformers", "best", False),
        ("transformers", "fast", True),
        ("ctranslate2", "fast", False),
        ("ctranslate2", "fast", True),
    ],
)
def test_a_caller_who_leaves_stops_the_model_mid_call(source, text_factory, backend, preset, streaming):
    engine = AbstractiveEngine(
        source, Settings.from_env(model=source.path, backend=backend, preset=preset, max_input_tokens=128)
    )
    engine.heartbeat_seconds = 0.0  # every token asks, so the test needs no clock
    reports: list[tuple[int, int]] = []
    heard: list[str] = []

    def progress(done: int, total: int) -> None:
        reports.append((done, total))
        if len(reports) == STOP_AT_REPORT:
            raise GoneAway

    before = engine.generator.generated_tokens
    with pytest.raises(GoneAway):
        engine.summarize_many(
            [EngineInput(split_sentences(text_factory(3, 1)), LONG_TARGET)],
            progress,
            preset=preset,
            on_text=heard.append if streaming else None,
        )
    assert reports == [(0, 1)] * STOP_AT_REPORT, "the call finished before the caller's leaving was heard"
    assert engine.generator.generated_tokens == before
    if streaming:
        assert 0 < len(heard) < 1680


def test_without_a_caller_to_ask_the_call_runs_to_its_end(source, text_factory):
    engine = AbstractiveEngine(source, Settings.from_env(model=source.path, backend="transformers", preset="fast"))
    engine.heartbeat_seconds = 0.0
    [output] = engine.summarize_many([EngineInput(split_sentences(text_factory(3, 1)), 40)])
    assert output.sentences
