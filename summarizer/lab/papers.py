"""The papers evaluation: summarize real PDFs with their abstracts cut out, scored against the abstracts.

The protocol is the one in `shared/eval/papers/README.md`: read each PDF as the app and
`summarize PAPER.pdf` do, cut every block up to the end of the abstract, summarize the rest exactly
as a user gets it (`--words N` with N the abstract's length, sections on), and score the overview's
ROUGE-1/2/Lsum against the abstract, with Lead-K and a greedy ROUGE oracle on the same body text and
the junk rate (`summarizer.lab.junk`) of every system. The abstract is an overview, so ROUGE reads
the overview; `words/target` is the overview's words against N, and `whole` adds the section
summaries shown below it.
"""

from __future__ import annotations

import functools
import json
import logging
import re
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from ingest import Block, Document, IngestError, read_file

from ..documents import summarize_document
from ..errors import InvalidOptionError, SummarizerError
from ..options import WORD_TARGET_RANGE, SummaryOptions
from ..service import Summarizer
from ..text.sentences import split_sentences
from .evaluation import Reading, dangling, one_per_line, rouge_tokenizer, score, with_reading
from .junk import junk_reasons

logger = logging.getLogger(__name__)

LEAD = "lead-k"
ORACLE = "oracle"
EDGE_WORDS = 6
MIN_ABSTRACT_OVERLAP = 0.5
_WORD = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class Paper:
    """One manifest entry: the PDF and its own abstract, the reference summary."""

    id: str
    pdf: Path
    title: str
    abstract: str
    abstract_words: int


@dataclass
class PaperResult:
    """One paper's summaries per system (as sentences), with timings, or the error that stopped it."""

    id: str
    title: str
    summaries: dict[str, list[str]] = field(default_factory=dict)
    positions: dict[str, list[int | None]] = field(default_factory=dict)
    target: int = 0
    seconds: dict[str, float] = field(default_factory=dict)
    ingest_seconds: float = 0.0
    body_words: int = 0
    whole_words: int = 0
    sections: int = 0
    error: str | None = None

    def junk(self, system: str) -> list[list[str]]:
        """Junk reasons for each sentence of one system's summary (empty list: prose)."""
        return [junk_reasons(s) for s in self.summaries[system]]

    def reading(self, system: str) -> Reading:
        """Which of one system's sentences dangle, its words and the word target."""
        return Reading(
            dangling(self.summaries[system], self.positions[system]),
            sum(len(s.split()) for s in self.summaries[system]),
            self.target,
        )

    def junk_share(self, system: str) -> float:
        reasons = self.junk(system)
        return sum(bool(r) for r in reasons) / len(reasons) if reasons else 0.0


@dataclass(frozen=True)
class PapersScore:
    """Mean ROUGE F1 (0-100), mean junk share (0-100), seconds per paper, papers scored, top junk reasons."""

    rouge1: float
    rouge2: float
    rougeL: float
    rougeLsum: float
    junk: float
    seconds_per_paper: float
    n: int
    junk_reasons: dict[str, int]
    first_dangling: float | None = None
    dangling: float | None = None
    words_ratio: float | None = None
    words_ratio_max: float | None = None
    whole_ratio: float | None = None
    whole_ratio_max: float | None = None


class AbstractNotFoundError(SummarizerError):
    """The paper's abstract could not be located in the extracted text."""


