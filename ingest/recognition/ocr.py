"""Text lines out of a page image, by Tesseract (`tesseract.py`, the default: library and English model from pip) or
RapidOCR: PP-OCRv6 models shipped in its wheel, run by onnxruntime on the CPU (INGEST_OCR_ENGINE=rapidocr, and the
engine used where tesserocr or the English model is not installed).

The engine is built in the bounded child on first use, never before the fork: onnxruntime and OpenCV
start threads at import, and a forked copy of a thread pool can deadlock. The models are named by their
path inside the installed package, so the library's download code is never reached. Its text-line
classifier stays off: it turns long, correct lines upside down (89% of words right with it, 99.7%
without, on five clean 200 dpi pages); whole pages turned by a quarter or a half are found here instead.
"""

from __future__ import annotations

import math
import os
import statistics
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

from ..errors import IngestError
from ..settings import OCR_ENGINES
from .probe import BLANK as BLANK  # what a page holds, as `content` and OcrPage.content say it
from .probe import FIGURE as FIGURE
from .probe import PROBE_LETTERS, PROBE_LINES, PROBE_MANY, PROBE_SHAPE, SURE_LINE, inked, prejudged
from .probe import TEXT as TEXT

MODELS = {"Det": "PP-OCRv6_det_small.onnx", "Rec": "PP-OCRv6_rec_small.onnx"}
DETECTION_SIDE = 960
LARGEST_SIDE = 4000
RECOGNITION_BATCH = 8
BATCH_AREA = 2 * 1800**2
REC_HEIGHT = 48
MIN_SCORE = 0.5
ENGINES = OCR_ENGINES
TESSERACT, RAPIDOCR = ENGINES
LABELS = {TESSERACT: "Tesseract", RAPIDOCR: "RapidOCR"}  # each engine's name as the reader is told it
M_ARENA_MAX = -8
MALLOC_ARENAS = 2
SURE = 0.85
# Two pages at once were 2.4 times as fast on a loaded machine, but peaked at 1 GB and once overran the reader's
# 1.5 GB address-space cap (a bad_alloc inside onnxruntime); one page at a time, with two threads, is kept.
PAGES_AT_ONCE = 1
CPU_QUOTA = "/sys/fs/cgroup/cpu.max"

Tick = Callable[[], None]  # called each time OCR has made progress on a page


def threads() -> int:
    """The cores this process may use: those it may run on, fewer where a cgroup's CPU quota allows fewer (in a
    container, onnxruntime's own default counts the host's cores and oversubscribes the ones it gets)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    try:
        quota, period = Path(CPU_QUOTA).read_text().split()[:2]
        if quota != "max":
            cores = min(cores, max(1, math.ceil(int(quota) / int(period))))
    except (OSError, ValueError):
        pass
    return cores


@dataclass(frozen=True)
class OcrLine:
    """One detected line: its text, the recognizer's confidence (0-1) and its box in pixels."""

    text: str
    score: float
    left: float
    top: float
    right: float
    bottom: float

    @property
    def height(self) -> float:
        return self.bottom - self.top

    @property
    def upright(self) -> bool:
        return self.right - self.left >= self.height or len(self.text) <= 2


@dataclass(frozen=True)
class OcrPage:
    """The lines of one page image and its size in pixels, read after turning it by `turn` degrees."""

    lines: tuple[OcrLine, ...]
    width: int
    height: int
    turn: int = 0
    content: str = "text"  # TEXT, or FIGURE or BLANK for a page judged before reading and not read

    @property
    def characters(self) -> int:
        return sum(len(line.text) for line in self.lines)

    @property
    def confidence(self) -> float:
        """The mean confidence per character: long lines count more than stray marks."""
        return sum(line.score * len(line.text) for line in self.lines) / max(1, self.characters)

    @property
    def sideways(self) -> bool:
        return sum(not line.upright for line in self.lines) > len(self.lines) / 2


_engine = None
_workers = 1
_backend: str | None = None


