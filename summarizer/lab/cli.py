"""The lab's measuring commands: briefing, evaluate, papers, sections, keyterms, structure, ocr-eval, benchmark,
finetune, and the TL;DR's (`tldrcli.py`).

They join the product's commands under one entry (`python -m summarizer`, see `summarizer/__main__.py`)
through `add_commands`; the product's command line (`summarizer/cli.py`) never imports this module.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import logging
import sys
from pathlib import Path

from ..cli import Command, Subcommands, engine_arguments, options_of, service_arguments, settings_of
from ..engine import kind_of
from ..errors import RAY_EXTRA, InvalidOptionError, SummarizerError
from ..options import LENGTHS, SummaryOptions
from ..service import Summarizer
from ..settings import Settings
from . import headingeval
from .benchmark import free_port
from .evaluation import evaluate, load_pairs, table
from .finetune import Recipe
from .tldrcli import add_tldr_commands

DEFAULT_EVAL = str(Path(__file__).resolve().parents[3] / "shared" / "eval" / "cnndm_dev.jsonl")
DEFAULT_PAPERS = str(Path(DEFAULT_EVAL).parent / "papers")
DEFAULT_STRUCTURE = str(Path(DEFAULT_EVAL).parent / "structure")
# The evaluation data is not in the repository (the defaults point at ../shared/eval beside the checkout);
# what each set is and where it comes from, said in one line when a path is missing.
EVAL_SOURCE = (
    "the CNN/DailyMail pairs: Hugging Face cnn_dailymail 3.0.0 (test split) as JSONL with id, article and highlights"
)
PAPERS_SOURCE = (
    "the papers: PDFs from github.com/papers-we-love/papers-we-love in pdf/, with a manifest.jsonl "
    "(id, title, abstract)"
)
STRUCTURE_SOURCE = "the structure set: PDFs that carry bookmarks, with a manifest.jsonl (pdf, source)"


def _data(path: str, source: str) -> str:
    """`path` when it exists; otherwise a one-line error saying what the data is and where it comes from."""
    if not Path(path).exists():
        raise InvalidOptionError(
            f"{path} is not there. It should hold {source}; the data is not in the "
            f"repository (this workplace keeps it in ../shared/eval): give its path."
        )
    return path


def add_commands(commands: Subcommands, verbose: argparse.ArgumentParser) -> dict[str, Command]:
    """briefing, evaluate, papers, sections, keyterms, structure, ocr-eval, benchmark, finetune, train-scorer,
    cross-fit, and the TL;DR's tldr-eval and train-tldr."""
    evaluation = commands.add_parser("evaluate", help="ROUGE against reference highlights (JSONL)", parents=[verbose])
    evaluation.add_argument("data", help="JSONL with id, article, highlights")
    service_arguments(evaluation)
    evaluation.add_argument("--limit", type=int, help="use only the first N pairs")
    evaluation.add_argument("--skip", type=int, default=0, help="leave out the first N pairs (tune on a later slice)")
    evaluation.add_argument("--json", action="store_true", help="print scores as one JSON object")
    evaluation.add_argument("--predictions", help="write one JSON line per document: id and summary")

    papers = commands.add_parser(
        "papers", help="ROUGE and junk rate on real PDFs against their own abstracts", parents=[verbose]
    )
    papers.add_argument("folder", help="the papers folder: manifest.jsonl and pdf/")
    engine_arguments(papers)
    papers.add_argument("--limit", type=int, help="use only the first N papers")
    papers.add_argument(
        "--ids",
        type=lambda value: [i for i in value.split(",") if i],
        default=[],
        help="comma-separated paper ids to use",
    )
    papers.add_argument("--json", action="store_true", help="print scores and errors as one JSON object")
    papers.add_argument("--predictions", help="write one JSON line per paper: id, summary sentences, junk reasons")

    roadmaps = commands.add_parser(
        "sections",
        help="each section's summary, as a user gets it, against the authors' roadmap of the papers",
        parents=[verbose],
    )
    roadmaps.add_argument(
        "folder", nargs="?", default=DEFAULT_PAPERS, help="the papers folder: manifest.jsonl and pdf/"
    )
    roadmaps.add_argument("--length", choices=tuple(LENGTHS), default="medium", help="summary length to score")
    roadmaps.add_argument("--json", action="store_true", help="print the figures and each roadmap section as JSON")

    bench = commands.add_parser("benchmark", help="speed and memory: T5 paths, the offline engine, reading PDFs")
    bench.add_argument("--model", help="model id or directory (default: SUMMARIZER_MODEL or t5-small)")
    bench.add_argument("--data", default=DEFAULT_EVAL, help="JSONL with articles to time (synthetic text if absent)")
    bench.add_argument("--batch-docs", type=int, default=32, help="articles in the throughput batch")
    bench.add_argument("--clients", type=int, default=8, help="concurrent callers in the concurrency and serve suites")
    bench.add_argument("--corpus-docs", type=int, default=1000, help="articles in the corpus suite")
    bench.add_argument(
        "--suite",
        choices=("all", "fast-path", "offline", "documents", "concurrency", "serve", "corpus", "ocr", "first-line"),
        default="all",
        help="fast-path: T5 paths; offline: the offline engine from 10 KB to 2 MB; "
        "documents: reading a 300-page PDF; concurrency: callers one at a time vs batched; "
        "serve: Ray Serve with 1 and 2 replicas; corpus: the batch command vs the evaluate loop; "
        "ocr: reading a scanned PDF; first-line: the app in chromium, file chosen to first line (by name only)",
    )
    bench.add_argument("--papers", default=DEFAULT_PAPERS, help="folder of PDFs for the documents suite")
    bench.add_argument("--pages", type=int, default=5, help="scanned pages for the ocr suite (default 5)")

    terms = commands.add_parser(
        "keyterms", help="key terms against the authors' keywords of the dev papers", parents=[verbose]
    )
    terms.add_argument("folder", nargs="?", default=DEFAULT_PAPERS, help="the papers folder: manifest.jsonl and pdf/")
    terms.add_argument("--limit", type=int, help="use only the first N papers that have a keywords line")
    terms.add_argument(
        "--fit", action="store_true", help="refit the key terms' weights on these papers and write them (deterministic)"
    )
    terms.add_argument(
        "--output", help="where --fit writes (default: the shipped summarizer/text/keyterm_weights.json)"
    )

    sections = commands.add_parser(
        "structure",
        help="the sections shown, scored against PDF bookmarks (with and without the outline)",
        parents=[verbose],
    )
    sections.add_argument(
        "target",
        nargs="?",
        default=DEFAULT_STRUCTURE,
        help="a manifest.jsonl (pdf paths relative to it), a folder holding one, or a folder of PDFs",
    )
    sections.add_argument("--details", action="store_true", help="print each document's misses and inventions")
    sections.add_argument("--json", action="store_true", help="print the scores and each document's misses as JSON")
    sections.add_argument(
        "--headings",
        choices=headingeval.HEADING_RUNS,
        default="both",
        help="who tells headings without bookmarks: rules, the shipped model, each PDF scored by a model that "
        "never saw it (loo), or rules and loo (default)",
    )
    training = [DEFAULT_STRUCTURE, DEFAULT_PAPERS]
    headingeval.training_arguments(sections, training)
    headingeval.training_arguments(
        commands.add_parser("train-headings", help="rebuild the shipped heading model", parents=[verbose]),
        training,
        output=True,
    )

    scans = commands.add_parser(
        "ocr-eval", help="OCR word accuracy and ROUGE of articles rendered as one-page scans", parents=[verbose]
    )
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
        tune.add_argument("--" + name.replace("_", "-"), type=type(default), default=default, help=f"default {default}")
    learn = commands.add_parser(
        "train-scorer",
        help="fit the offline engine's learned sentence score on news pairs "
        "(default: pairs 500-999; the first 500 are held out)",
    )
    learn.add_argument("data", nargs="?", default=DEFAULT_EVAL, help="JSONL with id, article, highlights")
    learn.add_argument("--skip", type=int, default=500, help="leave out the first N pairs (default 500)")
    learn.add_argument("--limit", type=int, default=500, help="use N pairs after those (default 500)")
    learn.add_argument("--l2", type=float, default=1.0, help="L2 penalty (default 1.0)")
    learn.add_argument(
        "--output", help="where to write the weights (default: the shipped summarizer/engines/scorer.json)"
    )
    cross = commands.add_parser(
        "cross-fit",
        help="news ROUGE with no pair scored by weights that saw it: each fold summarized with the learned score "
        "fitted on the other folds",
    )
    cross.add_argument("data", nargs="?", default=DEFAULT_EVAL, help="JSONL with id, article, highlights")
    cross.add_argument("--limit", type=int, help="use only the first N pairs (default: all)")
    cross.add_argument("--folds", type=int, default=2, help="folds (default 2: each half fitted on the other)")
    cross.add_argument("--l2", type=float, default=1.0, help="L2 penalty (default 1.0)")
    news = commands.add_parser(
        "briefing",
        help="the news briefing on a loopback feed of CNN/DM articles, some told twice: groups and times",
        parents=[verbose],
    )
    news.add_argument("data", nargs="?", default=DEFAULT_EVAL, help="JSONL with id, article, highlights")
    news.add_argument("--events", type=int, default=18, help="articles in the feed (default 18)")
    news.add_argument("--second", type=int, default=12, help="of them, told again by a second outlet (default 12)")
    news.add_argument("--seed", type=int, default=0, help="which articles, and how the second outlet trims them")
    engine_arguments(news)
    together = commands.add_parser(
        "together-eval",
        help="sets of 3-5 news articles summarized together: each article's ROUGE-1 recall, attribution, and "
        "sources that repeat each other shown once",
        parents=[verbose],
    )
    together.add_argument("data", nargs="?", default=DEFAULT_EVAL, help="JSONL with id, article, highlights")
    service_arguments(together)
    together.add_argument("--sets", type=int, default=200, help="sets of unrelated articles (default 200)")
    together.add_argument("--redundant", type=int, default=100, help="sets of each redundancy kind (default 100)")
    data = commands.add_parser(
        "eval-data",
        help="rebuild the evaluation data the docs measure on, from its public sources, checked by SHA-256",
        parents=[verbose],
    )
    data.add_argument("folder", help="where to write it (the layout of ../shared/eval)")
    data.add_argument("--mirror", default="", help="fetch each source from MIRROR/<host>/<path> instead")
    data.add_argument("--check", action="store_true", help="only check the files already in FOLDER")
    data.add_argument(
        "--sources", default=None, help="the sources file (default: the repository's evaldata/sources.json)"
    )

    return {
        "eval-data": _eval_data,
        "briefing": _briefing,
        "together-eval": _together_eval,
        "evaluate": _evaluate,
        "papers": _papers,
        "sections": _sections,
        "keyterms": _keyterms,
        "structure": _structure,
        "train-headings": headingeval.rebuild,
        "ocr-eval": _ocr_eval,
        "benchmark": _benchmark,
        "finetune": _finetune,
        "train-scorer": _train_scorer,
        "cross-fit": _cross_fit,
    } | add_tldr_commands(commands, verbose)


