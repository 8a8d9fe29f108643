"""`python -m summarizer summarize | batch | serve`: the product's commands; messages, never tracebacks.

The lab's measuring commands (evaluate, papers, keyterms, structure, ocr-eval, benchmark, finetune)
join the same entry in `summarizer/__main__.py` through `main(more=...)`; this module imports no lab
tool, so the product's command line stands without the lab.
"""

from __future__ import annotations

import argparse
import functools
import logging
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence, TypeAlias

from ingest import (
    FORMATS_IN_WORDS,
    LEFT_OUT_KINDS,
    Document,
    IngestError,
    program_name,
    run_command,
)

from . import rendering
from .documents import read_document, stream_document, summarize_document, with_reading
from .errors import RAY_EXTRA, InvalidOptionError, SummarizerError
from .options import FORMATS, LENGTHS, SummaryOptions
from .partial import Partial
from .service import Summarizer
from .settings import BACKENDS, DEVICES, ENGINES, PRESETS, Settings
from .summary import Summary
from .wording import counted, words_in

Command = Callable[[argparse.Namespace], int]
# Adds subcommands to the parser (the second argument is the parent holding -v) and returns their handlers.
Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"  # what add_subparsers() gives
AddCommands = Callable[[Subcommands, argparse.ArgumentParser], dict[str, Command]]
DESCRIPTION = (
    "Summarize a file, an article URL or stdin (summarize), a corpus (batch), or serve the summarizer over "
    "HTTP (serve); any other command listed is one of the lab's measuring tools. Errors are one line."
)


def engine_arguments(parser: argparse.ArgumentParser) -> None:
    """--engine, --model, --device, --preset, --backend: which engine runs, and how."""
    parser.add_argument("--engine", choices=ENGINES, help="engine (default: SUMMARIZER_ENGINE or auto)")
    parser.add_argument("--model", help="model id or local directory (default: SUMMARIZER_MODEL or t5-small)")
    parser.add_argument("--device", choices=DEVICES, help="device (default: auto)")
    parser.add_argument("--preset", choices=PRESETS, help="generation preset: fast (greedy) or best (beam 4)")
    parser.add_argument("--backend", choices=BACKENDS, help="abstractive backend (default: auto, CTranslate2 on CPU)")


def option_value(field: str) -> Callable[[str], int]:
    """An argparse type for a whole-number field of SummaryOptions, checked by SummaryOptions itself: a value out
    of range is a usage error (exit 2, its message) before any input is read."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        checked: dict[str, Any] = {field: value}
        try:
            SummaryOptions(**checked)
        except InvalidOptionError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
        return value

    return parse


def service_arguments(parser: argparse.ArgumentParser) -> None:
    """The engine arguments, and the summary's --length, --words and --format."""
    engine_arguments(parser)
    parser.add_argument("--length", choices=tuple(LENGTHS), default="medium", help="summary length")
    parser.add_argument("--words", type=option_value("words"), help="target length in words (overrides --length)")
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="paragraph",
        help="outline: the overview, then each section with its pages (summarize's default); paragraph or "
        "bullets: the overview alone",
    )


def settings_of(args: argparse.Namespace) -> Settings:
    """The service settings the engine arguments ask for, over the environment's."""
    return Settings.from_env(
        engine=args.engine, model=args.model, device=args.device, preset=args.preset, backend=args.backend
    )


def options_of(args: argparse.Namespace, **extra: Any) -> SummaryOptions:
    """The summary options the service arguments ask for."""
    return SummaryOptions(length=args.length, words=args.words, format=args.format, **extra)


