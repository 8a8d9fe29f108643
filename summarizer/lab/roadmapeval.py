"""`python -m summarizer sections`: each section's summary scored against what the paper's authors say it does.

The protocol is the one of `shared/eval/sections/` (README and `score_sections.py`), ported here so the
figures agree with that script's: many papers end their introduction with a roadmap ("... discusses the
strengths and weaknesses of Paxos (Section 3), ..."), and each clause that names one section is the
reference for that section. The roadmap is found in the first 40% of the PDF's text as pypdf reads it (not
as the project reads it). The project summarizes the PDF as a user gets it (sections on, the length asked
for); its sections are matched to the roadmap by the number that starts their title, and each summary is
scored with ROUGE-1 (stemming). A roadmap section not found, or shown with no sentences of its own, scores 0
and is counted. Baselines on the same sections, cut from the project's own extracted text at its section
titles: Lead (the section's first sentences, as many as the project showed, at least one) and Oracle-1 (the
one sentence closest to the clause).

The patterns below are the script's, unchanged: a change here would make the two disagree.
"""

from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from ingest import IngestError, read_file

from ..documents import summarize_document
from ..errors import InvalidOptionError, SummarizerError
from ..options import SummaryOptions
from ..service import Summarizer
from .evaluation import dangling, rouge_scorer

ROMAN = {
    "i": 1,
    "ii": 2,
    "iii": 3,
    "iv": 4,
    "v": 5,
    "vi": 6,
    "vii": 7,
    "viii": 8,
    "ix": 9,
    "x": 10,
    "xi": 11,
    "xii": 12,
    "xiii": 13,
    "xiv": 14,
    "xv": 15,
}
NUM = r"(\d{1,2}|[IVX]{1,4})"
REF = re.compile(r"(?:\bSections?|§)\s*" + NUM + r"(?![.\d]*\d)(?:\s*(?:[-–]|and|to|,)\s*" + NUM + r")?", re.I)
SPLIT = re.compile(r"(?<=[.!?])['\"’”)]*\s+(?=[\"'‘“(]?[A-Z0-9])")
FILLER = re.compile(
    r"\b(in|we|then|finally|next|also|the|this|paper|rest|remainder|of|is|organized|as|follows|"
    r"section|sections|and|our|its|it|briefly|where|which|lastly|first|second)\b",
    re.I,
)
ORGANIZER = re.compile(
    r"^\W*(the\s+)?(remainder|rest|structure)\s+of\s+(the|this)\s+(paper|article|report|thesis|work)"
    r"(\s+is\s+(organized|structured)\s+as\s+follows\s*:?)?|^\W*(in|and|then|finally|next)\b\s*,?|"
    r"^\W*we\b",
    re.I,
)
CLAUSE = re.compile(r";|,\s*(?:and\s+|while\s+|whereas\s+)?(?=[^,]*(?:\bSections?|§)\s*" + NUM + ")")
OPENS_WITH_REF = re.compile(r"^\W*(in\s+)?(sections?|§)\s*" + NUM, re.I)
TITLE_NUMBER = re.compile(r"^\s*(?:section\s+)?" + NUM + r"(?:\.|\s)", re.I)
ROADMAP_SHARE = 0.4
# A section line that points at its own section ("This section describes the TrueTime API ..."): it leans on the
# heading shown right above it, not on a sentence left out (`as_shown`).
OWN_SECTION = re.compile(r"^(?:this|the present|the following) (?:sub)?(?:section|appendix|chapter)\b", re.I)
MIN_CONTENT_WORDS = 3
MIN_SENTENCE_WORDS = 4
MIN_ROADMAP = 2

# (title, sentences) of each section shown, and the project's extracted text; None when the project failed
Shown = tuple[list[tuple[str, list[str]]], str]


@dataclass(frozen=True)
class Paper:
    """One PDF of the manifest: its name as the manifest gives it, and where it is."""

    name: str
    pdf: Path


@dataclass(frozen=True)
class Row:
    """One roadmap section: the clause, what the project showed, and (recall, F1) of it and the baselines."""

    doc: str
    section: int
    ref: str
    title: str | None
    project: str
    found: bool
    empty: bool
    p: tuple[float, float]
    lead: tuple[float, float]
    oracle: tuple[float, float]
    p_words: int
    lead_words: int


@dataclass(frozen=True)
class System:
    """Mean ROUGE-1 recall and F1 (in %) over the roadmap sections, and mean words (None for Oracle-1)."""

    recall: float
    f1: float
    words: float | None


@dataclass(frozen=True)
class Totals:
    """The command's figures: counts, each system over every roadmap section, and the project and Lead over the
    sections that the project showed with a summary of their own."""

    papers: int
    sections: int
    found: int
    empty: int
    project: System
    lead: System
    oracle: System
    summarized: int
    project_summarized: System
    lead_summarized: System


