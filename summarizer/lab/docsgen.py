"""The generated parts of the docs: the configuration tables and the drawing of the layers, made from the code.

A default written in the docs is the default the code has, and the drawing of which package imports which is
the imports themselves. `docs/configuration.md` holds every settings variable, the README the few most people
set: each row of `summarizer.Settings` and `ingest.IngestSettings` (read from `SUMMARIZER_<FIELD>` or
`INGEST_<FIELD>` unless the row names its variables) gives its name, default, what it accepts and what it means, all
declared beside the field with `settingkit.setting`, so a new setting cannot reach the docs undocumented.
`docs/architecture.md` holds the drawing. `tests/test_docs.py` holds the pages to
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
from pathlib import Path
from typing import Callable

from ingest import IngestSettings
from settingkit import accepts, entries

from ..settings import Settings

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


class GenerationError(Exception):
    """A page without the markers of a part it should hold."""


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


def rows() -> list[tuple[str, str, str, str]]:
    """(variables, default, what it accepts, meaning) for every settings row, the summarizer's first, each in field
    order."""
    tables = (("SUMMARIZER", Settings), ("INGEST", IngestSettings))
    return [
        (" or ".join(entry.variables), _default(entry.default), accepts(entry), entry.rule.meaning)
        for prefix, cls in tables
        for entry in entries(cls, prefix)
    ]


def _names(variables: str) -> str:
    """'`A` or `B`' for a field read from the variables 'A or B'."""
    return " or ".join(f"`{name}`" for name in variables.split(" or "))


def settings_table(essentials: bool = False) -> str:
    """The Markdown table of every settings variable, or of the `ESSENTIALS` only."""
    chosen = [row for row in rows() if not essentials or row[0].split(" or ")[0] in ESSENTIALS]
    lines = ["| variable | default | accepts | meaning |", "|---|---|---|---|"]
    lines += [f"| {_names(name)} | {default} | {accepted} | {meaning} |" for name, default, accepted, meaning in chosen]
    return "\n".join(lines)


TOPS = ("views", "ui", "summarizer", "ingest", "textkind", "settingkit")


def _packages() -> tuple[str, ...]:
    """app.py, then every package folder on disk (one holding Python modules) under `TOPS`, each one's
    subpackages before it: a module belongs to the first that holds it, its deepest."""
    found = ["app"]
    for top in TOPS:
        names = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / top).rglob("*.py")}
        found += sorted(names, key=lambda name: (-name.count("."), name))
    return tuple(found)


# Packages as the drawing shows them, from the folders on disk, most specific first.
LAYERS = _packages()


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
        *(p for top in TOPS for p in (ROOT / top).rglob("*.py")),
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
