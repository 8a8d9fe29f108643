"""A long PDF's pages read in parallel: forked workers, each reading every k-th page of the open document.

The reader already runs in a forked child (`bounded.run_bounded`), and a daemonic process may not start
`multiprocessing` children, so the workers are plain forks that send their pages back, pickled, over a
pipe. A fork shares the parent's memory until written, so each worker costs only what its own pages
need. A worker whose parent is gone (the reader stopped at its time bound) stops after its page; one that
fails for any reason leaves its pages to the parent, which reads them itself, so a worker's fault costs
time, never text.
"""

from __future__ import annotations

import os
import pickle
from typing import Any, Callable, TypeVar

T = TypeVar("T")
MIN_PAGES = 24  # shorter files are read in one process: a fork and the pickling cost more than they save
PAGES_PER_WORKER = 12
MAX_WORKERS = 4  # each worker holds its pages' text and boxes; more cores do not pay for the memory


def workers(count: int) -> int:
    """How many processes read a file of `count` pages: one per usable core, at most MAX_WORKERS, none for
    short files."""
    if count < MIN_PAGES or not hasattr(os, "fork"):
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(cores, MAX_WORKERS, count // PAGES_PER_WORKER))


def read_pages(document: Any, count: int, read: Callable[[object, int], T], processes: int = 0) -> list[T]:
    """read(document, number) for pages 1..count, in page order; spread over `processes` (default: `workers`)
    forked processes, the caller's included."""
    share = processes or workers(count)
    if share == 1:
        return [read(document, number) for number in range(1, count + 1)]
    children = [_fork(document, count, read, part, share) for part in range(1, share)]
    found: dict[int, T] = {number: read(document, number) for number in range(1, count + 1, share)}
    for child in children:
        if child is not None:
            found.update(_collect(*child))
    return [found[number] if number in found else read(document, number) for number in range(1, count + 1)]


def _fork(document: Any, count: int, read: Callable[[object, int], T], part: int, share: int) -> tuple[int, int] | None:
    """(pid, read end of its pipe) of a worker reading pages part+1, part+1+share, ...; None when no fork."""
    try:
        receiver, sender = os.pipe()
        pid = os.fork()
    except OSError:
        return None
    if pid:
        os.close(sender)
        return pid, receiver
    code = 1
    try:  # the worker: never returns into the parent's code
        os.close(receiver)
        parent = os.getppid()
        pages = {}
        for number in range(part + 1, count + 1, share):
            if os.getppid() != parent:
                break
            pages[number] = read(document, number)
        with os.fdopen(sender, "wb") as pipe:
            pickle.dump(pages, pipe, protocol=pickle.HIGHEST_PROTOCOL)
        code = 0
    except BaseException:  # noqa: BLE001 - whatever went wrong, the parent reads these pages itself
        pass
    finally:
        os._exit(code)


def _collect(pid: int, receiver: int) -> dict[int, Any]:
    """A worker's pages, or none when it failed (the parent then reads them)."""
    try:
        with os.fdopen(receiver, "rb") as pipe:
            data = pipe.read()
        _, status = os.waitpid(pid, 0)
        return pickle.loads(data) if status == 0 and data else {}
    except (OSError, EOFError, pickle.UnpicklingError):
        return {}
