"""Imports point one way: views (the pages) -> ui -> the public faces of summarizer and ingest.

Libraries never import streamlit; UI never imports torch or an engine or lab tool; ingest knows
nothing of models; nothing outside the lab imports the lab (but `python -m summarizer`'s entry,
which joins the lab's commands to the product's); the summarizer reaches ingest through its public
face; the runtime core never imports Ray or its Ray deployment (`summarizer.distributed`), which in
turn knows nothing of the screen; both libraries share the text-kind rules (`textkind`), which import only the
standard library, as does the settings' one rule (`settingkit`); and no module imports itself through a cycle.
"""

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAB_TOOLS = {
    "benchmark",
    "finetune",
    "evaluation",
    "papers",
    "junk",
    "randommodel",
    "syntheticprose",
    "scaling",
    "ocreval",
}
# The entry that joins the lab's commands to the product's: the one module outside the lab that imports it.
ENTRY = ROOT / "summarizer" / "__main__.py"


def _runtime_nodes(tree: ast.AST):
    """Every node but those under `if TYPE_CHECKING:` (imports for annotations only, never run)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            yield from (n for child in node.orelse for n in ast.walk(child))
            continue
        yield node
        yield from _runtime_nodes(node)


def imports(path: Path, typing_too: bool = False) -> frozenset[str]:
    """Dotted names a file imports, with `from a import b` counted as both a and a.b; relative ones resolved.
    Imports inside functions count (they run when called); those under `if TYPE_CHECKING:` count only with
    `typing_too` (they never run, but a type cycle still ties the modules together for a reader and for mypy)."""
    return _imports(path, path.stat().st_mtime_ns, typing_too)


@functools.cache
def _imports(path: Path, mtime_ns: int, typing_too: bool) -> frozenset[str]:
    """`imports`, parsed once per file version: the cycle search asks for each module thousands of times
    (2,524 parses, 20 s, before this cache). The mtime in the key means an edited file is parsed again."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    names = set()
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree) if typing_too else _runtime_nodes(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            names.add(base)
            folder = ROOT.joinpath(*base.split("."))
            names.update(
                f"{base}.{alias.name}"
                for alias in node.names
                if (folder / f"{alias.name}.py").exists() or (folder / alias.name).is_dir()
            )
    return frozenset(names)


def fresh(probe: str) -> str:
    """What `probe` prints, run in a fresh interpreter from the repository root (to see what an import loads)."""
    import subprocess
    import sys

    return subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    ).stdout.strip()


def files(*folders: str) -> list[Path]:
    return [path for folder in folders for path in (ROOT / folder).rglob("*.py")]


def ui_files() -> list[Path]:
    return [ROOT / "app.py", *files("views", "ui")]


def test_libraries_do_not_import_streamlit_or_the_ui():
    for path in files("summarizer", "ingest"):
        assert not {n.split(".")[0] for n in imports(path)} & {"streamlit", "ui", "views"}, path


def test_ui_never_imports_torch_engines_or_lab_tools():
    for path in ui_files():
        names = imports(path)
        assert not {n.split(".")[0] for n in names} & {"torch", "transformers", "ctranslate2"}, path
        assert not {n for n in names if n.startswith("summarizer.")}, path
        assert not {n for n in names if n.split(".")[0] in ("ray", "requests", "httpx")}, path
        assert {n for n in names if n.startswith("ingest")} <= {"ingest"}, path


def test_pages_reach_libraries_only_through_their_public_faces_and_ui():
    for path in files("views"):
        assert {n for n in imports(path) if n.split(".")[0] in ("summarizer", "ingest")} <= {"summarizer", "ingest"}, (
            path
        )


# The leaves both libraries share: the text-kind rules and the settings' one rule.
SHARED_LEAVES = ("textkind", "settingkit")


@pytest.mark.parametrize("leaf", SHARED_LEAVES)
def test_the_shared_leaves_stand_alone(leaf):
    """A shared leaf (`textkind`'s rules, `settingkit`'s settings rule) imports only the standard library (importing
    it loads neither ingest nor the summarizer), and the libraries reach it through its public face."""
    import sys

    for path in files(leaf):
        names = {n.split(".")[0] for n in imports(path)}
        assert names <= set(sys.stdlib_module_names) | {"__future__", leaf}, path
    for path in files("summarizer", "ingest"):
        assert not {n for n in imports(path) if n.startswith(f"{leaf}.")}, path
    probe = f"import sys, {leaf}; print(sorted({{m.split('.')[0] for m in sys.modules}} & {{'ingest', 'summarizer'}}))"
    assert fresh(probe) == "[]"


def test_ingest_knows_nothing_of_models():
    for path in files("ingest"):
        assert not {n.split(".")[0] for n in imports(path)} & {"summarizer", "torch", "transformers", "ctranslate2"}, (
            path
        )


