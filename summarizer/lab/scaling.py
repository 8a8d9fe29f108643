"""How the offline path grows with input size, and how fast documents are read: benchmark suites.

Each run is a fresh child process (the same code the CLI runs) that reports its wall time and
its peak resident memory (the kernel's VmHWM), so one run's memory never hides in another's.
Sizes grow tenfold; time and memory are reported against the smallest run and as a slope (the
exponent b in time ~ size^b: 1 is linear, 2 quadratic).
"""

from __future__ import annotations

import io
import json
import math
import random
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..errors import SummarizerError

SIZES_KB = (10, 100, 1000, 1950)
READ_GOAL = 2.0  # the speed goals: the reader, OCR on, within twice the raw text layer's time ...
OCR_GOAL_S = 0.5  # ... plus this for each page OCR reads
PEAK_GOAL_MB = 300

PROBE = """
import json, resource, sys, time
from ingest import ingest_file, parse_text
from ingest.settings import IngestSettings
from summarizer import Settings, Summarizer
kind, path = sys.argv[1], sys.argv[2]
started = time.perf_counter()
if kind == "summarize":
    text = open(path, encoding="utf-8").read()
    summary = Summarizer(Settings(engine="extractive")).summarize(parse_text(text).blocks)
    facts = {"words": len(text.split()), "summary_words": summary.words, "sections": len(summary.sections)}
elif kind == "highlight":
    from ingest import highlight_pdf
    data = open(path, "rb").read()
    document = ingest_file(path, data, IngestSettings(max_file_mb=200, extract_timeout=600))
    summary = Summarizer(Settings(engine="extractive")).summarize(document.blocks)
    started = time.perf_counter()
    result = highlight_pdf(data, summary.passages(), summary.sections)
    facts = {"words": document.words, "pages": document.pages, "passages": len(summary.passages()),
             "placed": result.placed, "bookmarks": result.bookmarks}
else:
    ocr = kind == "ingest"
    headings = "rules" if kind == "ingest-rules" else IngestSettings().headings
    settings = IngestSettings(max_file_mb=200, extract_timeout=600, ocr=ocr, headings=headings)
    document = ingest_file(path, open(path, "rb").read(), settings)
    facts = {"words": document.words, "pages": document.pages}
    facts["ocr_pages"] = len(document.ocr.pages) if document.ocr else 0
seconds = time.perf_counter() - started
peak = int(open("/proc/self/status").read().split("VmHWM:")[1].split()[0]) / 1024
child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(json.dumps({"seconds": seconds, "peak_mb": peak, "child_peak_mb": child, **facts}))
"""
TEXT_LAYER_PROBE = """
import json, sys, time
import pypdfium2 as pdfium
started = time.perf_counter()
document = pdfium.PdfDocument(open(sys.argv[1], "rb").read())
words = 0
for page in document:
    textpage = page.get_textpage()
    words += len(textpage.get_text_range().split())
    textpage.close()
    page.close()
print(json.dumps({"seconds": time.perf_counter() - started, "words": words}))
"""
PYPDF_PROBE = """
import json, sys, time
from pypdf import PdfReader
started = time.perf_counter()
words = sum(len((page.extract_text() or "").split()) for page in PdfReader(sys.argv[1]).pages)
print(json.dumps({"seconds": time.perf_counter() - started, "words": words}))
"""


@dataclass(frozen=True)
class Run:
    label: str
    size_kb: float
    seconds: float
    peak_mb: float
    facts: dict[str, Any]


