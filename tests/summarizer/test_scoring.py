"""The learned sentence score: Newton's logistic regression, the shipped weights, and the lab command that
retrains them reproducibly."""

import json

import numpy as np

from summarizer import Settings, Summarizer, SummaryOptions
from summarizer.engine import Hints
from summarizer.engines.scoring import FEATURES, Scorer, features, fit, log_loss, shipped
from summarizer.engines.selection import Tuning, centralities, select
from summarizer.lab.syntheticprose import prose
from summarizer.service.prepared import prepare
from summarizer.text.sentences import split_sentences
from summarizer.text.vectors import tfidf, tokens
from tests.summarizer.lab.test_cli import run


def test_fit_finds_the_signal_and_is_deterministic():
    rng = np.random.default_rng(0)
    rows = rng.normal(size=(2000, len(FEATURES))).astype(np.float32)
    labels = (rows[:, 0] - 2 * rows[:, 2] + 0.3 * rng.normal(size=2000) > 1).astype(np.float64)
    scorer = fit(rows, labels)
    assert scorer.coefficients[0] > 1 and scorer.coefficients[2] < -2
    assert max(abs(scorer.coefficients[i]) for i in (1, 3, 4)) < 0.5 * scorer.coefficients[0]
    assert log_loss(scorer, rows, labels) < 0.5 * log_loss(fit(rows, np.full(2000, labels.mean())), rows, labels)
    again = fit(rows, labels)
    assert np.array_equal(scorer.coefficients, again.coefficients)
    assert Scorer.from_dict(json.loads(json.dumps(scorer.as_dict()))).names == FEATURES


STORY = """London (CNN) -- The city council approved a new budget for the river bridge on Monday after a long debate.

Councillors said the bridge had been closed to lorries for two years because of cracks in its main span.

Repairs will start in the spring and are expected to take eighteen months, paid for by the regional government.

"We have waited long enough," said one councillor, who asked not to be named.

The bridge was built in 1887 and carries about 20,000 vehicles a day.

Local residents have complained about traffic on the narrow roads that lorries now use instead.

The council will meet again next month to discuss the plans for the old railway station.

Follow us on social media for more local news from around the region and beyond."""


def test_the_shipped_scorer_prefers_the_opening_of_a_story():
    scorer = shipped()
    assert scorer is not None and scorer.names == FEATURES
    sentences = split_sentences(STORY)
    rows = tfidf([tokens(s.text) for s in sentences])
    raw, centrality = centralities(rows)
    positions = np.arange(len(sentences))
    probability = scorer.probability(
        features(
            [s.text for s in sentences],
            [s.paragraph for s in sentences],
            rows,
            positions,
            np.zeros(len(sentences), dtype=np.int64),
            centrality,
            raw,
        )
    )
    assert int(np.argmax(probability)) == 0 and probability[0] > 2 * probability[-1]
    assert select(sentences, 40, Tuning(), Hints(learned=True))[0] == 0
    assert select(sentences, 40, Tuning(learned=0.0), Hints(learned=True)) == select(sentences, 40, Tuning())


def test_text_scored_by_it_is_done_at_the_share_of_its_target_that_was_fitted():
    sentences = split_sentences(prose(60, 5))
    lengths = [len(s.text.split()) for s in sentences]

    def words(tuning, hints):
        return sum(lengths[i] for i in select(sentences, 100, tuning, hints))

    learned = Hints(learned=True)
    assert 80 <= words(Tuning(), learned) < 80 + max(lengths)
    assert words(Tuning(enough=1.0), learned) >= 100
    assert words(Tuning(), Hints()) >= 100  # documents with sections fill their target, as the papers were tuned


def test_plain_text_uses_it_and_documents_with_headings_do_not():
    offline = Summarizer(Settings(engine="extractive"))
    plain = prepare(prose(30, 1), SummaryOptions(), offline.settings.max_input_chars)
    assert plain.plan.hints.learned
    from ingest import parse_text

    blocks = parse_text(
        "# Report\n\n## One\n\n" + prose(20, 2) + "\n\n## Two\n\n" + prose(20, 3), markdown_syntax=True
    ).blocks
    assert not prepare(blocks, SummaryOptions(), offline.settings.max_input_chars).plan.hints.learned


def test_train_scorer_writes_the_same_weights_twice(tmp_path):
    data = tmp_path / "pairs.jsonl"
    articles = [prose(25, seed) for seed in range(12)]
    stories = [(article, " ".join(s.text for s in split_sentences(article)[:2])) for article in articles]
    data.write_text(
        "\n".join(
            json.dumps({"id": str(i), "article": article, "highlights": highlights})
            for i, (article, highlights) in enumerate(stories)
        )
    )
    outputs = []
    for name in ("a.json", "b.json"):
        result = run("train-scorer", str(data), "--skip", "2", "--limit", "10", "--output", str(tmp_path / name))
        assert result.returncode == 0, result.stderr
        assert "fitted on" in result.stdout and "10 pairs" in result.stdout
        outputs.append((tmp_path / name).read_text())
    assert outputs[0] == outputs[1]
    weights = json.loads(outputs[0])
    assert weights["features"] == list(FEATURES) and len(weights["coefficients"]) == len(FEATURES)
    first = weights["coefficients"][FEATURES.index("first")]
    assert first > 0  # the highlights are the first two sentences
    empty = run("train-scorer", str(data), "--skip", "50")
    assert empty.returncode == 1 and "holds no article/highlights pairs" in empty.stderr


def test_a_scorer_handed_in_through_tuning_is_the_one_used():
    sentences = split_sentences(prose(30, 4))
    hints = Hints(learned=True)
    names = list(FEATURES)
    late = np.zeros(len(FEATURES), dtype=np.float32)
    late[names.index("relative")] = 12.0  # a score that only wants the last sentences
    scorer = Scorer(FEATURES, np.zeros(len(FEATURES), np.float32), np.ones(len(FEATURES), np.float32), late, -9.0)
    shipped_pick = select(sentences, 40, Tuning(), hints)
    late_pick = select(sentences, 40, Tuning(learned=1.0, scorer=scorer), hints)
    assert min(late_pick) > len(sentences) // 2 > min(shipped_pick)


def test_cross_fit_scores_every_pair_with_weights_fitted_on_the_other_folds(tmp_path):
    from summarizer.lab.evaluation import SystemScore
    from summarizer.lab.scorer import pooled

    data = tmp_path / "pairs.jsonl"
    articles = [prose(25, seed) for seed in range(9)]
    data.write_text(
        "\n".join(
            json.dumps({"id": str(i), "article": a, "highlights": " ".join(s.text for s in split_sentences(a)[:2])})
            for i, a in enumerate(articles)
        )
    )
    result = run("cross-fit", str(data), "--folds", "3")
    assert result.returncode == 0, result.stderr
    assert [line.split(",")[0] for line in result.stderr.splitlines() if line.startswith("fold")] == [
        "fold 1: pairs 1-3",
        "fold 2: pairs 4-6",
        "fold 3: pairs 7-9",
    ]
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines()[1:]}
    assert rows["extractive"][6] == "9" and rows["lead3"][6] == "9"
    refused = run("cross-fit", str(data), "--folds", "1")
    assert refused.returncode == 1 and "--folds must be between 2 and the number of pairs (9)" in refused.stderr
    whole = pooled([SystemScore(40.0, 10, 20, 30, 10.0, 1, words_ratio=1.2), SystemScore(43.0, 13, 23, 33, 10.0, 2)])
    assert whole.n == 3 and abs(whole.rouge1 - 42.0) < 1e-9 and whole.words_ratio is None
