"""Text lines out of a page image with RapidOCR: PP-OCRv6 models shipped in its wheel, run by onnxruntime on the CPU.

The engine is built in the bounded child on first use, never before the fork: onnxruntime and OpenCV
start threads at import, and a forked copy of a thread pool can deadlock. The models are named by their
path inside the installed package, so the library's download code is never reached. Its text-line
classifier stays off: it turns long, correct lines upside down (89% of words right with it, 99.7%
without, on five clean 200 dpi pages); whole pages turned by a quarter or a half are found here instead.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from pathlib import Path

from ..errors import IngestError

MODELS = {"Det": "PP-OCRv6_det_small.onnx", "Rec": "PP-OCRv6_rec_small.onnx"}
DETECTION_SIDE = 1280
LARGEST_SIDE = 4000
RECOGNITION_BATCH = 2
M_ARENA_MAX = -8
MALLOC_ARENAS = 2
SURE = 0.85


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


def _few_malloc_arenas() -> None:
    """glibc reserves 64 MB of address space for each thread's malloc arena: onnxruntime's and OpenCV's threads
    would take about 400 MB of the reader's capped address space for nothing (1.27 GB above the app with, 0.89
    GB without). Only glibc has such arenas."""
    import ctypes

    try:
        ctypes.CDLL("libc.so.6").mallopt(M_ARENA_MAX, MALLOC_ARENAS)
    except (OSError, AttributeError):
        return


def engine():
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
            }
        )
        _engine = rapidocr.RapidOCR(params=params)
    return _engine


def _skew(boxes) -> float:
    """The page's tilt in radians: the median slope of the top edges of lines well wider than tall."""
    import numpy

    slopes = [
        math.atan2(box[1][1] - box[0][1], box[1][0] - box[0][0])
        for box in boxes
        if numpy.linalg.norm(box[1] - box[0]) > 3 * numpy.linalg.norm(box[3] - box[0])
    ]
    return statistics.median(slopes) if slopes else 0.0


def _read(image, turn: int) -> OcrPage:
    """The lines of the image turned by `turn` degrees, their boxes turned back by the page's tilt so that lines
    of a skewed scan sort and group as on a straight one (the recognizer reads the tilted crops as they are)."""
    import numpy

    turned = image.rotate(turn, expand=True) if turn else image
    result = engine()(numpy.asarray(turned.convert("RGB")), use_det=True, use_cls=False, use_rec=True)
    boxes = [numpy.asarray(box, dtype=float) for box in result.boxes] if result.txts else []
    angle = _skew(boxes)
    centre = numpy.array([turned.width / 2, turned.height / 2])
    untilt = numpy.array([[math.cos(angle), math.sin(angle)], [-math.sin(angle), math.cos(angle)]])
    lines = []
    for box, text, score in zip(boxes, result.txts or (), result.scores or ()):
        text = " ".join(text.split())
        if any(ch.isalnum() for ch in text):
            xs, ys = ((box - centre) @ untilt.T + centre).T
            lines.append(
                OcrLine(text, float(score), float(xs.min()), float(ys.min()), float(xs.max()), float(ys.max()))
            )
    return OcrPage(tuple(lines), turned.width, turned.height, turn)


def read(image) -> OcrPage:
    """The page's lines, turned upright when it was scanned sideways or upside down (only unsure pages are retried)."""
    first = _read(image, 0)
    if first.confidence >= SURE and not first.sideways or not first.lines:
        return first
    turns = (90, 270) if first.sideways else (180,)
    best = first
    for turn in turns:
        candidate = _read(image, turn)
        if not candidate.sideways and (best.sideways or candidate.confidence > best.confidence):
            best = candidate
        if best.confidence >= SURE and not best.sideways:
            break
    return best
