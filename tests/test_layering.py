"""Imports point one way: UI -> summarizer/ingest; libraries never import streamlit; UI never imports torch."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_libraries_do_not_import_streamlit():
    for package in ("summarizer", "ingest"):
        for path in (ROOT / package).rglob("*.py"):
            assert "streamlit" not in imported_modules(path), path


def test_ui_does_not_import_torch_or_transformers():
    ui = [ROOT / "app.py", *(ROOT / "views").glob("*.py"), *(ROOT / "ui").rglob("*.py")]
    for path in filter(Path.exists, ui):
        assert not {"torch", "transformers", "ctranslate2"} & imported_modules(path), path


def test_public_api_of_summarizer_is_pinned():
    import summarizer
    assert sorted(summarizer.__all__) == sorted([
        "Coverage", "EmptyInputError", "InputTooLargeError", "InvalidOptionError", "ModelLoadError",
        "NoSentencesError", "Settings", "Summarizer", "Summary", "SummaryOptions", "SummarizerError"])