def _eval_data(args: argparse.Namespace) -> int:
    from . import evaldata

    rows = evaldata.load(Path(args.sources) if args.sources else evaldata.SOURCES)
    home = Path(args.sources).parent if args.sources else evaldata.HOME
    if args.check:
        wrong = evaldata.check(Path(args.folder), rows)
        for path in wrong:
            print(f"missing or changed: {path}")
        print(f"{len(rows) - len(wrong)} of {len(rows)} files are the ones the docs measured on.")
        return 1 if wrong else 0
    evaldata.rebuild(Path(args.folder), rows, home, mirror=args.mirror)
    print(f"{len(rows)} files written to {args.folder}, each checked against its recorded SHA-256.")
    return 0


def _briefing(args: argparse.Namespace) -> int:
    from ..text.similar import SAME_TOPIC
    from . import briefingeval

    pairs = briefingeval.load(_data(args.data, EVAL_SOURCE), args.events, args.seed)
    summarizer = Summarizer(settings_of(args))
    rows = [briefingeval.run(pairs, args.second, variant, summarizer, args.seed) for variant in briefingeval.VARIANTS]
    engine = f"{summarizer.engine.name} ({summarizer.engine.model} on {summarizer.engine.device})"
    print(briefingeval.table(rows, engine, SAME_TOPIC))
    return 0


