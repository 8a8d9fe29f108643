"""`python -m summarizer summarize | evaluate | papers | benchmark | finetune | serve | batch`: messages,
never tracebacks."""

from __future__ import annotations

import argparse
import dataclasses
import json
import logging
import sys
from pathlib import Path
from typing import Callable, Iterator

from ingest import FORMATS_IN_WORDS, LEFT_OUT_KINDS
from ingest.errors import IngestError
from ingest.incidents import run_command

from ..errors import InputTooLargeError, InvalidOptionError, SummarizerError
from ..options import FORMATS, LENGTHS, SummaryOptions
from ..partial import Partial
from ..service import Summarizer
from ..settings import BACKENDS, DEVICES, ENGINES, PRESETS, Settings
from ..summary import Summary
from .evaluation import evaluate, load_pairs, table
from .finetune import Recipe

DEFAULT_EVAL = str(Path(__file__).resolve().parents[3] / "shared" / "eval" / "cnndm_dev.jsonl")
DEFAULT_PAPERS = str(Path(DEFAULT_EVAL).parent / "papers")
DEFAULT_STRUCTURE = str(Path(DEFAULT_EVAL).parent / "structure")
# The evaluation data is not in the repository (the defaults point at ../shared/eval beside the checkout);
# what each set is and where it comes from, said in one line when a path is missing.
EVAL_SOURCE = ("the CNN/DailyMail pairs: Hugging Face cnn_dailymail 3.0.0 (test split) as JSONL with id, article "
               "and highlights")
PAPERS_SOURCE = ("the papers: PDFs from github.com/papers-we-love/papers-we-love in pdf/, with a manifest.jsonl "
                 "(id, title, abstract)")
STRUCTURE_SOURCE = "the structure set: PDFs that carry bookmarks, with a manifest.jsonl (pdf, source)"


def _data(path: str, source: str) -> str:
    """`path` when it exists; otherwise a one-line error saying what the data is and where it comes from."""
    if not Path(path).exists():
        raise InvalidOptionError(f"{path} is not there. It should hold {source}; the data is not in the "
                                 f"repository (this workplace keeps it in ../shared/eval): give its path.")
    return path


def _engine_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--engine", choices=ENGINES, help="engine (default: SUMMARIZER_ENGINE or auto)")
    parser.add_argument("--model", help="model id or local directory (default: SUMMARIZER_MODEL or t5-small)")
    parser.add_argument("--device", choices=DEVICES, help="device (default: auto)")
    parser.add_argument("--preset", choices=PRESETS, help="generation preset: fast (greedy) or best (beam 4)")
    parser.add_argument("--backend", choices=BACKENDS, help="abstractive backend (default: auto, CTranslate2 on CPU)")


