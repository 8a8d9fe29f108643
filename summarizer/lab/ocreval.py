"""OCR measured: known text rendered to page scans, read back by ingestion, compared word by word and by summary.

Word accuracy is 1 - word error rate: the word-level edit distance (substitutions, insertions and
deletions) from the text on the page to the text OCR read, over words lower-cased with punctuation
stripped, divided by the number of words on the page (0 at worst).
"""

from __future__ import annotations

import io
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from ..errors import InvalidOptionError, SummarizerError
from ..options import SummaryOptions
from ..service import Summarizer
from ..settings import Settings, environment
from .evaluation import Pair, SystemScore, one_per_line_reference, score

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
PAGE_INCHES = (8.27, 11.69)
MARGIN_INCHES = 0.8
FONT_POINTS = 11
LINE_SPACING = 1.45
TITLE_SCALE = 1.6
PUNCTUATION = re.compile(r"[^\w]+")
PROBE = """
import json, resource, sys, time
from ingest import ingest_file
from ingest.settings import IngestSettings
data = open(sys.argv[1], "rb").read()
started = time.perf_counter()
document = ingest_file("scan.pdf", data, IngestSettings.from_env(extract_timeout=600, ocr_max_pages=1000))
seconds = time.perf_counter() - started
own = int(open("/proc/self/status").read().split("VmHWM:")[1].split()[0]) / 1024
children = resource.getrusage(resource.RUSAGE_CHILDREN)
child = children.ru_maxrss / 1024
print(json.dumps({"seconds": seconds, "pages": len(document.ocr.pages), "peak_mb": max(own, child),
                  "child_peak_mb": child, "child_cpu": children.ru_utime + children.ru_stime,
                  "confidence": document.ocr.confidence, "engine": document.ocr.engine}))
"""


def words_of(text: str) -> list[str]:
    return [word for word in (PUNCTUATION.sub("", token.lower()) for token in text.split()) if word]


def word_accuracy(reference: str, hypothesis: str) -> float:
    """1 - word error rate of `hypothesis` against `reference` (see the module's docstring)."""
    expected, found = words_of(reference), words_of(hypothesis)
    previous = list(range(len(found) + 1))
    for i, word in enumerate(expected, 1):
        current = [i] + [0] * len(found)
        for j, other in enumerate(found, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (word != other))
        previous = current
    return max(0.0, 1 - previous[-1] / max(1, len(expected)))


def _font(size: int) -> Any:
    from PIL import ImageFont

    if not FONT.is_file():
        raise InvalidOptionError(
            f"Rendering scans needs the DejaVu Sans font at {FONT} (Debian: apt-get install fonts-dejavu-core)."
        )
    return ImageFont.truetype(str(FONT), size)


def _wrapped(paragraph: str, draw: Any, font: Any, width: int) -> list[str]:
    """A paragraph's lines at this width; a single newline in it forces a break."""
    lines = []
    for segment in paragraph.split("\n"):
        line = ""
        for word in segment.split():
            longer = f"{line} {word}".strip()
            if line and draw.textlength(longer, font=font) > width:
                lines.append(line)
                line = word
            else:
                line = longer
        if line:
            lines.append(line)
    return lines


def scan(
    text: str,
    dpi: int = 200,
    points: float = FONT_POINTS,
    turn: float = 0.0,
    noise: float = 0.0,
    seed: int = 0,
    title: str = "",
) -> tuple[Any, str]:
    """(a page image of `text` as a scanner would give it, the text that fit on the page): A4, paragraphs kept,
    a `title` in larger type first, turned by `turn` degrees and with grey noise of standard deviation `noise`."""
    from PIL import Image, ImageDraw

    width, height = (round(side * dpi) for side in PAGE_INCHES)
    margin = round(MARGIN_INCHES * dpi)
    font = _font(round(points * dpi / 72))
    step = round(points * dpi / 72 * LINE_SPACING)
    page = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(page)
    top, kept = margin, []
    if title:
        draw.text((margin, top), title, font=_font(round(points * TITLE_SCALE * dpi / 72)), fill=0)
        top += round(step * TITLE_SCALE * 1.3)
    for paragraph in re.split(r"\n\s*\n", text.strip()):
        placed = []
        for line in _wrapped(paragraph, draw, font, width - 2 * margin):
            if top + step > height - margin:
                break
            draw.text((margin, top), line, font=font, fill=0)
            placed.append(line)
            top += step
        if placed:
            kept.append(" ".join(placed))
        top += step // 2
    if turn:
        page = page.rotate(turn, expand=turn % 90 == 0, fillcolor=255, resample=Image.Resampling.BICUBIC)
    if noise:
        import numpy

        rng = numpy.random.default_rng(seed)
        pixels = numpy.asarray(page, dtype=numpy.float32) + rng.normal(0, noise, (page.height, page.width))
        page = Image.fromarray(pixels.clip(0, 255).astype(numpy.uint8))
    return page, "\n\n".join(kept)


def scan_pdf(pages: Sequence[Any], dpi: int = 200) -> bytes:
    """The page images as a PDF with no text layer, as a scanner writes it."""
    buffer = io.BytesIO()
    first, *rest = [page.convert("L") for page in pages]
    first.save(buffer, "PDF", resolution=float(dpi), save_all=True, append_images=rest)
    return buffer.getvalue()


