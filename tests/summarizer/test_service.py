import re
import socket
import threading

import pytest

from summarizer import (
    EmptyInputError,
    InputTooLargeError,
    InvalidOptionError,
    ModelLoadError,
    NoSentencesError,
    Settings,
    Summarizer,
    SummaryOptions,
)


@pytest.fixture
def offline(offline_hub):
    return Summarizer(Settings(engine="extractive"))


@pytest.fixture(scope="module")
def tiny(tiny_model_dir):
    return Summarizer(
        Settings.from_env(model=str(tiny_model_dir), engine="abstractive", preset="fast", max_input_tokens=128)
    )


def test_offline_engine_summarizes_with_grounding(offline, text_factory):
    text = text_factory(30)
    summary = offline.summarize(text)
    assert summary.engine == "extractive" and summary.sentences
    assert summary.coverage.share == 1.0
    for sentence, support in zip(summary.sentences, summary.support):
        assert [summary.source[i].text for i in support] == [sentence]
        start, end = summary.source[support[0]].start, summary.source[support[0]].end
        assert text[start:end] == sentence


@pytest.mark.parametrize(
    "text, error", [("", EmptyInputError), ("   \n\t ", EmptyInputError), ("--- *** 123 ...", NoSentencesError)]
)
def test_bad_input_raises_a_user_error(offline, text, error):
    with pytest.raises(error) as raised:
        offline.summarize(text)
    assert str(raised.value).endswith(".")


@pytest.mark.parametrize("text", ["Quarterly report", "def total(x):\n    return x + 1\n" * 20])
def test_words_without_prose_are_called_headings_or_code_not_missing_words(offline, text):
    """A lone title or program text has words: the message says what it reads as instead of 'no words'."""
    from ingest import parse_text

    with pytest.raises(NoSentencesError) as raised:
        offline.summarize(parse_text(text).blocks)
    assert "headings, code or a table" in str(raised.value) and "no words" not in str(raised.value)


def test_input_over_the_cap_is_refused(offline_hub):
    with pytest.raises(InputTooLargeError, match="limit is 1,000"):
        Summarizer(Settings(engine="extractive", max_input_chars=1000)).summarize("word " * 500)


def test_reading_cap_is_reported(offline, text_factory):
    summary = offline.summarize(text_factory(40), SummaryOptions(max_input_words=100))
    assert summary.coverage.share < 0.5
    assert "Only the first" in summary.warnings[0]


def test_length_presets_grow_with_the_document():
    options = SummaryOptions(length="medium")
    assert options.target_words(600) < options.target_words(6000) <= 4 * options.target_words(600)
    assert SummaryOptions(words=25).target_words(10_000) == 25
    assert SummaryOptions(length="short").target_words(600) < SummaryOptions(length="long").target_words(600)
    with pytest.raises(InvalidOptionError):
        SummaryOptions(length="huge")


def test_auto_falls_back_with_a_reason_when_offline(offline_hub, text_factory):
    summarizer = Summarizer(Settings.from_env(engine="auto", model="t5-small"))
    summary = summarizer.summarize(text_factory(10))
    assert summary.engine == "extractive"
    assert summary.reason == "t5-small is not in the local cache and offline mode is on (HF_HUB_OFFLINE)."


def test_auto_does_not_hang_on_a_hub_that_never_answers(offline_hub, monkeypatch, text_factory):
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(1)
    monkeypatch.delenv("HF_HUB_OFFLINE")
    monkeypatch.setenv("HF_ENDPOINT", f"http://127.0.0.1:{silent.getsockname()[1]}")
    try:
        summarizer = Summarizer(Settings.from_env(engine="auto", model="t5-small", hub_timeout=0.5))
        assert summarizer.engine.name == "extractive"
        assert "the model hub cannot be reached" in summarizer.engine.reason
    finally:
        silent.close()


def test_abstractive_engine_reports_why_it_cannot_load(offline_hub, tmp_path):
    with pytest.raises(ModelLoadError, match="does not exist"):
        _ = Summarizer(Settings.from_env(engine="abstractive", model="./no-such-model")).engine
    with pytest.raises(ModelLoadError, match="no config.json"):
        _ = Summarizer(Settings.from_env(engine="abstractive", model=str(tmp_path))).engine


