"""`python -m summarizer eval-data`: the evaluation folder rebuilt from a loopback server standing in for the public
sources, each file checked against its recorded SHA-256, and a corrupted file refused by name."""

import functools
import hashlib
import json
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from summarizer.lab import evaldata
from tests.summarizer.test_cli import run

EVAL = Path(__file__).resolve().parents[4] / "shared" / "eval"


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@pytest.fixture
def mirror(tmp_path):
    """A loopback server over a folder laid out as <host>/<path>, the layout `--mirror` asks for."""
    root = tmp_path / "public"
    root.mkdir()
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield root, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    thread.join(timeout=30)


def _publish(root: Path, url: str, data: bytes) -> None:
    parts = urlsplit(url)
    target = root / parts.netloc / parts.path.lstrip("/")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _parquet(rows: list[dict]) -> bytes:
    sink = pa.BufferOutputStream()
    pq.write_table(pa.Table.from_pylist(rows), sink)
    return sink.getvalue().to_pybytes()


def _small_set(tmp_path: Path, root: Path) -> Path:
    """A sources file of each recipe over files published on the mirror, and one kept in the repository."""
    home = tmp_path / "home"
    (home / "papers").mkdir(parents=True)
    readme = b"# Papers\nThe protocol.\n"
    (home / "papers" / "README.md").write_bytes(readme)
    pdf = b"%PDF-1.4 a paper\n"
    _publish(root, "https://example.org/papers/a.pdf", pdf)
    upstream = [{"paper_id": f"p{i}", "target": [f"gold {i}"]} for i in range(5)]
    _publish(root, "https://example.org/tldr/dev.jsonl", "".join(json.dumps(r) + "\n" for r in upstream).encode())
    kept = "".join(json.dumps(upstream[i]) + "\n" for i in (3, 1)).encode()
    table = [{"id": f"id{i}", "article": f"Article {i}.", "highlights": f"Highlight {i}."} for i in range(4)]
    _publish(root, "https://example.org/cnndm/test.parquet", _parquet(table))
    pairs = "".join(
        json.dumps({"id": f"id{i}", "test_index": i, "article": f"Article {i}.", "highlights": f"Highlight {i}."})
        + "\n"
        for i in (2, 0)
    ).encode()
    rows = [
        {"path": "papers/README.md", "sha256": _sha(readme)},
        {"path": "papers/pdf/a.pdf", "sha256": _sha(pdf), "url": "https://example.org/papers/a.pdf"},
        {
            "path": "tldr/dev.jsonl",
            "sha256": _sha(kept),
            "url": "https://example.org/tldr/dev.jsonl",
            "recipe": "jsonl-lines",
            "field": "paper_id",
            "keep": ["p3", "p1"],
        },
        {
            "path": "cnndm_dev.jsonl",
            "sha256": _sha(pairs),
            "url": "https://example.org/cnndm/test.parquet",
            "recipe": "parquet-rows",
            "field": "test_index",
            "keep": [2, 0],
        },
    ]
    sources = home / "sources.json"
    sources.write_text(json.dumps({"files": rows}))
    return sources


def test_every_recipe_rebuilds_its_file_and_a_corrupted_source_is_refused_by_name(tmp_path, mirror):
    root, url = mirror
    sources = _small_set(tmp_path, root)
    out = tmp_path / "eval"
    result = run("eval-data", str(out), "--sources", str(sources), "--mirror", url)
    assert "4 files written" in result.stdout
    assert run("eval-data", str(out), "--sources", str(sources), "--check").returncode == 0
    assert [json.loads(line)["paper_id"] for line in (out / "tldr" / "dev.jsonl").read_text().splitlines()] == [
        "p3",
        "p1",
    ]
    assert [json.loads(line)["test_index"] for line in (out / "cnndm_dev.jsonl").read_text().splitlines()] == [2, 0]

    _publish(root, "https://example.org/papers/a.pdf", b"%PDF-1.4 another paper\n")
    again = tmp_path / "again"
    refused = run("eval-data", str(again), "--sources", str(sources), "--mirror", url)
    assert refused.returncode == 1
    assert refused.stderr.startswith("error: papers/pdf/a.pdf is not the file the docs measured on")
    assert "Traceback" not in refused.stderr
    assert not (again / "papers" / "pdf" / "a.pdf").exists()


def test_a_changed_file_is_named_by_check(tmp_path, mirror):
    root, url = mirror
    sources = _small_set(tmp_path, root)
    out = tmp_path / "eval"
    run("eval-data", str(out), "--sources", str(sources), "--mirror", url)
    (out / "tldr" / "dev.jsonl").write_text("{}\n")
    result = run("eval-data", str(out), "--sources", str(sources), "--check")
    assert result.returncode == 1
    assert "missing or changed: tldr/dev.jsonl" in result.stdout


@pytest.mark.evaldata
def test_the_repositorys_sources_rebuild_the_folder_the_docs_measure_on(tmp_path, mirror):
    """Every row of evaldata/sources.json, served from a mirror made of ../shared/eval's files (each jsonl source
    holding the kept lines, the CNN/DailyMail table with the kept rows at their positions), rebuilds that folder
    byte for byte."""
    root, url = mirror
    rows = evaldata.load()
    for row in rows:
        if row.recipe == "verbatim" and row.url:
            _publish(root, row.url, (EVAL / row.path).read_bytes())
        elif row.recipe == "jsonl-lines":
            _publish(root, row.url, (EVAL / row.path).read_bytes())
        elif row.recipe == "parquet-rows":
            lines = (EVAL / row.path).read_text(encoding="utf-8").splitlines()
            kept = {record[row.field]: record for record in map(json.loads, lines)}
            blank = {"id": "", "article": "", "highlights": ""}
            table = [{k: kept[i][k] for k in blank} if i in kept else blank for i in range(max(row.keep) + 1)]
            _publish(root, row.url, _parquet(table))
    out = tmp_path / "eval"
    result = run("eval-data", str(out), "--mirror", url)
    assert result.returncode == 0, result.stderr
    assert evaldata.check(out, rows) == []
    assert evaldata.check(EVAL, rows) == []