def _probe(kind: str, path: Path, script: str = PROBE) -> dict[str, Any]:
    result = subprocess.run(
        [sys.executable, "-c", script, kind, str(path)]
        if script is PROBE
        else [sys.executable, "-c", script, str(path)],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    if result.returncode:
        raise SummarizerError(f"A benchmark run failed: {result.stderr.strip().splitlines()[-1]}")
    facts: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return facts


def prose_of_size(articles: list[str], size_kb: int) -> str:
    """News prose, paragraphs kept, repeated articles as needed until `size_kb` kilobytes."""
    parts, size, i = [], 0, 0
    while size < size_kb * 1024:
        parts.append(articles[i % len(articles)])
        size += len(parts[-1].encode()) + 2
        i += 1
    return "\n\n".join(parts)[: size_kb * 1024]


def crafted_of_size(size_kb: int, seed: int = 0) -> str:
    """Hostile text: three-word sentences of made-up words, no blank lines: sentences x vocabulary blow-up."""
    rng = random.Random(seed)
    letters = "abcdefghijklmnopqrstuvwxyz"
    out, size = [], 0
    while size < size_kb * 1024:
        sentence = " ".join("".join(rng.choice(letters) for _ in range(rng.randint(3, 8))) for _ in range(3))
        out.append(sentence.capitalize() + ".")
        size += len(out[-1]) + 1
    return "\n".join(out)


def slope(runs: list[Run]) -> tuple[float, float]:
    """Exponents of time and of memory above the smallest run against size, from the smallest to the largest."""
    first, last = runs[0], runs[-1]
    growth = math.log(last.size_kb / first.size_kb)
    base = min(r.peak_mb for r in runs)
    extra_first = max(first.peak_mb - base, 1.0)
    return (
        math.log(max(last.seconds, 1e-6) / max(first.seconds, 1e-6)) / growth,
        math.log(max(last.peak_mb - base, 1.0) / extra_first) / growth,
    )


def run_offline(articles: list[str], say: Callable[[str], None]) -> dict[str, list[Run]]:
    """The offline engine on news prose and on crafted text at 10 KB to 2 MB."""
    suites: dict[str, list[Run]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for label, make in (("prose", lambda kb: prose_of_size(articles, kb)), ("crafted", crafted_of_size)):
            runs = []
            for size in SIZES_KB:
                path = Path(scratch) / f"{label}-{size}.txt"
                path.write_text(make(size), encoding="utf-8")
                facts = _probe("summarize", path)
                runs.append(Run(label, size, facts.pop("seconds"), facts.pop("peak_mb"), facts))
                say(
                    f"offline {label} {size:>5} KB: {runs[-1].seconds:6.2f} s, peak {runs[-1].peak_mb:5.0f} MB, "
                    f"{facts['words']:,} words"
                )
            suites[label] = runs
    return suites


def long_pdf(papers: Path, pages: int = 300) -> bytes:
    """A real PDF of `pages` pages: the papers folder's PDFs joined, largest first, the last one cut to fit."""
    import pypdfium2 as pdfium

    joined = pdfium.PdfDocument.new()
    for path in sorted(papers.glob("*.pdf"), key=lambda p: -p.stat().st_size):
        source = pdfium.PdfDocument(path.read_bytes())
        joined.import_pages(source, list(range(min(len(source), pages - len(joined)))))
        if len(joined) >= pages:
            break
    buffer = io.BytesIO()
    joined.save(buffer)
    return buffer.getvalue()


def run_documents(papers: Path, say: Callable[[str], None]) -> list[tuple[str, float, float, dict[str, Any]]]:
    """Reading a 300-page PDF made of the eval papers: the project's reader against plain pypdf, same file; and
    writing it back with the summary highlighted."""
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "joined.pdf"
        path.write_bytes(long_pdf(papers))
        raw = _probe("", path, TEXT_LAYER_PROBE)
        ours = _probe("ingest", path)
        ours.pop("peak_mb")
        rows.append(("project reader (pypdfium2, blocks)", ours.pop("seconds"), ours.pop("child_peak_mb"), ours))
        rows.append(("raw text layer (pypdfium2 get_text_range)", raw.pop("seconds"), float("nan"), raw))
        say(
            f"read {ours['pages']} pages: {rows[0][1]:.2f} s, reader child's peak {rows[0][2]:.0f} MB, "
            f"{ours['words']:,} words; {rows[0][1] / rows[1][1]:.2f}x the raw text layer's {rows[1][1]:.2f} s"
        )
        layer = _probe("ingest-text-layer", path)
        layer.pop("peak_mb")
        rows.append(("project reader, OCR off", layer.pop("seconds"), layer.pop("child_peak_mb"), layer))
        say(
            f"with OCR off: {rows[-1][1]:.2f} s, reader child's peak {rows[-1][2]:.0f} MB, {layer['words']:,} words; "
            f"{rows[-1][1] / rows[1][1]:.2f}x the raw text layer"
        )
        rules = _probe("ingest-rules", path)
        rules.pop("peak_mb")
        rows.append(
            (
                "project reader, OCR off, headings by the rules alone",
                rules.pop("seconds"),
                rules.pop("child_peak_mb"),
                rules,
            )
        )
        say(
            f"with OCR off and the rules alone telling headings: {rows[-1][1]:.2f} s; the learned judge (the default) "
            f"takes {rows[-2][1] / rows[-1][1]:.2f}x that"
        )
        say(goals(rows[0][1], rows[1][1], rows[0][2], ours, layer))
        marked = _probe("highlight", path)
        rows.append(("highlighting it (after the summary)", marked.pop("seconds"), marked.pop("peak_mb"), marked))
        say(
            f"highlighted {marked['placed']} of {marked['passages']} passages, {marked['bookmarks']} bookmarks: "
            f"{rows[-1][1]:.2f} s, {rows[-1][1] / rows[0][1]:.2f}x the time to read the file"
        )
        try:
            plain = _probe("", path, PYPDF_PROBE)
            rows.append(("pypdf extract_text (baseline)", plain.pop("seconds"), float("nan"), plain))
            say(f"pypdf on the same file: {rows[-1][1]:.2f} s; the reader takes {rows[0][1] / rows[-1][1]:.2f}x that")
        except SummarizerError as error:
            say(f"pypdf baseline not run ({error})")
    return rows


def goals(seconds: float, raw: float, peak: float, ours: dict[str, Any], layer: dict[str, Any]) -> str:
    """The reader with OCR on (its defaults) against the speed goals: at most READ_GOAL times the raw text
    layer's time plus OCR_GOAL_S for each page OCR read, and a peak under PEAK_GOAL_MB; the words it gives beside
    those with OCR off (the same but for the pages OCR read)."""
    bound = READ_GOAL * raw + OCR_GOAL_S * ours.get("ocr_pages", 0)
    same = f"{ours['words']:,} words ({ours['words'] - layer['words']:+,} on OCR off's)"
    return (
        f"goal, OCR on: {seconds:.2f} s of at most {bound:.2f} s ({READ_GOAL:g}x the raw text layer + {OCR_GOAL_S:g} s "
        f"for each of {ours.get('ocr_pages', 0)} pages OCR read): {seconds / bound:.2f} of it; {same}; reader "
        f"child's peak {peak:.0f} MB, {peak / PEAK_GOAL_MB:.2f} of {PEAK_GOAL_MB} MB"
    )


def report_offline(suites: dict[str, list[Run]]) -> list[str]:
    lines = [f"{'text':<9}{'size':>8}{'words':>10}{'s':>8}{'peak MB':>9}{'x time':>8}"]
    for label, runs in suites.items():
        for run in runs:
            lines.append(
                f"{label:<9}{run.size_kb:>6.0f}KB{run.facts['words']:>10,}{run.seconds:>8.2f}"
                f"{run.peak_mb:>9.0f}{run.seconds / runs[0].seconds:>8.1f}"
            )
        time_slope, memory_slope = slope(runs)
        lines.append(f"{label:<9} slope: time ~ size^{time_slope:.2f}, memory above base ~ size^{memory_slope:.2f}")
    return lines
