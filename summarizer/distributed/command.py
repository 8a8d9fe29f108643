"""`python -m summarizer batch INPUT OUTPUT`: a CorpusJob from the arguments, a progress line on stderr, the outcome."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TextIO

from ..options import SummaryOptions
from ..settings import Settings
from ..wording import counted
from . import corpus, corpusjob

EXIT_USAGE = 2
LOG_EVERY_SECONDS = 10.0


class StatusLine:
    """Items done of those to do, errors, rate and time left: one line rewritten in place on a terminal,
    else (a log file, a pipe) a new line at most every ten seconds and at the end."""

    def __init__(self, stream: TextIO):
        self.stream = stream
        self.live = stream.isatty()
        self.last = 0.0

    def __call__(self, report: corpusjob.Report) -> None:
        todo = report.total - report.skipped
        if not report.ray_seconds:
            for note in report.notes:
                self._line(f"note: {note}", final=True)
            already = f" ({report.skipped:,} already in OUTPUT)" if report.skipped else ""
            self._line(f"{todo:,} items to summarize{already}; starting Ray", final=True)
            return
        if not report.written:
            self._line(
                f"Ray ready after {report.ray_seconds:.1f} s; {counted(report.workers, 'worker')} starting", final=True
            )
            return
        rate = report.working_rate
        left = f", about {_duration((todo - report.written) / rate)} left" if rate and report.written < todo else ""
        speed = f", {rate:.1f} items/s{left}" if rate else ""
        line = f"{report.written:,}/{todo:,} items, {counted(report.errors, 'error')}{speed}"
        now = time.monotonic()
        if self.live or now - self.last >= LOG_EVERY_SECONDS or report.written == todo:
            self.last = now
            self._line(line, final=report.written == todo)

    def _line(self, text: str, final: bool) -> None:
        if self.live:
            self.stream.write("\r" + text.ljust(78) + ("\n" if final else ""))
        else:
            self.stream.write(text + "\n")
        self.stream.flush()


def _duration(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} min"


def job_from(args: argparse.Namespace) -> corpusjob.CorpusJob:
    """The CorpusJob the command line asks for; a UsageError for counts below 1."""
    for name in ("workers", "batch_size", "limit"):
        value = getattr(args, name)
        if value is not None and value < 1:
            raise corpus.UsageError(f"--{name.replace('_', '-')} must be at least 1.")
    if args.gpus_per_worker < 0:
        raise corpus.UsageError("--gpus-per-worker must be 0 or more.")
    settings = Settings.from_env(
        engine=args.engine, model=args.model, device=args.device, preset=args.preset, backend=args.backend
    )
    return corpusjob.CorpusJob(
        Path(args.input),
        Path(args.output),
        settings,
        SummaryOptions(length=args.length, words=args.words, format=args.format),
        workers=args.workers,
        batch_size=args.batch_size,
        limit=args.limit,
        retry_errors=args.retry_errors,
        gpus_per_worker=args.gpus_per_worker,
        verbose=bool(getattr(args, "verbose", False)),
        highlight_dir=Path(args.highlight_dir).resolve() if getattr(args, "highlight_dir", None) else None,
    )


def main(args: argparse.Namespace) -> int:
    """Run the job; usage errors (missing INPUT, bad counts) exit 2 with one line, like argparse's."""
    try:
        job = job_from(args)
        corpus.check_paths(job.source, job.output)
    except corpus.UsageError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_USAGE
    report = corpusjob.run(job, StatusLine(sys.stderr))
    if report.total == report.skipped:
        for note in report.notes:
            print(f"note: {note}", file=sys.stderr)
        print(f"{job.output}: all {report.total:,} items were already there; nothing to do.")
        return 0
    then = f", then {report.working_rate:.1f} items/s" if report.working_rate else ""
    print(
        f"{job.output}: {report.written:,} records written ({report.errors:,} errors), {report.skipped:,} "
        f"already there; {report.seconds:.1f} s in all: {report.ray_seconds:.1f} s starting Ray, "
        f"{report.first_batch_seconds - report.ray_seconds:.1f} s to the first batch{then}."
    )
    if report.engines:
        print("engine: " + "; ".join(sorted(report.engines)))
    return 0
