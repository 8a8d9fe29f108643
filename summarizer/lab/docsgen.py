"""The generated parts of the docs: the configuration tables and the drawing of the layers, made from the code.

A default written in the docs is the default the code has, and the drawing of which package imports which is
the imports themselves. `docs/configuration.md` holds every settings variable, the README the few most people
set: names and defaults come from `summarizer.Settings` and `ingest.IngestSettings` (each field is read from
`SUMMARIZER_<FIELD>` or `INGEST_<FIELD>`), and what each means is said once, in `MEANINGS` below. A field
without a meaning, or a meaning without a field, stops the generator with a message, so a new setting cannot
reach the docs undocumented. `docs/architecture.md` holds the drawing. `tests/test_docs.py` holds the pages to
what this module makes.

    python -m summarizer.lab.docsgen           # print the generated parts
    python -m summarizer.lab.docsgen --write   # put them into the pages, between their markers
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import re
import sys
from dataclasses import fields
from pathlib import Path
from typing import Callable

from ingest import IngestSettings

from ..settings import Settings, variables

ROOT = Path(__file__).resolve().parents[2]
BEGIN = "<!-- generated: {name}, by `python -m summarizer.lab.docsgen --write`; do not edit -->"
END = "<!-- end of generated part -->"
ESSENTIALS = (
    "SUMMARIZER_ENGINE",
    "SUMMARIZER_MODEL",
    "SUMMARIZER_DEVICE",
    "SUMMARIZER_PRESET",
    "SUMMARIZER_URL",
    "INGEST_MAX_FILE_MB",
    "INGEST_OCR",
    "INGEST_NEWSAPI_KEY",
)
MEANINGS = {
    "SUMMARIZER_MODEL": "hub id or local directory of a seq2seq checkpoint (T5, BART, Pegasus ...)",
    "SUMMARIZER_ENGINE": "`auto` (the model when its weights can be found, else the offline engine), "
    "`abstractive` or `extractive`",
    "SUMMARIZER_DEVICE": "`auto` (CUDA when present, in bf16 or fp16), `cpu` or `cuda`",
    "SUMMARIZER_PRESET": "`fast` (greedy) or `best` (beam 4, no repeated 3-grams, length penalty 2)",
    "SUMMARIZER_BACKEND": "`auto` (CTranslate2 on CPU, transformers on CUDA), `ctranslate2` or `transformers`",
    "SUMMARIZER_QUANTIZATION": "CTranslate2 compute type: `int8`, `int8_float32`, `int16` or `float32`",
    "SUMMARIZER_MAX_INPUT_CHARS": "longer texts are refused with a message; also the bound on the characters of "
    "sources summarized together",
    "SUMMARIZER_TOGETHER_MAX_SOURCES": "at most this many sources (files, texts, links) are summarized together",
    "SUMMARIZER_HUB_TIMEOUT": "seconds to wait for the model hub before falling back to the offline engine",
    "SUMMARIZER_BATCH_SIZE": "parts per generate call; `0` sizes it by free memory (8 on a CPU with 4 GB free, "
    "up to 64 on a GPU)",
    "SUMMARIZER_MAX_INPUT_TOKENS": "the model's input window, in tokens",
    "SUMMARIZER_CACHE_DIR": "Hugging Face cache directory (unset: `HF_HOME`, else `~/.cache/huggingface`)",
    "SUMMARIZER_BATCH_WAIT_MS": "how long concurrent callers are gathered into one batch (up to 30 times that "
    "while callers are still splitting their text)",
    "SUMMARIZER_BATCH_MAX_DOCUMENTS": "documents (overviews and sections) per gathered batch; `1` runs every call "
    "alone",
    "SUMMARIZER_URL": "use the summarizer server at this address instead of a model in this process",
    "SUMMARIZER_URL_TIMEOUT": "seconds one request to the server may take (health checks: at most 5)",
    "SUMMARIZER_SERVE_HOST": "where `serve` listens",
    "SUMMARIZER_SERVE_PORT": "the port `serve` listens on (`--port`)",
    "SUMMARIZER_SERVE_REPLICAS": "model replicas (`--replicas`)",
    "SUMMARIZER_SERVE_NUM_CPUS": "CPUs Ray reserves per replica (fractions allowed)",
    "SUMMARIZER_SERVE_NUM_GPUS": "GPUs Ray reserves per replica (fractions allowed)",
    "SUMMARIZER_SERVE_MAX_BATCH": "requests per batch on a replica",
    "SUMMARIZER_SERVE_BATCH_WAIT_MS": "how long a replica waits to fill a batch",
    "SUMMARIZER_SERVE_MAX_QUEUED": "requests waiting beyond the replicas' `2 x max batch` in progress before 503",
    "SUMMARIZER_SERVE_MAX_BODY_MB": "largest request body in MB (a 2,000,000-character text is at most about "
    "12 MB of JSON)",
    "SUMMARIZER_SERVE_MAX_ITEMS": "most sources in one `summarize_many`",
    "SUMMARIZER_SERVE_BODY_TIMEOUT_S": "seconds a client has to send the whole body (408 after)",
    "SUMMARIZER_SERVE_REQUEST_TIMEOUT_S": "seconds a summary may take once the body is in (504 after); Serve's own "
    "proxy timeout is set 30 s behind, as a backstop",
    "SUMMARIZER_SERVE_KEEP_ALIVE_S": "seconds an idle keep-alive connection stays open",
    "SUMMARIZER_SERVE_MAX_OPEN_REQUESTS": "requests the gateway holds open at once (503 at once beyond it)",
    "SUMMARIZER_SERVE_MAX_HEADER_KB": "largest request head in kB (431 after), cut in Serve's proxy as it arrives",
    "SUMMARIZER_SERVE_MEMORY_MB": "MB of request bodies all open requests may hold together (503 after)",
    "SUMMARIZER_SERVE_ALLOWED_HOSTS": "Host names the API answers, comma-separated (403 for others, and for an "
    "Origin elsewhere); empty: the loopback names while `serve` listens on loopback, no check otherwise; "
    "`*`: no check",
    "SUMMARIZER_CT2_CACHE": "where the fast path keeps the models it converted to CTranslate2 (unset: "
    "`summarizer-ctranslate2` in the Hugging Face cache)",
    "HF_HOME": "the Hugging Face cache (`SUMMARIZER_CACHE_DIR` wins)",
    "HF_HUB_OFFLINE or TRANSFORMERS_OFFLINE": "`1`: only local directories and the cache are tried, never the hub",
    "HF_ENDPOINT": "the model hub",
    "XDG_CACHE_HOME": "`summarize --news` keeps the last briefing in `$XDG_CACHE_HOME/summarizer/briefing.json` "
    "(unset: `~/.cache`)",
    "INGEST_MAX_FILE_MB": "upload limit; keep `.streamlit/config.toml`'s `maxUploadSize` above it so the app's "
    "own message shows",
    "INGEST_MAX_PAGES": "PDF page limit",
    "INGEST_MAX_CHARS": "extracted-text limit",
    "INGEST_EXTRACT_TIMEOUT": "seconds one file may take to parse before it is stopped",
    "INGEST_EXTRACT_MEMORY_MB": "memory one file may take to parse, above the app's",
    "INGEST_OCR": "read scanned pages and images by OCR (`0` turns it off; the upload page has a switch too)",
    "INGEST_OCR_MAX_PAGES": "pages of one file read by OCR; later scanned pages are skipped with a note",
    "INGEST_OCR_DPI": "resolution scanned PDF pages are rendered at for OCR",
    "INGEST_OCR_PAGE_TIMEOUT": "seconds OCR may go without progress (a few lines read) before the file is stopped",
    "INGEST_OCR_ENGINE": "`tesseract` or `rapidocr`: the OCR engine (RapidOCR reads where Tesseract's English model "
    "or tesserocr is not installed)",
    "INGEST_HEADINGS": "who tells a PDF's headings when it has no outline: `rules` (the layout rules), `learned` (the "
    "shipped model, `ingest/formats/pdf/headingmodel.json`) or the path of a model file `train-headings` wrote",
    "INGEST_FETCH_TIMEOUT": "seconds for a whole feed or article fetch (connect, headers, body, redirects)",
    "INGEST_MAX_DOWNLOAD_MB": "largest feed or article download",
    "INGEST_NEWSAPI_KEY": "NewsAPI key for the headlines (`NEWSAPI_KEY` works too, as does `NEWSAPI_KEY` in "
    "`.streamlit/secrets.toml`); unset: the RSS feeds",
    "INGEST_NEWSAPI_URL": "the NewsAPI endpoint",
    "INGEST_NEWSAPI_SOURCES": "the NewsAPI sources",
    "INGEST_FEEDS": "comma-separated RSS or Atom feeds read without a NewsAPI key",
    "INGEST_FEED_TTL": "seconds the headlines are cached",
    "INGEST_FEED_RETRY_AFTER": "seconds a failed news refresh is remembered before the feeds are tried again",
    "INGEST_ALLOW_PRIVATE_URLS": "allow fetching private and loopback addresses (tests only)",
    "INGEST_USER_AGENT": "the User-Agent header of every feed and article fetch",
    "INGEST_INCIDENT_LOG": "where the command lines log unexpected errors with their traceback (unset: "
    "`$XDG_STATE_HOME/summarizer/incidents.log`, else `~/.local/state/summarizer/incidents.log`)",
}


class GenerationError(Exception):
    """A settings field without a meaning here, a meaning for a variable no field reads, or a page without markers."""


def _default(value: object) -> str:
    """A default as a person would write it in the environment."""
    if value is None or value == "":
        return "unset"
    if isinstance(value, bool):
        return "`1`" if value else "`0`"
    if isinstance(value, tuple):
        return ", ".join(f"`{item}`" for item in value)
    if isinstance(value, float):
        return f"`{value:g}`"
    return f"`{value}`"


def rows() -> list[tuple[str, str, str]]:
    """(variable, default, meaning) for every settings field, the summarizer's first, each in field order."""
    found = [
        (" or ".join(variables(field, prefix)), _default(field.default))
        for prefix, cls in (("SUMMARIZER", Settings), ("INGEST", IngestSettings))
        for field in fields(cls)
    ]
    names = [name for name, _ in found]
    if missing := [name for name in names if name not in MEANINGS]:
        raise GenerationError(f"{', '.join(missing)}: say what it means in MEANINGS in {__name__}.")
    if stale := sorted(set(MEANINGS) - set(names)):
        raise GenerationError(f"{', '.join(stale)}: no settings field reads it; remove it from {__name__}.")
    return [(name, default, MEANINGS[name]) for name, default in found]


