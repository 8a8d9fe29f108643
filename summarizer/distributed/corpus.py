"""A corpus job's input items and its OUTPUT file: what to do, what is done, and one JSON line per item.

An item is a dict of strings (Ray Data carries it as one table row): `id`; `text` for a JSONL line,
`path` for a file of a folder, `problem` for a line that cannot be an item (it becomes an error
record, like a file that cannot be read). OUTPUT is appended to a batch at a time; a run that was
killed may leave half a line at the end, which the next run cuts off before it appends. One job
writes an OUTPUT at a time (`OutputLock`): a second one would write every item again.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path
from typing import Any, Iterable, NotRequired, TypedDict

from ..errors import InvalidOptionError, SummarizerError
from ..summary import Summary
from ..wording import counted

logger = logging.getLogger(__name__)
TEXT_KEYS = ("text", "article")
JSONL_SUFFIXES = (".jsonl", ".ndjson")


class Record(TypedDict):
    """One line of OUTPUT: an item's summary (`summary_record`) or why it has none (`error_record`)."""

    id: str
    summary: str | None
    words: int
    engine: str | None
    model: str | None
    coverage: dict[str, Any] | None  # input, read and left-out words, the share read, the parts
    sections: list[dict[str, Any]]  # title, level, pages and sentences of each section
    keyterms: NotRequired[list[str]]  # a summary's only
    warnings: list[str]
    error: str | None  # None for a summary
    run: str  # the run that wrote it


class UsageError(InvalidOptionError):
    """INPUT or OUTPUT is not something a batch job can use (the command exits 2, as for a bad option)."""


class OutputBusyError(SummarizerError):
    """Another job is writing this OUTPUT."""


def item(key: str, text: str = "", path: str = "", problem: str = "") -> dict[str, str]:
    return {"id": key, "text": text, "path": path, "problem": problem}


def check_paths(source: Path, output: Path) -> None:
    """A UsageError when INPUT is missing or not a JSONL file or folder, or OUTPUT cannot be a file."""
    if not source.exists():
        raise UsageError(f"{source}: no such file or folder; give a JSONL file or a folder of documents.")
    if source.is_file() and source.suffix.lower() not in JSONL_SUFFIXES:
        raise UsageError(
            f"{source} is not a JSONL file (.jsonl, one JSON object per line) or a folder; "
            "to summarize one document use `python -m summarizer summarize`."
        )
    if output.is_dir():
        raise UsageError(f"{output} is a folder; OUTPUT is the JSONL file the summaries are written to.")
    if output.exists() and source.exists() and output.resolve() == source.resolve():
        raise UsageError("OUTPUT must not be the INPUT file.")


def read_items(source: Path, output: Path, limit: int | None = None) -> list[dict[str, str]]:
    """The job's items in input order: lines of a JSONL file, or the files below a folder (hidden ones and
    OUTPUT left out); the first `limit` only. Ids must be unique, or a rerun could not tell them apart."""
    found = _folder_items(source, output) if source.is_dir() else _jsonl_items(source)
    items: list[dict[str, str]] = []
    first_seen: dict[str, int] = {}
    for number, entry in enumerate(found, 1):
        if limit is not None and len(items) >= limit:
            break
        if entry["id"] in first_seen:
            raise InvalidOptionError(
                f"{source}: item {number} repeats the id {entry['id']!r} of item "
                f"{first_seen[entry['id']]}; ids must be unique so a rerun can skip finished items."
            )
        first_seen[entry["id"]] = number
        items.append(entry)
    if not items:
        raise InvalidOptionError(f"{source} holds no items to summarize.")
    return items


def _jsonl_items(source: Path) -> Iterable[dict[str, str]]:
    try:
        handle = open(source, encoding="utf-8", errors="replace")
    except OSError as error:
        raise InvalidOptionError(f"Cannot read {source}: {error.strerror}.") from error
    with handle:
        for number, line in enumerate(handle, 1):
            if line.strip():
                yield _line_item(number, line)


def _line_item(number: int, line: str) -> dict[str, str]:
    """An item for one JSONL line: `id` (else the line number) and `text` or `article`."""
    try:
        row = json.loads(line)
    except json.JSONDecodeError:
        return item(str(number), problem=f"Line {number} is not valid JSON.")
    if not isinstance(row, dict):
        return item(str(number), problem=f"Line {number} is not a JSON object.")
    key = str(row.get("id", number))
    text = next((row[name] for name in TEXT_KEYS if name in row), None)
    if not isinstance(text, str):
        return item(key, problem=f"Line {number} has no text: give it a 'text' or 'article' field holding a string.")
    return item(key, text=text)


def _folder_items(source: Path, output: Path) -> Iterable[dict[str, str]]:
    skip = output.resolve() if output.exists() else None
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source)
        if any(part.startswith(".") for part in relative.parts) or path.is_dir() or path.resolve() == skip:
            continue
        yield item(relative.as_posix(), path=str(path.resolve()))