def test_a_model_folder_without_its_tokenizer_is_refused_at_load_naming_the_files(tiny_model_dir, tmp_path):
    """Config and weights but no tokenizer: refused when the engine loads, not 25-60 s into a summary."""
    import shutil

    from summarizer.engines.locate import TOKENIZER_FILES

    folder = tmp_path / "no-tokenizer"
    folder.mkdir()
    for name in ("config.json", "generation_config.json", "model.safetensors"):
        shutil.copy(tiny_model_dir / name, folder / name)
    with pytest.raises(ModelLoadError, match="holds a model but no tokenizer") as refused:
        _ = Summarizer(Settings.from_env(engine="abstractive", model=str(folder))).engine
    assert all(name in str(refused.value) for name in TOKENIZER_FILES)


def test_tiny_t5_loads_from_a_directory_and_summarizes(tiny, text_factory):
    summary = tiny.summarize(text_factory(8))
    assert summary.engine == "abstractive" and summary.device == "cpu"
    assert "loaded from the local directory (ctranslate2, int8)" in summary.reason
    assert summary.sentences and all(s.endswith((".", "!", "?")) for s in summary.sentences)
    assert len(summary.support) == len(summary.sentences)


def test_long_input_is_covered_whole_by_map_reduce(tiny, text_factory):
    calls = []
    summary = tiny.summarize(text_factory(120), progress=lambda fraction, message: calls.append((fraction, message)))
    assert summary.coverage.parts > 3 and summary.coverage.share == 1.0
    assert calls[0] == (0.02, "Splitting into sentences") and calls[-1] == (1.0, "Done")
    assert any(re.fullmatch(r"Summarizing part \d+ of \d+( · about .+ left)?", message) for _, message in calls)
    assert [fraction for fraction, _ in calls] == sorted(fraction for fraction, _ in calls)
    model = tiny.engine.engine  # inside the batcher
    generator = model.generator
    parts = model._parts([s.text for s in summary.source])
    assert all(len(generator.tokenizer(generator.prefix + p)["input_ids"]) <= 128 for p in parts)
    assert " ".join(parts).split() == " ".join(s.text for s in summary.source).split()


def test_concurrent_callers_share_one_model(tiny_model_dir, text_factory):
    summarizer = Summarizer(Settings.from_env(model=str(tiny_model_dir), engine="abstractive", preset="fast"))
    results, errors = [], []

    def work(seed):
        try:
            results.append(summarizer.summarize(text_factory(12, seed)).text)
        except Exception as error:
            errors.append(error)

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors and len(results) == 4
    assert summarizer.summarize(text_factory(12, 0)).text == summarizer.summarize(text_factory(12, 0)).text


def test_cuda_request_falls_back_to_cpu_with_a_note():
    import torch

    from summarizer.engines.device import choose_device

    device = choose_device("cuda")
    if torch.cuda.is_available():
        assert device.name == "cuda" and device.dtype in ("bfloat16", "float16")
    else:
        assert device.name == "cpu" and "no GPU" in device.note
    assert choose_device("cpu").name == "cpu"


def test_settings_from_environment():
    settings = Settings.from_env(
        {"SUMMARIZER_MODEL": "/models/bart", "SUMMARIZER_BATCH_SIZE": "4"}, engine="extractive"
    )
    assert (settings.model, settings.batch_size, settings.engine) == ("/models/bart", 4, "extractive")
    with pytest.raises(InvalidOptionError, match="SUMMARIZER_BATCH_SIZE"):
        Settings.from_env({"SUMMARIZER_BATCH_SIZE": "many"})
    with pytest.raises(InvalidOptionError, match=r"^SUMMARIZER_DEVICE=.tpu. is not one of auto, cpu, cuda\.$"):
        Settings(device="tpu")


def test_every_preset_has_its_generation_arguments():
    from summarizer.engines.budgets import GENERATION
    from summarizer.settings import PRESETS

    assert tuple(GENERATION) == PRESETS


def test_batch_size_follows_free_memory_unless_set():
    from summarizer.engines.device import Device, batch_size_for

    cpu = Device("cpu", "float32")
    assert batch_size_for(cpu, 3) == 3
    assert batch_size_for(cpu) in (1, 4, 8)