def _names(variables: str) -> str:
    """'`A` or `B`' for a field read from the variables 'A or B'."""
    return " or ".join(f"`{name}`" for name in variables.split(" or "))


def settings_table(essentials: bool = False) -> str:
    """The Markdown table of every settings variable, or of the `ESSENTIALS` only."""
    chosen = [row for row in rows() if not essentials or row[0] in ESSENTIALS]
    lines = ["| variable | default | meaning |", "|---|---|---|"]
    lines += [f"| {_names(name)} | {default} | {meaning} |" for name, default, meaning in chosen]
    return "\n".join(lines)


# Packages as the drawing shows them, most specific first: a module belongs to the first that holds it.
LAYERS = (
    "app",
    "views",
    "ui",
    "summarizer.lab",
    "summarizer.distributed",
    "summarizer.remote",
    "summarizer.engines",
    "summarizer.text",
    "summarizer",
    "ingest.formats",
    "ingest.recognition",
    "ingest.network",
    "ingest.marking",
    "ingest",
    "textkind",
)


def _layer(module: str) -> str | None:
    return next((layer for layer in LAYERS if module == layer or module.startswith(layer + ".")), None)


def _imported(path: Path) -> set[str]:
    """Every module a file imports anywhere in it (`from a import b` counts as a and a.b), relative ones resolved."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    package = ".".join(parts[:-1])
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = importlib.util.resolve_name("." * node.level + (node.module or ""), package)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def layer_edges() -> list[tuple[str, str]]:
    """(importer, imported) for each pair of packages in `LAYERS` where a module of one imports the other."""
    files = [
        ROOT / "app.py",
        *(p for top in ("views", "ui", "summarizer", "ingest", "textkind") for p in (ROOT / top).rglob("*.py")),
    ]
    edges = set()
    for path in files:
        parts = path.relative_to(ROOT).with_suffix("").parts
        source = _layer(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
        for name in _imported(path):
            target = _layer(name)
            if source and target and target != source:
                edges.add((source, target))
    return sorted(edges, key=lambda edge: (LAYERS.index(edge[0]), LAYERS.index(edge[1])))


def layer_drawing() -> str:
    """A Mermaid flowchart of `layer_edges`: an arrow from each package to every package it imports."""
    ident = {layer: layer.replace(".", "_") for layer in LAYERS}
    label = {layer: "app.py" if layer == "app" else layer.replace(".", "/") + "/" for layer in LAYERS}
    lines = ["```mermaid", "flowchart TD"]
    lines += [f'  {ident[layer]}["{label[layer]}"]' for layer in LAYERS]
    lines += [f"  {ident[source]} --> {ident[target]}" for source, target in layer_edges()]
    return "\n".join([*lines, "```"])


# Each generated part: its name in the markers, the page that holds it, and what makes it.
PARTS: dict[str, tuple[Path, Callable[[], str]]] = {
    "settings (all)": (ROOT / "docs" / "configuration.md", settings_table),
    "settings (essentials)": (ROOT / "README.md", lambda: settings_table(essentials=True)),
    "layers": (ROOT / "docs" / "architecture.md", layer_drawing),
}


def generated(name: str) -> str:
    """The part `name` as its page should hold it, markers included."""
    return "\n".join([BEGIN.format(name=name), PARTS[name][1](), END])


def in_page(text: str, name: str) -> str | None:
    """The part `name` as it stands in a page's text, markers included; None when the page has no such part."""
    found = re.search(re.escape(BEGIN.format(name=name)) + r".*?" + re.escape(END), text, flags=re.DOTALL)
    return found.group(0) if found else None


def write() -> list[Path]:
    """Each page's generated parts replaced by what the code gives now; the pages changed."""
    changed = []
    for name, (page, _) in PARTS.items():
        text = page.read_text()
        current = in_page(text, name)
        if current is None:
            raise GenerationError(
                f"{page.relative_to(ROOT)} has no markers for the {name} part; put its two lines in:\n"
                f"{BEGIN.format(name=name)}\n{END}"
            )
        if current != generated(name):
            page.write_text(text.replace(current, generated(name)))
            changed.append(page)
    return changed


def parser() -> argparse.ArgumentParser:
    """This command's arguments (the docs test reads them to check the commands the pages show)."""
    made = argparse.ArgumentParser(prog="python -m summarizer.lab.docsgen", description=__doc__.split("\n")[0])
    made.add_argument("--write", action="store_true", help="put the generated parts into their pages")
    return made


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        if args.write:
            for page in write():
                print(f"updated {page.relative_to(ROOT)}")
        else:
            print("\n\n".join(generated(name) for name in PARTS))
    except GenerationError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
