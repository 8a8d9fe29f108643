"""A source that holds several stories counts as that many sources: a Word file or Markdown text of five unrelated
stories under their headings is five sources, each with its own share of the overview and its own mark.

The parts of a source are its sections under the headings that cut it (`sectioned.section_level`); a source
without headings is one story (topic segments cut a single fetched article into three). They are stories when
they share little vocabulary (`text.topics.separate_stories`, the TL;DR's rule), and no heading is numbered:
numbered sections are one report's parts.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Sequence

from ..sectioned import NUMBER, BlockLike, section_level
from ..text.topics import separate_stories
from ..text.vectors import tokens
from .combined import NamedSource

logger = logging.getLogger(__name__)

PROSE = ("paragraph", "list_item")


def split_stories(sources: Sequence[NamedSource]) -> list[NamedSource]:
    """Every source, one that holds several stories replaced by a source per story ('notes.docx, story 2 of 5',
    titled by its heading), in order."""
    return [story for source in sources for story in _stories(source)]


def _stories(source: NamedSource) -> list[NamedSource]:
    content = source.content
    if isinstance(content, str) or not any(b.kind == "heading" for b in content):
        return [source]  # topic segments cut one article into "stories" (a fetched news page into 3): not here
    parts = _headed(content)
    if len(parts) < 2:
        return [source]
    logger.info("%s holds %d stories, summarized as as many sources", source.name, len(parts))
    return [
        replace(source, name=f"{source.name}, story {k} of {len(parts)}", content=part, title=heading)
        for k, (heading, part) in enumerate(parts, 1)
    ]


def _headed(blocks: Sequence[BlockLike]) -> list[tuple[str, Sequence[BlockLike] | str]]:
    """The sections under the headings that cut `blocks`, when they are separate stories and none is numbered;
    prose before the first heading goes with the first story, the document's title with none."""
    parts = _sections(blocks)
    if len(parts) < 2 or any(NUMBER.match(heading) for heading, _ in parts):
        return []
    bags = [[w for b in part if b.kind in PROSE for w in tokens(b.text)] for _, part in parts]
    if not all(bags) or not separate_stories(bags):
        return []
    return [(heading, part) for heading, part in parts]


def _sections(blocks: Sequence[BlockLike]) -> list[tuple[str, list[BlockLike]]]:
    """(heading, its blocks) per heading of the level that cuts `blocks`, prose before the first heading put after
    the first heading."""
    level = section_level(blocks)
    parts: list[tuple[str, list[BlockLike]]] = []
    lead: list[BlockLike] = []
    for block in blocks:
        if block.kind == "heading" and (block.level or 1) == level:
            parts.append((block.text, [block]))
        elif parts:
            parts[-1][1].append(block)
        elif block.kind in PROSE:
            lead.append(block)
    if parts:
        parts[0] = (parts[0][0], [parts[0][1][0], *lead, *parts[0][1][1:]])
    return parts
