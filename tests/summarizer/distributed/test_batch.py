"""Corpus jobs: real Ray (one local cluster for the module), real files, the offline engine and a tiny T5."""

from __future__ import annotations

import io
import json
import logging
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from summarizer import Settings, Summarizer, SummaryOptions
from summarizer.distributed import corpus, corpusjob
from summarizer.text.sentences import split_sentences

ROOT = Path(__file__).resolve().parents[3]
OFFLINE = Settings(engine="extractive")


def cli(*args: str, env: dict[str, str | None] | None = None) -> subprocess.CompletedProcess:
    """`python -m summarizer ...` from the repository root, with `env` changes (None removes a variable)."""
    environment = {**os.environ, "HF_HUB_OFFLINE": "1"}
    for name, value in (env or {}).items():
        if value is None:
            environment.pop(name, None)
        else:
            environment[name] = value
    return subprocess.run(
        [sys.executable, "-m", "summarizer", *args],
        capture_output=True,
        text=True,
        env=environment,
        cwd=ROOT,
        timeout=300,
    )


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def write_jsonl(path: Path, rows: list) -> Path:
    path.write_text("".join((row if isinstance(row, str) else json.dumps(row)) + "\n" for row in rows))
    return path


@pytest.fixture(scope="module")
def ray_address():
    """One local Ray for the module's jobs (2 CPUs); its address lets a subprocess join it as a cluster. Started
    as an operator would start a cluster for the summarizer, with its workers at normal priority (Ray's nice 15
    left them almost no CPU at a load of 15)."""
    import ray

    from summarizer.distributed.cluster import WORKER_NICENESS

    with pytest.MonkeyPatch.context() as environment:
        environment.setenv(WORKER_NICENESS, "0")
        ray.init(
            address="local", num_cpus=2, include_dashboard=False, logging_level=logging.WARNING, log_to_driver=False
        )
    yield ray.get_runtime_context().gcs_address
    ray.shutdown()


# Without Ray: reading INPUT, repairing OUTPUT, one batch summarized in this process.


def test_jsonl_lines_give_items_and_bad_lines_give_problems(tmp_path):
    source = write_jsonl(
        tmp_path / "in.jsonl",
        [
            {"id": "a", "text": "One."},
            {"id": 70, "article": "Two."},
            {"text": "Three."},
            "{not json",
            "",
            {"id": "e", "body": "no text field"},
            [1, 2],
        ],
    )
    items = corpus.read_items(source, tmp_path / "out.jsonl")
    assert [(i["id"], i["text"], i["problem"]) for i in items] == [
        ("a", "One.", ""),
        ("70", "Two.", ""),
        ("3", "Three.", ""),
        ("4", "", "Line 4 is not valid JSON."),
        ("e", "", "Line 6 has no text: give it a 'text' or 'article' field holding a string."),
        ("7", "", "Line 7 is not a JSON object."),
    ]
    assert [i["id"] for i in corpus.read_items(source, tmp_path / "out.jsonl", limit=2)] == ["a", "70"]


def test_repeated_ids_are_refused_with_the_lines_that_clash(tmp_path):
    source = write_jsonl(
        tmp_path / "in.jsonl", [{"id": "x", "text": "A."}, {"id": "y", "text": "B."}, {"id": "x", "text": "C."}]
    )
    with pytest.raises(corpus.InvalidOptionError, match="item 3 repeats the id 'x' of item 1"):
        corpus.read_items(source, tmp_path / "out.jsonl")


