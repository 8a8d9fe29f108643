"""Long work off the page's script thread: one task per key, shared by every session, stopped when nobody waits.

A page asks the runner for a key (input + options + settings). The first request starts the work in a
worker thread; later requests for the same key (a double click, a rerun, another user) get the same task.
Each request and each progress poll marks the task as watched by that session. The work reports through a
`progress(fraction, message)` callback. Work that is a generator shows what it has made so far: each item it
yields is kept as `task.partial` for the pages, and what it returns is the result. When no session still
connected has looked at the task for `abandon_after` seconds (a closed tab), or every session that watched it
asked for something else, that callback raises `Cancelled` and the work stops. A session whose tab is merely
hidden (browsers slow its polling down) keeps its tasks while `connected(watcher)` says it is still there.
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


class TaskState(StrEnum):
    """Where a task is: waiting for a worker, running, or finished one of three ways."""

    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"


FINISHED = frozenset({TaskState.DONE, TaskState.FAILED, TaskState.CANCELLED})


class Cancelled(Exception):
    """Raised from a task's progress callback when nobody is waiting for the task any more."""


@dataclass
class Task:
    """One piece of work and what the pages may read about it: state, progress, result or error."""

    key: str
    state: TaskState = TaskState.QUEUED
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
        """True when the task finished within `timeout` seconds."""
        return self.finished_event.wait(timeout)


class TaskRunner:
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
        self._tasks: OrderedDict[str, Task] = OrderedDict()
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="summary-task")

    def submit(self, key: str, work: Work, watcher: str) -> Task:
        """The task for `key`: the running or finished one if there is one, else a new one started now."""
        with self._lock:
            task = self._tasks.get(key)
            if task is None or task.state in (TaskState.FAILED, TaskState.CANCELLED):
                task = Task(key)
                self._tasks[key] = task
                self._pool.submit(self._run, task, work)
                self._trim()
            self._tasks.move_to_end(key)
            task.watchers[watcher] = self._clock()
            return task

    def get(self, key: str, watcher: str) -> Task | None:
        """The task for `key` if the runner still holds it; counts as `watcher` looking at it."""
        with self._lock:
            task = self._tasks.get(key)
            if task is not None:
                task.watchers[watcher] = self._clock()
            return task

    def release(self, key: str, watcher: str) -> None:
        """`watcher` no longer waits for `key`; unfinished work nobody else waits for stops at its next report."""
        with self._lock:
            task = self._tasks.get(key)
            if task is not None:
                task.watchers.pop(watcher, None)

    def running(self) -> int:
        with self._lock:
            return sum(not task.finished for task in self._tasks.values())

    def _wanted(self, task: Task) -> bool:
        with self._lock:
            now = self._clock()
            watchers = list(task.watchers.items())
        return any(now - seen <= self.abandon_after or self.connected(watcher) for watcher, seen in watchers)

    def _trim(self) -> None:
        finished = [key for key, task in self._tasks.items() if task.finished]
        for key in finished[: max(0, len(self._tasks) - self.keep)]:
            del self._tasks[key]

    def _follow(self, task: Task, steps: Generator[Any, None, Any]) -> Any:
        """Each yielded item kept as `task.partial` as soon as it is made; the generator's return value."""
        while True:
            try:
                task.partial = next(steps)
            except StopIteration as end:
                return end.value
            if not self._wanted(task):
                steps.close()
                raise Cancelled(f"nobody is waiting for task {task.key[:12]} any more")

    def _run(self, task: Task, work: Work) -> None:
        def progress(fraction: float, message: str) -> None:
            task.fraction, task.message = max(0.0, min(1.0, fraction)), message
            if not self._wanted(task):
                raise Cancelled(f"nobody is waiting for task {task.key[:12]} any more")

        try:
            if not self._wanted(task):
                raise Cancelled(f"task {task.key[:12]} was abandoned before it started")
            with self._lock:
                self.started += 1
            task.state, task.message = TaskState.RUNNING, "Starting…"
            outcome = work(progress)
            task.result = self._follow(task, outcome) if isinstance(outcome, Generator) else outcome
            task.state, task.fraction = TaskState.DONE, 1.0
        except Cancelled as reason:
            logger.info("cancelled: %s", reason)
            task.state = TaskState.CANCELLED
        except Exception as error:
            task.error, task.state = error, TaskState.FAILED
        finally:
            task.finished_event.set()
            with self._lock:
                if task.state == TaskState.CANCELLED and self._tasks.get(task.key) is task:
                    del self._tasks[task.key]
