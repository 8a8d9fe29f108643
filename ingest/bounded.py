"""Run a parser in a child process that is killed when it overruns its time bound.

A malformed file can send a parser into a loop; a thread cannot be stopped, a process can.
The child is forked: it starts in milliseconds and never re-runs the parent's main script
(spawn and forkserver children would import it, and under Streamlit that is the page itself).
The parsers are imported before forking, and the child does no logging, so it needs no lock
that another thread of the parent might hold.
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
from typing import Callable

from .errors import CorruptFileError, ExtractionTimeoutError, IngestError

logger = logging.getLogger(__name__)
PARSERS = ("pypdfium2", "pypdfium2.raw", "markdown_it", "docx", "charset_normalizer", "lxml.etree")


def _child(connection, function: Callable, args: tuple, name: str) -> None:
    try:
        connection.send(("ok", function(*args)))
    except IngestError as error:
        connection.send(("error", error))
    except RecursionError:
        connection.send(("error", CorruptFileError(f"{name} could not be read; its structure is nested too deeply.")))
    except Exception as error:  # a damaged file can make any parser raise anything: report it as damaged
        connection.send(("error", CorruptFileError(
            f"{name} could not be read; the file seems damaged ({type(error).__name__}).")))
    finally:
        connection.close()


def run_bounded(function: Callable, args: tuple, name: str, timeout: float):
    """function(*args) in a child process; its IngestError re-raised here; ExtractionTimeoutError past `timeout`."""
    for module in PARSERS:
        importlib.import_module(module)
    context = multiprocessing.get_context("fork")
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
        if isinstance(value, CorruptFileError):
            logger.info("could not parse %s: %s", name, value)
        raise value
    return value