def load_papers(folder: str | Path, limit: int | None = None, ids: Sequence[str] = ()) -> list[Paper]:
    """Papers from `folder/manifest.jsonl`, optionally only `ids` and the first `limit`."""
    root = Path(folder)
    manifest = root / "manifest.jsonl"
    if not root.is_dir():
        raise InvalidOptionError(f"{folder}: no such folder (expected the papers folder with manifest.jsonl).")
    if not manifest.is_file():
        raise InvalidOptionError(f"{folder} has no manifest.jsonl.")
    papers = []
    with open(manifest, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                papers.append(
                    Paper(
                        row["id"],
                        root / "pdf" / f"{row['id']}.pdf",
                        row.get("title", ""),
                        row["abstract"],
                        int(row["abstract_words"]),
                    )
                )
            except (json.JSONDecodeError, KeyError, TypeError, ValueError) as error:
                raise InvalidOptionError(
                    f"{manifest} line {number} is not a paper with id, abstract and abstract_words."
                ) from error
    if ids:
        unknown = sorted(set(ids) - {p.id for p in papers})
        if unknown:
            raise InvalidOptionError(f"Not in {manifest}: {', '.join(unknown)}.")
        papers = [p for p in papers if p.id in set(ids)]
    return papers[:limit] if limit is not None else papers


def _words(text: str) -> list[tuple[str, int, int]]:
    return [(m.group().lower(), m.start(), m.end()) for m in _WORD.finditer(text)]


def _best_window(words: Sequence[str], wanted: Counter[str], size: int) -> tuple[int, int]:
    """(start, overlap) of the first window of `size` words sharing the most words with `wanted`."""
    have: Counter[str] = Counter()
    overlap = best = best_start = 0
    for i, word in enumerate(words):
        if have[word] < wanted[word]:
            overlap += 1
        have[word] += 1
        if i >= size:
            gone = words[i - size]
            have[gone] -= 1
            if have[gone] < wanted[gone]:
                overlap -= 1
        if overlap > best:
            best, best_start = overlap, max(0, i - size + 1)
    return best_start, best


def _snap(words: Sequence[str], edge: Sequence[str], around: int, radius: int) -> int:
    """The position near `around` where `edge` matches best, word by word (ties: the nearest)."""
    best, best_score = around, -1
    for position in range(max(0, around - radius), min(len(words) - len(edge), around + radius) + 1):
        matched = sum(a == b for a, b in zip(words[position : position + len(edge)], edge))
        if (matched, -abs(position - around)) > (best_score, -abs(best - around)):
            best, best_score = position, matched
    return best


def abstract_span(text: str, abstract: str) -> tuple[int, int]:
    """Character span of the abstract in `text`, found as the README's protocol says."""
    found = _words(text)
    words = [w for w, _, _ in found]
    reference = [w for w, _, _ in _words(abstract)]
    size = len(reference)
    if not size or len(words) < size:
        raise AbstractNotFoundError("The extracted text is shorter than the abstract.")
    start, overlap = _best_window(words, Counter(reference), size)
    if overlap < MIN_ABSTRACT_OVERLAP * size:
        raise AbstractNotFoundError(f"The abstract was not found in the text (best overlap {overlap}/{size} words).")
    radius = max(EDGE_WORDS, size // 4)
    edge = min(EDGE_WORDS, size)
    first = _snap(words, reference[:edge], start, radius)
    last = _snap(words, reference[-edge:], start + size - edge, radius) + edge - 1
    if last < first:
        first, last = start, start + size - 1
    return found[first][1], found[last][2]


def remove_abstract(text: str, abstract: str) -> str:
    """The body: `text` minus everything from its start to the end of the abstract."""
    _, end = abstract_span(text, abstract)
    while end < len(text) and not text[end].isspace() and not text[end].isalnum():
        end += 1
    return text[end:].strip()


def lead_k(sentences: Sequence[str], budget: int) -> list[str]:
    """The first sentences while they fit in `budget` words."""
    chosen, words = [], 0
    for sentence in sentences:
        words += len(sentence.split())
        if words > budget:
            break
        chosen.append(sentence)
    return chosen


Grams = list[Counter[Any]]  # a text's unigram and bigram counts
# An oracle candidate: its index, its words, its n-grams that the reference has, and its unigram and bigram counts.
Candidate = tuple[int, int, list[dict[Any, int]], list[int]]


def greedy_oracle(sentences: Sequence[str], reference: str, budget: int) -> list[str]:
    """Sentences added one at a time, each the one that most raises ROUGE-1 + ROUGE-2 F1, while that
    improves and fits in `budget` words; returned in document order.

    Uses rouge-score's own tokenizer and stemmer; bigrams are counted within sentences (rouge-score
    also counts the ones across a sentence boundary, so the final score can differ slightly).
    """
    tokenize = rouge_tokenizer(use_stemmer=True).tokenize
    ref_tokens = tokenize(reference)
    targets: Grams = [Counter(ref_tokens), Counter(zip(ref_tokens, ref_tokens[1:]))]
    totals = [len(ref_tokens), max(0, len(ref_tokens) - 1)]
    candidates = _candidates(sentences, tokenize, targets)
    have: Grams = [Counter(), Counter()]
    hits, lengths = [0, 0], [0, 0]
    chosen: list[int] = []
    words = 0
    current = 0.0
    while True:
        best = _best_addition(candidates, chosen, budget - words, current, (have, hits, lengths), targets, totals)
        if best is None:
            break
        current, (index, size, kept, counts), hits = best
        chosen.append(index)
        words += size
        for n in (0, 1):
            have[n].update(kept[n])
            lengths[n] += counts[n]
    return [sentences[i] for i in sorted(chosen)]


def _candidates(sentences: Sequence[str], tokenize: Callable[[str], list[str]], targets: Grams) -> list[Candidate]:
    candidates: list[Candidate] = []
    for index, sentence in enumerate(sentences):
        tokens = tokenize(sentence)
        grams: Grams = [Counter(tokens), Counter(zip(tokens, tokens[1:]))]
        candidates.append(
            (
                index,
                len(sentence.split()),
                [{g: c for g, c in counts.items() if g in target} for counts, target in zip(grams, targets)],
                [len(tokens), max(0, len(tokens) - 1)],
            )
        )
    return candidates


def _f1(hits: int, predicted: int, total: int) -> float:
    return 2 * hits / (predicted + total) if predicted + total else 0.0


def _best_addition(
    candidates: list[Candidate],
    chosen: list[int],
    room: int,
    current: float,
    state: tuple[Grams, list[int], list[int]],
    targets: Grams,
    totals: list[int],
) -> tuple[float, Candidate, list[int]] | None:
    """(ROUGE-1 + ROUGE-2 F1 with it, the candidate, its hits) for the unchosen candidate of at most `room`
    words that raises the score above `current` most; None when none does."""
    have, hits, lengths = state
    best: tuple[float, Candidate, list[int]] | None = None
    for candidate in candidates:
        index, size, kept, counts = candidate
        if index in chosen or size > room:
            continue
        gained = [
            hits[n]
            + sum(min(have[n][g] + c, targets[n][g]) - min(have[n][g], targets[n][g]) for g, c in kept[n].items())
            for n in (0, 1)
        ]
        value = sum(_f1(gained[n], lengths[n] + counts[n], totals[n]) for n in (0, 1))
        if value > current and (best is None or value > best[0]):
            best = (value, candidate, gained)
    return best


def body_blocks(document: Document, abstract: str) -> list[Block]:
    """The blocks after the abstract: those before its end are cut, and the block it ends in keeps its tail.

    The abstract is found in the document's text (`Document.text`, running heads left out), so the cut is
    the one `remove_abstract` makes on that text."""
    text = document.text
    _, end = abstract_span(text, abstract)
    while end < len(text) and not text[end].isspace() and not text[end].isalnum():
        end += 1
    kept: list[Block] = []
    offset = 0
    for block in document.blocks:
        if block.kind == "running":
            if offset >= end:
                kept.append(block)
            continue
        rendered = replace(document, blocks=(block,)).text
        stop = offset + len(rendered)
        if offset >= end:
            kept.append(block)
        elif stop > end:
            tail = rendered[end - offset :].strip()
            if tail:
                kept.append(replace(block, text=tail))
        offset = stop + 2  # the blank line between blocks
    return kept


def evaluate_paper(summarizer: Summarizer, paper: Paper) -> PaperResult:
    """Read, cut the abstract, summarize as a user does and run both baselines on one paper; errors are
    recorded."""
    result = PaperResult(paper.id, paper.title)
    try:
        started = time.perf_counter()
        document = read_file(str(paper.pdf))
        result.ingest_seconds = time.perf_counter() - started
        body = remove_abstract(document.text, paper.abstract)
        result.body_words = len(body.split())
        low, high = WORD_TARGET_RANGE
        result.target = min(high, max(low, paper.abstract_words))
        cut = replace(document, blocks=tuple(body_blocks(document, paper.abstract)))
        started = time.perf_counter()
        summary = summarize_document(summarizer, cut, SummaryOptions(words=result.target))
        result.seconds[summarizer.engine.name] = time.perf_counter() - started
        result.whole_words = summary.all_words
        result.sections = len(summary.sections)
        result.summaries[summarizer.engine.name] = list(summary.sentences)
        result.positions[summarizer.engine.name] = [row[0] if row else None for row in summary.support]
    except (IngestError, SummarizerError) as error:
        result.error = str(error)
        return result
    sentences = [s.text for s in split_sentences(body)]
    where: dict[str, int] = {}
    for index, sentence in enumerate(sentences):
        where.setdefault(sentence, index)
    for name, pick in (
        (LEAD, functools.partial(lead_k, sentences, paper.abstract_words)),
        (ORACLE, functools.partial(greedy_oracle, sentences, paper.abstract, paper.abstract_words)),
    ):
        started = time.perf_counter()
        result.summaries[name] = pick()
        result.seconds[name] = time.perf_counter() - started
        result.positions[name] = [where.get(s) for s in result.summaries[name]]
    return result


def run(
    summarizer: Summarizer, papers: Sequence[Paper], on_paper: Callable[[int, PaperResult], None] | None = None
) -> list[PaperResult]:
    """Every paper's result, in manifest order; `on_paper(number, result)` after each one."""
    _ = summarizer.engine  # loaded before the first paper
    results = []
    for number, paper in enumerate(papers, 1):
        result = evaluate_paper(summarizer, paper)
        if result.error:
            logger.warning("%s: %s", paper.id, result.error)
        results.append(result)
        if on_paper:
            on_paper(number, result)
    return results


def as_lines(sentences: Sequence[str]) -> str:
    """A summary one sentence per line by the project's splitter, as ROUGE-Lsum expects."""
    return one_per_line("\n\n".join(sentences))


def scores(results: Sequence[PaperResult], abstracts: dict[str, str], top: int = 10) -> dict[str, PapersScore]:
    """Scores keyed by system (the engine, then Lead-K and the oracle) over the papers without errors."""
    done = [r for r in results if r.error is None]
    systems = list(done[0].summaries) if done else []
    references = [one_per_line(abstracts[r.id]) for r in done]
    return {system: _system_score(done, references, system, system == systems[0], top) for system in systems}


def _system_score(done: list[PaperResult], references: list[str], system: str, first: bool, top: int) -> PapersScore:
    """One system's scores over the papers done; the first system's with its whole summaries' words too."""
    seconds = sum(r.seconds[system] for r in done)
    rouge = score([as_lines(r.summaries[system]) for r in done], references, seconds)
    reasons = Counter(reason for r in done for sentence in r.junk(system) for reason in sentence)
    reading = with_reading(rouge, [r.reading(system) for r in done])
    whole = [r.whole_words / r.target for r in done] if first else []
    return PapersScore(
        rouge.rouge1,
        rouge.rouge2,
        rouge.rougeL,
        rouge.rougeLsum,
        junk=round(100 * sum(r.junk_share(system) for r in done) / len(done), 1),
        seconds_per_paper=round(seconds / len(done), 3),
        n=len(done),
        junk_reasons=dict(reasons.most_common(top)),
        first_dangling=reading.first_dangling,
        dangling=reading.dangling,
        words_ratio=reading.words_ratio,
        words_ratio_max=reading.words_ratio_max,
        whole_ratio=round(sum(whole) / len(whole), 2) if whole else None,
        whole_ratio_max=round(max(whole), 2) if whole else None,
    )


def mean_ingest_seconds(results: Sequence[PaperResult]) -> float:
    done = [r for r in results if r.error is None]
    return round(sum(r.ingest_seconds for r in done) / len(done), 3) if done else 0.0


def prediction(result: PaperResult) -> dict[str, Any]:
    """One JSON line for the predictions file: id, every system's sentences with their junk reasons."""
    if result.error:
        return {"id": result.id, "error": result.error}
    return {
        "id": result.id,
        "title": result.title,
        "body_words": result.body_words,
        "systems": {
            name: [{"sentence": s, "junk": r} for s, r in zip(sentences, result.junk(name))]
            for name, sentences in result.summaries.items()
        },
    }


def worst(results: Sequence[PaperResult], system: str, count: int = 5) -> Iterable[str]:
    """The papers whose `system` summary has the highest junk share, with their junk sentences."""
    done = sorted(
        (r for r in results if r.error is None and r.junk_share(system) > 0), key=lambda r: -r.junk_share(system)
    )
    if not done:
        yield f"no junk in {system} summaries"
        return
    yield f"most junk in {system} summaries:"
    for r in done[:count]:
        yield f"  {r.id} {r.junk_share(system):.0%} {r.title[:60]}"
        for sentence, reasons in zip(r.summaries[system], r.junk(system)):
            if reasons:
                yield f"    [{', '.join(reasons)}] {sentence[:100]}"


def table(results: Sequence[PaperResult], table_scores: dict[str, PapersScore]) -> Iterable[str]:
    """The score table (words/target: the overview scored; whole: overview and sections), mean ingest time, and
    the errors."""
    yield (
        f"{'system':<14}{'R1':>8}{'R2':>8}{'RLsum':>8}{'junk %':>8}{'s/paper':>9}{'n':>5}"
        f"{'dangle1 %':>11}{'dangle %':>10}{'words/target':>14}{'whole':>13}"
    )
    for name, s in table_scores.items():
        ratio = f"{s.words_ratio:.2f} ({s.words_ratio_max:.2f})" if s.words_ratio else ""
        whole = f"{s.whole_ratio:.2f} ({s.whole_ratio_max:.2f})" if s.whole_ratio else ""
        yield (
            f"{name:<14}{s.rouge1:>8.2f}{s.rouge2:>8.2f}{s.rougeLsum:>8.2f}{s.junk:>8.1f}"
            f"{s.seconds_per_paper:>9.3f}{s.n:>5}{s.first_dangling:>11.1f}{s.dangling:>10.1f}{ratio:>14}{whole:>13}"
        )
    if any(r.error is None for r in results):
        yield f"ingest: {mean_ingest_seconds(results):.2f} s/paper (not in s/paper above)"
    for name, s in table_scores.items():
        if s.junk_reasons:
            yield f"junk in {name}: " + ", ".join(f"{reason} {count}" for reason, count in s.junk_reasons.items())
    errors = [r for r in results if r.error is not None]
    if errors:
        yield f"{len(errors)} paper(s) failed:"
        for r in errors:
            yield f"  {r.id}: {r.error}"
