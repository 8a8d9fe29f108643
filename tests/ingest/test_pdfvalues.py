"""The PDF reader's stages hand on values: `layout` marks the title, byline, run-in headings and notes on new lines
and leaves the lines it was given as they were."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from ingest.formats.pdf import Line, layout

BODY = 10.0


def _line(text: str, top: float, size: float = BODY, **facts: object) -> Line:
    return Line(text, 1, size=size, x=72.0, top=top, last_top=top, tail=len(text), **facts)  # type: ignore[arg-type]


def _pages() -> list[list[Line]]:
    prose = "the leader keeps the log short, as every replica must agree on what each of them was asked to keep"
    return [
        [
            _line("A Study of Replicated Logs", 720, size=20, bold=True),
            _line("A. Author and B. Writer", 696, size=12),
            _line("1 Introduction", 660, size=14, bold=True),
            _line(f"Compaction. The log grows without bound unless {prose}", 640, run_in="Compaction."),
            _line(f"and so on for {prose}.", 628),
            _line(f"Then once more {prose}.", 616),
            _line("Figure 1: The log and its snapshot.", 590, size=9),
            _line(f"After the figure, {prose}", 570),
            _line(f"and the paragraph goes on while {prose}.", 558),
            _line("1 A note at the foot of the page, under its rule.", 90, size=8, ruled=True),
        ]
    ]


def test_layout_marks_new_lines_and_leaves_its_input_unchanged():
    pages = _pages()
    before = copy.deepcopy(pages)
    blocks, _ = layout(pages)
    assert pages == before
    kinds = {(block.kind, block.text.split()[0]) for block in blocks}
    assert {
        ("title", "A"),
        ("heading", "1"),
        ("heading", "Compaction"),
        ("caption", "Figure"),
        ("footnote", "1"),
    } <= kinds


def test_a_line_is_a_value():
    line = _pages()[0][0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        line.text = "changed"  # type: ignore[misc]
    assert dataclasses.replace(line, text="changed").text == "changed" and line.text == "A Study of Replicated Logs"
