"""The cheap tests before OCR reads a page, shared by both engines: first its ink alone (`prejudged`: a page with no
band shaped like a line of text never reaches an engine), then the engine's line boxes, a few of them read, then its
ink again.

A page is text when PROBE_MANY of its line boxes or more are line-shaped (PROBE_SHAPE times longer than high, either
way round), or when a word of PROBE_LETTERS letters or more is read with SURE_LINE confidence in one of the widest
few (PROBE_LINES of them, upright, then upside down); otherwise `inked` tells a blank scan from a figure.
"""

from __future__ import annotations

from typing import Any

SURE_LINE = 0.9
PROBE_MANY = 8
PROBE_SHAPE = 4
PROBE_LINES = 3
PROBE_LETTERS = 4
INK = 160
BLANK_INK = 0.005
TEXT, FIGURE, BLANK = "text", "figure", "blank"
# The test on ink alone (`prejudged`): a row of a strip is inked from ROW_INK of its pixels; a band of such rows is a
# line of text when it is LINE_BAND of the page's height high (about 3 to 40 point type on A4), at most LINE_INK
# inked, and broken into letters (LETTER_GAPS).
STRIPS = 16
LETTER_GAPS = 0.5
ROW_INK = 0.02
LINE_BAND = (0.003, 0.05)
LINE_INK = 0.5


def inked(image: Any) -> str:
    """A page found to hold no words: BLANK when under BLANK_INK of it is darker than INK (a scan of an empty page,
    specks and all), else FIGURE (a chart, photo or drawing)."""
    import numpy

    grey = numpy.asarray(image.convert("L"))
    return BLANK if not grey.size or float((grey < INK).mean()) < BLANK_INK else FIGURE


def _letters(band: Any) -> bool:
    """Whether a band of a strip is broken into letters: its columns switch between inked and clear at least once
    for each LETTER_GAPS times its height across (a bar, a photo's shape or a frame's edge barely switches)."""
    import numpy

    columns = band.any(axis=0).astype(numpy.int8)
    return bool(int(numpy.abs(numpy.diff(columns)).sum()) * LETTER_GAPS * band.shape[0] >= band.shape[1])


def _line_bands(dark: Any) -> int:
    """How many runs of rows in the most text-like of STRIPS vertical strips of `dark` (True where inked) look like
    a line of text: ROW_INK of a row's pixels or more inked, LINE_BAND of the page's height high, at most LINE_INK
    of the band inked (letters leave gaps) and broken into letters (`_letters`)."""
    import numpy

    low, high = (share * dark.shape[0] for share in LINE_BAND)
    best = 0
    for strip in numpy.array_split(dark, STRIPS, axis=1):
        share = strip.mean(axis=1)
        edges = numpy.flatnonzero(numpy.diff(numpy.concatenate(([0], (share >= ROW_INK).astype(numpy.int8), [0]))))
        found = sum(
            low <= end - start <= high and float(share[start:end].mean()) <= LINE_INK and _letters(strip[start:end])
            for start, end in zip(edges[::2], edges[1::2])
        )
        best = max(best, found)
    return best


def prejudged(image: Any) -> str:
    """What a page holds, told from its ink alone before any engine sees it: TEXT where a strip of it, across or down
    (a page turned a quarter), holds a band shaped like a line of text (for the engine's own test to confirm), else
    BLANK or FIGURE by its ink (`inked`): no engine is asked to read a page with no line of text on it."""
    import numpy

    grey = numpy.asarray(image.convert("L"))
    dark = grey < INK
    if dark.size and max(_line_bands(dark), _line_bands(dark.T)) >= 1:
        return TEXT
    return inked(image)
