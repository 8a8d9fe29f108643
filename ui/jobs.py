"""Long work off the page's script thread: one job per key, shared by every session, stopped when nobody waits.

A page asks the runner for a key (input + options + settings). The first request starts the work in a
worker thread; later requests for the same key (a double click, a rerun, another user) get the same job.
Each request and each progress poll marks the job as watched by that session. The work reports through a
`progress(fraction, message)` callback. Work that is a generator shows what it has made so far: each item it
yields is kept as `job.partial` for the pages, and what it returns is the result. When no session still
connected has looked at the job for `abandon_after` seconds (a closed tab), or every session that watched it
asked for something else, that callback raises `Cancelled` and the work stops. A session whose tab is merely
hidden (browsers slow its polling down) keeps its jobs while `connected(watcher)` says it is still there.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Generator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Callable

from summarizer import Progress

logger = logging.getLogger(__name__)

Work = Callable[[Progress], Any]


class JobState(StrEnum):
    """Where a job is: waiting for a worker, running, or finished one of three ways."""

    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"


FINISHED = frozenset({JobState.DONE, JobState.FAILED, JobState.CANCELLED})


class Cancelled(Exception):
    """Raised from a job's progress callback when nobody is waiting for the job any more."""


@dataclass
class Job:
    """One piece of work and what the pages may read about it: state, progress, result or error."""

    key: str
    state: JobState = JobState.QUEUED
    fraction: float = 0.0
    message: str = "Waiting for the summarizer…"
    result: Any = None
    partial: Any = None
    error: BaseException | None = None  # set with FAILED
    watchers: dict[str, float] = field(default_factory=dict)
    finished_event: threading.Event = field(default_factory=threading.Event, repr=False)

    @property
    def finished(self) -> bool:
        return self.state in FINISHED

    def wait(self, timeout: float) -> bool:
        """True when the job finished within `timeout` seconds."""
        return self.finished_event.wait(timeout)


class JobRunner:
    """A small process-wide pool; `started` counts the computations actually begun (reruns of a key excluded)."""

    def __init__(
        self,
        workers: int = 2,
        abandon_after: float = 5.0,
        keep: int = 64,
        clock: Callable[[], float] = time.monotonic,
        connected: Callable[[str], bool] = lambda _: False,
    ):
        self.abandon_after = abandon_after
        self.connected = connected
        self.keep = keep
        self.started = 0
        self._clock = clock
        self._lock = threading.Lock()
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="summary-job")

    def submit(self, key: str, work: Work, watcher: str) -> Job:
        """The job for `key`: the running or finished one if there is one, else a new one started now."""
        with self._lock:
            job = self._jobs.get(key)
            if job is None or job.state in (JobState.FAILED, JobState.CANCELLED):
                job = Job(key)
                self._jobs[key] = job
                self._pool.submit(self._run, job, work)
                self._trim()
            self._jobs.move_to_end(key)
            job.watchers[watcher] = self._clock()
            return job

    def get(self, key: str, watcher: str) -> Job | None:
        """The job for `key` if the runner still holds it; counts as `watcher` looking at it."""
        with self._lock:
            job = self._jobs.get(key)
            if job is not None:
                job.watchers[watcher] = self._clock()
            return job

    def release(self, key: str, watcher: str) -> None:
        """`watcher` no longer waits for `key`; unfinished work nobody else waits for stops at its next report."""
        with self._lock:
            job = self._jobs.get(key)
            if job is not None:
                job.watchers.pop(watcher, None)

    def running(self) -> int:
        with self._lock:
            return sum(not job.finished for job in self._jobs.values())

    def _wanted(self, job: Job) -> bool:
        with self._lock:
            now = self._clock()
            watchers = list(job.watchers.items())
        return any(now - seen <= self.abandon_after or self.connected(watcher) for watcher, seen in watchers)

    def _trim(self) -> None:
        finished = [key for key, job in self._jobs.items() if job.finished]
        for key in finished[: max(0, len(self._jobs) - self.keep)]:
            del self._jobs[key]

    def _follow(self, job: Job, steps: Generator[Any, None, Any]) -> Any:
        """Each yielded item kept as `job.partial` as soon as it is made; the generator's return value."""
        while True:
            try:
                job.partial = next(steps)
            except StopIteration as end:
                return end.value
            if not self._wanted(job):
                steps.close()
                raise Cancelled(f"nobody is waiting for job {job.key[:12]} any more")

    def _run(self, job: Job, work: Work) -> None:
        def progress(fraction: float, message: str) -> None:
            job.fraction, job.message = max(0.0, min(1.0, fraction)), message
            if not self._wanted(job):
                raise Cancelled(f"nobody is waiting for job {job.key[:12]} any more")

        try:
            if not self._wanted(job):
                raise Cancelled(f"job {job.key[:12]} was abandoned before it started")
            with self._lock:
                self.started += 1
            job.state, job.message = JobState.RUNNING, "Starting…"
            outcome = work(progress)
            job.result = self._follow(job, outcome) if isinstance(outcome, Generator) else outcome
            job.state, job.fraction = JobState.DONE, 1.0
        except Cancelled as reason:
            logger.info("cancelled: %s", reason)
            job.state = JobState.CANCELLED
        except Exception as error:
            job.error, job.state = error, JobState.FAILED
        finally:
            job.finished_event.set()
            with self._lock:
                if job.state == JobState.CANCELLED and self._jobs.get(job.key) is job:
                    del self._jobs[job.key]