def _together_eval(args: argparse.Namespace) -> int:
    from . import togethereval

    def say(line: str) -> None:
        if args.verbose:
            print(line, file=sys.stderr)

    pairs = load_pairs(_data(args.data, EVAL_SOURCE))
    summarizer, options = Summarizer(settings_of(args)), options_of(args)
    result = togethereval.coverage(summarizer, pairs, args.sets, options, say)
    redundant = togethereval.redundancy(summarizer, pairs, args.redundant, options)
    print("\n".join(togethereval.table(result, redundant, summarizer.engine.name)))
    return 0


def _evaluate(args: argparse.Namespace) -> int:
    pairs = load_pairs(_data(args.data, EVAL_SOURCE), args.limit, args.skip)
    summarizer = Summarizer(settings_of(args))
    handle = open(args.predictions, "w", encoding="utf-8") if args.predictions else None

    def write(doc_id: str, summary: str) -> None:
        if handle:
            handle.write(json.dumps({"id": doc_id, "summary": summary}, ensure_ascii=False) + "\n")

    try:
        scores = evaluate(summarizer, pairs, options_of(args), write)
    finally:
        if handle:
            handle.close()
    if args.json:
        print(json.dumps({name: dataclasses.asdict(s) for name, s in scores.items()}, indent=2))
    else:
        print(f"engine: {summarizer.engine.name} ({summarizer.engine.model}); {summarizer.engine.reason}")
        print("\n".join(table(scores)))
    return 0


