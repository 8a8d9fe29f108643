"""Markdown to blocks with markdown-it-py (CommonMark plus tables): link text kept, syntax never summarized.

Also whether text that came without a file name is written in Markdown (`written_in_markdown`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..document import Block
from ..sections import finish

if TYPE_CHECKING:
    from markdown_it.token import Token

# Syntax that only Markdown has. Headings (`#`, underlined) and lists are not here: the plain-text reader reads them
# the same way, so they decide nothing.
MARKDOWN_BLOCKS = frozenset({"fence", "table_open"})
MARKDOWN_INLINE = frozenset({"link_open", "image", "strong_open", "code_inline"})


def _tokens(text: str) -> list[Token]:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable("table").parse(text)


def written_in_markdown(text: str) -> bool:
    """Whether text without a file name (pasted, piped) uses Markdown's own syntax: a [link](url), an image, a
    fenced block, a table, **bold** or `code`. Read as plain text, such syntax reaches the summary and its key
    terms ("https, readthedocs, html"); plain prose has none of it (an <https://...> autolink is not counted)."""
    for token in _tokens(text):
        if token.type in MARKDOWN_BLOCKS:
            return True
        if token.type == "inline" and any(
            child.type in MARKDOWN_INLINE and child.markup != "autolink" for child in token.children or ()
        ):
            return True
    return False


def _inline_text(token: Token) -> str:
    parts: list[str] = []
    for child in token.children or []:
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return " ".join("".join(parts).split())


class _Walk:
    """The blocks of a token stream read so far, and where in it the walk is: in a heading (its level), in how
    many lists, in a table, and the open table row's cells."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.heading_level = 0
        self.lists = 0
        self.in_table = False
        self.row: list[str] = []

    def heading_open(self, token: Token) -> None:
        self.heading_level = int(token.tag[1])

    def heading_close(self, token: Token) -> None:
        self.heading_level = 0

    def list_open(self, token: Token) -> None:
        self.lists += 1

    def list_close(self, token: Token) -> None:
        self.lists -= 1

    def table_open(self, token: Token) -> None:
        self.in_table = True

    def table_close(self, token: Token) -> None:
        self.in_table = False

    def row_close(self, token: Token) -> None:
        if self.row:
            self.blocks.append(Block("table", " | ".join(self.row)))
            self.row = []

    def code(self, token: Token) -> None:
        self.blocks.append(Block("code", token.content.rstrip("\n")))

    def inline(self, token: Token) -> None:
        """Text: a table cell, a heading, a list item or a paragraph, by where the walk is."""
        content = _inline_text(token)
        if not content:
            return
        if self.in_table:
            self.row.append(content)
        elif self.heading_level:
            self.blocks.append(Block("heading", content, self.heading_level))
        elif self.lists:
            self.blocks.append(Block("list_item", content))
        else:
            self.blocks.append(Block("paragraph", content))


# What each token type does to the walk; tokens of other types do nothing.
STEPS: dict[str, Callable[[_Walk, Token], None]] = {
    "heading_open": _Walk.heading_open,
    "heading_close": _Walk.heading_close,
    "bullet_list_open": _Walk.list_open,
    "ordered_list_open": _Walk.list_open,
    "bullet_list_close": _Walk.list_close,
    "ordered_list_close": _Walk.list_close,
    "table_open": _Walk.table_open,
    "table_close": _Walk.table_close,
    "tr_close": _Walk.row_close,
    "fence": _Walk.code,
    "code_block": _Walk.code,
    "inline": _Walk.inline,
}


def parse(text: str) -> tuple[Block, ...]:
    """Blocks of a Markdown document: headings with levels, paragraphs, list items, code, table rows."""
    walk = _Walk()
    for token in _tokens(text):
        step = STEPS.get(token.type)
        if step is not None:
            step(walk, token)
    return finish(walk.blocks)