def _service_arguments(parser: argparse.ArgumentParser) -> None:
    _engine_arguments(parser)
    parser.add_argument("--length", choices=tuple(LENGTHS), default="medium", help="summary length")
    parser.add_argument("--words", type=int, help="target length in words (overrides --length)")
    parser.add_argument("--format", choices=FORMATS, default="paragraph")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m summarizer", description=__doc__)
    verbose = argparse.ArgumentParser(add_help=False)
    verbose.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS,
                         help="log progress to stderr")
    parser.add_argument("-v", "--verbose", action="store_true", help="log progress to stderr")
    commands = parser.add_subparsers(dest="command", required=True)

    summarize = commands.add_parser("summarize", help="summarize a text file, or - for stdin", parents=[verbose])
    summarize.add_argument("source", help=f"a file ({FORMATS_IN_WORDS}), an article URL, or - for stdin")
    _service_arguments(summarize)
    summarize.add_argument("--max-input-words", type=int, help="read only this many words of the input")
    summarize.add_argument("--json", action="store_true", help="print the summary with its provenance as JSON")
    summarize.add_argument("--highlight", metavar="OUT",
                           help="also write the source with the summary's sentences highlighted: a PDF for a PDF "
                                "(with bookmarks), an HTML page with a table of contents for other files")

    evaluation = commands.add_parser("evaluate", help="ROUGE against reference highlights (JSONL)", parents=[verbose])
    evaluation.add_argument("data", help="JSONL with id, article, highlights")
    _service_arguments(evaluation)
    evaluation.add_argument("--limit", type=int, help="use only the first N pairs")
    evaluation.add_argument("--skip", type=int, default=0, help="leave out the first N pairs (tune on a later slice)")
    evaluation.add_argument("--json", action="store_true", help="print scores as one JSON object")
    evaluation.add_argument("--predictions", help="write one JSON line per document: id and summary")

    papers = commands.add_parser("papers", help="ROUGE and junk rate on real PDFs against their own abstracts",
                                 parents=[verbose])
    papers.add_argument("folder", help="the papers folder: manifest.jsonl and pdf/")
    _engine_arguments(papers)
    papers.add_argument("--limit", type=int, help="use only the first N papers")
    papers.add_argument("--ids", type=lambda value: [i for i in value.split(",") if i], default=[],
                        help="comma-separated paper ids to use")
    papers.add_argument("--json", action="store_true", help="print scores and errors as one JSON object")
    papers.add_argument("--predictions", help="write one JSON line per paper: id, summary sentences, junk reasons")

    bench = commands.add_parser("benchmark", help="speed and memory: T5 paths, the offline engine, reading PDFs")
    bench.add_argument("--model", help="model id or directory (default: SUMMARIZER_MODEL or t5-small)")
    bench.add_argument("--data", default=DEFAULT_EVAL, help="JSONL with articles to time (synthetic text if absent)")
    bench.add_argument("--batch-docs", type=int, default=32, help="articles in the throughput batch")
    bench.add_argument("--clients", type=int, default=8, help="concurrent callers in the concurrency and serve suites")
    bench.add_argument("--corpus-docs", type=int, default=1000, help="articles in the corpus suite")
    bench.add_argument("--suite", choices=("all", "fast-path", "offline", "documents", "concurrency", "serve", "corpus",
                                           "ocr"),
                       default="all",
                       help="fast-path: T5 paths; offline: the offline engine from 10 KB to 2 MB; "
                            "documents: reading a 300-page PDF; concurrency: callers one at a time vs batched; "
                            "serve: Ray Serve with 1 and 2 replicas; corpus: the batch command vs the evaluate loop; "
                            "ocr: reading a scanned PDF")
    bench.add_argument("--papers", default=DEFAULT_PAPERS, help="folder of PDFs for the documents suite")
    bench.add_argument("--pages", type=int, default=5, help="scanned pages for the ocr suite (default 5)")

    corpus = commands.add_parser("batch", help="summarize a JSONL file or a folder into JSONL with Ray Data, resumably",
                                 parents=[verbose])
    corpus.add_argument("input", help=f"JSONL (id, text or article per line) or a folder of files ({FORMATS_IN_WORDS})")
    corpus.add_argument("output", help="JSONL to append one record per item to; items already there are skipped")
    _service_arguments(corpus)
    corpus.add_argument("--workers", type=int,
                        help="actors, one model each (default: one per CPU; local Ray gets this many CPUs)")
    corpus.add_argument("--batch-size", type=int, default=32, help="items per actor call (default 32)")
    corpus.add_argument("--limit", type=int, help="use only the first N items of INPUT")
    corpus.add_argument("--retry-errors", action="store_true", help="redo the items OUTPUT holds as errors")
    corpus.add_argument("--highlight-dir", metavar="DIR",
                        help="also write each file's highlighted copy here (PDFs as PDFs, other files as .html)")
    corpus.add_argument("--gpus-per-worker", type=float, default=0.0, help="GPUs each actor reserves (default 0)")

    terms = commands.add_parser("keyterms", help="key terms against the authors' keywords of the dev papers",
                                parents=[verbose])
    terms.add_argument("folder", nargs="?", default=DEFAULT_PAPERS, help="the papers folder: manifest.jsonl and pdf/")
    terms.add_argument("--limit", type=int, help="use only the first N papers that have a keywords line")

    sections = commands.add_parser("structure", help="the sections shown, scored against PDF bookmarks (with and "
                                   "without the outline)", parents=[verbose])
    sections.add_argument("target", nargs="?", default=DEFAULT_STRUCTURE,
                          help="a manifest.jsonl (pdf paths relative to it), a folder holding one, or a folder of PDFs")
    sections.add_argument("--details", action="store_true", help="print each document's misses and inventions")
    sections.add_argument("--json", action="store_true", help="print the scores and each document's misses as JSON")

    scans = commands.add_parser("ocr-eval", help="OCR word accuracy and ROUGE of articles rendered as one-page scans",
                                parents=[verbose])
    scans.add_argument("data", nargs="?", default=DEFAULT_EVAL, help="JSONL with id, article, highlights")
    scans.add_argument("--limit", type=int, default=50, help="articles to render (default 50)")
    scans.add_argument("--dpi", type=int, default=200, help="scan resolution (default 200)")

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
    server = commands.add_parser("serve", help="run the summarizer as an HTTP server on Ray Serve (for SUMMARIZER_URL)",
                                 parents=[verbose])
    _engine_arguments(server)
    server.add_argument("--replicas", type=int, help="model replicas (default: SUMMARIZER_SERVE_REPLICAS or 1)")
    server.add_argument("--port", type=int, help="HTTP port (default: SUMMARIZER_SERVE_PORT or 8000)")
    server.add_argument("--host", help="address to listen on (default: SUMMARIZER_SERVE_HOST or 127.0.0.1)")
    return parser


