"""`python -m summarizer structure`: the sections a reader is shown, scored against the PDFs' own bookmarks.

The rules are those of `shared/eval/structure/README.md`: the outline's top-level entries (or the
children of a lone root) are the truth, front and back matter left out; each PDF is read twice, as
it is and with its `/Outlines` removed, so the layout alone must find the headings. A shown
section matches a truth entry when their titles agree (numbers dropped, letters and digits only:
equal, a prefix covering 60% or more, or word Jaccard >= 0.6) and their pages differ by at most one.
"""

from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ingest import IngestSettings, ingest_file

from ..options import SummaryOptions
from ..service import Summarizer

FRONT_BACK = re.compile(
    r"^(?:table of )?contents?$|^abstract$|^references?$|^bibliography$|^index$|"
    r"^acknowledge?ments?$|^list of (?:figures|tables)$|^foreword$|^preface$",
    re.I,
)
LEADING_NUMBER = re.compile(
    r"^\s*§?\s*(?:(?:chapter|part|section|annex|appendix)\s+[\dA-Z]{1,4}\b[.:]?|"
    r"(?:\d{1,3}(?:\.\d{1,3})*|[IVXLC]{1,6}|[A-Z])(?:\.\d{1,3})*\.?(?=\s|$))\s*",
    re.I,
)
MIN_ENTRIES = 3


@dataclass(frozen=True)
class Entry:
    """A section title and its first page (1-based)."""

    title: str
    page: int | None


@dataclass
class Scored:
    """One PDF in one run: the truth, the sections shown, and which matched."""

    name: str
    truth: list[Entry]
    shown: list[Entry]
    matched_truth: set[int] = field(default_factory=set)
    matched_shown: set[int] = field(default_factory=set)
    error: str = ""

    @property
    def misses(self) -> list[Entry]:
        return [e for i, e in enumerate(self.truth) if i not in self.matched_truth]

    @property
    def inventions(self) -> list[Entry]:
        return [e for i, e in enumerate(self.shown) if i not in self.matched_shown]


@dataclass(frozen=True)
class Totals:
    """Micro-averaged precision, recall and F1 of one run over all documents."""

    matched_shown: int
    shown: int
    matched_truth: int
    truth: int

    @property
    def precision(self) -> float:
        return self.matched_shown / self.shown if self.shown else 0.0

    @property
    def recall(self) -> float:
        return self.matched_truth / self.truth if self.truth else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


def normalized(title: str) -> str:
    """A title without its leading number, lower-cased, letters and digits only (words kept apart by spaces)."""
    stripped = LEADING_NUMBER.sub("", " ".join(title.split()), count=1) or title
    return " ".join("".join(ch for ch in word if ch.isalnum()) for word in stripped.lower().split()).strip()


def titles_agree(a: str, b: str) -> bool:
    """Equal, one a prefix of the other covering at least 60% of it, or word Jaccard >= 0.6."""
    x, y = normalized(a), normalized(b)
    flat_x, flat_y = x.replace(" ", ""), y.replace(" ", "")
    if not flat_x or not flat_y:
        return False
    if flat_x == flat_y:
        return True
    short, long = sorted((flat_x, flat_y), key=len)
    if long.startswith(short) and len(short) >= 0.6 * len(long):
        return True
    wx, wy = set(x.split()), set(y.split())
    return len(wx & wy) / len(wx | wy) >= 0.6


def is_front_or_back(title: str) -> bool:
    return bool(FRONT_BACK.match(normalized(title)))


def truth_of(data: bytes) -> list[Entry]:
    """The outline's top-level entries (a lone root's children instead), front and back matter left out."""
    import pypdfium2 as pdfium

    from ingest.formats.bookmarks import read

    document = pdfium.PdfDocument(data)
    try:
        items = [(b.level, b.title, None if b.page is None else b.page - 1) for b in read(document)]
    finally:
        document.close()
    if not items:
        return []
    top = min(level for level, _, _ in items)
    roots = [i for i, (level, _, _) in enumerate(items) if level == top]
    if len(roots) == 1 and len(items) > 1:
        top = min(level for level, _, _ in items[1:])
    entries = [
        Entry(" ".join(title.split()), None if page is None else page + 1)
        for level, title, page in items
        if level == top
    ]
    return [e for e in entries if not is_front_or_back(e.title)]


