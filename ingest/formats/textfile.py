"""Text files: refused as soon as they are known to be past the character limit, decoded, and read as Markdown
or plain text (the one place that decides which)."""

from __future__ import annotations

import re
from pathlib import PurePath
from types import ModuleType

from ..document import Extracted
from ..errors import FileTooLargeError
from ..recognition.scans import Progress
from ..settings import IngestSettings
from . import markdown, plaintext, textblocks

PLAIN_SUFFIXES = (".txt", ".text")
MARKDOWN_SUFFIXES = (".md", ".markdown")
# Before decoding, a file holds at least (its bytes that are neither whitespace nor zero) / 4 characters that
# are not whitespace: UTF-8 spends at most four bytes on a character, UTF-16 and UTF-32 pad with zeros.
MAX_BYTES_PER_CHAR = 4
BLANK_BYTES = b" \t\n\r\x0b\x0c\x00"
SPACE_RUN = re.compile(r"\s{2,}")  # blocks fold each run of whitespace to one space


def extract(data: bytes, name: str, settings: IngestSettings, report: Progress | None = None) -> Extracted:
    """The blocks of a text file, with a warning when it was not UTF-8."""
    text, warnings = decoded(data, name, settings)
    return Extracted(text_reader(PurePath(name).suffix.lower(), text).parse(text), warnings=warnings)


def decoded(data: bytes, name: str, settings: IngestSettings) -> tuple[str, list[str]]:
    """The file's text and a warning naming its encoding when that was not UTF-8; refused past the limit."""
    stop_at_limit(name, len(data.translate(None, BLANK_BYTES)) // MAX_BYTES_PER_CHAR, settings)
    text, encoding = plaintext.decode(data, name)
    stop_at_limit(name, len(text) - sum(len(run) - 1 for run in SPACE_RUN.findall(text)), settings)
    return text, [] if encoding.startswith(("utf-8", "ascii")) else [f"Read as {encoding} text."]


def text_reader(suffix: str, text: str) -> ModuleType:
    """The one place that decides whether text is read as Markdown: a file's name says so (.md, .markdown) or
    says plain text (.txt, .text); text with no such name (pasted, piped, a README, a .doc that is text) is
    Markdown when it uses Markdown's own syntax."""
    if suffix in MARKDOWN_SUFFIXES:
        return markdown
    if suffix in PLAIN_SUFFIXES:
        return textblocks
    return markdown if markdown.written_in_markdown(text) else textblocks


def stop_at_limit(name: str, at_least: int, settings: IngestSettings) -> None:
    """Refuse a text as soon as it is known to hold more characters than the limit, before the costly steps:
    from its bytes alone before decoding it (see MAX_BYTES_PER_CHAR), and
    from its characters with whitespace folded before splitting it into blocks. A 10-19 MB text was
    decoded and parsed whole before `_checked` refused it, long enough for ten at once to time out."""
    if at_least > settings.max_chars:
        raise FileTooLargeError(
            f"{name} has more than {settings.max_chars:,} characters of text, the limit; reading stopped there. "
            "Split it into smaller files."
        )
