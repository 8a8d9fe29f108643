"""`python -m summarizer summarize | evaluate | benchmark | finetune`: messages, never tracebacks."""

from __future__ import annotations

import argparse
import dataclasses
import json
import logging
import sys
from pathlib import Path

from ingest.errors import IngestError
from ingest.incidents import run_command

from .errors import SummarizerError
from .evaluation import evaluate, load_pairs, table
from .finetune import Recipe
from .options import FORMATS, LENGTHS, SummaryOptions
from .service import Summarizer
from .settings import BACKENDS, DEVICES, ENGINES, PRESETS, Settings

EXIT_USER_ERROR = 1
DEFAULT_EVAL = str(Path(__file__).resolve().parent.parent.parent / "shared" / "eval" / "cnndm_dev.jsonl")


def _service_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--engine", choices=ENGINES, help="engine (default: SUMMARIZER_ENGINE or auto)")
    parser.add_argument("--model", help="model id or local directory (default: SUMMARIZER_MODEL or t5-small)")
    parser.add_argument("--device", choices=DEVICES, help="device (default: auto)")
    parser.add_argument("--preset", choices=PRESETS, help="generation preset: fast (greedy) or best (beam 4)")
    parser.add_argument("--backend", choices=BACKENDS, help="abstractive backend (default: auto, CTranslate2 on CPU)")
    parser.add_argument("--length", choices=tuple(LENGTHS), default="medium", help="summary length")
    parser.add_argument("--words", type=int, help="target length in words (overrides --length)")
    parser.add_argument("--format", choices=FORMATS, default="paragraph")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m summarizer", description=__doc__)
    parser.add_argument("-v", "--verbose", action="store_true", help="log progress to stderr")
    commands = parser.add_subparsers(dest="command", required=True)

    summarize = commands.add_parser("summarize", help="summarize a text file, or - for stdin")
    summarize.add_argument("source", help="a .txt/.md/.docx/.pdf file, an article URL, or - for stdin")
    _service_arguments(summarize)
    summarize.add_argument("--max-input-words", type=int, help="read only this many words of the input")
    summarize.add_argument("--json", action="store_true", help="print the summary with its provenance as JSON")

    evaluation = commands.add_parser("evaluate", help="ROUGE against reference highlights (JSONL)")
    evaluation.add_argument("data", help="JSONL with id, article, highlights")
    _service_arguments(evaluation)
    evaluation.add_argument("--limit", type=int, help="use only the first N pairs")
    evaluation.add_argument("--json", action="store_true", help="print scores as one JSON object")
    evaluation.add_argument("--predictions", help="write one JSON line per document: id and summary")

    bench = commands.add_parser("benchmark", help="time the service against the naive T5 path")
    bench.add_argument("--model", help="model id or directory (default: SUMMARIZER_MODEL or t5-small)")
    bench.add_argument("--data", default=DEFAULT_EVAL, help="JSONL with articles to time (synthetic text if absent)")
    bench.add_argument("--batch-docs", type=int, default=32, help="articles in the throughput batch")

    tune = commands.add_parser("finetune", help="fine-tune a seq2seq checkpoint on article/highlights pairs")
    tune.add_argument("data", help="JSONL with id, article, highlights")
    tune.add_argument("--model", help="starting checkpoint (default: SUMMARIZER_MODEL or t5-small)")
    tune.add_argument("--output", required=True, help="directory to save the fine-tuned model in")
    tune.add_argument("--limit", type=int, help="use only the first N pairs")
    defaults = Recipe()
    for name in ("learning_rate", "batch_size", "weight_decay", "epochs", "held_out"):
        default = getattr(defaults, name)
        tune.add_argument("--" + name.replace("_", "-"), type=type(default), default=default,
                          help=f"default {default}")
    return parser


def _settings(args) -> Settings:
    return Settings.from_env(engine=args.engine, model=args.model, device=args.device, preset=args.preset,
                             backend=args.backend)


def _options(args, **extra) -> SummaryOptions:
    return SummaryOptions(length=args.length, words=args.words, format=args.format, **extra)


def read_text(source: str) -> tuple[str, list[str]]:
    """Text and extraction warnings from stdin, an article URL, or a file (txt, md, docx, pdf)."""
    if source == "-":
        return sys.stdin.read(), []
    if source.startswith(("http://", "https://")):
        from ingest.articles import fetch_article

        article = fetch_article(source)
        return article.text, article.warnings
    from ingest.cli import read_file

    document = read_file(source)
    return document.text, document.warnings


def _progress(done: int, total: int) -> None:
    print(f"\rsummarizing part {done} of {total}", end="" if done < total else "\n", file=sys.stderr)


def _summarize(args) -> int:
    text, extraction_warnings = read_text(args.source)
    summarizer = Summarizer(_settings(args))
    summary = summarizer.summarize(text, _options(args, max_input_words=args.max_input_words),
                                   progress=_progress if args.verbose else None)
    if args.json:
        print(json.dumps(summary.as_dict(), ensure_ascii=False, indent=2))
        return 0
    print(summary.text)
    for warning in extraction_warnings + summary.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    coverage = summary.coverage
    print(f"[{summary.engine}: {summary.model} on {summary.device}; read {coverage.share:.0%} of "
          f"{coverage.input_words:,} words in {coverage.parts} part(s); {summary.timings['total']:.2f} s]",
          file=sys.stderr)
    return 0


def _evaluate(args) -> int:
    pairs = load_pairs(args.data, args.limit)
    summarizer = Summarizer(_settings(args))
    handle = open(args.predictions, "w", encoding="utf-8") if args.predictions else None

    def write(doc_id: str, summary: str) -> None:
        if handle:
            handle.write(json.dumps({"id": doc_id, "summary": summary}, ensure_ascii=False) + "\n")

    try:
        scores = evaluate(summarizer, pairs, _options(args), write)
    finally:
        if handle:
            handle.close()
    if args.json:
        print(json.dumps({name: dataclasses.asdict(s) for name, s in scores.items()}, indent=2))
    else:
        print(f"engine: {summarizer.engine.name} ({summarizer.engine.model}); {summarizer.engine.reason}")
        print("\n".join(table(scores)))
    return 0


def _benchmark(args) -> int:
    from .benchmark import report, run

    model = args.model or Settings.from_env().model
    results = run(model, args.data, print, args.batch_docs)
    print("\n".join(report(results)))
    return 0


def _finetune(args) -> int:
    from .finetune import finetune

    recipe = Recipe(learning_rate=args.learning_rate, batch_size=args.batch_size,
                    weight_decay=args.weight_decay, epochs=args.epochs, held_out=args.held_out)
    model = args.model or Settings.from_env().model
    report = finetune(model, load_pairs(args.data, args.limit), args.output, recipe,
                      on_step=lambda epoch, step, loss: print(f"epoch {epoch} step {step}: loss {loss:.4f}",
                                                              file=sys.stderr))
    print("mean loss per epoch: " + ", ".join(f"{loss:.4f}" for loss in report.epoch_losses))
    if report.scores:
        print("held-out ROUGE:")
        print("\n".join(table(report.scores)))
    print(f"saved to {report.output}; use it with SUMMARIZER_MODEL={report.output}")
    return 0


COMMANDS = {"summarize": _summarize, "evaluate": _evaluate, "benchmark": _benchmark, "finetune": _finetune}


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.ERROR,
                        format="%(levelname)s %(name)s: %(message)s")
    return run_command(lambda: COMMANDS[args.command](args), (SummarizerError, IngestError), sys.stderr)
