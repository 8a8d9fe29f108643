"""`together-eval` on a small file of generated news-like pairs: its checks hold and its table prints."""

import json

from tests.builders import make_text
from tests.summarizer.test_cli import run


def test_together_eval_prints_both_tables_with_none_left_out_and_no_repeat_across_sources(tmp_path):
    articles = [make_text(12, seed) for seed in range(10)]
    rows = [{"id": str(k), "article": text, "highlights": text.split(". ")[0]} for k, text in enumerate(articles)]
    data = tmp_path / "pairs.jsonl"
    data.write_text("\n".join(json.dumps(row) for row in rows))
    result = run("together-eval", str(data), "--engine", "extractive", "--sets", "2", "--redundant", "2")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    cells = lines[2].strip("|").split("|")
    assert cells[0].strip() == "extractive" and cells[1].strip() == "2" and cells[2].strip() == "7"
    assert cells[6].strip() == "0"  # no article left out of the overview
    right, _, total = cells[8].strip().partition(" of ")
    assert right == total
    for line in lines[-2:]:
        kind, sets, shown, twice, own, shared, both = (cell.strip() for cell in line.strip("|").split("|"))
        assert twice == "0" and shared == both and int(shared) > 0
