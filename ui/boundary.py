"""The one place where an exception in a page becomes a message, never Streamlit's traceback panel."""

from __future__ import annotations

import functools
import logging
import secrets
from contextlib import contextmanager
from typing import Any, Callable, Iterator, TypeVar

import streamlit as st

from ingest import IngestError
from summarizer import SummarizerError

from .escaping import escape

logger = logging.getLogger(__name__)
EXPECTED = (SummarizerError, IngestError)
F = TypeVar("F", bound=Callable[..., Any])


def apology(incident: str) -> str:
    return (
        f"Sorry, something went wrong on our side and this step could not finish. What you typed or "
        f"uploaded is still here; try again, and if it keeps happening mention incident {incident}."
    )


def message(error: BaseException) -> str:
    """What the user reads: an expected error's own sentence, else an apology whose id is in the server log."""
    if isinstance(error, EXPECTED):
        return escape(str(error))
    incident = secrets.token_hex(3)
    logger.error("incident %s: %s", incident, type(error).__name__, exc_info=error)
    return apology(incident)


def report(error: BaseException) -> None:
    st.error(message(error))


@contextmanager
def guard() -> Iterator[None]:
    """Run a page (or a fragment) so that no exception escapes to Streamlit; st.stop and st.rerun pass through."""
    try:
        yield
    except Exception as error:
        report(error)


def guarded(function: F) -> F:
    """`guard` as a decorator, for fragments, which rerun on their own outside the page's guard."""

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with guard():
            return function(*args, **kwargs)

    return wrapper  # type: ignore[return-value]