def number(token: str) -> int | None:
    """'3', 'IV.' -> 3, 4; None for anything else."""
    token = token.strip().lower().rstrip(".")
    if token.isdigit():
        return int(token)
    return ROMAN.get(token)


def pdf_text(data: bytes) -> str:
    """The first 40% of the PDF's pages as pypdf reads them, hyphenation undone, on one line."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    pages = reader.pages[: max(2, int(len(reader.pages) * ROADMAP_SHARE) + 1)]
    text = "\n".join((p.extract_text() or "") for p in pages)
    text = re.sub(r"-\n(?=[a-z])", "", text)
    return re.sub(r"\s+", " ", text)


def roadmap(text: str) -> dict[int, str]:
    """Section number -> the authors' clause about it (only clauses that name one section).

    A roadmap sentence names two or more sections, or opens with one and sits next to another such sentence."""
    refs: dict[int, str] = {}
    sents = SPLIT.split(text)
    for i, s in enumerate(sents):
        found = list(REF.finditer(s))
        opens = bool(OPENS_WITH_REF.match(s))
        near = any(REF.search(x) for x in sents[max(0, i - 1) : i + 2] if x is not s)
        if len(found) < MIN_ROADMAP and not (opens and near):
            continue
        singles = [m for m in found if not m.group(2)]
        for clause in CLAUSE.split(s):
            claimed = _claim(clause, singles)
            if claimed is not None and claimed[0] not in refs:
                refs[claimed[0]] = claimed[1]
    return refs


def _claim(clause: str, singles: list[re.Match[str]]) -> tuple[int, str] | None:
    """(section number, what the clause says of it) for a clause that names one section and says enough."""
    ms = [m for m in singles if m.group(0) in clause]
    if len(ms) != 1 or len(list(REF.finditer(clause))) != 1:
        return None
    n = number(ms[0].group(1))
    body = REF.sub(" ", clause)
    body = re.sub(r"[()]", " ", body)
    if n is None or len(FILLER.sub(" ", body).split()) < MIN_CONTENT_WORDS:
        return None
    body = ORGANIZER.sub(" ", body)
    return n, re.sub(r"\s+", " ", body).strip(" ,.;:")


def lead_number(title: str) -> int | None:
    """The section number that starts a title ('3 What's wrong with Paxos?', 'IV. Design'), if any."""
    m = TITLE_NUMBER.match(title)
    return number(m.group(1)) if m else None


def sentences(text: str) -> list[str]:
    """The script's own sentence split (not the project's), sentences of four words or more."""
    return [s for s in SPLIT.split(re.sub(r"\s+", " ", text).strip()) if len(s.split()) >= MIN_SENTENCE_WORDS]


def section_texts(text: str, titles: list[str]) -> dict[str, str]:
    """The project's extracted text cut at its own section titles (each found on a line of its own, in order)."""
    lines = text.split("\n")
    out: dict[str, str] = {}
    pos = 0
    starts = []
    for title in titles:
        t = title.strip()
        for j in range(pos, len(lines)):
            if lines[j].strip() == t:
                starts.append((j, t))
                pos = j + 1
                break
    for k, (j, t) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
        out[t] = " ".join(lines[j + 1 : end])
    return out


def load(folder: str | Path) -> list[Paper]:
    """The papers of `folder/manifest.jsonl`, each PDF under `folder/pdf/` (by its `pdf` name, else its id)."""
    root = Path(folder)
    manifest = root / "manifest.jsonl"
    if not manifest.is_file():
        raise InvalidOptionError(f"{folder} has no manifest.jsonl (expected the papers folder with pdf/).")
    papers = []
    with open(manifest, encoding="utf-8") as handle:
        for number_, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                name = row.get("pdf") or f"{row['id']}.pdf"
                papers.append(Paper(row.get("path") or name, root / "pdf" / Path(name).name))
            except (json.JSONDecodeError, KeyError, TypeError, AttributeError) as error:
                raise InvalidOptionError(f"{manifest} line {number_} is not an object with an id or pdf.") from error
    return papers


R1 = Callable[[str, str], tuple[float, float]]


def score(papers: list[Paper], shown: Callable[[Path], Shown | None], say: Callable[[str], None]) -> list[Row]:
    """One row per roadmap section of every paper with a roadmap (two clauses or more); `shown` summarizes a
    PDF as a user gets it (None when the project fails on it: every section then scores 0)."""
    scorer = rouge_scorer(["rouge1"], use_stemmer=True)

    def r1(ref: str, hyp: str) -> tuple[float, float]:
        if not hyp.strip():
            return 0.0, 0.0
        s = scorer.score(ref, hyp)["rouge1"]
        return s.recall, s.fmeasure

    rows: list[Row] = []
    for paper in papers:
        data = paper.pdf.read_bytes()
        try:
            refs = roadmap(pdf_text(data))
        except Exception as error:  # noqa: BLE001 - the script's rule: a PDF pypdf cannot read has no roadmap
            say(f"{paper.name}: pypdf failed ({type(error).__name__})")
            continue
        if len(refs) < MIN_ROADMAP:
            continue
        secs, text = shown(paper.pdf) or ([], "")
        by_num: dict[int, tuple[str, list[str]]] = {}
        for title, lines in secs:
            n = lead_number(title)
            if n is not None and n not in by_num:
                by_num[n] = (title, lines)
        texts = section_texts(text, [title for title, _ in secs])
        rows += [_row(paper, n, ref, by_num.get(n), texts, r1) for n, ref in sorted(refs.items())]
        say(f"{paper.name[:60]:60s} roadmap {len(refs):2d} matched {sum(1 for n in refs if n in by_num):2d}")
    return rows


def _row(paper: Paper, n: int, ref: str, match: tuple[str, list[str]] | None, texts: dict[str, str], r1: R1) -> Row:
    """One roadmap section's row: the project's section summary (`match`, None when not found), Lead and
    Oracle-1 from its text, each scored against the authors' clause `ref`."""
    heading, said = match or (None, [])
    hyp = " ".join(said)
    k = max(1, len(said))
    body = sentences(texts.get(heading.strip(), "")) if heading is not None else []
    lead = " ".join(body[:k])
    oracle = max((r1(ref, x)[1], x) for x in body)[1] if body else ""
    return Row(
        paper.name,
        n,
        ref,
        heading,
        hyp,
        heading is not None,
        heading is not None and not said,
        r1(ref, hyp),
        r1(ref, lead),
        r1(ref, oracle),
        len(hyp.split()),
        len(lead.split()),
    )


def _system(rows: list[Row], key: str, words: str | None) -> System:
    n = max(1, len(rows))
    return System(
        100 * sum(getattr(r, key)[0] for r in rows) / n,
        100 * sum(getattr(r, key)[1] for r in rows) / n,
        sum(getattr(r, words) for r in rows) / n if words else None,
    )


def totals(rows: list[Row]) -> Totals:
    """The figures of `rows` (the script's averages, and the same over the sections shown with a summary)."""
    summarized = [r for r in rows if r.found and not r.empty]
    return Totals(
        len({r.doc for r in rows}),
        len(rows),
        sum(r.found for r in rows),
        sum(r.empty for r in rows),
        _system(rows, "p", "p_words"),
        _system(rows, "lead", "lead_words"),
        _system(rows, "oracle", None),
        len(summarized),
        _system(summarized, "p", "p_words"),
        _system(summarized, "lead", "lead_words"),
    )


def dangling_line(leaning: list[bool]) -> str:
    """The share of section lines that lean on a sentence not shown right before them (every kind)."""
    return f"section lines dangling: {100 * sum(leaning) / max(1, len(leaning)):.1f}% of {len(leaning)}"


def table(t: Totals) -> Iterator[str]:
    """The script's report, then the same on the sections that have a summary of their own."""
    yield (
        f"papers with a roadmap: {t.papers}; roadmap sections: {t.sections}; found by the project: {t.found}; "
        f"shown without a summary: {t.empty}"
    )
    yield "| system | R1 recall | R1 F1 | words |"
    yield "|---|---|---|---|"
    yield f"| project | {t.project.recall:.2f} | {t.project.f1:.2f} | {t.project.words:.1f} |"
    yield f"| Lead (same sentence count) | {t.lead.recall:.2f} | {t.lead.f1:.2f} | {t.lead.words:.1f} |"
    yield f"| Oracle-1 | {t.oracle.recall:.2f} | {t.oracle.f1:.2f} | - |"
    yield (
        f"on the {t.summarized} sections shown with a summary: project F1 {t.project_summarized.f1:.2f}, "
        f"Lead F1 {t.lead_summarized.f1:.2f}"
    )


def as_shown(
    summarizer: Summarizer, options: SummaryOptions, leaning: list[bool] | None = None
) -> Callable[[Path], Shown | None]:
    """`score`'s `shown`: a PDF read and summarized as a user gets it, its sections (title, sentences) and its
    text; None when the project fails on it. Each section line's dangling flag (`evaluation.dangling`: it leans on
    a sentence its section's summary does not show right before it; "This section ..." leans on the heading above
    it, `OWN_SECTION`) is added to `leaning` when given."""

    def shown(pdf: Path) -> Shown | None:
        try:
            document = read_file(str(pdf))
            summary = summarize_document(summarizer, document, options)
        except (IngestError, SummarizerError):
            return None
        if leaning is not None:
            for section in summary.sections:
                flags = dangling(section.sentences, [row[0] if row else None for row in section.support])
                leaning.extend(flag and not OWN_SECTION.match(text) for flag, text in zip(flags, section.sentences))
        return [(s.title, s.sentences) for s in summary.sections], document.text

    return shown
