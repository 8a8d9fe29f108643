"""Markdown to blocks with markdown-it-py (CommonMark plus tables): link text kept, syntax never summarized.

Also whether text that came without a file name is written in Markdown (`written_in_markdown`).
"""

from __future__ import annotations

from ..document import Block
from ..sections import finish

# Syntax that only Markdown has. Headings (`#`, underlined) and lists are not here: the plain-text reader reads them
# the same way, so they decide nothing.
MARKDOWN_BLOCKS = frozenset({"fence", "table_open"})
MARKDOWN_INLINE = frozenset({"link_open", "image", "strong_open", "code_inline"})


def _tokens(text: str) -> list:
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


def _inline_text(token) -> str:
    parts: list[str] = []
    for child in token.children or []:
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return " ".join("".join(parts).split())


def parse(text: str) -> tuple[Block, ...]:
    """Blocks of a Markdown document: headings with levels, paragraphs, list items, code, table rows."""
    tokens = _tokens(text)
    blocks: list[Block] = []
    heading_level = 0
    in_list = 0
    in_table = False
    row: list[str] = []
    for token in tokens:
        kind = token.type
        if kind == "heading_open":
            heading_level = int(token.tag[1])
        elif kind == "heading_close":
            heading_level = 0
        elif kind in ("bullet_list_open", "ordered_list_open"):
            in_list += 1
        elif kind in ("bullet_list_close", "ordered_list_close"):
            in_list -= 1
        elif kind == "table_open":
            in_table = True
        elif kind == "table_close":
            in_table = False
        elif kind == "tr_close" and row:
            blocks.append(Block("table", " | ".join(row)))
            row = []
        elif kind in ("fence", "code_block"):
            blocks.append(Block("code", token.content.rstrip("\n")))
        elif kind == "inline":
            content = _inline_text(token)
            if not content:
                continue
            if in_table:
                row.append(content)
            elif heading_level:
                blocks.append(Block("heading", content, heading_level))
            elif in_list:
                blocks.append(Block("list_item", content))
            else:
                blocks.append(Block("paragraph", content))
    return finish(blocks)
