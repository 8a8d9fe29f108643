"""The command-line boundary: how a run of `python -m ingest` or `python -m summarizer` ends.

Expected errors become one line (`error: ...`, exit 1); an interrupt exits 130; a reader that stops reading
(`| head`) ends the command quietly with 141, as the shell reports a tool that SIGPIPE ended; anything else is a bug,
but the user still gets one short line ("something went wrong on our side (id 3f2a9c); it has been
logged") while the traceback goes to the incident log under the same id. Ids are 6 hex characters;
the app's pages use the same format. The corpus job records a worker's bug the same way.

It lives in ingest, not beside either command line, because both stand on it and imports run one way:
the summarizer may import ingest, never the reverse. It is named for what it is (the boundary every
command line runs through), and it is part of ingest's public face (`run_command`, `log_incident`,
`apology`), so the summarizer reaches no private module of ingest.
"""

from __future__ import annotations

import logging
import os
import secrets
import signal
import sys
import tempfile
from pathlib import Path
from typing import Callable, TextIO

from .errors import SettingsError
from .settings import IngestSettings

logger = logging.getLogger(__name__)
EXIT_ERROR = 1
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 128 + signal.SIGPIPE


def program_name(package: str) -> str:
    """The command as the user typed it, for usage lines: `python -m ingest`, or `ingest` where it is installed."""
    invoked = Path(sys.argv[0]).name
    return f"python -m {package}" if invoked in ("__main__.py", "-m", "-c", "") else invoked


def new_incident_id() -> str:
    """Six hex characters naming one unexpected error in messages and in the log."""
    return secrets.token_hex(3)


def apology(incident: str) -> str:
    return f"something went wrong on our side (id {incident}); it has been logged"


def log_incident(error: BaseException) -> str:
    """Log `error` with its traceback under a new incident id, and return the id."""
    incident = new_incident_id()
    logger.error(
        "incident %s: unexpected %s", incident, type(error).__name__, exc_info=(type(error), error, error.__traceback__)
    )
    return incident


def incident_log_path(settings: IngestSettings) -> Path:
    """INGEST_INCIDENT_LOG, else incidents.log in $XDG_STATE_HOME/summarizer (~/.local/state/summarizer)."""
    if settings.incident_log:
        return Path(settings.incident_log).expanduser()
    state = os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state"
    return Path(state) / "summarizer" / "incidents.log"


def _file_handler(settings: IngestSettings) -> tuple[logging.Handler, Path]:
    path = incident_log_path(settings)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.FileHandler(path, encoding="utf-8")
    except OSError:
        path = Path(tempfile.gettempdir()) / "summarizer-incidents.log"
        handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    return handler, path


def _settings() -> IngestSettings:
    """The settings, or, when the environment holds a bad value (perhaps the very error), just the log path."""
    try:
        return IngestSettings.from_env()
    except SettingsError:
        return IngestSettings.from_env({k: v for k, v in os.environ.items() if k == "INGEST_INCIDENT_LOG"})


def _silence_stdout() -> None:
    """Point stdout at /dev/null: the reader is gone, and the interpreter's last flush must not fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a file (a test's capture): nothing will flush it at exit
        pass
    finally:
        os.close(devnull)


def run_command(command: Callable[[], int], expected: tuple[type[BaseException], ...], stderr: TextIO) -> int:
    """Run a CLI command: its exit code; expected errors as `error: message`, anything else as an apology.

    The apology's traceback goes to the incident log file only, never to the terminal. Output is flushed here,
    so a reader that went away (`| head -1`) is met inside, not by Python's complaint at exit.
    """
    try:
        code = command()
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except expected as error:
        stderr.write(f"error: {error}\n")
        return EXIT_ERROR
    except KeyboardInterrupt:
        stderr.write("interrupted\n")
        return EXIT_INTERRUPTED
    except Exception as error:
        handler, path = _file_handler(_settings())
        logger.addHandler(handler)
        logger.propagate = False
        try:
            incident = log_incident(error)
        finally:
            logger.removeHandler(handler)
            logger.propagate = True
            handler.close()
        stderr.write(f"error: {apology(incident)} in {path}\n")
        return EXIT_ERROR