def _settings(args) -> Settings:
    return Settings.from_env(engine=args.engine, model=args.model, device=args.device, preset=args.preset,
                             backend=args.backend)


def _options(args, **extra) -> SummaryOptions:
    return SummaryOptions(length=args.length, words=args.words, format=args.format, **extra)


def read_document(source: str):
    """An ingest Document from stdin, an article URL, or a file (txt, md, docx, pdf, an image)."""
    if source == "-":
        from ingest import parse_text

        limit = Settings.from_env().max_input_chars
        text = sys.stdin.read(limit + 1)
        if len(text) > limit:
            raise InputTooLargeError(f"Standard input has more than {limit:,} characters, the limit; "
                                     "split it into smaller documents.")
        return parse_text(text, "standard input")
    if source.startswith(("http://", "https://")):
        from ingest.network.articles import fetch_article

        return fetch_article(source)
    from ingest.cli import read_file

    return read_file(source)


def summarize_path(summarizer: Summarizer, path: str, options: SummaryOptions,
                   progress: Callable[[float, str], None] | None = None) -> Summary:
    """Read a file (or - for stdin, or an article URL) and summarize its blocks; extraction warnings come first."""
    return summarize_document(summarizer, read_document(path), options, progress)


def summarize_document(summarizer: Summarizer, document, options: SummaryOptions,
                       progress: Callable[[float, str], None] | None = None) -> Summary:
    """Summarize an ingest Document's blocks; extraction warnings come first."""
    return _of_document(summarizer.summarize(document.blocks, options, progress=progress), document)


def stream_document(summarizer: Summarizer, document, options: SummaryOptions,
                    progress: Callable[[float, str], None] | None = None) -> Iterator[Partial]:
    """`summarize_document` as it is made (`Summarizer.stream`), without the overview's drafts."""
    for partial in summarizer.stream(document.blocks, options, progress=progress):
        if partial.summary is not None:
            yield dataclasses.replace(partial, summary=_of_document(partial.summary, document))


def _of_document(summary: Summary, document) -> Summary:
    """The document's title, and its extraction warnings before the summary's."""
    return dataclasses.replace(summary, warnings=document.warnings + summary.warnings, title=document.title)


