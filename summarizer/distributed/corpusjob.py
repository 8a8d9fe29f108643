"""Corpus jobs on Ray Data: every item of a JSONL file or folder summarized into one JSONL OUTPUT, resumably.

Items already in OUTPUT are skipped; the rest go through `map_batches` to a pool of actors, each
holding one `Summarizer` (the model is loaded once per actor) that summarizes a batch in one
`summarize_many` call. Results stream back in input order and are appended to OUTPUT a batch at a
time, so a stopped job loses at most the batches in flight. Ray is imported only when a job runs.
"""

from __future__ import annotations

import json
import logging
import math
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TypedDict

from ingest import Document, IngestError, IngestSettings

from ..errors import ModelLoadError, SummarizerError
from ..interface import Source
from ..options import SummaryOptions
from ..service import Summarizer
from ..settings import Settings
from ..summary import Summary
from ..wording import counted
from . import corpus
from .corpus import Record

if TYPE_CHECKING:  # Ray is imported only when a job runs
    import numpy
    import ray.data

Item = dict[str, str]  # id, text, path, problem: see `corpus`
Batch = dict[str, "numpy.ndarray[Any, Any]"]  # Ray Data's batch of items: a column of values per field

logger = logging.getLogger(__name__)
DEFAULT_BATCH_SIZE = 32


@dataclass(frozen=True)
class CorpusJob:
    """What to summarize, where to, how, and with how many workers (None: one per CPU of the cluster)."""

    source: Path
    output: Path
    settings: Settings
    options: SummaryOptions
    workers: int | None = None
    batch_size: int = DEFAULT_BATCH_SIZE
    limit: int | None = None
    retry_errors: bool = False
    gpus_per_worker: float = 0.0
    verbose: bool = False
    highlight_dir: Path | None = None


@dataclass
class Report:
    """How a job went: items in INPUT (after --limit), already in OUTPUT, written now, and how long it took."""

    total: int
    skipped: int
    written: int = 0
    errors: int = 0
    ray_seconds: float = 0.0
    first_batch_seconds: float = 0.0
    first_batch_items: int = 0
    seconds: float = 0.0
    workers: int = 0
    notes: list[str] = field(default_factory=list)
    engines: set[str] = field(default_factory=set)

    def add(self, records: list[Record], seconds: float) -> None:
        """Count a batch of records written `seconds` after the job started."""
        self.written += len(records)
        self.errors += sum(r["error"] is not None for r in records)
        self.engines.update(f"{r['engine']} ({r['model']})" for r in records if r["engine"])
        self.seconds = seconds
        if not self.first_batch_items:
            self.first_batch_seconds, self.first_batch_items = seconds, len(records)

    @property
    def rate(self) -> float:
        """Items written per second once Ray was up."""
        busy = self.seconds - self.ray_seconds
        return self.written / busy if busy > 0 else 0.0

    @property
    def working_rate(self) -> float | None:
        """Items per second since the first batch came back (the actors at work), once a second one has."""
        busy = self.seconds - self.first_batch_seconds
        return (
            (self.written - self.first_batch_items) / busy
            if busy > 0 and self.written > self.first_batch_items
            else None
        )


class SummarizeBatch:
    """The Ray Data actor: one Summarizer per actor, loaded when the actor starts, a batch per call."""

    def __init__(
        self,
        settings: Settings,
        options: SummaryOptions,
        ingest_settings: IngestSettings,
        run: str,
        highlight_dir: Path | None = None,
    ) -> None:
        self.summarizer = Summarizer(settings.with_(batch_max_documents=1))  # one caller: batches come gathered
        self.failure: ModelLoadError | None = None
        try:
            _ = self.summarizer.engine  # load the model once, before the first batch
        except ModelLoadError as error:  # raised by the first call: a failed task reaches the driver cleanly
            self.failure = error
        self.options = options
        self.ingest_settings = ingest_settings
        self.run = run
        self.highlight_dir = highlight_dir

    def __call__(self, batch: Batch) -> dict[str, list[str]]:
        if self.failure:
            raise self.failure
        records = summarize_items(
            self.summarizer,
            [dict(zip(batch, row)) for row in zip(*batch.values())],
            self.options,
            self.ingest_settings,
            self.run,
            self.highlight_dir,
        )
        return {"record": [json.dumps(r, ensure_ascii=False) for r in records]}