def chosen(engine: str) -> str:
    """The engine that reads when `engine` is asked for: RAPIDOCR where Tesseract is asked for and not installed."""
    if engine not in ENGINES:
        raise IngestError(f"INGEST_OCR_ENGINE is {engine!r}; it must be one of: {', '.join(ENGINES)}.")
    if engine == TESSERACT:
        from . import tesseract

        if tesseract.missing():  # no log here: the bounded child must not take the logging lock
            return RAPIDOCR
    return engine


def in_words(engine: str) -> str:
    """The engine that reads when `engine` is asked for, named with where its model comes from, or why Tesseract
    is not the one: what the About page says of OCR."""
    from . import tesseract

    if chosen(engine) == TESSERACT:
        return f"{LABELS[TESSERACT]} (English model from {tesseract.tessdata()})"
    why = ", as INGEST_OCR_ENGINE asks" if engine == RAPIDOCR else f": Tesseract lacks {tesseract.missing()}"
    return f"{LABELS[RAPIDOCR]} (its models ship in its wheel){why}"


def prepare(pages: int, engine: str = TESSERACT) -> None:
    """The engine this process reads with (`chosen`), and how the cores are shared, set before any engine is built:
    Tesseract reads as many pages side by side as there are cores (one thread each); RapidOCR up to PAGES_AT_ONCE
    pages, its threads shared among them (no thread waits on another inside a model run)."""
    global _workers, _backend
    engine = chosen(engine)
    _backend = engine
    if engine == TESSERACT:
        _workers = max(1, min(threads(), pages))
    elif _engine is None:
        _workers = max(1, min(threads(), pages, PAGES_AT_ONCE))


def backend() -> str:
    """The engine this process reads with: TESSERACT or RAPIDOCR (the default, unless `prepare` chose)."""
    if _backend is None:
        prepare(1)
    return _backend or RAPIDOCR


def page_workers() -> int:
    """How many pages this process reads at once."""
    return _workers


def _few_malloc_arenas() -> None:
    """glibc reserves 64 MB of address space for each thread's malloc arena: onnxruntime's and OpenCV's threads
    would take about 400 MB of the reader's capped address space for nothing (1.27 GB above the app with, 0.89
    GB without). Only glibc has such arenas."""
    import ctypes

    try:
        ctypes.CDLL("libc.so.6").mallopt(M_ARENA_MAX, MALLOC_ARENAS)
    except (OSError, AttributeError):
        return


def release() -> None:
    """Free what reading a page left behind: this thread's Tesseract engine (the next page builds one again, a tenth
    of a second) and the heap glibc keeps after freeing (its malloc_trim), Tesseract's and the page image's buffers
    among it, about 50 MB, so that the next page's rendering starts from a small process. Only glibc has
    malloc_trim."""
    import ctypes

    from . import tesseract

    tesseract.release()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        return