def _print_as_made(partials: Iterator[Partial]) -> Summary:
    """The overview, then each section as soon as it is done, flushed; the same text as `Summary.text`.

    On a terminal, the progress line (`-v`) is cleared first so the text starts at the left edge."""
    shown = 0
    summary = None
    for partial in partials:
        summary = partial.summary
        if summary is None:  # a draft of the overview (`stream_document` leaves them out)
            continue
        if sys.stderr.isatty() and sys.stdout.isatty():
            print("\r\033[K", end="", file=sys.stderr, flush=True)
        if not shown:
            print(summary.overview, flush=True)
        for section in summary.sections[max(0, shown - 1):]:
            print(f"\n{section.text}", flush=True)
        shown = 1 + len(summary.sections)
    assert summary is not None, "a stream yields at least once"
    return summary


def _progress(fraction: float, message: str) -> None:
    """One line rewritten in place on a terminal; plain lines in a log or a pipe (no carriage returns)."""
    if sys.stderr.isatty():
        print(f"\r{fraction:4.0%} {message:<40}", end="" if fraction < 1 else "\n", file=sys.stderr)
    else:
        print(f"{fraction:4.0%} {message}", file=sys.stderr)


def _summarize(args) -> int:
    if args.highlight and (args.source == "-" or args.source.startswith(("http://", "https://"))):
        raise InvalidOptionError("--highlight needs a file to mark up; give a path rather than - or a URL.")
    document = read_document(args.source)
    if args.highlight:
        from ..highlighting import check_target

        check_target(document, args.highlight)
    summarizer, options = Summarizer(_settings(args)), _options(args, max_input_words=args.max_input_words)
    progress = _progress if args.verbose else None
    if args.format == "outline" and not args.json:
        summary = _print_as_made(stream_document(summarizer, document, options, progress))
    else:
        summary = summarize_document(summarizer, document, options, progress)
    if args.highlight:
        from ..highlighting import write_highlighted

        print(write_highlighted(args.source, document, summary, args.highlight), file=sys.stderr)
    if args.json:
        print(json.dumps(summary.as_dict(), ensure_ascii=False, indent=2))
        return 0
    if args.format != "outline":
        print(summary.text)
    if summary.keyterms:
        print(f"\nKey terms: {', '.join(summary.keyterms)}")
    for warning in summary.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    coverage = summary.coverage
    left_out = coverage.left_out_note(LEFT_OUT_KINDS)
    print(f"[{summary.engine}: {summary.model} on {summary.device} ({summary.reason}); read {coverage.share:.0%} "
          f"of {coverage.input_words:,} words{left_out} in {coverage.parts} part(s); "
          f"{summary.timings['total']:.2f} s]", file=sys.stderr)
    return 0


def _evaluate(args) -> int:
    pairs = load_pairs(_data(args.data, EVAL_SOURCE), args.limit, args.skip)
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


def _papers(args) -> int:
    from . import papers

    chosen = papers.load_papers(_data(args.folder, PAPERS_SOURCE), args.limit, args.ids)
    summarizer = Summarizer(_settings(args))

    def progress(number: int, result) -> None:
        if args.verbose:
            state = f"error: {result.error}" if result.error else f"{result.body_words:,} words"
            print(f"[{number}/{len(chosen)}] {result.id} {state}", file=sys.stderr)

    results = papers.run(summarizer, chosen, progress)
    if args.predictions:
        with open(args.predictions, "w", encoding="utf-8") as handle:
            for result in results:
                handle.write(json.dumps(papers.prediction(result), ensure_ascii=False) + "\n")
    scores = papers.scores(results, {p.id: p.abstract for p in chosen})
    if args.json:
        print(json.dumps({"engine": summarizer.engine.name, "model": summarizer.engine.model,
                          "systems": {name: dataclasses.asdict(s) for name, s in scores.items()},
                          "ingest_seconds_per_paper": papers.mean_ingest_seconds(results),
                          "errors": {r.id: r.error for r in results if r.error}}, indent=2))
        return 0
    print(f"engine: {summarizer.engine.name} ({summarizer.engine.model}); {summarizer.engine.reason}")
    print("\n".join(papers.table(results, scores)))
    if args.verbose:
        print("\n".join(papers.worst(results, summarizer.engine.name)))
    return 0