def add_commands(commands: Subcommands, verbose: argparse.ArgumentParser) -> dict[str, Command]:
    """summarize, batch, serve and app."""
    summarize = commands.add_parser("summarize", help="summarize a text file, or - for stdin", parents=[verbose])
    summarize.add_argument(
        "source",
        nargs="*",
        help=f"a file ({FORMATS_IN_WORDS}), an article URL, or - for stdin; with --together, several, or a folder",
    )
    summarize.add_argument(
        "--together",
        action="store_true",
        help="summarize every source given (files, folders, URLs) into one overview, each sentence marked with its "
        "source, with a line per source saying what it adds",
    )
    summarize.add_argument(
        "--news",
        action="store_true",
        help="instead of a source, a briefing of the news feed's headlines: one line per story or group of "
        "stories on one event, with their links and times",
    )
    service_arguments(summarize)
    # A document is summarized as the app shows it: the overview, then each section (a text without sections
    # prints its overview alone). The measuring commands keep the plain paragraph.
    summarize.set_defaults(format="outline")
    summarize.add_argument(
        "--max-input-words", type=option_value("max_input_words"), help="read only this many words of the input"
    )
    summarize.add_argument("--json", action="store_true", help="print the summary with its provenance as JSON")
    summarize.add_argument(
        "--left-out",
        action="store_true",
        help="also print what no summary reads (running heads, tables, references, ...) and the sentences "
        "not summarized, with their pages",
    )
    summarize.add_argument(
        "--highlight",
        metavar="OUT",
        help="also write the source with the summary's sentences highlighted: a PDF for a PDF "
        "(with bookmarks), an HTML page with a table of contents for other files",
    )

    corpus = commands.add_parser(
        "batch", help="summarize a JSONL file or a folder into JSONL with Ray Data, resumably", parents=[verbose]
    )
    corpus.add_argument("input", help=f"JSONL (id, text or article per line) or a folder of files ({FORMATS_IN_WORDS})")
    corpus.add_argument("output", help="JSONL to append one record per item to; items already there are skipped")
    service_arguments(corpus)
    corpus.add_argument(
        "--workers", type=int, help="actors, one model each (default: one per CPU; local Ray gets this many CPUs)"
    )
    corpus.add_argument("--batch-size", type=int, default=32, help="items per actor call (default 32)")
    corpus.add_argument("--limit", type=int, help="use only the first N items of INPUT")
    corpus.add_argument("--retry-errors", action="store_true", help="redo the items OUTPUT holds as errors")
    corpus.add_argument(
        "--highlight-dir",
        metavar="DIR",
        help="also write each file's highlighted copy here (PDFs as PDFs, other files as .html)",
    )
    corpus.add_argument("--gpus-per-worker", type=float, default=0.0, help="GPUs each actor reserves (default 0)")

    server = commands.add_parser(
        "serve", help="run the summarizer as an HTTP server on Ray Serve (for SUMMARIZER_URL)", parents=[verbose]
    )
    engine_arguments(server)
    server.add_argument("--replicas", type=int, help="model replicas (default: SUMMARIZER_SERVE_REPLICAS or 1)")
    server.add_argument("--port", type=int, help="HTTP port (default: SUMMARIZER_SERVE_PORT or 8000)")
    server.add_argument("--host", help="address to listen on (default: SUMMARIZER_SERVE_HOST or 127.0.0.1)")

    app = commands.add_parser("app", help="start the web app, as `make run` does", parents=[verbose])
    app.add_argument("--port", type=int, help="its port (default: STREAMLIT_SERVER_PORT or 8501)")
    app.add_argument("--address", help="address to listen on (default: STREAMLIT_SERVER_ADDRESS or 127.0.0.1)")
    return {"summarize": _summarize, "batch": _batch, "serve": _serve, "app": _app}


def parser(more: Sequence[AddCommands] = ()) -> tuple[argparse.ArgumentParser, dict[str, Command]]:
    """The `python -m summarizer` parser with the product's commands and those `more` adds, and every handler."""
    top = argparse.ArgumentParser(prog=program_name("summarizer"), description=DESCRIPTION)
    verbose = argparse.ArgumentParser(add_help=False)
    verbose.add_argument(
        "-v", "--verbose", action="store_true", default=argparse.SUPPRESS, help="log progress to stderr"
    )
    top.add_argument("-v", "--verbose", action="store_true", help="log progress to stderr")
    commands = top.add_subparsers(dest="command", required=True)
    handlers = add_commands(commands, verbose)
    for add in more:
        handlers.update(add(commands, verbose))
    return top, handlers


