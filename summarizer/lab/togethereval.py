"""`python -m summarizer together-eval`: several news articles summarized together, against each summarized alone.

Sets of 3-5 unrelated CNN/DailyMail articles (disjoint slices of the file, sizes 3, 4, 5 in turn) are
summarized together. For each article: ROUGE-1 recall of its highlights in the whole combined overview, and
whether any overview sentence is marked as its own (none may be left out). Each overview sentence's first
mark must name the article it came from: the article sharing most of its words (ROUGE-1 precision; one of
them, on a tie), so the check holds for a model's words as for the offline engine's. The same articles
summarized alone, each to the words it is given in the set (`options_each`: an equal share of the set's
target), joined, give the baseline at the same total length: what the overview loses to sources that repeat
each other, or gains from them. The articles joined as one text and summarized to the overview's word
target show what reading them as one would give: recall, and articles with no sentence in the summary.

Redundancy sets hold an article twice, or an article and its lead (first three sentences) as a "second
outlet": the overview must show each sentence once (no two with most of their content words shared), and
a sentence the lead also says must name both sources.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from ..options import SummaryOptions
from ..service import Summarizer
from ..text.vectors import tokens
from ..together import Combined, NamedSource, options_each, says_same, summarize_together
from .evaluation import Pair, lead, rouge_scorer

SIZES = (3, 4, 5)


@dataclass(frozen=True)
class Coverage:
    """Sets summarized together against the same articles alone at the same total length."""

    sets: int
    articles: int
    recall_together: float
    recall_alone: float
    recall_merged: float
    left_out: int
    left_out_merged: int
    sentences: int
    attributed: int
    words_together: float
    words_alone: float
    seconds: float
    broken: int = 0  # sets in which an article's sentences do not stand together (unrelated articles never should)


@dataclass(frozen=True)
class Redundancy:
    """Sets whose sources repeat each other: sentences shown, shown twice from two sources, near-repeats inside one
    source's own summary, and sentences both sources say with how many name both."""

    kind: str
    sets: int
    sentences: int
    repeated: int
    own: int
    shared: int
    naming_both: int


def sets_of(pairs: Sequence[Pair], count: int) -> list[list[Pair]]:
    """`count` disjoint sets of 3, 4, 5, 3, ... articles taken in file order (fewer when the file runs out)."""
    sets, start = [], 0
    for k in range(count):
        size = SIZES[k % len(SIZES)]
        if start + size > len(pairs):
            break
        sets.append(list(pairs[start : start + size]))
        start += size
    return sets


def _owners(sentence: str, articles: Sequence[str], scorer: Any) -> set[int]:
    """The articles whose words cover most of the sentence's (ROUGE-1 precision; several when they tie)."""
    scores = [scorer.score(article, sentence)["rouge1"].precision for article in articles]
    return {k for k, value in enumerate(scores) if value == max(scores)}


def coverage(
    summarizer: Summarizer, pairs: Sequence[Pair], count: int, options: SummaryOptions, say: Callable[[str], None]
) -> Coverage:
    scorer = rouge_scorer(["rouge1"], use_stemmer=True)
    together_recall: list[float] = []
    alone_recall: list[float] = []
    merged_recall: list[float] = []
    left_out = left_out_merged = sentences = attributed = broken = 0
    words = alone_words = 0
    started = time.perf_counter()
    chosen = sets_of(pairs, count)
    for number, group in enumerate(chosen, 1):
        articles = [pair.article for pair in group]
        sources = [NamedSource(p.id, p.article) for p in group]
        combined = summarize_together(summarizer, sources, options)
        overview = "\n".join(s.text for s in combined.sentences)
        words += combined.words
        marked = {s.marks[0].source for s in combined.sentences}
        left_out += sum(1 for k in range(len(group)) if k not in marked)
        broken += not _together(combined)
        for sentence in combined.sentences:
            sentences += 1
            attributed += sentence.marks[0].source in _owners(sentence.text, articles, scorer)
        alone = summarizer.summarize_many(articles, options_each(sources, options))
        joined = "\n".join(s.overview for s in alone if not isinstance(s, Exception))
        alone_words += len(joined.split())
        merged = summarizer.summarize(
            "\n\n".join(articles), SummaryOptions(words=combined.target_words, sections=False)
        )
        for pair in group:
            together_recall.append(scorer.score(pair.highlights, overview)["rouge1"].recall)
            alone_recall.append(scorer.score(pair.highlights, joined)["rouge1"].recall)
            merged_recall.append(scorer.score(pair.highlights, merged.overview)["rouge1"].recall)
        owners = set().union(*(_owners(sentence, articles, scorer) for sentence in merged.sentences))
        left_out_merged += len(group) - len(owners)
        if number % 20 == 0:
            say(f"{number} of {len(chosen)} sets")
    return Coverage(
        sets=len(chosen),
        articles=len(together_recall),
        recall_together=100 * sum(together_recall) / max(1, len(together_recall)),
        recall_alone=100 * sum(alone_recall) / max(1, len(alone_recall)),
        recall_merged=100 * sum(merged_recall) / max(1, len(merged_recall)),
        left_out=left_out,
        left_out_merged=left_out_merged,
        sentences=sentences,
        attributed=attributed,
        words_together=words / max(1, len(chosen)),
        words_alone=alone_words / max(1, len(chosen)),
        seconds=time.perf_counter() - started,
        broken=broken,
    )