def _benchmark(args) -> int:
    from . import scaling
    from .benchmark import corpus, report, run

    if args.suite in ("all", "offline", "ocr", "fast-path") and not Path(args.data).is_file():
        print(f"No articles at {args.data} ({EVAL_SOURCE}): timing synthetic news-length prose instead.",
              file=sys.stderr)
    if args.suite in ("all", "offline"):
        suites = scaling.run_offline(corpus(args.data, 200), print)
        print("\n".join(scaling.report_offline(suites)))
    if args.suite in ("all", "documents"):
        papers = Path(args.papers) / "pdf" if (Path(args.papers) / "pdf").is_dir() else Path(args.papers)
        if not any(papers.glob("*.pdf")):
            raise InvalidOptionError(f"No PDFs in {papers}; give a folder of PDFs with --papers.")
        for label, seconds, peak, facts in scaling.run_documents(papers, print):
            pages = f"{facts['pages']} pages, " if facts.get("pages") else ""
            print(f"{label:<38}{seconds:>7.2f} s  ({pages}{facts['words']:,} words)")
    if args.suite in ("all", "concurrency"):
        _concurrency(args)
    if args.suite in ("all", "serve", "corpus"):
        _distributed(args)
    if args.suite in ("all", "ocr"):
        from .ocreval import benchmark

        facts = benchmark(corpus(args.data, args.pages), args.pages)
        print(f"OCR, {facts['pages']} scanned pages at {facts['dpi']} dpi: {facts['seconds_per_page']:.2f} s per page, "
              f"peak {facts['peak_mb']:.0f} MB (reader child {facts['child_peak_mb']:.0f} MB)")
    if args.suite in ("all", "fast-path"):
        model = args.model or Settings.from_env().model
        results = run(model, args.data, print, args.batch_docs)
        print("\n".join(report(results)))
    return 0


def _concurrency(args) -> None:
    import tempfile

    from .benchmark import corpus
    from .concurrency import model_source, report_concurrency, run_concurrency

    articles = corpus(args.data, 60)
    with tempfile.TemporaryDirectory() as scratch:
        source, exact = model_source(args.model or Settings.from_env().model, articles, Path(scratch), print)
        chosen = sorted(articles, key=lambda a: abs(len(a.split()) - 600))[: args.clients]
        rows = run_concurrency(source, exact, chosen, print)
    print("\n".join(report_concurrency(rows)))


def _distributed(args) -> None:
    """Ray rows: Serve's docs/s with 1 and 2 replicas (offline engine and the model), the corpus job vs the loop."""
    try:
        import ray

        from ..distributed import batch, throughput
    except ImportError as error:
        raise SummarizerError(f"The serve and corpus suites need Ray ({error}): pip install -r requirements-ray.txt")
    from .benchmark import corpus

    if args.suite in ("all", "serve"):
        articles = sorted(corpus(args.data, 60), key=lambda a: abs(len(a.split()) - 600))
        import tempfile

        from .concurrency import model_source
        with tempfile.TemporaryDirectory() as scratch:
            source, _ = model_source(args.model or Settings.from_env().model, articles, Path(scratch), print)
            print("serve: the replicas generate until the model stops (no fixed budgets), over HTTP on loopback")
            port = _free_port()
            for engine, requests in (("extractive", 200), ("abstractive", 16)):
                settings = Settings.from_env(engine=engine, model=source.path, serve_port=port)
                for replicas in (1, 2):
                    row = throughput.measure(replicas, requests, args.clients, settings, articles[:16])
                    print(f"serve {engine:<12}{replicas} replica(s) x {settings.serve_num_cpus} CPU: "
                          f"{row['docs_per_s']:6.2f} docs/s, {requests} requests from {args.clients} clients, "
                          f"mean batch {row['mean_batch']:.1f}")
        ray.shutdown()
    if args.suite in ("all", "corpus"):
        row = batch.measure(args.data, args.corpus_docs)
        print(f"corpus: {row['articles']} articles, offline engine, {row['workers']} workers, batches of "
              f"{row['batch_size']}: evaluate loop {row['evaluate_loop_docs_per_s']} docs/s "
              f"({row['evaluate_loop_s']} s); batch command {row['batch_docs_per_s']} docs/s end to end "
              f"({row['batch_s']} s: Ray start {row['ray_start_s']} s, first batch {row['first_batch_s']} s, "
              f"then {row['batch_docs_per_s_after_first_batch']} docs/s)")


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


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


