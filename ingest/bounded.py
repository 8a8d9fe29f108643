"""Run a parser in a child process that is killed when it overruns its time bound.

A malformed file can send a parser into a loop; a thread cannot be stopped, a process can.
The forkserver start method keeps children cheap and free of the parent's threads and locks.
"""

from __future__ import annotations

import logging
import multiprocessing
from typing import Callable

from .errors import CorruptFileError, ExtractionTimeoutError, IngestError

logger = logging.getLogger(__name__)
PRELOAD = ["ingest.files", "pypdf", "docx", "charset_normalizer"]


def _child(connection, function: Callable, args: tuple, name: str) -> None:
    try:
        connection.send(("ok", function(*args)))
    except IngestError as error:
        connection.send(("error", error))
    except Exception as error:  # a damaged file can make any parser raise anything: report it as damaged
        logger.info("parser failed on %s: %r", name, error)
        connection.send(("error", CorruptFileError(f"{name} could not be read; the file seems damaged ({type(error).__name__}).")))
    except RecursionError as error:
        connection.send(("error", CorruptFileError(f"{name} could not be read; the file is nested too deeply ({error}).")))
    finally:
        connection.close()


def run_bounded(function: Callable, args: tuple, name: str, timeout: float):
    """function(*args) in a child process; its IngestError re-raised here; ExtractionTimeoutError past `timeout`."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(sender, function, args, name), daemon=True)
    process.start()
    sender.close()
    try:
        if not receiver.poll(timeout):
            raise ExtractionTimeoutError(
                f"Reading {name} took longer than {timeout:g} seconds and was stopped; the file may be damaged.")
        try:
            status, value = receiver.recv()
        except EOFError:
            raise CorruptFileError(f"{name} could not be read; the reader stopped unexpectedly.") from None
    finally:
        receiver.close()
        if process.is_alive():
            process.kill()
        process.join(1)
    if status == "error":
        raise value
    return value
