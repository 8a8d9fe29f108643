"""How many of the authors' keywords the key terms find, on papers that carry a "Keywords:" or "Index Terms" line.

The keywords line (and its heading, when the line stands under one) is taken out of the input first,
so the terms must be found in the paper's prose. A keyword counts as found when a top-10 term is the
same phrase after lower-casing and stemming (exact), or when one holds the other's words in order
(partial: "consensus" for "consensus problem"). The baseline is the ten most frequent content words.
YAKE is scored too when it is installed (it is not a dependency).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from ingest import Block

from ..engines.scoring import fit
from ..errors import InvalidOptionError
from ..sectioned import outline_of, sectioned_text
from ..text.keyterms import FEATURES, WEIGHTS, Outline, Weights, _key, candidates, frequent_words, key_terms

KEYWORDS = re.compile(r"^\W*(?:additional\s+)?(?:key\s*words?(?:\s+and\s+phrases)?|index\s+terms)\b\W*", re.I)
TOP = 10
L2 = 3.0
ITERATIONS = 50


@dataclass
class PaperTerms:
    """One paper: the authors' keywords and each system's top terms."""

    id: str
    keywords: list[str]
    terms: dict[str, list[str]] = field(default_factory=dict)


def split_keywords(blocks: Sequence[Block]) -> tuple[list[str], list[Block]]:
    """(the authors' keywords, the blocks without the keywords line and its heading); no keywords: ([], blocks)."""
    for index, block in enumerate(blocks):
        if KEYWORDS.match(block.text):
            rest, drop = KEYWORDS.sub("", block.text), {index}
            if len(rest) < 3 and index + 1 < len(blocks):
                rest, drop = blocks[index + 1].text, {index, index + 1}
            keywords = [k.strip(" .") for k in re.split(r"[,;·•]", rest) if k.strip(" .")]
            return keywords, [b for i, b in enumerate(blocks) if i not in drop]
    return [], list(blocks)


def _yake() -> Callable[[list[str]], list[str]] | None:
    try:
        import yake
    except ImportError:
        return None
    extractor = yake.KeywordExtractor(lan="en", n=3, top=TOP)
    return lambda sentences: [term for term, _ in extractor.extract_keywords(" ".join(sentences))]


@dataclass(frozen=True)
class Paper:
    """One dev paper as the key terms read it: its prose sentences, its outline and the authors' keywords."""

    id: str
    keywords: list[str]
    sentences: list[str]
    outline: Outline


def read(folder: str | Path, limit: int | None = None) -> list[Paper]:
    """Every paper in `folder` (manifest.jsonl and pdf/) that has a keywords line, that line taken out."""
    from ingest import ingest_file

    root = Path(folder)
    if not (root / "manifest.jsonl").is_file():
        raise InvalidOptionError(f"{folder} has no manifest.jsonl (give the papers folder).")
    papers: list[Paper] = []
    for line in (root / "manifest.jsonl").read_text(encoding="utf-8").splitlines():
        if limit is not None and len(papers) >= limit:
            break
        paper_id = json.loads(line)["id"] if line.strip() else None
        path = root / "pdf" / f"{paper_id}.pdf"
        if not paper_id or not path.is_file():
            continue
        document = ingest_file(path.name, path.read_bytes())
        keywords, blocks = split_keywords(document.blocks)
        if not keywords:
            continue
        plan = sectioned_text(blocks)
        sentences = [s.text for s, prose in zip(plan.sentences, plan.prose) if prose]
        papers.append(Paper(paper_id, keywords, sentences, outline_of(plan)))
    return papers


def systems(weights: Weights | None = None) -> dict[str, Callable[[Paper], list[str]]]:
    """The systems scored: the key terms (`weights`, or the shipped ones), the baseline, YAKE when installed."""
    found: dict[str, Callable[[Paper], list[str]]] = {
        "key terms (noun phrases, learned score)": _terms(weights),
        "baseline: most frequent words": lambda p: frequent_words(p.sentences, TOP),
    }
    yake = _yake()
    if yake:
        found["YAKE 3-grams (reference)"] = lambda p: yake(p.sentences)
    return found


def _terms(weights: Weights | None) -> Callable[[Paper], list[str]]:
    return lambda paper: key_terms(paper.sentences, TOP, paper.outline, weights)


def run(folder: str | Path, limit: int | None = None, report: Callable[[str], None] | None = None) -> list[PaperTerms]:
    """Every paper in `folder` that has a keywords line, with each system's terms (the shipped weights)."""
    return score(read(folder, limit), systems(), report)


def score(
    papers: Sequence[Paper], chosen: dict[str, Callable[[Paper], list[str]]], report: Callable[[str], None] | None
) -> list[PaperTerms]:
    """Each paper's keywords with the terms of each of the `chosen` systems."""
    results = []
    for paper in papers:
        result = PaperTerms(paper.id, paper.keywords, {name: pick(paper) for name, pick in chosen.items()})
        results.append(result)
        if report:
            report(
                f"{paper.id}: {', '.join(paper.keywords)}\n  "
                + "\n  ".join(f"{name}: {', '.join(terms)}" for name, terms in result.terms.items())
            )
    return results


def examples(paper: Paper) -> tuple[np.ndarray, np.ndarray]:
    """A paper's candidates as feature rows, each labelled 1 when it is one of the authors' keywords."""
    wanted = {_key(keyword.split()) for keyword in paper.keywords}
    found = candidates(paper.sentences, paper.outline)
    return found.rows, np.asarray([key in wanted for key in found.keys], dtype=np.float64)


def fit_weights(labelled: Sequence[tuple[np.ndarray, np.ndarray]], l2: float = L2) -> Weights:
    """Logistic regression over the `examples` of some papers (Newton's method, an L2 penalty): deterministic."""
    rows = np.vstack([rows for rows, _ in labelled])
    labels = np.concatenate([labels for _, labels in labelled])
    fitted = fit(rows, labels, l2=l2, iterations=ITERATIONS, names=FEATURES)
    return Weights.from_dict({**fitted.as_dict(), "features": list(FEATURES)})


def write_weights(weights: Weights, path: str | Path | None = None) -> Path:
    """`weights` written to `path` (the shipped file when None), one value a line so a refit's diff reads."""
    written = Path(path) if path else WEIGHTS
    written.write_text(json.dumps(weights.as_dict(), indent=1) + "\n", encoding="utf-8")
    return written


def leave_one_out(
    papers: Sequence[Paper], report: Callable[[str], None] | None = None, l2: float = L2
) -> list[PaperTerms]:
    """Each paper's key terms scored by weights fitted on the other papers only: the honest figure."""
    labelled = [examples(paper) for paper in papers]
    results = []
    for index, paper in enumerate(papers):
        weights = fit_weights([pair for i, pair in enumerate(labelled) if i != index], l2)
        results += score([paper], {"key terms, leave one paper out": _terms(weights)}, report)
    return results


def _found(keyword: str, terms: Sequence[str], partial: bool) -> bool:
    wanted = _key(keyword.split())
    for term in terms:
        got = _key(term.split())
        if got == wanted:
            return True
        if partial and (_inside(got, wanted) or _inside(wanted, got)):
            return True
    return False


def _inside(small: tuple[str, ...], big: tuple[str, ...]) -> bool:
    return bool(small) and any(big[i : i + len(small)] == small for i in range(len(big) - len(small) + 1))


def table(results: Sequence[PaperTerms]) -> list[str]:
    """Markdown rows: per system, the share of authors' keywords among its top 10 terms (exact, partial)."""
    total = sum(len(r.keywords) for r in results)
    lines = [
        f"{len(results)} papers with a keywords line, {total} author keywords; top {TOP} terms each",
        "",
        "| system | keywords found (exact) | keywords found (partial) | multi-word terms |",
        "|---|---|---|---|",
    ]
    for name in results[0].terms if results else ():
        exact = sum(_found(k, r.terms[name], False) for r in results for k in r.keywords)
        partial = sum(_found(k, r.terms[name], True) for r in results for k in r.keywords)
        terms = [t for r in results for t in r.terms[name]]
        multi = sum(len(t.split()) > 1 for t in terms) / max(1, len(terms))
        lines.append(
            f"| {name} | {exact}/{total} ({exact / max(1, total):.0%}) | "
            f"{partial}/{total} ({partial / max(1, total):.0%}) | {multi:.0%} |"
        )
    return lines
