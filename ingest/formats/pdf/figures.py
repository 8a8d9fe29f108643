"""Stage 4, tables and figures: a figure's labels, legends and axis ticks told from sections (the rows of a table
are found from whole lines' cells, in `lines`; captions and footnotes in `pdfnotes`)."""

from __future__ import annotations

from ...classify import NUMBERED_HEADING, is_caption
from ...document import Block
from .. import pdfnotes

FONT_REASON = "its font and numbering"
FIGURE_REASON = "text inside a figure"
MAX_LABEL_WORDS = 3


def figure_text(blocks: list[Block]) -> list[Block]:
    """Unnumbered 'headings' right before a figure's caption are its labels and legends (axis titles, plot
    names), not sections; so are the one-to-three-word labels among them ("X", "Coordinator C")."""
    result = list(blocks)
    index = 0
    while index < len(result):
        end = index
        while end < len(result) and (
            result[end].kind == "heading"
            and result[end].reason == FONT_REASON
            and not NUMBERED_HEADING.match(result[end].text)
            or result[end].kind == "paragraph"
            and len(result[end].text.split()) <= MAX_LABEL_WORDS
        ):
            end += 1
        run = range(index, end)
        if any(result[at].kind == "heading" for at in run) and end < len(result) and is_caption(result[end].text):
            for at in run:
                result[at] = Block("caption", result[at].text, page=result[at].page, reason=FIGURE_REASON)
        index = end + 1 if end > index else index + 1
    return _axis_labels(result)


def _ticks(block: Block) -> bool:
    """A row of a chart's axis: mostly numbers ("0 50 100 150 200", "0 TB 50 TB 100 TB")."""
    return block.kind in ("paragraph", "code", "caption") and pdfnotes.ticks(block.text)


def _axis_labels(blocks: list[Block]) -> list[Block]:
    """An unnumbered 'heading' next to a row of axis ticks is the axis's label ("Day" above "0 50 100 150 ..."):
    figure text, as are the ticks."""
    result = list(blocks)
    for index, block in enumerate(blocks):
        if block.kind != "heading" or block.reason != FONT_REASON or NUMBERED_HEADING.match(block.text):
            continue
        near = [at for at in (index - 1, index + 1) if 0 <= at < len(blocks) and _ticks(blocks[at])]
        for at in [index, *near] if near else []:
            result[at] = Block("caption", blocks[at].text, page=blocks[at].page, reason=FIGURE_REASON)
    return result
