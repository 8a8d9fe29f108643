import json

from rouge_score import rouge_scorer

from summarizer import Settings, Summarizer, SummaryOptions
from summarizer.lab.evaluation import evaluate, lead, load_pairs


def test_scores_equal_rouge_score_computed_directly(tmp_path, text_factory, offline_hub):
    rows = [
        {
            "id": str(i),
            "article": text_factory(15, i),
            "highlights": "\n".join(text_factory(3, 100 + i).replace("\n\n", " ").split(". ")),
        }
        for i in range(4)
    ]
    data = tmp_path / "pairs.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in rows))
    summarizer = Summarizer(Settings(engine="extractive"))
    predictions = {}
    scores = evaluate(
        summarizer, load_pairs(data), SummaryOptions(), lambda doc_id, text: predictions.setdefault(doc_id, text)
    )

    scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL", "rougeLsum"], use_stemmer=True)
    for system, outputs in (
        ("extractive", [summarizer.summarize(r["article"]).sentences for r in rows]),
        ("lead3", [lead(r["article"]).split("\n") for r in rows]),
    ):
        for metric in ("rouge1", "rouge2", "rougeL", "rougeLsum"):
            expected = sum(
                scorer.score(r["highlights"], "\n".join(out))[metric].fmeasure for r, out in zip(rows, outputs)
            ) / len(rows)
            assert getattr(scores[system], metric) == round(100 * expected, 2)
        assert scores[system].n == 4
    assert scores["extractive"].rougeLsum != scores["extractive"].rougeL
    assert set(predictions) == {"0", "1", "2", "3"}


def test_a_sentence_dangles_unless_the_one_it_leans_on_comes_right_before_it():
    from summarizer.lab.evaluation import Reading, SystemScore, dangling, with_reading

    texts = [
        "The council approved the bridge budget on Monday.",
        "This ends two years of delays.",
        "However, the work will take a year.",
        "This paper presents a new bridge design.",
    ]
    assert dangling(texts, [0, 1, 5, 9]) == [False, False, True, False]
    assert dangling(texts[1:], [1, 2, 3]) == [True, False, False]
    scored = with_reading(
        SystemScore(40.0, 17.0, 25.0, 36.0, 1.0, 2),
        [Reading([True, False], 55, 50), Reading([False, True, True], 45, 50)],
    )
    assert (scored.first_dangling, scored.dangling, scored.words_ratio, scored.words_ratio_max) == (
        50.0,
        60.0,
        1.0,
        1.1,
    )
