"""The README and docs/ say only what is true of the code: every command they show parses, every link leads
somewhere, every file and variable they name exists, and the generated parts match what the code gives.

Commands are read from the fenced `sh` blocks, as a reader would copy them. `python -m summarizer`, `python -m
ingest` (or their bare names) are parsed by the very parser each entry builds: the entry module is run until its
`parse_args`, which hands the parser over instead of parsing `sys.argv`; then the command's own words are parsed,
so a renamed subcommand, a removed flag or a value a flag refuses fails here. `make` targets and variables come
from the Makefile, `docker build --build-arg` names from the Dockerfile's ARGs, `pip -r` files from the tree.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import importlib
import io
import re
import runpy
import shlex
from pathlib import Path
from unittest import mock

import pytest
from markdown_it import MarkdownIt

from summarizer.lab import docsgen

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [README, *DOCS, ROOT / "CHANGELOG.md"]
MARKDOWN = MarkdownIt("commonmark").enable("table")
# Words of a development diary, not of a user's guide.
DIARY = re.compile(r"\b(helpers?|sessions? \d+|(this|last|development) session|issues? #?\d+|this round)\b", re.I)
VARIABLE = re.compile(r"\b(?:SUMMARIZER|INGEST)_[A-Z0-9_]*[A-Z0-9]\b")
# A path in the repository as the pages write it: from a top-level folder, in backticks.
REPO_PATH = re.compile(r"`((?:app|views|ui|summarizer|ingest|tests|docs|\.streamlit|\.ci)/[\w./-]*)`")
# A name in the code as the pages write it: dotted from a package, in backticks (`ingest.document.BlockKind`).
CODE_NAME = re.compile(r"`((?:summarizer|ingest|ui)(?:\.\w+)+)`")


def _tokens(page: Path):
    return MARKDOWN.parse(page.read_text())


def _relative(page: Path) -> str:
    return str(page.relative_to(ROOT))


def shell_blocks(page: Path) -> list[tuple[int, str]]:
    """(line number, text) of each fenced `sh` block."""
    return [(t.map[0] + 1, t.content) for t in _tokens(page) if t.type == "fence" and t.info.strip() == "sh"]


def commands(block: str) -> list[tuple[int, list[str]]]:
    """(line in the block, words) of each simple command: comments dropped, split at | && || ; and &."""
    found = []
    for number, line in enumerate(block.replace("\\\n", " ").splitlines()):
        lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        command: list[str] = []
        for token in lexer:
            if token in ("|", "||", "&&", ";", "&"):
                found.append((number, command))
                command = []
            else:
                command.append(token)
        found.append((number, command))
    return [(number, command) for number, command in found if command]


def shown_commands() -> list[tuple[str, list[str]]]:
    return [
        (f"{_relative(page)}:{line + number + 1}", command)
        for page in [README, *DOCS]
        for line, block in shell_blocks(page)
        for number, command in commands(block)
    ]


class _Built(Exception):
    """Carries the parser an entry built, out of its `parse_args`."""


@functools.cache
def entry_parser(module: str) -> argparse.ArgumentParser:
    """The parser `python -m module` builds, taken from it at its `parse_args` call."""

    def hand_over(parser: argparse.ArgumentParser, *args, **kwargs):
        raise _Built(parser)

    with mock.patch.object(argparse.ArgumentParser, "parse_args", hand_over):
        try:
            runpy.run_module(
                f"{module}.__main__" if module in ("summarizer", "ingest") else module, run_name="__main__"
            )
        except _Built as built:
            return built.args[0]
    raise AssertionError(f"python -m {module} parsed no arguments")


def parse_error(parser: argparse.ArgumentParser, argv: list[str]) -> str | None:
    """argparse's complaint about `argv`, or None when it parses."""
    complaint = io.StringIO()
    with contextlib.redirect_stderr(complaint), contextlib.redirect_stdout(io.StringIO()):
        try:
            parser.parse_args(argv)
        except SystemExit as stop:
            return complaint.getvalue().strip().splitlines()[-1] if stop.code else None
    return None


