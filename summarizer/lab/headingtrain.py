"""`python -m summarizer train-headings`: the heading model learned from PDFs' bookmarks and generated layouts.

Each document gives one row of features per line (`ingest.formats.pdf.headingfeatures`) and a label: the line is
where one of the PDF's bookmarks points (its own outline says it is a heading), or, in a generated layout, one of
the headings it was made with. Gradient-boosted trees (scikit-learn, a lab-only dependency) are fitted on the rows
and written as small JSON that the reader evaluates with numpy. Training is deterministic: the same documents give
the same file, byte for byte.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np

from ingest.formats import bookmarks
from ingest.formats.pdf import blocks as pdfblocks
from ingest.formats.pdf import headingfeatures
from ingest.formats.pdf.furniture import furniture_ids
from ingest.formats.pdf.lines import Line, drop_controls, mend_words, read_page
from ingest.formats.pdf.pool import read_pages

from .headinglayouts import generate
from .sectioneval import is_front_or_back

TREES = 60
DEPTH = 3
RATE = 0.1
LEAVES = 15
LEAF_ROWS = 50
L2 = 1.0
DIGITS = 6
CUT = 0.9  # the model alone makes a heading at this probability
VETO = 0.02  # the rules' heading stands unless the model's probability is under this
RULE = headingfeatures.RULE
SIZE, BOLD = (headingfeatures.NAMES.index(name) for name in ("size_ratio", "bold"))


@dataclass(frozen=True)
class Samples:
    """One document's rows of features and their labels (1: the line opens a heading)."""

    name: str
    rows: np.ndarray
    labels: np.ndarray


class _Recorder:
    """A `Judge` that keeps the rows the reader shows it and lets the rules decide."""

    def __init__(self) -> None:
        self.found: list[tuple[Line, list[float]]] = []

    def headings(self, ctx: headingfeatures.Context) -> frozenset[int]:
        found = headingfeatures.rows(ctx)
        self.found.extend((ctx.lines[index], row) for index, row in found)
        return frozenset(id(ctx.lines[index]) for index, row in found if row[RULE])


def _key(line: Line) -> tuple[int, float]:
    return line.page, round(line.top, 1)


def _pages(data: bytes) -> tuple[list[list[Line]], list[bookmarks.Bookmark]]:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(data)
    try:
        count = len(document)
        pages = [lines for lines, _ in read_pages(document, count, read_page)]
        pages, _, _ = drop_controls(pages)
        entries = bookmarks.read(document)
        return mend_words(pages), [] if bookmarks.usable(entries, count) else entries
    finally:
        document.close()


def _recorded(pages: list[list[Line]]) -> list[tuple[Line, list[float]]]:
    recorder = _Recorder()
    pdfblocks.layout(pages, (), recorder)
    return recorder.found


def outlined(name: str, data: bytes) -> Samples | None:
    """Rows of a PDF labelled by its own outline: a line is a heading where a bookmark points to it, or where the rules
    find a heading of front or back matter ("Abstract", "References", "Acknowledgments"), which outlines often leave
    out and the reader shows as sections. None when the PDF has no usable outline."""
    pages, entries = _pages(data)
    if not entries:
        return None
    marked = _marked(pages, entries)
    found = _recorded(pages)
    labelled = [(row, _key(line) in marked or (bool(row[RULE]) and is_front_or_back(line.text))) for line, row in found]
    styles = {_style(row) for row, label in labelled if label}
    return _samples(name, [(row, label) for row, label in labelled if label or not _unlisted(row, styles)])


def _marked(pages: list[list[Line]], entries: list[bookmarks.Bookmark]) -> set[tuple[int, float]]:
    """Where the outline's bookmarks point: the lines they land on, running heads and page numbers left out."""
    furniture = furniture_ids(pages)
    kept = [[line for line in page if id(line) not in furniture] for page in pages]
    return {_key(kept[a.page - 1][a.line]) for a in bookmarks.anchor(entries, kept) if a.line is not None and a.page}


def _style(row: list[float]) -> tuple[float, float]:
    return round(row[SIZE], 2), row[BOLD]


def _unlisted(row: list[float], styles: set[tuple[float, float]]) -> bool:
    """Whether an unmarked line the rules call a heading is set as the outline's headings are: an outline often skips
    some headings of a level it lists, so its label is unknown and the row is left out."""
    return bool(row[RULE]) and _style(row) in styles


def generated(seed: int) -> Samples:
    """Rows of one generated layout, labelled by the headings it was made with."""
    made = generate(seed)
    pages, _ = _pages(made.pdf)
    return _samples(f"generated-{seed}", [(row, _opens(line.text, made.headings)) for line, row in _recorded(pages)])


def _opens(text: str, headings: tuple[str, ...]) -> bool:
    """Whether a generated line is a heading's first line: the whole heading, or the start of one that wraps onto
    the next line (as a bookmark points to a wrapped heading's first line)."""
    return any(text == heading or (heading.startswith(text + " ") and len(text.split()) >= 2) for heading in headings)


def _samples(name: str, labelled: list[tuple[list[float], bool]]) -> Samples:
    rows = np.asarray([row for row, _ in labelled], dtype=np.float64).reshape(-1, len(headingfeatures.NAMES))
    return Samples(name, rows, np.asarray([label for _, label in labelled], dtype=np.int64))


def train(samples: list[Samples]) -> dict[str, Any]:
    """Boosted trees fitted on every document's rows, as the JSON the reader loads (`headingmodel.Trees`)."""
    from sklearn.ensemble import HistGradientBoostingClassifier
    from threadpoolctl import threadpool_limits

    rows = np.concatenate([s.rows for s in samples])
    labels = np.concatenate([s.labels for s in samples])
    model = HistGradientBoostingClassifier(
        max_iter=TREES,
        max_depth=DEPTH,
        learning_rate=RATE,
        max_leaf_nodes=LEAVES,
        min_samples_leaf=LEAF_ROWS,
        l2_regularization=L2,
        early_stopping=False,
        random_state=0,
    )
    with threadpool_limits(1):  # one thread: the same sums in the same order, and no spinning on a busy machine
        model.fit(rows, labels)
    return {
        "features": list(headingfeatures.NAMES),
        "base": round(float(np.ravel(model._baseline_prediction)[0]), DIGITS),
        "cut": CUT,
        "veto": VETO,
        "trees": [_tree(predictors[0].nodes) for predictors in model._predictors],
    }


def _tree(nodes: Any) -> dict[str, list[Any]]:
    leaf = nodes["is_leaf"].astype(bool)
    return {
        "feature": [-1 if is_leaf else int(f) for f, is_leaf in zip(nodes["feature_idx"], leaf)],
        "threshold": [0.0 if is_leaf else round(float(t), DIGITS) for t, is_leaf in zip(nodes["num_threshold"], leaf)],
        "left": [int(n) for n in nodes["left"]],
        "right": [int(n) for n in nodes["right"]],
        "value": [round(float(v), DIGITS) if is_leaf else 0.0 for v, is_leaf in zip(nodes["value"], leaf)],
    }


def dumps(model: dict[str, Any]) -> str:
    """The model file's text: compact, keys sorted, so the same model is the same bytes."""
    return json.dumps(model, sort_keys=True, separators=(",", ":")) + "\n"
