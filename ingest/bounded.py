"""Run a parser in a child process that is killed when it overruns its time bound.

A malformed file can send a parser into a loop; a thread cannot be stopped, a process can.
The child is forked: it starts in milliseconds and never re-runs the parent's main script
(spawn and forkserver children would import it, and under Streamlit that is the page itself).
The parsers are imported before forking, and the child does no logging, so it needs no lock
that another thread of the parent might hold. OCR is the exception: onnxruntime and OpenCV start
threads when imported, so they are imported in the child (nothing else there imports them).
A child that reports progress (OCR, a few lines of a page at a time) gets `step_timeout` seconds after each report:
work that keeps moving on a busy machine is not stopped, work that stalls is.
The child closes the sockets it inherits first: a connection the parent closes stays open while any
process holds it, and a browser's next request on it would wait unanswered until the child exits.
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
import os
import stat
from typing import Any, Callable, TypeVar

from .errors import CorruptFileError, ExtractionTimeoutError, FileTooLargeError, IngestError

logger = logging.getLogger(__name__)
T = TypeVar("T")
PARSERS = ("pypdfium2", "pypdfium2.raw", "markdown_it", "docx", "charset_normalizer", "lxml.etree")


def _limit_memory(megabytes: int) -> None:
    """Cap this process's address space at what it holds now plus `megabytes`, so a bomb fails fast here."""
    import resource

    if megabytes <= 0:
        return
    with open("/proc/self/statm") as statm:
        current = int(statm.read().split()[0]) * resource.getpagesize()
    limit = current + megabytes * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _close_inherited_sockets() -> None:
    """Close every socket this forked child holds past the standard streams: the parent's (a web server's listening
    socket and its clients' connections), none of which the child uses. Its pipe to the parent is not a socket."""
    try:
        descriptors = [int(fd) for fd in os.listdir("/proc/self/fd") if int(fd) > 2]
    except OSError:  # no /proc: every descriptor the limit allows
        import resource

        descriptors = list(range(3, min(resource.getrlimit(resource.RLIMIT_NOFILE)[0], 65536)))
    for fd in descriptors:
        try:
            if stat.S_ISSOCK(os.fstat(fd).st_mode):
                os.close(fd)
        except OSError:  # closed meanwhile (the listing's own descriptor)
            continue


def _child(
    connection: Any, function: Callable[..., Any], args: tuple[Any, ...], name: str, memory_mb: int, reports: bool
) -> None:
    try:
        _close_inherited_sockets()
        _limit_memory(memory_mb)
        if reports:
            args = (*args, lambda fraction, message: connection.send(("progress", fraction, message)))
        connection.send(("ok", function(*args)))
    except MemoryError:
        connection.send(
            (
                "error",
                FileTooLargeError(
                    f"{name} needs more memory to read than the {memory_mb:,} MB allowed; split it into smaller files."
                ),
            )
        )
    except IngestError as error:
        connection.send(("error", error))
    except RecursionError:
        connection.send(("error", CorruptFileError(f"{name} could not be read; its structure is nested too deeply.")))
    except Exception as error:  # a damaged file can make any parser raise anything: report it as damaged
        # The parser's own words ("PdfiumError", "sys.set_int_max_str_digits") are for the log, not the reader.
        damaged = CorruptFileError(f"{name} could not be read; the file seems damaged.")
        connection.send(("error", damaged, f"{type(error).__name__}: {error}"[:500]))
    finally:
        connection.close()


def _outcome(
    receiver: Any, name: str, timeout: float, progress: Callable[[float, str], None] | None, step_timeout: float
) -> Any:
    """The child's final (status, value), passing its progress on; each report gives it `step_timeout` seconds more."""
    reported = False
    while True:
        if not receiver.poll(step_timeout if reported else timeout):
            if reported:
                raise ExtractionTimeoutError(
                    f"Reading a page of {name} by OCR made no progress for {step_timeout:g} seconds and was "
                    "stopped. Try again when the server is less busy, or upload a sharper or smaller scan."
                )
            raise ExtractionTimeoutError(
                f"Reading {name} took longer than {timeout:g} seconds and was stopped: it is too long or too "
                "complex to read in time. Split it into smaller parts."
            )
        try:
            message = receiver.recv()
        except EOFError:
            raise CorruptFileError(
                f"{name} could not be read; the reader stopped unexpectedly (the file may be "
                "damaged, or need more memory than allowed)."
            ) from None
        if message[0] != "progress":
            return message
        reported = True
        if progress is not None:  # the child reports only when asked to
            progress(*message[1:])


def run_bounded(
    function: Callable[..., T],
    args: tuple[Any, ...],
    name: str,
    timeout: float,
    *,
    memory_mb: int = 0,
    progress: Callable[[float, str], None] | None = None,
    step_timeout: float | None = None,
) -> T:
    """function(*args) in a child process capped at `memory_mb` more memory; its IngestError re-raised here;
    ExtractionTimeoutError past `timeout` seconds. With `progress`, the child's function gets one more
    argument, a report(fraction, message) whose calls reach `progress` here, and each call gives the child
    `step_timeout` seconds (default `timeout`) more."""
    for module in PARSERS:
        importlib.import_module(module)
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(
        target=_child, args=(sender, function, args, name, memory_mb, progress is not None), daemon=True
    )
    process.start()
    sender.close()
    try:
        status, value, *cause = _outcome(receiver, name, timeout, progress, step_timeout or timeout)
    finally:
        receiver.close()
        if process.is_alive():
            process.kill()
        process.join(1)
    if status == "error":
        if isinstance(value, CorruptFileError):
            logger.info("could not parse %s: %s (%s)", name, value, cause[0] if cause else "its own error")
        raise value
    result: T = value
    return result