def test_a_folder_gives_its_files_in_order_without_hidden_ones_or_output(tmp_path):
    for name in ("b.txt", "a.md", "sub/c.pdf", ".git/config", ".notes.txt", "out.jsonl"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    items = corpus.read_items(tmp_path, tmp_path / "out.jsonl")
    assert [i["id"] for i in items] == ["a.md", "b.txt", "sub/c.pdf"]
    assert items[2]["path"] == str(tmp_path / "sub" / "c.pdf")


def test_a_torn_last_line_is_cut_off_and_its_item_counts_as_not_done(tmp_path):
    output = tmp_path / "out.jsonl"
    whole = [json.dumps(corpus.error_record(key, "x", "run1")) for key in ("a", "b")]
    output.write_text(whole[0] + "\n" + whole[1] + "\n" + json.dumps(corpus.error_record("c", "x", "run1"))[:20])
    done, notes = corpus.finished_ids(output)
    assert done == {"a", "b"}
    assert output.read_text() == whole[0] + "\n" + whole[1] + "\n"
    assert "dropped 1 incomplete or unreadable line," in notes[0]
    assert corpus.finished_ids(output, retry_errors=True)[0] == set() and output.read_text() == ""


def test_ids_written_twice_keep_their_first_line_and_it_is_said(tmp_path):
    output = tmp_path / "out.jsonl"
    lines = [json.dumps(corpus.error_record(key, "x", run)) + "\n" for run in ("A", "B") for key in ("a", "b", "c")]
    output.write_text("".join(lines[:2] + lines[3:5] + lines[2:3] + lines[5:]))  # a, b, a, b, c, c
    done, notes = corpus.finished_ids(output)
    assert done == {"a", "b", "c"} and output.read_text() == "".join(lines[:3])
    assert notes == [
        f"{output}: dropped 3 lines repeating an id already there (two jobs once wrote this file at "
        "the same time); the first line of each id is kept."
    ]


def test_a_second_writer_of_one_output_is_refused_naming_the_first(tmp_path):
    output = tmp_path / "out" / "summaries.jsonl"
    first = corpus.OutputLock(output)
    with pytest.raises(corpus.OutputBusyError) as refused:
        corpus.OutputLock(output)
    assert str(refused.value).startswith(f"{output} is being written by another job (pid {os.getpid()} on ")
    assert "wait for it to finish or stop it" in str(refused.value)
    first.release()
    corpus.OutputLock(output).release()
    assert list(output.parent.iterdir()) == []


def test_a_symlinked_output_is_locked_as_the_file_it_names(tmp_path):
    """Two names for one file are one OUTPUT: the lock follows the link, so the second job is refused."""
    output = tmp_path / "real" / "summaries.jsonl"
    output.parent.mkdir()
    output.touch()
    link = tmp_path / "elsewhere" / "link.jsonl"
    link.parent.mkdir()
    link.symlink_to(output)
    first = corpus.OutputLock(output)
    with pytest.raises(corpus.OutputBusyError, match="is being written by another job"):
        corpus.OutputLock(link)
    first.release()
    corpus.OutputLock(link).release()


def test_the_lock_of_a_killed_job_is_free_at_once(tmp_path):
    output = tmp_path / "summaries.jsonl"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; "
            "from summarizer.distributed.corpus import OutputLock; OutputLock(Path(sys.argv[1])); "
            "print('held', flush=True); time.sleep(60)",
            str(output),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout.readline() == "held\n"
    with pytest.raises(corpus.OutputBusyError, match=f"pid {holder.pid} on "):
        corpus.OutputLock(output)
    holder.kill()
    holder.wait(10)
    corpus.OutputLock(output).release()


def test_one_batch_gives_a_record_per_item_and_bad_files_are_errors(tmp_path, text_factory):
    from ingest.settings import IngestSettings

    (tmp_path / "empty.txt").write_text("")
    items = [
        corpus.item("t", text=text_factory(12)),
        corpus.item("empty.txt", path=str(tmp_path / "empty.txt")),
        corpus.item("blank", text="   "),
        corpus.item("9", problem="Line 9 is not valid JSON."),
    ]
    out = corpusjob.summarize_items(Summarizer(OFFLINE), items, SummaryOptions(), IngestSettings(), "run1")
    assert [r["id"] for r in out] == ["t", "empty.txt", "blank", "9"]
    assert out[0]["error"] is None and out[0]["engine"] == "extractive" and out[0]["summary"]
    assert [r["error"] for r in out[1:]] == [
        "empty.txt is empty.",
        "There is no text to summarize.",
        "Line 9 is not valid JSON.",
    ]


def test_a_document_that_trips_a_bug_costs_only_its_own_record(text_factory, caplog):
    from summarizer import SummarizerError, Summary

    results = corpusjob._summaries(Summarizer(OFFLINE), [text_factory(8), 42, text_factory(8, 2)], SummaryOptions())
    assert isinstance(results[0], Summary) and isinstance(results[2], Summary)
    assert isinstance(results[1], SummarizerError)
    assert re.fullmatch(
        r"Unexpected error: something went wrong on our side \(id [0-9a-f]{6}\); it has been "
        r"logged on the Ray worker\.",
        str(results[1]),
    )
    assert "TypeError" in caplog.text


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda tmp: tmp / "missing.jsonl", "missing.jsonl: no such file or folder"),
        (lambda tmp: (tmp / "report.pdf").write_bytes(b"%PDF-1.4") and tmp / "report.pdf", "is not a JSONL file"),
    ],
    ids=["missing", "not-jsonl"],
)
def test_bad_input_exits_2_with_a_message(tmp_path, make, message):
    result = cli("batch", str(make(tmp_path)), str(tmp_path / "out.jsonl"), "--engine", "extractive")
    assert result.returncode == 2, result.stderr
    assert message in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "out.jsonl").exists()


