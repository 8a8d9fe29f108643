"""`summarize A.pdf B.docx C.txt --together` (or a folder): several sources read, then summarized as one.

Each source is read as `summarize` reads one; a source that cannot be read is named with its reason, on
stderr and in the output, and the others are still summarized. The count limit is checked before any
source is read, the size limit once they are.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Callable

from ingest import UPLOAD_SUFFIXES, Document, IngestError

from .errors import InvalidOptionError, SummarizerError
from .options import SummaryOptions
from .rendering import render_json
from .service import Summarizer
from .together import Combined, NamedSource, Unreadable, check_count, summarize_together
from .wording import counted, seconds

Progress = Callable[[float, str], None]


def expand(sources: list[str]) -> list[str]:
    """The sources named, a folder standing for the files in it (and below it) that can be read, in name order."""
    named: list[str] = []
    for source in sources:
        path = Path(source)
        if source != "-" and path.is_dir():
            inside = sorted(str(p) for p in path.rglob("*") if p.is_file() and p.suffix.lower() in UPLOAD_SUFFIXES)
            if not inside:
                raise InvalidOptionError(
                    f"{source} holds no file that can be summarized ({', '.join(sorted(UPLOAD_SUFFIXES))})."
                )
            named += inside
        else:
            named.append(source)
    if named.count("-") > 1:
        raise InvalidOptionError("Standard input (-) can be given only once.")
    return named


def refuse_single_options(args: argparse.Namespace) -> None:
    """Options that only make sense for one document, refused by name before anything is read."""
    for flag, value in (("--highlight", args.highlight), ("--left-out", args.left_out)):
        if value:
            raise InvalidOptionError(f"{flag} works on one document; leave it out with --together.")


def run_together(
    args: argparse.Namespace,
    summarizer: Summarizer,
    options: SummaryOptions,
    progress: Progress | None,
    read_document: Callable[[str], Document],
) -> int:
    """Read every source with `read_document` (the command line's one reader), summarize them together, and print
    the overview (or JSON) and a closing line."""
    refuse_single_options(args)
    started = time.perf_counter()
    names = expand(args.source)
    check_count(len(names), summarizer.settings)
    readable, unreadable = [], []
    for name in names:
        try:
            document = read_document(name)
        except (IngestError, SummarizerError) as error:
            unreadable.append(Unreadable(name, str(error)))
            continue
        readable.append(NamedSource(name, document.blocks, document.title))
    combined = summarize_together(summarizer, readable, options, progress, unreadable)
    if args.json:
        print(render_json(combined))
    else:
        print(combined.text)
    for failed in combined.failed:
        print(f"warning: {failed.name} was left out: {failed.error}", file=sys.stderr)
    print(closing(combined, time.perf_counter() - started), file=sys.stderr)
    return 0


def closing(combined: Combined, took: float) -> str:
    """What ran, over how many sources and words, and how long reading and summarizing took, in brackets."""
    first = combined.first
    left_out = f", {len(combined.failed)} left out" if combined.failed else ""
    return (
        f"[{first.engine}: {first.model} on {first.device} ({first.reason}); "
        f"{counted(len(combined.summarized), 'source')} summarized together{left_out}, "
        f"{combined.source_words:,} words; {seconds(took)}]"
    )
