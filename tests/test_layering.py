"""Imports point one way: views (the pages) -> ui -> the public faces of summarizer and ingest.

Libraries never import streamlit; UI never imports torch or an engine or lab tool; ingest knows
nothing of models; the summarizer's runtime core never imports its lab tools.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAB_TOOLS = {"cli", "benchmark", "finetune", "evaluation", "papers", "junk", "randommodel", "syntheticprose"}
UI_INGEST = {"ingest", "ingest.articles", "ingest.news", "ingest.errors"}


def imports(path: Path) -> set[str]:
    """Dotted names a file imports, with `from a import b` counted as both a and a.b; relative ones resolved."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            names.add(base)
            folder = ROOT.joinpath(*base.split("."))
            names.update(f"{base}.{alias.name}" for alias in node.names
                         if (folder / f"{alias.name}.py").exists() or (folder / alias.name).is_dir())
    return names


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
        assert {n for n in names if n.startswith("ingest")} <= UI_INGEST, path


def test_pages_reach_libraries_only_through_their_public_faces_and_ui():
    for path in files("views"):
        assert {n for n in imports(path) if n.split(".")[0] in ("summarizer", "ingest")} <= {"summarizer", "ingest"}, path


def test_ingest_knows_nothing_of_models():
    for path in files("ingest"):
        assert not {n.split(".")[0] for n in imports(path)} & {"summarizer", "torch", "transformers", "ctranslate2"}, path


def test_summarizer_runtime_core_does_not_import_lab_tools():
    for path in files("summarizer"):
        if path.stem in LAB_TOOLS | {"__main__"}:
            continue
        inner = {n.split(".")[1] for n in imports(path) if n.startswith("summarizer.") and n.count(".") >= 1}
        assert not inner & LAB_TOOLS, (path, inner & LAB_TOOLS)


def test_public_api_of_summarizer_is_pinned():
    import summarizer
    assert sorted(summarizer.__all__) == sorted([
        "Coverage", "EmptyInputError", "InputTooLargeError", "InvalidOptionError", "ModelLoadError",
        "NoSentencesError", "SectionSummary", "Settings", "Summarizer", "Summary", "SummaryOptions",
        "SummarizerError"])