def test_a_cluster_address_where_nothing_answers_is_said_at_once(tmp_path):
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    source = write_jsonl(tmp_path / "in.jsonl", [{"id": "a", "text": "One sentence here."}])
    result = cli("batch", str(source), str(tmp_path / "out.jsonl"), env={"RAY_ADDRESS": f"127.0.0.1:{port}"})
    assert result.returncode == 1
    assert f"error: Nothing answers at RAY_ADDRESS=127.0.0.1:{port} (Connection refused)" in result.stderr
    assert "Traceback" not in result.stderr


# With Ray.


@pytest.mark.slow
def test_jsonl_job_writes_one_record_per_line_in_input_order(ray_address, tmp_path, text_factory):
    rows = [{"id": f"doc-{n}", "article": text_factory(10, n)} for n in range(7)]
    source = write_jsonl(tmp_path / "in.jsonl", rows[:3] + ["not json"] + rows[3:] + [{"id": "empty", "text": ""}])
    job = corpusjob.CorpusJob(
        source, tmp_path / "out.jsonl", OFFLINE, SummaryOptions(length="tldr"), workers=2, batch_size=3
    )
    report = corpusjob.run(job)
    written = records(job.output)
    assert [r["id"] for r in written] == ["doc-0", "doc-1", "doc-2", "4"] + [f"doc-{n}" for n in range(3, 7)] + [
        "empty"
    ]
    assert (report.written, report.errors, report.skipped, report.workers) == (9, 2, 0, 2)
    for record in (r for r in written if r["error"] is None):
        assert record["engine"] == "extractive" and len(split_sentences(record["summary"])) == 1
        assert record["coverage"]["share"] == 1.0 and record["coverage"]["input_words"] > 50
    assert written[3]["error"] == "Line 4 is not valid JSON."
    assert written[-1]["error"] == "There is no text to summarize."
    assert len({r["run"] for r in written}) == 1


@pytest.mark.slow
def test_workers_asked_for_all_work_even_when_the_items_fit_one_batch(ray_address, tmp_path, text_factory):
    """--workers 2 on 10 items (default batches of 32) runs two workers, five items each; more workers than items
    start one per item, and a note says so."""
    source = write_jsonl(tmp_path / "in.jsonl", [{"id": f"d{n}", "text": text_factory(8, n)} for n in range(10)])
    report = corpusjob.run(corpusjob.CorpusJob(source, tmp_path / "out.jsonl", OFFLINE, SummaryOptions(), workers=2))
    assert (report.written, report.errors, report.workers) == (10, 0, 2)
    assert [r["id"] for r in records(tmp_path / "out.jsonl")] == [f"d{n}" for n in range(10)]
    few = write_jsonl(tmp_path / "few.jsonl", [{"id": f"d{n}", "text": text_factory(8, n)} for n in range(2)])
    report = corpusjob.run(corpusjob.CorpusJob(few, tmp_path / "few-out.jsonl", OFFLINE, SummaryOptions(), workers=3))
    assert (report.written, report.workers) == (2, 2)
    assert "2 items to summarize for 3 workers: 2 start, one item each." in report.notes


