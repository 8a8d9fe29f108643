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

from ingest import Block

from ..errors import InvalidOptionError
from ..sectioned import sectioned_text
from ..text.keyterms import _key, frequent_words, key_terms

KEYWORDS = re.compile(r"^\W*(?:additional\s+)?(?:key\s*words?(?:\s+and\s+phrases)?|index\s+terms)\b\W*", re.I)
TOP = 10


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


def systems() -> dict[str, Callable[[list[str]], list[str]]]:
    found = {
        "key terms (TF-IDF phrases)": lambda s: key_terms(s, TOP),
        "baseline: most frequent words": lambda s: frequent_words(s, TOP),
    }
    yake = _yake()
    if yake:
        found["YAKE 3-grams (reference)"] = yake
    return found


def run(folder: str | Path, limit: int | None = None, report: Callable[[str], None] | None = None) -> list[PaperTerms]:
    """Every paper in `folder` (manifest.jsonl and pdf/) that has a keywords line, with each system's terms."""
    from ingest import ingest_file

    root = Path(folder)
    if not (root / "manifest.jsonl").is_file():
        raise InvalidOptionError(f"{folder} has no manifest.jsonl (give the papers folder).")
    chosen = systems()
    results: list[PaperTerms] = []
    for line in (root / "manifest.jsonl").read_text(encoding="utf-8").splitlines():
        if limit is not None and len(results) >= limit:
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
        result = PaperTerms(paper_id, keywords, {name: pick(sentences) for name, pick in chosen.items()})
        results.append(result)
        if report:
            report(
                f"{paper_id}: {', '.join(keywords)}\n  "
                + "\n  ".join(f"{name}: {', '.join(terms)}" for name, terms in result.terms.items())
            )
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