@dataclass(frozen=True)
class OcrScore:
    """What OCR made of n one-page scans: word accuracy, time, and ROUGE of the summaries of the text and
    of the scan."""

    n: int
    accuracy: float
    worst: float
    seconds_per_page: float
    text: SystemScore
    scanned: SystemScore


def evaluate(pairs: Sequence[Pair], dpi: int = 200, say: Callable[[str], None] = lambda line: None) -> OcrScore:
    """Each article's first page rendered as a scan, read by OCR, and summarized by the offline engine,
    against the same page's text summarized the same way; both scored against the highlights."""
    from ingest import IngestSettings, ingest_file, parse_text

    summarizer = Summarizer(Settings(engine="extractive"))
    options = SummaryOptions()
    settings = IngestSettings.from_env(extract_timeout=300)
    accuracies, seconds, from_text, from_scan = [], [], [], []
    for number, pair in enumerate(pairs, 1):
        image, text = scan(pair.article, dpi)
        started = time.perf_counter()
        document = ingest_file(f"{pair.id}.pdf", scan_pdf([image], dpi), settings)
        seconds.append(time.perf_counter() - started)
        accuracies.append(word_accuracy(text, document.text))
        from_text.append("\n".join(summarizer.summarize(parse_text(text).blocks, options).sentences))
        from_scan.append("\n".join(summarizer.summarize(document.blocks, options).sentences))
        say(f"[{number}/{len(pairs)}] {pair.id}: {accuracies[-1]:.1%} of words, {seconds[-1]:.1f} s")
    references = [one_per_line_reference(pair.highlights) for pair in pairs]
    return OcrScore(
        len(pairs),
        statistics.mean(accuracies),
        min(accuracies),
        statistics.mean(seconds),
        score(from_text, references, 0.0),
        score(from_scan, references, 0.0),
    )


def report(result: OcrScore, dpi: int) -> list[str]:
    lines = [
        f"{result.n} one-page scans at {dpi} dpi: word accuracy {result.accuracy:.2%} (worst "
        f"{result.worst:.2%}), {result.seconds_per_page:.2f} s per page",
        f"{'summary of':<12}{'R1':>8}{'R2':>8}{'RL':>8}{'RLsum':>8}",
    ]
    for label, rouge in (("text", result.text), ("scan", result.scanned)):
        lines.append(f"{label:<12}{rouge.rouge1:>8.2f}{rouge.rouge2:>8.2f}{rouge.rougeL:>8.2f}{rouge.rougeLsum:>8.2f}")
    return lines


def benchmark(articles: Sequence[str], pages: int = 5, dpi: int = 200, engine: str = "") -> dict[str, Any]:
    """Seconds per page, the reader child's CPU seconds per page, peak memory (the app process or its reader child,
    whichever is larger) and the engine that read, of reading a scanned PDF of `pages` pages in a fresh process with
    OCR `engine` (INGEST_OCR_ENGINE's when ''; the other INGEST_ settings apply)."""
    if not articles:
        raise InvalidOptionError("The OCR benchmark needs at least one article to render.")
    images = [scan(articles[i % len(articles)], dpi)[0] for i in range(pages)]
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "scan.pdf"
        path.write_bytes(scan_pdf(images, dpi))
        result = subprocess.run(
            [sys.executable, "-c", PROBE, str(path)],
            capture_output=True,
            text=True,
            cwd=Path(__file__).resolve().parents[2],
            env=environment(**({"INGEST_OCR_ENGINE": engine} if engine else {})),
        )
    if result.returncode:
        raise SummarizerError(f"The OCR benchmark failed: {result.stderr.strip().splitlines()[-1]}")
    facts = json.loads(result.stdout.strip().splitlines()[-1])
    pages_read = max(1, facts["pages"])
    return {
        **facts,
        "seconds_per_page": facts["seconds"] / pages_read,
        "cpu_per_page": facts["child_cpu"] / pages_read,
        "dpi": dpi,
    }


def compare_engines(articles: Sequence[str], pages: int = 5) -> list[str]:
    """The ocr suite: the same scanned PDF read by each OCR engine in turn (`benchmark`), one line each and their
    ratio, in one run so that their speeds compare."""
    from ingest.recognition.ocr import ENGINES

    rows = {engine: benchmark(articles, pages, engine=engine) for engine in ENGINES}
    lines = [
        f"OCR by {facts['engine']} ({engine} asked), {facts['pages']} scanned pages at {facts['dpi']} dpi: "
        f"{facts['seconds_per_page']:.2f} s per page ({facts['cpu_per_page']:.2f} CPU s in the reader), "
        f"peak {facts['peak_mb']:.0f} MB (reader child {facts['child_peak_mb']:.0f} MB)"
        for engine, facts in rows.items()
    ]
    first, second = (rows[engine]["seconds_per_page"] for engine in ENGINES)
    return [*lines, f"{ENGINES[1]} takes {second / max(first, 1e-9):.1f}x {ENGINES[0]}'s time per page"]
