"""A model's text shown while it is written: the call runs in a thread, its text so far comes back as drafts.

A reader waiting for a long overview sees it grow token by token instead of a bar; when the reader goes
away (the stream is closed), the next token stops the call, so no model time is spent on nobody.
"""

from __future__ import annotations

import queue
import threading
from typing import Callable, Generator

from ..engines.base import EngineOutput, TextHeard
from ..partial import Partial
from ..summary import SectionSummary

Call = Callable[[TextHeard], list[EngineOutput]]  # the engine call, given where its text goes
_Update = str | list[EngineOutput] | BaseException  # the text so far, the outputs, or the call's error


class _Stopped(Exception):
    """Nobody reads the draft any more."""


def drafted(call: Call, coming: list[SectionSummary]) -> Generator[Partial, None, list[EngineOutput]]:
    """`call(on_text)` in a thread, its text so far yielded as a draft while it grows; returns its outputs.

    When the reader goes away (the generator is closed), the next token stops the call.
    """
    updates: queue.SimpleQueue[_Update] = queue.SimpleQueue()
    stop = threading.Event()

    def heard(text: str) -> None:
        if stop.is_set():
            raise _Stopped
        updates.put(text)

    def run() -> None:
        try:
            updates.put(call(heard))
        except BaseException as error:
            updates.put(error)

    threading.Thread(target=run, name="summarizer-draft", daemon=True).start()
    try:
        while True:
            value = updates.get()
            if isinstance(value, str):
                yield Partial(None, coming, value)
            elif isinstance(value, BaseException):
                raise value
            else:
                return value
    finally:
        stop.set()
