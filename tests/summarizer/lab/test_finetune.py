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
    summary = Summarizer(Settings.from_env(model=str(output), engine="abstractive", preset="fast")).summarize(
        text_factory(10)
    )
    assert summary.engine == "abstractive" and summary.sentences


def test_finetune_without_rouge_score_says_so_before_training(tiny_model_dir, tmp_path, text_factory):
    """rouge-score hidden by a package of the same name that cannot be imported: the command stops at once, with
    the message, and nothing is trained or saved."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    hidden = tmp_path / "hide" / "rouge_score"
    hidden.mkdir(parents=True)
    (hidden / "__init__.py").write_text("raise ImportError('rouge-score is not installed here')\n")
    data = tmp_path / "pairs.jsonl"
    data.write_text(
        "".join(
            json.dumps({"id": str(i), "article": text_factory(8, i), "highlights": text_factory(1, i)}) + "\n"
            for i in range(20)
        )
    )
    output = tmp_path / "tuned"
    root = Path(__file__).resolve().parents[3]
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONPATH": os.pathsep.join([str(hidden.parent), str(root)])}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "summarizer",
            "finetune",
            str(data),
            "--model",
            str(tiny_model_dir),
            "--output",
            str(output),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert result.returncode == 1, result.stderr
    assert "Scoring needs rouge-score" in result.stderr and "Traceback" not in result.stderr
    assert "epoch 1 step" not in result.stderr and not output.exists()