def summarize_items(
    summarizer: Summarizer,
    items: list[Item],
    options: SummaryOptions,
    ingest_settings: IngestSettings,
    run: str,
    highlight_dir: Path | None = None,
) -> list[Record]:
    """One record per item, in order; files are read here (on the worker), texts summarized in one engine call;
    with `highlight_dir`, each file's marked-up copy written there too."""
    from ingest import read_file

    records: dict[int, Record] = {}
    sources: dict[int, Source] = {}
    warnings: dict[int, list[str]] = {}
    documents: dict[int, Document] = {}
    for index, entry in enumerate(items):
        key = str(entry["id"])
        if entry["problem"]:
            records[index] = corpus.error_record(key, str(entry["problem"]), run)
        elif entry["path"]:
            try:
                document = read_file(str(entry["path"]), ingest_settings)
            except IngestError as error:
                records[index] = corpus.error_record(key, str(error), run)
                continue
            sources[index], warnings[index], documents[index] = document.blocks, document.warnings, document
        else:
            sources[index] = str(entry["text"])
    for index, result in zip(sources, _summaries(summarizer, list(sources.values()), options)):
        key = str(items[index]["id"])
        records[index] = (
            corpus.error_record(key, str(result), run)
            if isinstance(result, Exception)
            else corpus.summary_record(key, result, warnings.get(index, []), run)
        )
        if highlight_dir and index in documents and not isinstance(result, Exception):
            from ..highlighting import write_beside

            problem = write_beside(highlight_dir, key, str(items[index]["path"]), documents[index], result)
            records[index]["warnings"] += [problem] if problem else []
    return [records[index] for index in range(len(items))]


def _summaries(
    summarizer: Summarizer, sources: list[Source], options: SummaryOptions
) -> list[Summary | SummarizerError]:
    """summarize_many's results; if the batch call fails unexpectedly, each item alone, so one document that
    trips a bug costs its own record (an error naming a logged incident), not the job."""
    if not sources:
        return []
    try:
        return summarizer.summarize_many(sources, options)
    except ModelLoadError:
        raise
    except Exception:
        logger.warning("a batch of %d failed; summarizing its items one at a time", len(sources), exc_info=True)
    results: list[Summary | SummarizerError] = []
    for source in sources:
        try:
            results.append(summarizer.summarize(source, options))
        except SummarizerError as error:
            results.append(error)
        except Exception as error:  # a bug on one document: logged with its traceback, recorded, the job goes on
            from ingest import apology, log_incident

            results.append(SummarizerError(f"Unexpected error: {apology(log_incident(error))} on the Ray worker."))
    return results


def run(job: CorpusJob, progress: Callable[[Report], None] | None = None) -> Report:
    """Summarize the items of `job.source` that OUTPUT lacks, appending their records to OUTPUT in input order;
    an OutputBusyError at once when another job holds OUTPUT."""
    started = time.perf_counter()
    corpus.check_paths(job.source, job.output)
    items = corpus.read_items(job.source, job.output, job.limit)
    lock = corpus.OutputLock(job.output)
    try:
        return _run(job, items, started, progress)
    finally:
        lock.release()


def _run(job: CorpusJob, items: list[Item], started: float, progress: Callable[[Report], None] | None) -> Report:
    done, notes = corpus.finished_ids(job.output, job.retry_errors)
    todo = [entry for entry in items if entry["id"] not in done]
    report = Report(total=len(items), skipped=len(items) - len(todo), notes=notes)
    if not todo:
        report.seconds = time.perf_counter() - started
        return report
    blocks = block_count(len(todo), job.batch_size, job.workers)
    if job.workers and blocks < job.workers:
        report.notes.append(
            f"{counted(len(todo), 'item')} to summarize for {counted(job.workers, 'worker')}: {blocks} start, "
            "one item each."
        )
    if progress:
        progress(report)
    from .cluster import connect

    output = corpus.Output(job.output)
    try:
        with connect(job.workers, job.verbose) as cluster:
            report.ray_seconds = time.perf_counter() - started
            report.workers = min(job.workers or cluster.cpus, blocks)
            if progress:
                progress(report)
            for batch in _dataset(job, todo, blocks, report.workers).iter_batches(batch_size=None):
                output.write(batch["record"])
                report.add([json.loads(line) for line in batch["record"]], time.perf_counter() - started)
                if progress:
                    progress(report)
    finally:
        output.close()
    return report


