"""Rebuild the evaluation data the docs measure on, from its public sources, each file checked by SHA-256.

`python -m summarizer eval-data DEST` writes the folder that `evaluate`, `papers`, `sections`, `structure` and
`tldr-eval` read (the layout of `evaldata/README.md`). The repository's `evaldata/` holds what was written here
(the READMEs with each set's protocol, the papers' and structure manifests, the roadmap scorer) and
`evaldata/sources.json`, one row per file: where it comes from, how it is cut from its source (`RECIPES`), and the
SHA-256 of the file the docs measured on. A file whose bytes differ is refused by name and not kept.

`--mirror URL` fetches every source from `URL/<host>/<path>` instead (a local copy of the public files, or the
tests' loopback server).
"""

from __future__ import annotations

import hashlib
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping
from urllib.parse import urlsplit

import requests

from ..errors import InvalidOptionError

HOME = Path(__file__).resolve().parents[2] / "evaldata"
SOURCES = HOME / "sources.json"
TIMEOUT_S = 120


class ChecksumError(InvalidOptionError):
    """A fetched or built file is not the one the docs measured on."""


@dataclass(frozen=True)
class Row:
    """One file of the evaluation folder: its path there, its source, how it is cut, and its SHA-256."""

    path: str
    sha256: str
    url: str = ""
    recipe: str = "verbatim"
    keep: tuple[Any, ...] = ()
    field: str = ""


def _verbatim(source: bytes, row: Row) -> bytes:
    return source


def _jsonl_lines(source: bytes, row: Row) -> bytes:
    """The source's lines whose `row.field` is one of `row.keep`, in the order kept, as they are."""
    text = source.decode("utf-8")
    lines = {json.loads(line)[row.field]: line for line in text.splitlines() if line.strip()}
    missing = [key for key in row.keep if key not in lines]
    if missing:
        raise ChecksumError(f"{row.path}: {len(missing)} records are not in {row.url} (first: {missing[0]!r}).")
    end = "\n" if text.endswith("\n") else ""  # the source's own last line break, or none
    return ("\n".join(lines[key] for key in row.keep) + end).encode("utf-8")


def _parquet_rows(source: bytes, row: Row) -> bytes:
    """The source table's rows at the positions in `row.keep`, in that order, as JSON lines with the id, the
    position (`row.field`), the article and the highlights."""
    import pyarrow.parquet as pq  # the lab's data tooling (Ray Data brings it); not needed to run the product

    table = pq.read_table(io.BytesIO(source), columns=["id", "article", "highlights"]).to_pylist()
    out = []
    for index in row.keep:
        if not 0 <= index < len(table):
            raise ChecksumError(f"{row.path}: row {index} is not in {row.url} ({len(table)} rows).")
        record = table[index]
        out.append(
            json.dumps(
                {
                    "id": record["id"],
                    row.field: index,
                    "article": record["article"],
                    "highlights": record["highlights"],
                },
                ensure_ascii=False,
            )
            + "\n"
        )
    return "".join(out).encode("utf-8")


RECIPES: Mapping[str, Callable[[bytes, Row], bytes]] = {
    "verbatim": _verbatim,
    "jsonl-lines": _jsonl_lines,
    "parquet-rows": _parquet_rows,
}


def load(path: Path = SOURCES) -> list[Row]:
    """The rows of a sources file."""
    rows = json.loads(path.read_text(encoding="utf-8"))["files"]
    return [Row(**{**row, "keep": tuple(row.get("keep", ()))}) for row in rows]


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def rebuild(
    destination: Path, rows: list[Row], home: Path = HOME, mirror: str = "", on_file: Callable[[str], None] = print
) -> None:
    """Write every row's file under `destination`, fetching each source once; raise ChecksumError naming the
    first file whose bytes are not the recorded ones (nothing of it is written)."""
    fetched: dict[str, bytes] = {}
    for row in rows:
        if row.url:
            if row.url not in fetched:
                fetched[row.url] = _fetch(row.url, mirror)
            data = RECIPES[row.recipe](fetched[row.url], row)
        else:
            data = (home / row.path).read_bytes()
        got = digest(data)
        if got != row.sha256:
            raise ChecksumError(
                f"{row.path} is not the file the docs measured on: its SHA-256 is {got}, the record says "
                f"{row.sha256} (source: {row.url or 'evaldata/' + row.path}). It was not written."
            )
        target = destination / row.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        on_file(f"ok {row.path} ({len(data):,} bytes)")


def _fetch(url: str, mirror: str) -> bytes:
    if mirror:
        parts = urlsplit(url)
        url = f"{mirror.rstrip('/')}/{parts.netloc}{parts.path}"
    try:
        response = requests.get(url, timeout=TIMEOUT_S)
        response.raise_for_status()
    except requests.RequestException as error:
        raise InvalidOptionError(f"Could not fetch {url}: {error}") from error
    return response.content


def check(folder: Path, rows: list[Row]) -> list[str]:
    """The rows whose file under `folder` is missing or differs from the record (empty: the folder is the one the
    docs measured on)."""
    return [
        row.path
        for row in rows
        if not (folder / row.path).is_file() or digest((folder / row.path).read_bytes()) != row.sha256
    ]