def _serve(args) -> int:
    settings = _settings(args).with_(serve_replicas=args.replicas, serve_port=args.port, serve_host=args.host)
    try:
        from ..distributed.serve import serve_forever
    except ImportError as error:
        raise SummarizerError(f"The serve command needs Ray Serve ({error}): pip install -r requirements-ray.txt")
    return serve_forever(settings, lambda line: print(line, flush=True))


def _batch(args) -> int:
    from ..distributed.command import main as batch

    return batch(args)


def _keyterms(args) -> int:
    from . import keytermeval

    def say(line: str) -> None:
        if args.verbose:
            print(line, file=sys.stderr)

    results = keytermeval.run(_data(args.folder, PAPERS_SOURCE), args.limit, say)
    print("\n".join(keytermeval.table(results)))
    return 0


def _structure(args) -> int:
    from ingest import ingest_file

    from . import sectioneval

    logging.getLogger("pypdf").setLevel(logging.ERROR)  # the outline-free copies are written by pypdf, which chatters
    summarizer = Summarizer(Settings.from_env(engine="extractive"))

    def sections(data: bytes, name: str) -> list[sectioneval.Entry]:
        document = ingest_file(name, data)
        summary = summarizer.summarize(document.blocks, SummaryOptions())
        return [sectioneval.Entry(s.title, s.first_page) for s in summary.sections]

    try:
        paths = sectioneval.load(_data(args.target, STRUCTURE_SOURCE))
    except FileNotFoundError as error:
        raise InvalidOptionError(str(error)) from None
    runs = sectioneval.score(paths, sections, lambda line: print(line, file=sys.stderr) if args.verbose else None)
    if args.json:
        print(json.dumps({run: {"totals": dataclasses.asdict(sectioneval.totals(items)),
                                "documents": [{"pdf": i.name, "missed": [dataclasses.asdict(e) for e in i.misses],
                                               "invented": [dataclasses.asdict(e) for e in i.inventions],
                                               "error": i.error} for i in items]}
                          for run, items in runs.items()}, ensure_ascii=False, indent=2))
        return 0
    print(sectioneval.table(runs))
    if args.details:
        print(sectioneval.details(runs))
    return 0


def _ocr_eval(args) -> int:
    from . import ocreval

    pairs = load_pairs(_data(args.data, EVAL_SOURCE), args.limit)
    result = ocreval.evaluate(pairs, args.dpi, lambda line: print(line, file=sys.stderr) if args.verbose else None)
    print("\n".join(ocreval.report(result, args.dpi)))
    return 0


COMMANDS = {"summarize": _summarize, "evaluate": _evaluate, "papers": _papers, "benchmark": _benchmark,
            "finetune": _finetune, "serve": _serve, "batch": _batch, "ocr-eval": _ocr_eval,
            "keyterms": _keyterms, "structure": _structure}


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.ERROR,
                        format="%(levelname)s %(name)s: %(message)s")
    return run_command(lambda: COMMANDS[args.command](args), (SummarizerError, IngestError), sys.stderr)
