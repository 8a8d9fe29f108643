"""The heading model's rebuild: the same documents give the same file, byte for byte, and the reader's numpy
evaluation of that file gives the probabilities scikit-learn's own model gives."""

import numpy as np

from ingest.formats.pdf.headingmodel import Trees
from summarizer.lab import headingtrain
from tests.summarizer.test_cli import run


def test_train_headings_rebuilds_the_model_file_bit_for_bit(tmp_path):
    empty = tmp_path / "no-pdfs"
    empty.mkdir()
    files = []
    for name in ("a.json", "b.json"):
        out = tmp_path / name
        result = run("train-headings", "--folders", str(empty), "--generated", "3", "--output", str(out))
        assert result.returncode == 0, result.stderr
        assert "trained on 3 documents" in result.stdout
        files.append(out.read_bytes())
    assert files[0] == files[1] and len(files[0]) < 200_000


def test_the_json_model_scores_lines_as_the_fitted_trees_do():
    samples = [headingtrain.generated(seed) for seed in range(3)]
    model = Trees.of(headingtrain.train(samples))
    rows = np.concatenate([s.rows for s in samples])
    labels = np.concatenate([s.labels for s in samples])
    chosen = model.probabilities(rows) >= model.cut
    assert labels.sum() >= 10 and (chosen == labels.astype(bool)).mean() > 0.97