def makefile() -> tuple[set[str], set[str]]:
    """The Makefile's targets and variables."""
    text = (ROOT / "Makefile").read_text()
    targets = set(re.findall(r"^([A-Za-z][\w-]*)\s*:(?!=)", text, flags=re.M))
    variables = set(re.findall(r"^([A-Z_]+)\s*(?:\?|:)?=", text, flags=re.M))
    return targets, variables


def settings_variables() -> set[str]:
    return {name for row in docsgen.rows() for name in row[0].split(" or ")}


@functools.cache
def code_text() -> str:
    """The project's Python, this file's examples of wrong names left out."""
    files = [p for top in ("summarizer", "ingest", "ui", "views", "tests") for p in (ROOT / top).rglob("*.py")]
    return "\n".join(p.read_text() for p in files if p != Path(__file__).resolve())


def known_variable(name: str) -> bool:
    """A settings variable, or one the code reads by its name (the fast path's cache, the fuzz test's count)."""
    return name in settings_variables() or re.search(rf"\b{name}\b", code_text()) is not None


def check(command: list[str]) -> str | None:
    """What is wrong with one shown command, or None."""
    while command and re.fullmatch(r"[A-Za-z_]\w*=.*", command[0]):
        name = command.pop(0).split("=")[0]
        if VARIABLE.fullmatch(name) and not known_variable(name):
            return f"{name} is not a setting the code reads"
    if not command:
        return None
    program = Path(command[0]).name
    if re.fullmatch(r"python(3(\.\d+)?)?", program) and command[1:2] == ["-m"] and len(command) > 2:
        module, argv = command[2], command[3:]
        if module in ("summarizer", "ingest", "summarizer.lab.docsgen"):
            return parse_error(docsgen.parser() if module == "summarizer.lab.docsgen" else entry_parser(module), argv)
        if module == "pytest":
            missing = [a for a in argv if a.startswith("tests/") and not (ROOT / a.split("::")[0]).exists()]
            return f"no such tests: {missing}" if missing else None
        if module.split(".")[0] in ("summarizer", "ingest"):
            return f"python -m {module}: no such command"
        return None
    if program in ("summarizer", "ingest"):
        return parse_error(entry_parser(program), command[1:])
    if program == "make":
        targets, variables = makefile()
        for word in command[1:]:
            if "=" in word and word.split("=")[0] not in variables:
                return f"the Makefile has no variable {word.split('=')[0]}"
            if "=" not in word and not word.startswith("-") and word not in targets:
                return f"the Makefile has no target {word}"
        return None
    if program == "docker" and "--build-arg" in command:
        declared = set(re.findall(r"^ARG (\w+)", (ROOT / "Dockerfile").read_text(), flags=re.M))
        named = {command[i + 1].split("=")[0] for i, word in enumerate(command[:-1]) if word == "--build-arg"}
        return f"the Dockerfile has no ARG {sorted(named - declared)}" if named - declared else None
    if program == "pip" and "-r" in command:
        wanted = command[command.index("-r") + 1]
        return None if (ROOT / wanted).exists() else f"{wanted} does not exist"
    return None


@pytest.mark.parametrize("where, command", shown_commands(), ids=[where for where, _ in shown_commands()])
def test_every_shown_command_exists_with_the_options_it_shows(where, command):
    assert check(list(command)) is None, f"{where}: {shlex.join(command)}: {check(list(command))}"


def test_the_check_refuses_what_the_code_does_not_have():
    """The check itself: a subcommand, a flag, a value, a target and a setting that do not exist are each caught."""
    wrong = [
        "python -m summarizer summarise notes.txt",
        "python -m summarizer summarize notes.txt --lenght short",
        "python -m summarizer summarize notes.txt --length huge",
        "python -m summarizer evaluate data.jsonl --limit N",
        "python -m ingest report.pdf --json",
        "make serve",
        "make run PORTS=1",
        "SUMMARIZER_ENGIN=extractive make run",
        "docker build --build-arg MODELS=t5-small .",
    ]
    assert [c for c in wrong if check(shlex.split(c)) is None] == []
    assert check(shlex.split("SUMMARIZER_ENGINE=extractive python -m summarizer summarize - --words 80")) is None