@pytest.mark.slow
def test_rerun_on_the_cluster_skips_finished_items_and_redoes_cut_ones(ray_address, tmp_path, text_factory):
    source = write_jsonl(tmp_path / "in.jsonl", [{"id": f"d{n}", "text": text_factory(8, n)} for n in range(9)])
    output = tmp_path / "out.jsonl"
    corpusjob.run(corpusjob.CorpusJob(source, output, OFFLINE, SummaryOptions(), workers=2, batch_size=2))
    lines = output.read_text().splitlines(keepends=True)
    first_run = json.loads(lines[0])["run"]
    kept = lines[:3] + lines[5:8]  # d3 and d4 deleted, d8 cut mid-line as by a kill
    output.write_text("".join(kept) + lines[8][: len(lines[8]) // 2])

    result = cli(
        "batch",
        str(source),
        str(output),
        "--engine",
        "extractive",
        "--batch-size",
        "2",
        env={"RAY_ADDRESS": ray_address},
    )
    assert result.returncode == 0, result.stderr
    assert "3 records written (0 errors), 6 already there" in result.stdout
    assert "dropped 1 incomplete or unreadable line," in result.stderr and "Traceback" not in result.stderr
    after = output.read_text().splitlines(keepends=True)
    assert after[:6] == kept
    redone = [json.loads(line) for line in after[6:]]
    assert [r["id"] for r in redone] == ["d3", "d4", "d8"]
    assert all(r["run"] != first_run and r["error"] is None for r in redone)
    assert sorted(json.loads(line)["id"] for line in after) == [f"d{n}" for n in range(9)]


@pytest.mark.slow
def test_tiny_t5_job_summarizes_every_item_and_a_rerun_has_nothing_to_do(
    ray_address, tmp_path, tiny_model_dir, text_factory
):
    settings = Settings.from_env(engine="abstractive", model=str(tiny_model_dir), preset="fast", max_input_tokens=128)
    source = write_jsonl(tmp_path / "in.jsonl", [{"id": str(n), "text": text_factory(8, n)} for n in range(4)])
    report = corpusjob.run(
        corpusjob.CorpusJob(source, tmp_path / "out.jsonl", settings, SummaryOptions(), workers=2, batch_size=2)
    )
    written = records(tmp_path / "out.jsonl")
    assert [r["id"] for r in written] == ["0", "1", "2", "3"] and report.errors == 0
    assert all(r["engine"] == "abstractive" and r["summary"] for r in written)
    again = corpusjob.run(corpusjob.CorpusJob(source, tmp_path / "out.jsonl", settings, SummaryOptions()))
    assert (again.written, again.skipped, again.workers) == (0, 4, 0)


@pytest.mark.slow
def test_two_jobs_on_one_output_leave_one_line_per_id(ray_address, tmp_path, text_factory):
    source = write_jsonl(tmp_path / "in.jsonl", [{"id": f"d{n}", "text": text_factory(8, n)} for n in range(300)])
    output = tmp_path / "out.jsonl"
    environment = {**os.environ, "HF_HUB_OFFLINE": "1", "RAY_ADDRESS": ray_address}
    first = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "summarizer",
            "batch",
            str(source),
            str(output),
            "--engine",
            "extractive",
            "--batch-size",
            "10",
        ],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lock = tmp_path / ".out.jsonl.lock"
    for _ in range(600):  # until the first job holds OUTPUT
        if lock.exists() and lock.read_text():
            break
        time.sleep(0.1)
    with pytest.raises(corpus.OutputBusyError, match=f"is being written by another job \\(pid {first.pid} on "):
        corpusjob.run(corpusjob.CorpusJob(source, output, OFFLINE, SummaryOptions()))
    out, err = first.communicate(timeout=300)
    assert first.returncode == 0, err
    assert "300 records written (0 errors)" in out
    assert sorted(r["id"] for r in records(output)) == sorted(f"d{n}" for n in range(300))


@pytest.mark.slow
def test_a_job_killed_by_sigkill_leaves_no_ray_process_behind(tmp_path, text_factory):
    import psutil

    source = write_jsonl(tmp_path / "in.jsonl", [{"id": f"d{n}", "text": text_factory(8, n)} for n in range(2000)])
    environment = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    job = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "summarizer",
            "batch",
            str(source),
            str(tmp_path / "out.jsonl"),
            "--engine",
            "extractive",
            "--workers",
            "1",
            "--batch-size",
            "5",
        ],
        cwd=ROOT,
        env={**environment, "HF_HUB_OFFLINE": "1"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        for line in job.stderr:  # its own local Ray is up and working
            if "items, 0 errors" in line or "workers starting" in line or "worker starting" in line:
                break
        ray_processes = [
            p for p in psutil.Process(job.pid).children(recursive=True) if "watchdog" not in " ".join(p.cmdline())
        ]
        assert any(p.name() == "raylet" for p in ray_processes)
    finally:
        job.kill()
        job.wait(10)
    for _ in range(20):
        left = [p for p in ray_processes if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
        if not left:
            break
        time.sleep(0.5)
    assert not left, [(p.pid, p.name()) for p in left]


def _docx(sections: dict[str, list[str]]) -> bytes:
    import docx

    document = docx.Document()
    for title, paragraphs in sections.items():
        document.add_heading(title, 1)
        for paragraph in paragraphs:
            document.add_paragraph(paragraph)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def _pdf(text: str) -> bytes:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=11)
    pdf.multi_cell(0, 6, text)
    return bytes(pdf.output())


@pytest.mark.slow
def test_folder_job_on_its_own_local_ray_reads_every_format_and_records_bad_files(tmp_path, text_factory):
    folder = tmp_path / "docs"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.txt").write_text(text_factory(12, 1))
    (folder / "b.docx").write_bytes(
        _docx(
            {
                t: [text_factory(4, 10 * i + j) for j in range(3)]
                for i, t in enumerate(["Background", "Findings", "Next steps"])
            }
        )
    )
    (folder / "sub" / "c.pdf").write_bytes(_pdf(text_factory(12, 3)))
    (folder / "broken.pdf").write_bytes(b"%PDF-1.7\n" + b"\x00garbage" * 50)
    (folder / "empty.txt").write_text("")
    (folder / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(64))
    output = tmp_path / "out.jsonl"

    result = cli(
        "batch",
        str(folder),
        str(output),
        "--engine",
        "extractive",
        "--workers",
        "2",
        "--batch-size",
        "3",
        env={"RAY_ADDRESS": None},
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "6 items to summarize; starting Ray\nRay ready after " in result.stderr
    assert "; 2 workers starting\n" in result.stderr
    assert "6/6 items, 3 errors" in result.stderr
    assert "6 records written (3 errors), 0 already there" in result.stdout
    written = {r["id"]: r for r in records(output)}
    assert list(written) == ["a.txt", "b.docx", "broken.pdf", "empty.txt", "image.png", "sub/c.pdf"]
    assert all(written[name]["error"] is None and written[name]["summary"] for name in ("a.txt", "b.docx", "sub/c.pdf"))
    assert [s["title"] for s in written["b.docx"]["sections"]] == ["Background", "Findings", "Next steps"]
    assert written["broken.pdf"]["error"] == "broken.pdf could not be read; the PDF seems damaged."
    assert written["empty.txt"]["error"] == "empty.txt is empty."
    assert written["image.png"]["error"] == "image.png could not be read; the image seems damaged."
