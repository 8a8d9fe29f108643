"""A long PDF's pages read in parallel: forked workers, each reading every k-th page of the open document.

The reader already runs in a forked child (`bounded.run_bounded`), and a daemonic process may not start
`multiprocessing` children, so the workers are plain forks. Each sends every page back, pickled, over its pipe as
soon as it is read (and OCR's progress reports between them, `relayed`), and keeps nothing: a fork shares the
parent's memory until written, so a worker costs one page's work at a time. The reader itself reads no page while
its workers run; it only takes their pages in, so its memory is the pages' text and a worker's is one page's,
however long the file. A worker whose parent is gone (the reader stopped at its time bound) stops after its page;
one that fails for any reason leaves its pages not yet sent to the parent, which reads them itself once every
worker is done, so a worker's fault costs time, never text, and an error in reading a page is raised by the
parent's own reading of it.
"""

from __future__ import annotations

import os
import pickle
import selectors
from typing import IO, Any, Callable, TypeVar

T = TypeVar("T")
MIN_PAGES = 24  # shorter files are read in one process: a fork and the pickling cost more than they save
PAGES_PER_WORKER = 12
MAX_WORKERS = 4  # each worker holds a page's text, boxes and image; more cores do not pay for the memory
PAGE, PROGRESS = "page", "progress"  # what a worker's message carries
SIZE = 8  # bytes of the length before each pickled message
CHUNK = 1 << 16

Progress = Callable[[float, str], None]  # progress(fraction, message), as scans.Progress

_outbox: IO[bytes] | None = None  # in a worker: its pipe to the reader


def workers(count: int) -> int:
    """How many processes read a file of `count` pages: one per usable core, at most MAX_WORKERS, none for
    short files."""
    if count < MIN_PAGES or not hasattr(os, "fork"):
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(cores, MAX_WORKERS, count // PAGES_PER_WORKER))


def relayed(report: Progress | None) -> Progress | None:
    """`report` as a page's `read` calls it: in a worker, each call travels to the reader with the pages, and
    `read_pages` passes it on to the `report` it was given; in the reader, `report` itself."""
    if report is None:
        return None

    def relay(fraction: float, message: str) -> None:
        if _outbox is not None:
            _send(_outbox, (PROGRESS, fraction, message))
        else:
            report(fraction, message)

    return relay


def read_pages(
    document: Any,
    count: int,
    read: Callable[[object, int], T],
    processes: int = 0,
    report: Progress | None = None,
) -> list[T]:
    """read(document, number) for pages 1..count, in page order; spread over `processes` (default: `workers`)
    forked workers, each page sent back as it is read; `report` gets the workers' relayed progress (`relayed`)."""
    share = processes or workers(count)
    if share == 1:
        return [read(document, number) for number in range(1, count + 1)]
    children = [child for part in range(1, share + 1) if (child := _fork(document, count, read, part, share))]
    found: dict[int, T] = _gather(children, report)
    return [found[number] if number in found else read(document, number) for number in range(1, count + 1)]


def _send(pipe: IO[bytes], message: tuple[Any, ...]) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    pipe.write(len(data).to_bytes(SIZE, "little") + data)
    pipe.flush()


def _fork(document: Any, count: int, read: Callable[[object, int], T], part: int, share: int) -> tuple[int, int] | None:
    """(pid, read end of its pipe) of a worker reading pages part, part+share, ...; None when no fork."""
    global _outbox
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
        with os.fdopen(sender, "wb") as pipe:
            _outbox = pipe
            for number in range(part, count + 1, share):
                if os.getppid() != parent:
                    break
                _send(pipe, (PAGE, number, read(document, number)))
        code = 0
    except BaseException:  # noqa: BLE001 - whatever went wrong, the parent reads the pages not sent itself
        pass
    finally:
        os._exit(code)


def _gather(children: list[tuple[int, int]], report: Progress | None) -> dict[int, Any]:
    """The pages the workers sent, taken in as they come, their progress passed on to `report`; every worker
    waited for. A worker whose message cannot be read is read from no more (its other pages are left to the
    parent)."""
    found: dict[int, Any] = {}
    buffers = {receiver: bytearray() for _, receiver in children}
    with selectors.DefaultSelector() as selector:
        for _, receiver in children:
            selector.register(receiver, selectors.EVENT_READ)
        while selector.get_map():
            for key, _ in selector.select():
                chunk = os.read(key.fd, CHUNK)
                buffer = buffers[key.fd]
                buffer += chunk
                try:
                    messages = _messages(buffer)
                except (EOFError, pickle.UnpicklingError, AttributeError, ImportError, ValueError, TypeError):
                    messages, chunk = [], b""
                for message in messages:
                    if message[0] == PAGE:
                        found[message[1]] = message[2]
                    elif report is not None:
                        report(*message[1:])
                if not chunk:
                    selector.unregister(key.fd)
                    os.close(key.fd)
    for pid, _ in children:
        os.waitpid(pid, 0)
    return found


def _messages(buffer: bytearray) -> list[tuple[Any, ...]]:
    """The whole messages at the start of `buffer`, taken out of it."""
    messages = []
    while len(buffer) >= SIZE:
        size = int.from_bytes(buffer[:SIZE], "little")
        if len(buffer) < SIZE + size:
            break
        messages.append(pickle.loads(buffer[SIZE : SIZE + size]))
        del buffer[: SIZE + size]
    return messages