def test_nothing_outside_the_lab_imports_the_lab_but_the_entry():
    outside = [p for p in files("summarizer", "ingest") if "lab" not in p.parts and p != ENTRY] + ui_files()
    for path in outside:
        assert not {n for n in imports(path) if n.startswith("summarizer.lab")}, path
    assert "summarizer.lab.cli" in imports(ENTRY)


def test_the_product_command_line_loads_no_lab_module():
    """`summarizer.cli` stands alone: importing it and building its parser loads nothing of the lab."""
    assert (
        fresh(
            "import sys; from summarizer import cli; cli.parser(); "
            "print(sorted(m for m in sys.modules if m.startswith('summarizer.lab')))"
        )
        == "[]"
    )


def test_the_summarizer_reads_through_ingests_public_face():
    """Only the lab, which measures ingest, may reach past `ingest/__init__.py`; nobody imports ingest's own CLI."""
    for path in files("summarizer"):
        reached = {n for n in imports(path) if n.startswith("ingest.")}
        if "lab" in path.parts:
            assert not reached & {"ingest.cli", "ingest.newscli", "ingest.__main__"}, path
        else:
            assert not reached, path


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_import_cycles():
    """A module never imports itself through others (`from . import x` counts as x, not the package), not even
    for its annotations alone (`if TYPE_CHECKING:`)."""
    modules = {_module(p): p for p in files("summarizer", "ingest", *SHARED_LEAVES) + ui_files()}

    def edges(name: str) -> set[str]:
        found = imports(modules[name], typing_too=True) & set(modules)
        # `from pkg import submodule` names pkg too; the edge is to the submodule (pkg runs first, but imports
        # nothing back from a module that is still loading).
        return {n for n in found if n != name and not any(m.startswith(n + ".") for m in found)}

    def cycle_from(start: str) -> list[str] | None:
        path, seen = [start], set()

        def walk(name: str) -> list[str] | None:
            for nxt in sorted(edges(name)):
                if nxt == start:
                    return path + [start]
                if nxt not in seen:
                    seen.add(nxt)
                    path.append(nxt)
                    if found := walk(nxt):
                        return found
                    path.pop()
            return None

        return walk(start)

    cycles = [c for c in map(cycle_from, sorted(modules)) if c]
    assert not cycles, cycles[0]


def test_ui_and_runtime_core_never_import_ray_or_the_deployment():
    core = [
        p
        for p in files("summarizer")
        if not {"lab", "distributed"} & set(p.parts) and p.name not in ("__main__.py", "cli.py")
    ]
    for path in ui_files() + core:
        names = imports(path)
        assert not {n for n in names if n.split(".")[0] == "ray" or n.startswith("summarizer.distributed")}, path


def test_the_deployment_knows_nothing_of_the_screen():
    """Corpus jobs read their files with ingest, as the command line does; nothing here draws a page."""
    for path in files("summarizer/distributed"):
        assert not {n.split(".")[0] for n in imports(path)} & {"streamlit", "ui", "views"}, path


def test_connecting_to_a_server_loads_neither_ray_nor_a_model():
    probe = (
        "import sys, summarizer; s = summarizer.connect(summarizer.Settings(url='http://127.0.0.1:9')); "
        "print(type(s).__name__, sorted(m for m in sys.modules if m.startswith(('ray', 'torch', 'summarizer.dis'))))"
    )
    assert fresh(probe) == "RemoteSummarizer []"


def test_lab_tools_live_in_the_lab_and_engines_in_engines():
    assert {p.stem for p in (ROOT / "summarizer" / "lab").glob("*.py")} - {"__init__"} >= LAB_TOOLS
    assert not {p.stem for p in (ROOT / "summarizer").glob("*.py")} & (LAB_TOOLS | {"abstractive", "extractive"})


def test_engines_know_nothing_of_the_service_or_the_screen():
    for path in files("summarizer/engines"):
        names = imports(path)
        assert not {n for n in names if n.split(".")[0] in ("streamlit", "ui", "views", "ingest")}, path
        assert not names & {
            "summarizer.service",
            "summarizer.batching",
            "summarizer.planning",
            "summarizer.sectioned",
        }, path


def test_the_offline_engine_loads_without_the_abstractive_one_or_torch():
    probe = (
        "import sys, summarizer; summarizer.Summarizer(summarizer.Settings(engine='extractive')).summarize("
        "'The council met on Monday. It voted to build a new bridge over the river.'); "
        "print(sorted(m for m in sys.modules if m.startswith(('torch', 'transformers', 'summarizer.engines.abs'))))"
    )
    assert fresh(probe) == "[]"


