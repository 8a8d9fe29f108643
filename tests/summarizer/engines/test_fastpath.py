"""The CTranslate2 fast path: offline conversion from a local checkpoint, caching, and equivalence."""

import pytest

from summarizer import Settings, Summarizer
from summarizer.engines.abstractive import AbstractiveEngine, make_generator
from summarizer.engines.budgets import Budget
from summarizer.engines.conversion import converted
from summarizer.engines.device import choose_device
from summarizer.engines.locate import locate
from summarizer.errors import ModelLoadError


@pytest.fixture(scope="module")
def source(tiny_model_dir):
    return locate(str(tiny_model_dir))


def test_conversion_is_offline_cached_and_redone_when_weights_change(source, tiny_model_dir, tmp_path):
    places = Settings(hub_offline=True, ct2_cache=str(tmp_path))
    directory, model_type = converted(source, "int8", places)
    assert model_type == "t5" and (directory / "model.bin").is_file()
    stamp = (directory / "model.bin").stat().st_mtime_ns
    assert converted(source, "int8", places)[0] == directory
    assert (directory / "model.bin").stat().st_mtime_ns == stamp
    assert converted(source, "float32", places)[0] != directory


@pytest.mark.slow
def test_processes_converting_one_model_at_once_publish_one_whole_copy(source, tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    places = Settings(ct2_cache=str(tmp_path))
    with ThreadPoolExecutor(2) as pool:  # each call converts in its own child process, as two Ray workers do
        results = list(pool.map(lambda _: converted(source, "int8", places), range(2)))
    assert results[0] == results[1]
    directory = results[0][0]
    assert sorted(p.name for p in tmp_path.iterdir()) == [directory.name]
    (directory / "summarizer.json").unlink()  # a copy left half-made by an older version is replaced
    assert converted(source, "int8", places)[0] == directory and (directory / "summarizer.json").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == [directory.name]


def test_float32_fast_path_generates_exactly_what_transformers_does(source, text_factory):
    texts = [text_factory(6, seed) for seed in range(3)]
    budget = Budget(12, 12)
    outputs = {}
    for backend in ("transformers", "ctranslate2"):
        settings = Settings.from_env(model=source.path, backend=backend, quantization="float32", max_input_tokens=128)
        generator, notes = make_generator(source, choose_device("cpu"), settings)
        assert generator.backend == backend and not notes
        outputs[backend] = {preset: generator.generate(texts, budget, preset) for preset in ("fast", "best")}
    assert outputs["ctranslate2"] == outputs["transformers"]


def test_auto_backend_takes_the_fast_path_on_cpu_and_the_reference_stays_selectable(source, text_factory):
    fast = AbstractiveEngine(source, Settings.from_env(model=source.path, preset="fast"))
    reference = AbstractiveEngine(source, Settings.from_env(model=source.path, preset="fast", backend="transformers"))
    assert (fast.backend, fast.precision) == ("ctranslate2", "int8")
    assert (reference.backend, reference.precision) == ("transformers", "float32")
    summary = Summarizer(Settings.from_env(model=source.path, engine="abstractive", preset="best")).summarize(
        text_factory(30)
    )
    assert summary.sentences and summary.coverage.share == 1.0


def test_many_documents_are_batched_together_and_each_gets_its_summary(source, text_factory):
    from summarizer.engines.base import EngineInput
    from summarizer.text.sentences import split_sentences

    engine = AbstractiveEngine(
        source, Settings.from_env(model=source.path, preset="fast", max_input_tokens=128, batch_size=16)
    )
    docs = [split_sentences(text_factory(n, n)) for n in (2, 40, 12)]
    calls = []
    results = engine.summarize_many(
        [EngineInput(doc, 40) for doc in docs], progress=lambda done, total: calls.append((done, total))
    )
    assert len(results) == 3 and all(r.sentences for r in results)
    assert results[1].parts > 1 and results[0].parts == 1
    singles = [engine.summarize_many([EngineInput(doc, 40)])[0].sentences for doc in docs]
    assert [r.sentences for r in results] == singles
    assert calls[-1][0] == calls[-1][1]


def test_a_checkpoint_that_cannot_be_converted_is_explained(tmp_path, tiny_model_dir):
    import shutil

    broken = tmp_path / "model"
    shutil.copytree(tiny_model_dir, broken)
    (broken / "model.safetensors").write_bytes(b"not weights")
    with pytest.raises(ModelLoadError, match="could not be converted for the fast CPU path"):
        converted(locate(str(broken)), "int8", Settings(ct2_cache=str(tmp_path / "ct2")))