def _print_as_made(partials: Iterator[Partial]) -> Summary:
    """The overview, then each section as soon as it is done, flushed; the same text as `rendering.render_text`.

    On a terminal, the progress line (`-v`) is cleared first so the text starts at the left edge."""
    shown = 0
    summary = None
    for partial in partials:
        summary = partial.summary
        assert summary is not None  # stream_document yields only partials with a summary
        if sys.stderr.isatty() and sys.stdout.isatty():
            print("\r\033[K", end="", file=sys.stderr, flush=True)
        if not shown:
            print(rendering.overview(summary, abstract=True), flush=True)
        for section in summary.sections[max(0, shown - 1) :]:
            print(f"\n{rendering.section_text(section)}", flush=True)
        shown = 1 + len(summary.sections)
    assert summary is not None  # a stream always ends with the finished summary
    return summary


class _ProgressLine:
    """One line rewritten in place on a terminal; plain lines in a log or a pipe (no carriage returns), one per
    step: the engine repeats a step's report while a model call runs (so that a caller can stop it there), and a
    log needs the step once, not again with each new time estimate."""

    def __init__(self) -> None:
        self._last = ""

    def __call__(self, fraction: float, message: str) -> None:
        if sys.stderr.isatty():
            print(f"\r{fraction:4.0%} {message:<40}", end="" if fraction < 1 else "\n", file=sys.stderr)
            return
        step = f"{fraction:4.0%} {message.split(' · ')[0]}"
        if step != self._last:
            self._last = step
            print(f"{fraction:4.0%} {message}", file=sys.stderr)


progress_line = _ProgressLine()


def _summarize(args: argparse.Namespace) -> int:
    if args.news or not args.source:
        return _news(args)
    settings = settings_of(args)
    if args.together:
        from .togethercli import run_together

        options = options_of(args, max_input_words=args.max_input_words)
        reader = functools.partial(read_document, limit=settings.max_input_chars)
        return run_together(args, Summarizer(settings), options, progress_line if args.verbose else None, reader)
    args.source = _one_source(args)
    progress = progress_line if args.verbose else None
    started = time.perf_counter()
    document = read_document(args.source, settings.max_input_chars, progress)
    reading = time.perf_counter() - started
    if args.highlight:
        from .highlighting import check_target

        check_target(document, args.highlight)
    summarizer, options = Summarizer(settings), options_of(args, max_input_words=args.max_input_words)
    if args.format == "outline" and not args.json:
        summary = _print_as_made(stream_document(summarizer, document, options, progress))
    else:
        summary = summarize_document(summarizer, document, options, progress)
    summary = with_reading(summary, reading)
    if args.highlight:
        from .highlighting import write_highlighted

        print(write_highlighted(args.source, document, summary, args.highlight), file=sys.stderr)
    _print_summary(args, document, summary)
    return 0


def _one_source(args: argparse.Namespace) -> str:
    """The one source to summarize alone, or InvalidOptionError saying what to give instead."""
    if len(args.source) > 1:
        raise InvalidOptionError(
            "Several sources are summarized with --together: one overview that names each sentence's source. "
            "To summarize one, give just that one."
        )
    source: str = args.source[0]
    if source != "-" and Path(source).is_dir():
        raise InvalidOptionError(f"{source} is a directory; add --together to summarize its files as one.")
    if args.highlight and (source == "-" or source.startswith(("http://", "https://"))):
        raise InvalidOptionError("--highlight needs a file to mark up; give a path rather than - or a URL.")
    return source


def _print_summary(args: argparse.Namespace, document: Document, summary: Summary) -> None:
    """The summary as JSON, or as text (unless already printed as made) with its key terms and what was left
    out; then its warnings and closing line on stderr."""
    if args.json:
        print(rendering.render_json(summary))
        return
    if args.format != "outline":
        print(rendering.render_text(summary, key_terms=True, abstract=True))
    elif summary.keyterms:  # the outline was printed as it was made (`_print_as_made`)
        print(f"\n{rendering.key_terms_line(summary)}")
    if args.left_out:
        print(left_out_report(document, summary))
    for warning in summary.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    hint = "; --left-out lists what was left out" if summary.coverage.left_out and not args.left_out else ""
    print(closing_line(summary, hint), file=sys.stderr)