def test_public_api_of_summarizer_is_pinned():
    import summarizer

    assert sorted(summarizer.__all__) == sorted(
        [
            "Briefing",
            "Combined",
            "CombinedSentence",
            "Coverage",
            "EmptyInputError",
            "EngineFacts",
            "EngineKind",
            "EngineName",
            "kind_of",
            "InputTooLargeError",
            "InvalidOptionError",
            "Mark",
            "ModelLoadError",
            "NamedSource",
            "NoSentencesError",
            "Partial",
            "PartialTogether",
            "Progress",
            "RemoteSummarizer",
            "SectionSummary",
            "Shelf",
            "ServiceBusyError",
            "SourceResult",
            "ServiceUnavailableError",
            "Settings",
            "Summarizer",
            "Summary",
            "SummaryFormat",
            "SummaryOptions",
            "SummaryService",
            "SummarizerError",
            "Unreadable",
            "WORD_TARGET_RANGE",
            "brief",
            "check_count",
            "connect",
            "escape_markdown",
            "has_sentences",
            "stream_together",
            "render_json",
            "render_markdown",
            "render_text",
            "page_overview",
            "marked_text",
            "unmarked",
            "render_together_markdown",
            "summarize_together",
        ]
    )


def test_public_api_of_ingest_is_pinned():
    import ingest

    assert sorted(ingest.__all__) == sorted(
        [
            "BLOCK_KINDS",
            "FORMATS_IN_WORDS",
            "LEFT_OUT_KINDS",
            "UPLOAD_SUFFIXES",
            "Block",
            "CorruptFileError",
            "Document",
            "ExtractionTimeoutError",
            "FeedResult",
            "FetchError",
            "FileTooLargeError",
            "Headline",
            "Highlighted",
            "IngestError",
            "IngestSettings",
            "NewsApiError",
            "NewsFeed",
            "NoTextError",
            "OcrReport",
            "Origin",
            "PasswordProtectedError",
            "SettingsError",
            "UnsafeUrlError",
            "UnsupportedFormatError",
            "apology",
            "counted",
            "fetch_article",
            "file_size",
            "highlight_pdf",
            "ingest_file",
            "log_incident",
            "marked_html",
            "ocr_engine_in_words",
            "parse_text",
            "program_name",
            "read_file",
            "read_source",
            "run_command",
            "words_in",
        ]
    )
    assert all(hasattr(ingest, name) for name in ingest.__all__)


def test_rouge_score_is_a_lab_requirement_only():
    outside_lab = [p for p in files("summarizer", "ingest") if "lab" not in p.parts] + ui_files()
    for path in outside_lab:
        assert not {n for n in imports(path) if n.split(".")[0] == "rouge_score"}, path
    assert "rouge-score" not in (ROOT / "requirements.txt").read_text()
    assert "rouge-score==" in (ROOT / "requirements-dev.txt").read_text()


def test_importing_the_summarizer_loads_neither_ingest_nor_torch():
    """A client of the service (the app through a server, a script) pays for neither the readers nor the model
    runtime: `ingest` and torch load only when a document is read or the model is used."""
    import subprocess
    import sys

    probe = "import sys, summarizer; print(sorted({m.split('.')[0] for m in sys.modules} & {'ingest', 'torch'}))"
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def _engine_names_used(path: Path) -> list[str]:
    """Where a file names an engine other than by choosing one (`engine="extractive"`, a setting): a string equal to
    an engine's name, or `EngineName.<member>`; with the line of each."""
    from summarizer.engine import EngineName

    tree = ast.parse(path.read_text())
    chosen = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.keyword) and node.arg == "engine"}
    found = []
    for node in ast.walk(tree):
        named = isinstance(node, ast.Constant) and node.value in set(EngineName) and id(node) not in chosen
        member = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "EngineName"
        if named or member:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_no_module_outside_the_engine_table_names_an_engine():
    """The engine table (`summarizer/engine.py`) and its loaders (`engines/registry.py`) name the engines, and each
    engine's module its own, once (`name = EngineName.X`); everything else reads a row (`kind_of`) and never asks
    "is this engine X?". The lab may choose an engine to measure (a setting, a command's argument)."""
    table = {ROOT / "summarizer" / "engine.py", ROOT / "summarizer" / "engines" / "registry.py"}
    own = {ROOT / "summarizer" / "engines" / f"{n}.py" for n in ("extractive", "abstractive", "openai")}
    for path in files("summarizer", "ingest") + ui_files():
        if "lab" not in path.parts and path not in table:
            assert len(_engine_names_used(path)) == (path in own), _engine_names_used(path)


def test_the_lab_never_compares_engine_names():
    from summarizer.engine import EngineName

    for path in files("summarizer/lab"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare):
                parts = [node.left, *node.comparators]
                assert not any(isinstance(p, ast.Constant) and p.value in set(EngineName) for p in parts), path
                assert not any(isinstance(p, ast.Attribute) and ast.unparse(p).startswith("EngineName.") for p in parts)