def _papers(args: argparse.Namespace) -> int:
    from . import papers

    chosen = papers.load_papers(_data(args.folder, PAPERS_SOURCE), args.limit, args.ids)
    summarizer = Summarizer(settings_of(args))

    def progress(number: int, result: papers.PaperResult) -> None:
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
        print(
            json.dumps(
                {
                    "engine": summarizer.engine.name,
                    "model": summarizer.engine.model,
                    "systems": {name: dataclasses.asdict(s) for name, s in scores.items()},
                    "ingest_seconds_per_paper": papers.mean_ingest_seconds(results),
                    "errors": {r.id: r.error for r in results if r.error},
                },
                indent=2,
            )
        )
        return 0
    print(f"engine: {summarizer.engine.name} ({summarizer.engine.model}); {summarizer.engine.reason}")
    print("\n".join(papers.table(results, scores)))
    if args.verbose:
        print("\n".join(papers.worst(results, summarizer.engine.name)))
    return 0


def _sections(args: argparse.Namespace) -> int:
    from . import roadmapeval

    logging.getLogger("pypdf").setLevel(logging.ERROR)  # the roadmap is read with pypdf, which chatters
    summarizer = Summarizer(Settings.from_env(engine="extractive"))
    leaning: list[bool] = []
    shown = roadmapeval.as_shown(summarizer, SummaryOptions(length=args.length), leaning)
    papers = roadmapeval.load(_data(args.folder, PAPERS_SOURCE))
    rows = roadmapeval.score(papers, shown, lambda line: print(line, file=sys.stderr) if args.verbose else None)
    if not rows:
        raise InvalidOptionError(f"No paper in {args.folder} has a roadmap naming two sections or more.")
    totals = roadmapeval.totals(rows)
    if args.json:
        print(
            json.dumps(
                {
                    "totals": dataclasses.asdict(totals),
                    "section_lines": len(leaning),
                    "dangling": sum(leaning),
                    "sections": [dataclasses.asdict(r) for r in rows],
                },
                ensure_ascii=False,
                indent=2,
            )
        )
        return 0
    print("\n".join(roadmapeval.table(totals)))
    print(roadmapeval.dangling_line(leaning))
    return 0


