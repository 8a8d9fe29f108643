import pytest

from summarizer import Settings, Summarizer
from summarizer.lab.evaluation import Pair
from summarizer.lab.finetune import Recipe, finetune


@pytest.mark.slow
def test_loss_goes_down_and_the_saved_model_loads_back(tiny_model_dir, tmp_path, text_factory, offline_hub):
    pairs = [Pair(str(i), text_factory(8, i), text_factory(1, i)) for i in range(20)]
    output = tmp_path / "tuned"
    report = finetune(
        str(tiny_model_dir), pairs, output, Recipe(learning_rate=5e-3, batch_size=4, epochs=5, max_source_tokens=128)
    )
    assert report.epoch_losses[-1] < report.epoch_losses[0] * 0.8
    assert set(report.scores) == {"abstractive", "lead3"} and report.scores["lead3"].n == 2
    summary = Summarizer(Settings(model=str(output), engine="abstractive", preset="fast")).summarize(text_factory(10))
    assert summary.engine == "abstractive" and summary.sentences
