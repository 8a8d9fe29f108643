"""PDF text in reading order: paragraphs rejoined, hyphens repaired, running headers and page numbers removed."""

from __future__ import annotations

import io
import re
import unicodedata
from collections import Counter

from .errors import FileTooLargeError, NoTextError, PasswordProtectedError

PAGE_NUMBER = re.compile(r"^\W*(?:page\s*)?\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?\W*$", re.I)
HYPHENATED = re.compile(r"(\w)-\n(\w)")
RUNNING_SHARE = 0.6
EDGE_LINES = 2


def _signature(line: str) -> str:
    return re.sub(r"\d+", "#", " ".join(line.lower().split()))


def _running_lines(pages: list[list[str]]) -> set[str]:
    """Signatures of lines at the top or bottom of most pages: headers and footers.

    A line starting in lower case continues a sentence, so it is body text even when it repeats.
    """
    if len(pages) < 3:
        return set()
    counts: Counter[str] = Counter()
    for lines in pages:
        edges = {_signature(l) for l in lines[:EDGE_LINES] + lines[-EDGE_LINES:]
                 if l.strip() and not l.strip()[0].islower()}
        counts.update(edges)
    return {sig for sig, n in counts.items() if n >= RUNNING_SHARE * len(pages)}


def _paragraphs(lines: list[str]) -> list[str]:
    """Lines joined into paragraphs: a blank line, a short line ending a sentence, or a heading ends one."""
    text = HYPHENATED.sub(lambda m: m.group(1) + m.group(2) if m.group(2).islower() else m.group(0).replace("\n", ""),
                          "\n".join(lines))
    lines = text.split("\n")
    widths = sorted(len(l) for l in lines if l.strip())
    typical = widths[len(widths) * 3 // 4] if widths else 0
    paragraphs: list[list[str]] = [[]]
    for number, line in enumerate(lines):
        stripped = line.strip()
        if not stripped:
            if paragraphs[-1]:
                paragraphs.append([])
            continue
        paragraphs[-1].append(stripped)
        short = len(stripped) < 0.7 * typical
        following = lines[number + 1].strip() if number + 1 < len(lines) else ""
        heading = short and not stripped.endswith((",", ";", "-")) and following[:1].isupper()
        if short and stripped.endswith((".", "!", "?", ":")) or heading:
            paragraphs.append([])
    return [" ".join(p) for p in paragraphs if p]


def _page_ranges(numbers: list[int]) -> str:
    spans, start = [], None
    for i, n in enumerate(numbers):
        if start is None:
            start = n
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            spans.append(str(start) if start == n else f"{start}-{n}")
            start = None
    return ", ".join(spans)


def extract(data: bytes, name: str, max_pages: int) -> tuple[str, str, int, list[str]]:
    """(text, title, page count, warnings) of a PDF."""
    from pypdf import PdfReader
    from pypdf.errors import FileNotDecryptedError

    reader = PdfReader(io.BytesIO(data))
    if reader.is_encrypted:
        try:
            opened = reader.decrypt("")
        except (FileNotDecryptedError, NotImplementedError) as error:
            raise PasswordProtectedError(f"{name} is password-protected; remove the password and upload it again.") from error
        if not opened:
            raise PasswordProtectedError(f"{name} is password-protected; remove the password and upload it again.")
    count = len(reader.pages)
    if count > max_pages:
        raise FileTooLargeError(f"{name} has {count:,} pages; the limit is {max_pages:,}. Split it into parts.")
    pages: list[list[str]] = []
    empty: list[int] = []
    for number, page in enumerate(reader.pages, 1):
        text = unicodedata.normalize("NFKC", page.extract_text() or "")
        lines = [l.rstrip() for l in text.replace("\r", "\n").split("\n")]
        if not any(ch.isalnum() for ch in text):
            empty.append(number)
        pages.append(lines)
    if count == 0 or len(empty) == count:
        raise NoTextError(f"{name} is a scanned image; it has no text to summarize. "
                          "Run it through OCR first (OCR is not built in).")
    running = _running_lines(pages)
    blocks: list[str] = []
    for lines in pages:
        kept = [l for l in lines if not PAGE_NUMBER.match(l.strip()) and _signature(l) not in running]
        blocks.extend(_paragraphs(kept))
    warnings = []
    if empty:
        plural = "s" if len(empty) > 1 else ""
        warnings.append(f"Page{plural} {_page_ranges(empty)} of {count} {'have' if plural else 'has'} "
                        "no text layer (scanned?) and were skipped.")
    if running:
        warnings.append("Running headers and footers repeated on most pages were removed.")
    title = ""
    try:
        title = ((reader.metadata or {}).get("/Title") or "").strip()
    except Exception:  # metadata of damaged files is best-effort; the text is what matters
        title = ""
    return "\n\n".join(blocks), str(title), count, warnings
