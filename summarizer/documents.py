"""Documents from the command line's sources, summarized: a file, an article URL or stdin read into an ingest
`Document`, and its summary with the document's title, warnings, OCR engine and reading time."""

from __future__ import annotations

import dataclasses
import sys
from typing import Callable, Iterator

from ingest import Document, parse_text, read_source

from .errors import InputTooLargeError
from .options import SummaryOptions
from .partial import Partial
from .service import Summarizer
from .summary import Summary

Progress = Callable[[float, str], None]


def read_document(source: str, limit: int, progress: Progress | None = None) -> Document:
    """An ingest Document from stdin (-, at most `limit` characters), an article URL, or a file (txt, md, docx,
    pdf, an image)."""
    if source == "-":
        text = sys.stdin.read(limit + 1)
        if len(text) > limit:
            raise InputTooLargeError(
                f"Standard input has more than {limit:,} characters, the limit; split it into smaller documents."
            )
        return parse_text(text, "standard input")
    return read_source(source, progress=progress)


def summarize_document(
    summarizer: Summarizer, document: Document, options: SummaryOptions, progress: Progress | None = None
) -> Summary:
    """Summarize an ingest Document's blocks; extraction warnings come first."""
    return _of_document(summarizer.summarize(document.blocks, options, progress=progress), document)


def stream_document(
    summarizer: Summarizer, document: Document, options: SummaryOptions, progress: Progress | None = None
) -> Iterator[Partial]:
    """`summarize_document` as it is made (`Summarizer.stream`), without the overview's drafts."""
    for partial in summarizer.stream(document.blocks, options, progress=progress):
        if partial.summary is not None:
            yield dataclasses.replace(partial, summary=_of_document(partial.summary, document))


def with_reading(summary: Summary, seconds: float) -> Summary:
    """The summary with the time its input took to read (a file, its OCR, a fetch) in its timings and their total,
    so the closing line's time is the whole run's: 57 s of OCR is not reported as the 0.5 s of summarizing."""
    timings = {**summary.timings, "read": seconds, "total": summary.timings.get("total", 0.0) + seconds}
    return dataclasses.replace(summary, timings=timings)


def _of_document(summary: Summary, document: Document) -> Summary:
    """The document's title, the OCR engine that read its scanned pages, and its extraction warnings before the
    summary's."""
    return dataclasses.replace(
        summary,
        warnings=document.warnings + summary.warnings,
        title=document.title,
        ocr=document.ocr.engine if document.ocr else "",
    )