def _news(args: argparse.Namespace) -> int:
    if not args.news:
        raise InvalidOptionError("Give a source to summarize (a file, an article URL or - for stdin), or --news.")
    if args.source:
        raise InvalidOptionError("Give either a source to summarize or --news for the briefing, not both.")
    if args.highlight or args.json or args.left_out:
        raise InvalidOptionError(
            "--news prints the briefing as text; --highlight, --json and --left-out need a source."
        )
    from .briefcli import show_briefing

    settings = settings_of(args)
    return show_briefing(Summarizer(settings), settings)


def left_out_report(document: Document, summary: Summary) -> str:
    """What no summary reads, by kind with its words, reasons and pages, then the sentences of the running text
    not summarized: the command line's "what was left out"."""
    parts = []
    for kind, blocks in document.left_out().items():
        words = sum(words_in(b.text) for b in blocks)
        reasons = "; ".join(sorted({b.reason for b in blocks if b.reason}))
        parts.append(f"\n== Left out: {LEFT_OUT_KINDS[kind]}, {words:,} words" + (f" ({reasons})" if reasons else ""))
        parts.extend(f"[p. {b.page}] {b.text}" if b.page else b.text for b in blocks)
    if summary.unread:
        words = sum(words_in(summary.source[i].text) for i in summary.unread)
        parts.append(f"\n== Sentences not summarized (formulas, code, fragments, back matter), {words:,} words")
        parts.extend(
            f"[p. {summary.page_of(i)}] {summary.source[i].text}" if summary.page_of(i) else summary.source[i].text
            for i in summary.unread
        )
    return "\n".join(parts) if parts else "\nNothing was left out: every word was read."


def closing_line(summary: Summary, hint: str = "") -> str:
    """What ran, why, how much of the input it read (and `hint`), the OCR engine that read its scanned pages, and how
    long it took, in brackets."""
    coverage = summary.coverage
    left_out = coverage.left_out_note(LEFT_OUT_KINDS)
    ocr = f"; scanned pages read by {summary.ocr}" if summary.ocr else ""
    return (
        f"[{summary.engine}: {summary.model} on {summary.device} ({summary.reason}); read {coverage.share:.0%} "
        f"of {coverage.input_words:,} words{left_out} in {counted(coverage.parts, 'part')}{hint}{ocr}; "
        f"{summary.took}]"
    )


def _serve(args: argparse.Namespace) -> int:
    settings = settings_of(args).with_(serve_replicas=args.replicas, serve_port=args.port, serve_host=args.host)
    try:
        from .distributed.serve import serve_forever
    except ImportError as error:
        raise SummarizerError(
            f"The serve command needs Ray Serve ({error}): install the ray extra ({RAY_EXTRA})"
        ) from None
    return serve_forever(settings, lambda line: print(line, flush=True))


def _app(args: argparse.Namespace) -> int:
    from .appcommand import run_app

    return run_app(args.port, args.address)


def _batch(args: argparse.Namespace) -> int:
    from .distributed.command import main as batch

    return batch(args)


def main(argv: list[str] | None = None, more: Sequence[AddCommands] = ()) -> int:
    """Run one command: its exit code; errors are one line on stderr (usage errors exit 2, from argparse)."""
    top, handlers = parser(more)
    args = top.parse_args(argv)
    # On a terminal a log line first clears the progress line being rewritten in place, so the two never run together.
    clear = "\r\033[K" if sys.stderr.isatty() else ""
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.ERROR, format=clear + "%(levelname)s %(name)s: %(message)s"
    )
    return run_command(lambda: handlers[args.command](args), (SummarizerError, IngestError), sys.stderr)