def block_count(items: int, batch_size: int, workers: int | None) -> int:
    """Blocks (one actor call each) for `items`: batches of `batch_size`, but at least one per worker asked for
    (--workers 2 on 10 items with batches of 32: two blocks of 5, not one block for one worker while the other
    idles), and never more than there are items."""
    return max(math.ceil(items / batch_size), min(workers or 1, items))


def _dataset(job: CorpusJob, todo: list[Item], blocks: int, workers: int) -> ray.data.Dataset:
    """The Ray Data pipeline: one block per batch, so each actor call is one batch and results stream in order."""
    import ray.data

    run_id = time.strftime("%Y%m%dT%H%M%S-") + secrets.token_hex(3)
    return ray.data.from_items(todo, override_num_blocks=blocks).map_batches(
        SummarizeBatch,
        batch_size=None,
        compute=ray.data.ActorPoolStrategy(size=workers),
        fn_constructor_kwargs={
            "settings": job.settings,
            "options": job.options,
            "ingest_settings": IngestSettings.from_env(),
            "run": run_id,
            "highlight_dir": job.highlight_dir,
        },
        num_cpus=1,
        num_gpus=job.gpus_per_worker or None,
    )


# `measure`'s row: the corpus job's docs/s against the evaluate loop's, and where the job's time went.
# (The functional form: the keys are a JSON row's, read by name, which vulture would take for unused attributes.)
CorpusRates = TypedDict(
    "CorpusRates",
    {
        "articles": int,
        "workers": int,
        "batch_size": int,
        "batches": int,
        "errors": int,
        "evaluate_loop_docs_per_s": float,
        "batch_docs_per_s": float,
        "batch_docs_per_s_after_ray_start": float,
        "batch_docs_per_s_after_first_batch": float | None,
        "evaluate_loop_s": float,
        "batch_s": float,
        "ray_start_s": float,
        "first_batch_s": float,
    },
)


def measure(pairs_path: str | Path, count: int = 1000, workers: int | None = None, batch_size: int = 64) -> CorpusRates:
    """Docs/s of this command's path against the evaluate loop (one `summarize` call per article, in this
    process), both with the offline engine on the same first `count` articles, in the same run.

    The batch rate is given from the start of the job (Ray's start included), from Ray being up (the actors'
    start included) and after the first batch came back (the actors at work; a little flattering, since
    other batches may already be done when the first one arrives)."""
    import tempfile

    settings = Settings.from_env(engine="extractive")
    options = SummaryOptions()
    source = Path(pairs_path)
    articles = [entry["text"] for entry in corpus.read_items(source, source, count)]
    summarizer = Summarizer(settings)
    _ = summarizer.engine  # loaded before the clock starts, as in the evaluate command
    started = time.perf_counter()
    for article in articles:
        summarizer.summarize(article, options)
    loop_seconds = time.perf_counter() - started
    with tempfile.TemporaryDirectory() as folder:
        report = run(
            CorpusJob(source, Path(folder) / "summaries.jsonl", settings, options, workers, batch_size, limit=count)
        )
    return {
        "articles": len(articles),
        "workers": report.workers,
        "batch_size": batch_size,
        "batches": math.ceil(len(articles) / batch_size),
        "errors": report.errors,
        "evaluate_loop_docs_per_s": round(len(articles) / loop_seconds, 1),
        "batch_docs_per_s": round(report.written / report.seconds, 1),
        "batch_docs_per_s_after_ray_start": round(report.rate, 1),
        "batch_docs_per_s_after_first_batch": report.working_rate and round(report.working_rate, 1),
        "evaluate_loop_s": round(loop_seconds, 2),
        "batch_s": round(report.seconds, 2),
        "ray_start_s": round(report.ray_seconds, 2),
        "first_batch_s": round(report.first_batch_seconds - report.ray_seconds, 2),
    }
