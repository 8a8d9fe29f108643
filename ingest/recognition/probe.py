"""The cheap test before OCR reads a page, shared by both engines: its line boxes, a few of them read, then its ink.

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


def inked(image: Any) -> str:
    """A page found to hold no words: BLANK when under BLANK_INK of it is darker than INK (a scan of an empty page,
    specks and all), else FIGURE (a chart, photo or drawing)."""
    import numpy

    grey = numpy.asarray(image.convert("L"))
    return BLANK if not grey.size or float((grey < INK).mean()) < BLANK_INK else FIGURE