def engine() -> Any:
    """The RapidOCR engine of this process, built once from the models in its wheel."""
    global _engine
    if _engine is None:
        _few_malloc_arenas()
        import rapidocr

        folder = Path(rapidocr.__file__).resolve().parent / "models"
        missing = [name for name in MODELS.values() if not (folder / name).is_file()]
        if missing:
            raise IngestError(
                f"OCR cannot run: its model files ({', '.join(missing)}) are missing from the "
                "installed rapidocr package. Reinstall the requirements."
            )
        params: dict[str, object] = {f"{task}.model_path": str(folder / name) for task, name in MODELS.items()}
        params.update(
            {
                "Global.log_level": "critical",
                "Global.use_cls": False,
                "Global.max_side_len": LARGEST_SIDE,
                "Det.limit_type": "max",
                "Det.limit_side_len": DETECTION_SIDE,
                "Rec.rec_batch_num": RECOGNITION_BATCH,
                "EngineConfig.onnxruntime.intra_op_num_threads": max(1, threads() // _workers),
                "EngineConfig.onnxruntime.inter_op_num_threads": 1,
            }
        )
        _engine = rapidocr.RapidOCR(params=params)
    return _engine


def _skew(boxes: Any) -> float:
    """The page's tilt in radians: the median slope of the top edges of lines well wider than tall."""
    import numpy

    slopes = [
        math.atan2(box[1][1] - box[0][1], box[1][0] - box[0][0])
        for box in boxes
        if numpy.linalg.norm(box[1] - box[0]) > 3 * numpy.linalg.norm(box[3] - box[0])
    ]
    return statistics.median(slopes) if slopes else 0.0


def _batches(crops: list[Any]) -> list[list[int]]:
    """The crops' indices in order of width (so that a batch needs little padding), in batches of RECOGNITION_BATCH
    lines at most, and of BATCH_AREA at most: the lines times the square of the widest one's width once scaled to
    the recognizer's 48 pixels of height. The recognizer's attention takes memory in proportion to that: eight
    full-width lines of a dense 300 dpi page at once need more than the reader's cap."""
    widths = {i: REC_HEIGHT * crop.shape[1] / max(1, crop.shape[0]) for i, crop in enumerate(crops)}
    batches: list[list[int]] = []
    for i in sorted(widths, key=widths.__getitem__):
        if batches and len(batches[-1]) < RECOGNITION_BATCH and (len(batches[-1]) + 1) * widths[i] ** 2 <= BATCH_AREA:
            batches[-1].append(i)
        else:
            batches.append([i])
    return batches


def _recognized(crops: list[Any], tick: Tick) -> list[tuple[str, float]]:
    """What the recognizer reads in each line image, a batch at a time (`_batches`), with `tick()` after each."""
    read: list[tuple[str, float]] = [("", 0.0)] * len(crops)
    for batch in _batches(crops):
        result = engine().recognize_txt([crops[i] for i in batch])
        for i, text, score in zip(batch, result.txts, result.scores):
            read[i] = (text, float(score))
        tick()
    return read


def _boxes(array: Any) -> list[Any]:
    """The text-line boxes the detector finds in the image (at DETECTION_SIDE pixels on its longer side)."""
    import numpy

    found = engine()(array, use_det=True, use_cls=False, use_rec=False)
    return [] if found.boxes is None else [numpy.asarray(box, dtype=numpy.float32) for box in found.boxes]


def _judged(image: Any, array: Any, boxes: list[Any]) -> str:
    """What a page holds, told from its detected boxes before they are read: TEXT, FIGURE or BLANK.

    Text when PROBE_MANY boxes or more are line-shaped (PROBE_SHAPE times longer than high, either way round), or
    when the recognizer reads a word of PROBE_LETTERS letters or more, with SURE_LINE confidence, in one of the
    widest few (PROBE_LINES of them, upright, then upside down). Otherwise blank when under BLANK_INK of it is
    darker than INK (a scan of an empty page, specks and all), and a figure (a chart, photo or drawing with no
    lines of words) when more is. On a page of text this costs nothing: its boxes are the ones then read."""
    import numpy
    from rapidocr.utils.process_img import get_rotate_crop_image

    shaped = []
    for box in boxes:
        across, down = float(numpy.linalg.norm(box[1] - box[0])), float(numpy.linalg.norm(box[3] - box[0]))
        if max(across, down) >= PROBE_SHAPE * max(1.0, min(across, down)):
            shaped.append((max(across, down), box))
    if len(shaped) >= PROBE_MANY:
        return TEXT
    widest = [get_rotate_crop_image(array, box.copy()) for _, box in sorted(shaped, key=lambda pair: -pair[0])]
    for crops in (widest[:PROBE_LINES], [numpy.rot90(crop, 2).copy() for crop in widest[:PROBE_LINES]]):
        read = engine().recognize_txt(crops) if crops else None
        if read and any(
            score >= SURE_LINE and sum(map(str.isalnum, text)) >= PROBE_LETTERS
            for text, score in zip(read.txts, read.scores)
        ):
            return TEXT
    return inked(image)


def content(image: Any) -> str:
    """What a page image holds: TEXT, FIGURE or BLANK (its ink alone, then the engine's cheap test on its line boxes,
    before reading)."""
    import numpy

    kind = prejudged(image)
    if kind != TEXT:
        return kind
    if backend() == TESSERACT:
        from . import tesseract

        return tesseract.content(image)
    array = numpy.asarray(image.convert("RGB"))
    return _judged(image, array, _boxes(array))


def _rapid_read(image: Any, turn: int, tick: Tick, judge: bool = False) -> OcrPage:
    """RapidOCR's lines of the image turned by `turn` degrees, their boxes turned back by the page's tilt so that lines
    of a skewed scan sort and group as on a straight one (the recognizer reads the tilted crops as they are).
    With `judge`, a page that holds no text (`_judged`) is not read: its OcrPage has no lines and says what it holds."""
    import numpy
    from rapidocr.utils.process_img import get_rotate_crop_image

    turned = image.rotate(turn, expand=True) if turn else image
    array = numpy.asarray(turned.convert("RGB"))
    boxes = _boxes(array)
    tick()
    kind = _judged(turned, array, boxes) if judge else TEXT
    if kind != TEXT:
        return OcrPage((), turned.width, turned.height, turn, kind)
    read = _recognized([get_rotate_crop_image(array, box.copy()) for box in boxes], tick)
    kept = [(box, text, score) for box, (text, score) in zip(boxes, read) if score >= MIN_SCORE and text.strip()]
    return OcrPage(untilted(kept, turned.width, turned.height), turned.width, turned.height, turn)


def untilted(kept: list[Any], width: int, height: int) -> tuple[OcrLine, ...]:
    """Lines out of (box, text, score): each box four corners from the top left, clockwise, turned back by the
    page's tilt (`_skew`); text with no letter or digit left out."""
    import numpy

    angle = _skew([box for box, _, _ in kept])
    centre = numpy.array([width / 2, height / 2])
    untilt = numpy.array([[math.cos(angle), math.sin(angle)], [-math.sin(angle), math.cos(angle)]])
    lines = []
    for box, text, score in kept:
        text = " ".join(text.split())
        if any(ch.isalnum() for ch in text):
            xs, ys = ((box - centre) @ untilt.T + centre).T
            lines.append(
                OcrLine(text, float(score), float(xs.min()), float(ys.min()), float(xs.max()), float(ys.max()))
            )
    return tuple(lines)


def _read(image: Any, turn: int, tick: Tick, judge: bool = False) -> OcrPage:
    """The page read by the chosen engine, turned by `turn` degrees (`_rapid_read`, `tesseract.read`)."""
    if backend() == TESSERACT:
        from . import tesseract

        kind, kept, turned = tesseract.read(image, turn, tick, judge)
        lines = untilted(kept, turned.width, turned.height) if kind == TEXT else ()
        return OcrPage(lines, turned.width, turned.height, turn, kind)
    return _rapid_read(image, turn, tick, judge)


def idle() -> None:
    """A tick that tells no one."""
    return None


def read(image: Any, tick: Tick = idle, judge: bool = False) -> OcrPage:
    """The page's lines, turned upright when it was scanned sideways or upside down (only unsure pages are retried);
    `tick()` is called each time a batch of lines has been read. With `judge`, a page that holds only a figure or
    nothing is not read (`OcrPage.content` says which): told from its ink alone where it can be (`prejudged`), so
    that no engine sees it."""
    kind = prejudged(image) if judge else TEXT
    if kind != TEXT:
        tick()
        return OcrPage((), image.width, image.height, 0, kind)
    first = _read(image, 0, tick, judge)
    if first.confidence >= SURE and not first.sideways or not first.lines:
        return _sure(first)
    turns = (90, 270) if first.sideways else (180,)
    best = first
    for turn in turns:
        candidate = _read(image, turn, tick)
        if not candidate.sideways and (best.sideways or candidate.confidence > best.confidence):
            best = candidate
        if best.confidence >= SURE and not best.sideways:
            break
    return _sure(best)


def _sure(page: OcrPage) -> OcrPage:
    """The page without the lines read with less than MIN_SCORE confidence."""
    return replace(page, lines=tuple(line for line in page.lines if line.score >= MIN_SCORE))