def _benchmark(args: argparse.Namespace) -> int:
    from . import scaling
    from .benchmark import corpus, report, run

    if args.suite in ("all", "offline", "ocr", "fast-path") and not Path(args.data).is_file():
        print(
            f"No articles at {args.data} ({EVAL_SOURCE}): timing synthetic news-length prose instead.", file=sys.stderr
        )
    if args.suite in ("all", "offline"):
        suites = scaling.run_offline(corpus(args.data, 200), print)
        print("\n".join(scaling.report_offline(suites)))
    if args.suite in ("all", "documents"):
        papers = Path(args.papers) / "pdf" if (Path(args.papers) / "pdf").is_dir() else Path(args.papers)
        if not any(papers.glob("*.pdf")):
            raise InvalidOptionError(f"No PDFs in {papers}; give a folder of PDFs with --papers.")
        for label, seconds, _peak, facts in scaling.run_documents(papers, print):
            pages = f"{facts['pages']} pages, " if facts.get("pages") else ""
            print(f"{label:<38}{seconds:>7.2f} s  ({pages}{facts['words']:,} words)")
    if args.suite in ("all", "concurrency"):
        _concurrency(args)
    if args.suite in ("all", "serve", "corpus"):
        _distributed(args)
    if args.suite in ("all", "ocr"):
        from .ocreval import compare_engines

        print("\n".join(compare_engines(corpus(args.data, args.pages), args.pages)))
    if args.suite == "first-line":  # the app in chromium: asked for by name, not part of "all"
        from . import firstline

        rows = firstline.run(Path(args.papers), corpus(args.data, firstline.SCAN_PAGES), print)
        print("\n".join(firstline.report(rows)))
    if args.suite in ("all", "fast-path"):
        settings = Settings.from_env()
        results = run(args.model or settings.model, args.data, print, args.batch_docs, settings)
        print("\n".join(report(results)))
    return 0


def _concurrency(args: argparse.Namespace) -> None:
    import tempfile

    from .benchmark import corpus
    from .concurrency import model_source, report_concurrency, run_concurrency

    articles = corpus(args.data, 60)
    settings = Settings.from_env()
    with tempfile.TemporaryDirectory() as scratch:
        source, exact = model_source(args.model or settings.model, articles, Path(scratch), print, settings)
        chosen = sorted(articles, key=lambda a: abs(len(a.split()) - 600))[: args.clients]
        rows = run_concurrency(source, exact, chosen, print, places=settings)
    print("\n".join(report_concurrency(rows)))


def _distributed(args: argparse.Namespace) -> None:
    """Ray rows: Serve's docs/s with 1 and 2 replicas (offline engine and the model), the corpus job vs the loop."""
    try:
        import ray

        from ..distributed import corpusjob, siege, throughput
    except ImportError as error:
        raise SummarizerError(
            f"The serve and corpus suites need Ray ({error}): install the ray extra ({RAY_EXTRA})"
        ) from None
    from .benchmark import corpus

    if args.suite in ("all", "serve"):
        articles = sorted(corpus(args.data, 60), key=lambda a: abs(len(a.split()) - 600))
        import tempfile

        from .concurrency import model_source

        with tempfile.TemporaryDirectory() as scratch:
            here = Settings.from_env()
            source, _ = model_source(args.model or here.model, articles, Path(scratch), print, here)
            print("serve: the replicas generate until the model stops (no fixed budgets), over HTTP on loopback")
            port = free_port()
            for engine, requests in (("extractive", 200), ("abstractive", 16)):
                settings = Settings.from_env(engine=engine, model=source.path, serve_port=port)
                for replicas in (1, 2):
                    row = throughput.measure(replicas, requests, args.clients, settings, articles[:16])
                    print(
                        f"serve {engine:<12}{replicas} replica(s) x {settings.serve_num_cpus} CPU: "
                        f"{row['docs_per_s']:6.2f} docs/s, {requests} requests from {args.clients} clients, "
                        f"mean batch {row['mean_batch']:.1f}"
                    )
                if kind_of(engine).cost == "fast":  # normal callers quiet, then beside 1,108 slow and lying connections
                    body = json.dumps({"text": articles[0]}).encode()
                    print(siege.report(siege.run(settings, body, 200, args.clients)))
        ray.shutdown()
    if args.suite in ("all", "corpus"):
        rates = corpusjob.measure(args.data, args.corpus_docs)
        print(
            f"corpus: {rates['articles']} articles, offline engine, {rates['workers']} workers, batches of "
            f"{rates['batch_size']}: evaluate loop {rates['evaluate_loop_docs_per_s']} docs/s "
            f"({rates['evaluate_loop_s']} s); batch command {rates['batch_docs_per_s']} docs/s end to end "
            f"({rates['batch_s']} s: Ray start {rates['ray_start_s']} s, first batch {rates['first_batch_s']} s, "
            f"then {rates['batch_docs_per_s_after_first_batch']} docs/s)"
        )


