"""Imports point one way: views (the pages) -> ui -> the public faces of summarizer and ingest.

Libraries never import streamlit; UI never imports torch or an engine or lab tool; ingest knows
nothing of models; the summarizer's runtime core never imports its lab tools, Ray or its Ray
deployment (`summarizer.distributed`), which in turn knows nothing of the screen.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAB_TOOLS = {"cli", "benchmark", "finetune", "evaluation", "papers", "junk", "randommodel", "syntheticprose", "scaling",
             "ocreval"}
UI_INGEST = {"ingest", "ingest.network.articles", "ingest.network.news", "ingest.errors"}


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
        assert not {n for n in names if n.split(".")[0] in ("ray", "requests", "httpx")}, path
        assert {n for n in names if n.startswith("ingest")} <= UI_INGEST, path


def test_pages_reach_libraries_only_through_their_public_faces_and_ui():
    for path in files("views"):
        assert {n for n in imports(path) if n.split(".")[0] in ("summarizer", "ingest")} <= {"summarizer", "ingest"}, path


def test_ingest_knows_nothing_of_models():
    for path in files("ingest"):
        assert not {n.split(".")[0] for n in imports(path)} & {"summarizer", "torch", "transformers", "ctranslate2"}, path


def test_summarizer_runtime_core_does_not_import_lab_tools():
    for path in files("summarizer"):
        if "lab" in path.parts or path.name == "__main__.py":
            continue
        assert not {n for n in imports(path) if n.startswith("summarizer.lab")}, path


def test_ui_and_runtime_core_never_import_ray_or_the_deployment():
    core = [p for p in files("summarizer") if not {"lab", "distributed"} & set(p.parts) and p.name != "__main__.py"]
    for path in ui_files() + core:
        names = imports(path)
        assert not {n for n in names if n.split(".")[0] == "ray" or n.startswith("summarizer.distributed")}, path


def test_the_deployment_knows_nothing_of_the_screen():
    """Corpus jobs read their files with ingest, as the command line does; nothing here draws a page."""
    for path in files("summarizer/distributed"):
        assert not {n.split(".")[0] for n in imports(path)} & {"streamlit", "ui", "views"}, path


def test_connecting_to_a_server_loads_neither_ray_nor_a_model():
    import subprocess
    import sys

    probe = ("import sys, summarizer; s = summarizer.connect(summarizer.Settings(url='http://127.0.0.1:9')); "
             "print(type(s).__name__, sorted(m for m in sys.modules if m.startswith(('ray', 'torch', 'summarizer.dis'))))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.strip() == "RemoteSummarizer []"


def test_lab_tools_live_in_the_lab_and_engines_in_engines():
    assert {p.stem for p in (ROOT / "summarizer" / "lab").glob("*.py")} - {"__init__"} >= LAB_TOOLS
    assert not {p.stem for p in (ROOT / "summarizer").glob("*.py")} & (LAB_TOOLS | {"abstractive", "extractive"})


def test_engines_know_nothing_of_the_service_or_the_screen():
    for path in files("summarizer/engines"):
        names = imports(path)
        assert not {n for n in names if n.split(".")[0] in ("streamlit", "ui", "views", "ingest")}, path
        assert not names & {"summarizer.service", "summarizer.batching", "summarizer.planning", "summarizer.layout"}, path


def test_the_offline_engine_loads_without_the_abstractive_one_or_torch():
    import subprocess
    import sys

    probe = ("import sys, summarizer; summarizer.Summarizer(summarizer.Settings(engine='extractive')).summarize("
             "'The council met on Monday. It voted to build a new bridge over the river.'); "
             "print(sorted(m for m in sys.modules if m.startswith(('torch', 'transformers', 'summarizer.engines.abs'))))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.strip() == "[]"


def test_public_api_of_summarizer_is_pinned():
    import summarizer
    assert sorted(summarizer.__all__) == sorted([
        "Coverage", "EmptyInputError", "EngineFacts", "EngineName", "InputTooLargeError", "InvalidOptionError",
        "ModelLoadError", "NoSentencesError", "Partial", "Progress", "RemoteSummarizer", "SectionSummary",
        "ServiceBusyError", "ServiceUnavailableError", "Settings", "Summarizer", "Summary", "SummaryFormat",
        "SummaryOptions", "SummaryService", "SummarizerError", "WORD_TARGET_RANGE", "connect"])


def test_rouge_score_is_a_lab_requirement_only():
    outside_lab = [p for p in files("summarizer", "ingest") if "lab" not in p.parts] + ui_files()
    for path in outside_lab:
        assert not {n for n in imports(path) if n.split(".")[0] == "rouge_score"}, path
    assert "rouge-score" not in (ROOT / "requirements.txt").read_text()
    assert "rouge-score==" in (ROOT / "requirements-dev.txt").read_text()
