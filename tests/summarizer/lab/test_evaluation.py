import json

from rouge_score import rouge_scorer

from summarizer import Settings, Summarizer, SummaryOptions
from summarizer.lab.evaluation import evaluate, lead, load_pairs


def test_scores_equal_rouge_score_computed_directly(tmp_path, text_factory, offline_hub):
    rows = [{"id": str(i), "article": text_factory(15, i),
             "highlights": "\n".join(text_factory(3, 100 + i).replace("\n\n", " ").split(". "))}
            for i in range(4)]
    data = tmp_path / "pairs.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in rows))
    summarizer = Summarizer(Settings(engine="extractive"))
    predictions = {}
    scores = evaluate(summarizer, load_pairs(data), SummaryOptions(),
                      lambda doc_id, text: predictions.setdefault(doc_id, text))

    scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL", "rougeLsum"], use_stemmer=True)
    for system, outputs in (("extractive", [summarizer.summarize(r["article"]).sentences for r in rows]),
                            ("lead3", [lead(r["article"]).split("\n") for r in rows])):
        for metric in ("rouge1", "rouge2", "rougeL", "rougeLsum"):
            expected = sum(scorer.score(r["highlights"], "\n".join(out))[metric].fmeasure
                           for r, out in zip(rows, outputs)) / len(rows)
            assert getattr(scores[system], metric) == round(100 * expected, 2)
        assert scores[system].n == 4
    assert scores["extractive"].rougeLsum != scores["extractive"].rougeL
    assert set(predictions) == {"0", "1", "2", "3"}