def summary_record(key: str, summary: Summary, warnings: list[str], run: str) -> Record:
    """The OUTPUT line of a summarized item: its text, engine, coverage and sections."""
    coverage = summary.coverage
    return {
        "id": key,
        "summary": summary.text,
        "words": summary.words,
        "engine": summary.engine,
        "model": summary.model,
        "coverage": {
            "input_words": coverage.input_words,
            "read_words": coverage.read_words,
            "share": round(coverage.share, 4),
            "parts": coverage.parts,
            "left_out_words": coverage.left_out,
        },
        "sections": [
            {"title": s.title, "level": s.level, "pages": s.pages, "sentences": s.sentences} for s in summary.sections
        ],
        "keyterms": summary.keyterms,
        "warnings": warnings + summary.warnings,
        "error": None,
        "run": run,
    }


def error_record(key: str, message: str, run: str) -> Record:
    """The OUTPUT line of an item that could not be summarized: the reason, in the user's words."""
    return {
        "id": key,
        "summary": None,
        "words": 0,
        "engine": None,
        "model": None,
        "coverage": None,
        "sections": [],
        "warnings": [],
        "error": message,
        "run": run,
    }


def finished_ids(output: Path, retry_errors: bool = False) -> tuple[set[str], list[str]]:
    """Ids already in OUTPUT, and notes on what was repaired: a torn last line (or any unreadable line) is
    dropped, an id written more than once keeps its first line, and with `retry_errors` the error records
    are dropped too, so those items are done again."""
    if not output.exists():
        return set(), []
    data = output.read_bytes()
    kept, seen, dropped, repeated, errors = [], set(), 0, 0, 0
    for line in data.splitlines(keepends=True):
        record = _parsed(line)
        if record is None:
            dropped += 1
        elif record["id"] in seen:
            repeated += 1
        elif retry_errors and record.get("error") is not None:
            errors += 1
        else:
            kept.append(line)
            seen.add(record["id"])
    notes = []
    if dropped:
        notes.append(
            f"{output}: dropped {counted(dropped, 'incomplete or unreadable line')}, left by a run that was "
            "stopped while writing; those items are done again."
        )
    if repeated:
        notes.append(
            f"{output}: dropped {counted(repeated, 'line')} repeating an id already there (two jobs once wrote "
            "this file at the same time); the first line of each id is kept."
        )
    if errors:
        notes.append(
            f"{output}: {counted(errors, 'item')} that failed before {'is' if errors == 1 else 'are'} tried again."
        )
    if dropped or repeated or errors:
        _replace(output, b"".join(kept))
    return seen, notes


def _parsed(line: bytes) -> dict[str, Any] | None:
    """The record on a complete line, or None for a torn or foreign one."""
    if not line.endswith(b"\n"):
        return None
    try:
        record = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None
    return record if isinstance(record, dict) and isinstance(record.get("id"), str) else None


def _replace(output: Path, data: bytes) -> None:
    """Write `data` to OUTPUT in one step, so a kill now cannot lose the lines already there."""
    temporary = output.with_name(output.name + ".repair")
    temporary.write_bytes(data)
    os.replace(temporary, output)


class OutputLock:
    """One job per OUTPUT: an exclusive `flock` on a hidden file beside it, naming the holder (pid, host, start,
    command). The kernel lets go of it when the holder dies, even by `kill -9`, so no stale lock outlives a job.
    The lock belongs to the file, not the name: a symlinked OUTPUT is locked beside the file it points to."""

    def __init__(self, output: Path):
        self.output = output
        real = output.resolve()
        self.path = real.with_name(f".{real.name}.lock")
        try:
            output.parent.mkdir(parents=True, exist_ok=True)
            self._fd = self._take()
        except OSError as error:
            raise SummarizerError(f"Cannot write {self.path}: {error.strerror}.") from error
        holder = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "since": time.strftime("%Y-%m-%d %H:%M:%S"),
            "command": " ".join(sys.argv),
        }
        os.ftruncate(self._fd, 0)
        os.write(self._fd, json.dumps(holder).encode())

    def _take(self) -> int:
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _holder(fd)
                os.close(fd)
                raise OutputBusyError(
                    f"{self.output} is being written by another job "
                    f"({holder}); wait for it to finish or stop it. Two jobs on one OUTPUT would "
                    "write every item twice."
                ) from None
            try:
                if os.stat(self.path).st_ino == os.fstat(fd).st_ino:
                    return fd
            except FileNotFoundError:
                pass
            os.close(fd)  # the last holder removed the file as this job opened it: take the new one

    def release(self) -> None:
        self.path.unlink(missing_ok=True)
        os.close(self._fd)


def _holder(fd: int) -> str:
    try:
        holder = json.loads(os.read(fd, 65536))
        return f"pid {holder['pid']} on {holder['host']}, since {holder['since']}: {holder['command']}"
    except (ValueError, KeyError, TypeError, OSError):
        return "it is starting"


class Output:
    """OUTPUT opened for appending; each batch of lines is flushed before the next one is taken."""

    def __init__(self, path: Path):
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._handle = open(path, "a", encoding="utf-8")
        except OSError as error:
            raise SummarizerError(f"Cannot write {path}: {error.strerror}.") from error

    def write(self, lines: Iterable[str]) -> None:
        self._handle.write("".join(line + "\n" for line in lines))
        self._handle.flush()

    def close(self) -> None:
        self._handle.close()