def test_the_readme_is_short_and_starts_with_the_two_commands():
    lines = README.read_text().splitlines()
    assert len(lines) <= 250
    first_block = shell_blocks(README)[0]
    assert [line.split("#")[0].strip() for line in first_block[1].splitlines()] == ["make run", "make test"]
    assert all(not line.strip() or line.startswith("#") for line in lines[: first_block[0] - 1])


def test_every_docs_page_is_linked_from_the_readme():
    linked = {href.split("#")[0] for href, _ in links(README)}
    assert {_relative(page) for page in DOCS} | {"CHANGELOG.md"} <= linked


def test_no_page_reads_like_a_development_diary():
    for page in PAGES:
        assert not DIARY.findall(page.read_text()), _relative(page)


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    tokens = _tokens(page)
    return {slug(tokens[i + 1].content.replace("`", "")) for i, t in enumerate(tokens) if t.type == "heading_open"}


def links(page: Path) -> list[tuple[str, int]]:
    """(target, line) of every link and image in a page."""
    found = []
    for token in _tokens(page):
        for child in token.children or []:
            target = child.attrGet("href") if child.type == "link_open" else child.attrGet("src")
            if isinstance(target, str):
                found.append((target, token.map[0] + 1 if token.map else 0))
    return found


@pytest.mark.parametrize("page", PAGES, ids=_relative)
def test_every_link_leads_somewhere(page):
    for target, line in links(page):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        goal = (page.parent / path).resolve() if path else page
        assert goal.exists(), f"{_relative(page)}:{line}: {target}"
        if anchor:
            assert anchor in anchors(goal), f"{_relative(page)}:{line}: no heading for #{anchor}"


@pytest.mark.parametrize("page", PAGES, ids=_relative)
def test_every_file_and_variable_named_exists(page):
    text = page.read_text()
    # Files a user makes, such as .streamlit/secrets.toml, are named in .gitignore rather than kept.
    made_by_the_user = set((ROOT / ".gitignore").read_text().splitlines())
    missing = [p for p in REPO_PATH.findall(text) if not (ROOT / p).exists() and p not in made_by_the_user]
    assert not missing, f"{_relative(page)} names files that are not there: {missing}"
    unknown = sorted({name for name in VARIABLE.findall(text) if not known_variable(name)})
    assert not unknown, f"{_relative(page)} names settings that the code does not read: {unknown}"


@pytest.mark.parametrize("name", docsgen.PARTS)
def test_the_generated_parts_match_the_code(name):
    page, _ = docsgen.PARTS[name]
    assert docsgen.in_page(page.read_text(), name) == docsgen.generated(name), (
        f"{_relative(page)}: its {name} part is out of date; run python -m summarizer.lab.docsgen --write"
    )


def resolves(name: str) -> bool:
    """Whether a dotted name is a module, or an attribute of the longest module prefix that imports."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for attribute in parts[cut:]:
                found = getattr(found, attribute)
        except AttributeError:
            return False
        return True
    return False


@pytest.mark.parametrize("page", PAGES, ids=_relative)
def test_every_name_in_the_code_that_a_page_gives_exists(page):
    stale = sorted({name for name in CODE_NAME.findall(page.read_text()) if not resolves(name)})
    assert not stale, f"{_relative(page)} names what the code no longer has: {stale}"


def test_every_screenshot_is_shown_on_some_page():
    shown = {(page.parent / target).resolve() for page in PAGES for target, _ in links(page)}
    unshown = [p.name for p in sorted((ROOT / "docs" / "screenshots").glob("*.png")) if p.resolve() not in shown]
    assert not unshown, f"screenshots no page shows: {unshown}"