def _together(combined: Combined) -> bool:
    """Whether each source's sentences stand in one run in the overview (by their first marks)."""
    owners = [s.marks[0].source for s in combined.sentences]
    runs = [owner for k, owner in enumerate(owners) if k == 0 or owners[k - 1] != owner]
    return len(runs) == len(set(runs))


def redundancy(summarizer: Summarizer, pairs: Sequence[Pair], count: int, options: SummaryOptions) -> list[Redundancy]:
    """The same article twice, and an article with its lead as a second outlet (each with an unrelated third)."""
    out = []
    for kind, second in (
        ("same article twice", lambda p: p.article),
        ("article + its lead", lambda p: lead(p.article)),
    ):
        shown = repeated = own = shared = both = 0
        for k in range(count):
            pair, other = pairs[2 * k], pairs[2 * k + 1]
            sources = [NamedSource("first", pair.article), NamedSource("second", second(pair))]
            combined = summarize_together(summarizer, [*sources, NamedSource("other", other.article)], options)
            shown += len(combined.sentences)
            repeated += _repeats(combined, across=True)
            own += _repeats(combined, across=False)
            in_second = set(tokens(second(pair)))
            for sentence in combined.sentences:
                if sentence.marks[0].source in (0, 1) and set(tokens(sentence.text)) <= in_second:
                    shared += 1
                    both += {0, 1} <= {m.source for m in sentence.marks}
        out.append(Redundancy(kind, count, shown, repeated, own, shared, both))
    return out


def _repeats(combined: Combined, across: bool) -> int:
    """Overview sentences that say what an earlier one says, taken from another source (`across`), or from the same
    source (its own summary's near-repeats, shown as summarizing it alone shows them)."""
    bags = [set(tokens(s.text)) for s in combined.sentences]
    owners = [s.marks[0].source for s in combined.sentences]
    return sum(
        1
        for k in range(len(bags))
        if any(says_same(bags[k], bags[j]) and (owners[j] != owners[k]) == across for j in range(k))
    )


def table(result: Coverage, redundant: Sequence[Redundancy], engine: str) -> Iterable[str]:
    yield (
        "| engine | sets | articles | ROUGE-1 recall together | each alone, same length | all as one text, same target "
        "| articles left out: together | as one text | attribution right | sets with an article split apart "
        "| words together | words alone | time |"
    )
    yield "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    yield (
        f"| {engine} | {result.sets} | {result.articles} | {result.recall_together:.1f} | {result.recall_alone:.1f} | "
        f"{result.recall_merged:.1f} | {result.left_out} | {result.left_out_merged} | "
        f"{result.attributed} of {result.sentences} | {result.broken} | {result.words_together:.0f} | "
        f"{result.words_alone:.0f} | {result.seconds:.0f} s |"
    )
    yield ""
    yield (
        "| redundancy set | sets | sentences shown | shown twice, from two sources | near-repeats within one source "
        "| said by both | naming both |"
    )
    yield "|---|---:|---:|---:|---:|---:|---:|"
    for r in redundant:
        yield (f"| {r.kind} | {r.sets} | {r.sentences} | {r.repeated} | {r.own} | {r.shared} | {r.naming_both} |")