def without_outline(data: bytes) -> bytes:
    """The same PDF with the `/Outlines` entry removed from its catalogue."""
    from pypdf import PdfWriter
    from pypdf.generic import NameObject

    writer = PdfWriter(clone_from=io.BytesIO(data))
    root = writer._root_object
    for key in ("/Outlines", "/PageMode"):
        if NameObject(key) in root:
            del root[NameObject(key)]
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def match(truth: list[Entry], shown: list[Entry]) -> tuple[set[int], set[int]]:
    """One-to-one matches in reading order: each truth entry takes the first unmatched shown section that agrees."""
    used_truth, used_shown = set(), set()
    for t, entry in enumerate(truth):
        for s, section in enumerate(shown):
            if s in used_shown:
                continue
            near = entry.page is None or section.page is None or abs(entry.page - section.page) <= 1
            if near and titles_agree(entry.title, section.title):
                used_truth.add(t)
                used_shown.add(s)
                break
    return used_truth, used_shown


def load(target: str) -> list[Path]:
    """PDF paths from a manifest.jsonl (`pdf` relative to it), a folder holding one, or a folder of PDFs."""
    path = Path(target)
    manifest = path / "manifest.jsonl" if path.is_dir() else path
    if manifest.is_file() and manifest.suffix == ".jsonl":
        lines = [json.loads(line) for line in manifest.read_text(encoding="utf-8").splitlines() if line.strip()]
        return [(manifest.parent / line["pdf"]).resolve() for line in lines]
    if path.is_dir():
        return sorted(path.rglob("*.pdf"))
    raise FileNotFoundError(f"{target} is neither a manifest.jsonl nor a folder of PDFs.")


Sections = Callable[[bytes, str], list[Entry]]


def score(
    paths: list[Path], sections: Sections, report: Callable[[str], None] = lambda line: None
) -> dict[str, list[Scored]]:
    """Each PDF scored with and without its outline; PDFs with fewer than three truth entries skipped."""
    runs: dict[str, list[Scored]] = {"with outline": [], "without outline": []}
    for path in paths:
        data = path.read_bytes()
        truth = truth_of(data)
        if len(truth) < MIN_ENTRIES:
            report(f"{path.name}: skipped ({len(truth)} outline entries)")
            continue
        for run, pdf in (("with outline", data), ("without outline", without_outline(data))):
            try:
                shown = [e for e in sections(pdf, path.name) if not is_front_or_back(e.title)]
                error = ""
            except Exception as failure:  # a document the reader refuses scores zero, with the reason kept
                shown, error = [], f"{type(failure).__name__}: {failure}"
            matched_truth, matched_shown = match(truth, shown)
            runs[run].append(Scored(path.name, truth, shown, matched_truth, matched_shown, error))
        report(
            f"{path.name}: "
            + ", ".join(
                f"{run} {len(items[-1].matched_truth)}/{len(truth)} found, {len(items[-1].inventions)} invented"
                for run, items in runs.items()
            )
        )
    return runs


def totals(items: list[Scored]) -> Totals:
    return Totals(
        sum(len(i.matched_shown) for i in items),
        sum(len(i.shown) for i in items),
        sum(len(i.matched_truth) for i in items),
        sum(len(i.truth) for i in items),
    )


def table(runs: dict[str, list[Scored]]) -> str:
    lines = [
        "| run | PDFs | sections shown | truth entries | precision | recall | F1 |",
        "|---|---|---|---|---|---|---|",
    ]
    for run, items in runs.items():
        t = totals(items)
        lines.append(
            f"| {run} | {len(items)} | {t.shown} | {t.truth} | {t.precision:.1%} | {t.recall:.1%} | {t.f1:.1%} |"
        )
    return "\n".join(lines)


def details(runs: dict[str, list[Scored]]) -> str:
    """Each document's misses and inventions, per run."""
    out = []
    for run, items in runs.items():
        out.append(f"\n## {run}")
        for item in items:
            t = totals([item])
            out.append(
                f"{item.name}: precision {t.precision:.0%}, recall {t.recall:.0%}"
                + (f" ({item.error})" if item.error else "")
            )
            out.extend(f"  missed   p.{e.page}: {e.title}" for e in item.misses)
            out.extend(f"  invented p.{e.page}: {e.title}" for e in item.inventions)
    return "\n".join(out)


def as_shown(
    summarizer: Summarizer, settings: Callable[[str], IngestSettings] | None = None
) -> Callable[[bytes, str], list[Entry]]:
    """`score`'s `sections`: the sections (title, first page) the project shows for a PDF's bytes, each file read
    with the ingest settings `settings` gives its name (the environment's by default)."""

    def sections(data: bytes, name: str) -> list[Entry]:
        document = ingest_file(name, data, settings(name) if settings else None)
        summary = summarizer.summarize(document.blocks, SummaryOptions())
        return [Entry(s.title, s.first_page) for s in summary.sections]

    return sections