def _finetune(args: argparse.Namespace) -> int:
    from .finetune import finetune

    recipe = Recipe(
        learning_rate=args.learning_rate,
        batch_size=args.batch_size,
        weight_decay=args.weight_decay,
        epochs=args.epochs,
        held_out=args.held_out,
    )
    settings = Settings.from_env()
    report = finetune(
        args.model or settings.model,
        load_pairs(args.data, args.limit),
        args.output,
        recipe,
        on_step=lambda epoch, step, loss: print(f"epoch {epoch} step {step}: loss {loss:.4f}", file=sys.stderr),
        places=settings,
    )
    print("mean loss per epoch: " + ", ".join(f"{loss:.4f}" for loss in report.epoch_losses))
    if report.scores:
        print("held-out ROUGE:")
        print("\n".join(table(report.scores)))
    print(f"saved to {report.output}; use it with SUMMARIZER_MODEL={report.output}")
    return 0


def _keyterms(args: argparse.Namespace) -> int:
    from . import keytermeval

    def say(line: str) -> None:
        if args.verbose:
            print(line, file=sys.stderr)

    papers = keytermeval.read(_data(args.folder, PAPERS_SOURCE), args.limit)
    weights = None
    if args.fit:
        weights = keytermeval.fit_weights([keytermeval.examples(paper) for paper in papers])
        print(f"weights written to {keytermeval.write_weights(weights, args.output)}")
    print("\n".join(keytermeval.table(keytermeval.score(papers, keytermeval.systems(weights), say))))
    print("\n".join(keytermeval.table(keytermeval.leave_one_out(papers, say))[-1:]))
    return 0


def _structure(args: argparse.Namespace) -> int:
    from . import sectioneval

    logging.getLogger("pypdf").setLevel(logging.ERROR)  # the outline-free copies are written by pypdf, which chatters
    summarizer = Summarizer(Settings.from_env(engine="extractive"))
    try:
        paths = sectioneval.load(_data(args.target, STRUCTURE_SOURCE))
    except FileNotFoundError as error:
        raise InvalidOptionError(str(error)) from None
    report = (lambda line: print(line, file=sys.stderr)) if args.verbose else (lambda line: None)
    runs = headingeval.runs(
        paths,
        lambda settings: sectioneval.as_shown(summarizer, settings),
        args.headings,
        lambda: headingeval.training_set(args.folders, args.generated, args.cache, report),
        report,
    )
    if args.json:
        print(
            json.dumps(
                {
                    run: {
                        "totals": dataclasses.asdict(sectioneval.totals(items)),
                        "documents": [
                            {
                                "pdf": i.name,
                                "missed": [dataclasses.asdict(e) for e in i.misses],
                                "invented": [dataclasses.asdict(e) for e in i.inventions],
                                "error": i.error,
                            }
                            for i in items
                        ],
                    }
                    for run, items in runs.items()
                },
                ensure_ascii=False,
                indent=2,
            )
        )
        return 0
    print(sectioneval.table(runs))
    if args.details:
        print(sectioneval.details(runs))
    return 0


def _ocr_eval(args: argparse.Namespace) -> int:
    from . import ocreval

    pairs = load_pairs(_data(args.data, EVAL_SOURCE), args.limit)
    result = ocreval.evaluate(pairs, args.dpi, lambda line: print(line, file=sys.stderr) if args.verbose else None)
    print("\n".join(ocreval.report(result, args.dpi)))
    return 0


def _cross_fit(args: argparse.Namespace) -> int:
    from .scorer import cross_fit

    pairs = load_pairs(_data(args.data, EVAL_SOURCE), args.limit)
    if not 2 <= args.folds <= len(pairs):
        raise InvalidOptionError(f"--folds must be between 2 and the number of pairs ({len(pairs)}).")
    print("\n".join(table(cross_fit(pairs, args.folds, args.l2, say=lambda line: print(line, file=sys.stderr)))))
    return 0


def _train_scorer(args: argparse.Namespace) -> int:
    from ..engines.scoring import WEIGHTS
    from .scorer import train

    pairs = load_pairs(_data(args.data, EVAL_SOURCE), args.limit, args.skip)
    train(pairs, args.output or WEIGHTS, args.l2)
    return 0
