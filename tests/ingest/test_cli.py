import os
import subprocess
import sys

import pytest


def run(module, *args):
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "SUMMARIZER_ENGINE": "extractive"}
    return subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True, env=env, timeout=300)


@pytest.mark.parametrize("name", ["report.docx", "report.pdf", "cp1252.txt"])
def test_ingest_and_summarize_read_every_format(tmp_path, fixtures, name):
    path = tmp_path / name
    path.write_bytes(fixtures[name])
    shown = run("ingest", str(path))
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip() and f"[{name}" in shown.stderr
    summarized = run("summarizer", "summarize", str(path))
    assert summarized.returncode == 0, summarized.stderr
    assert summarized.stdout.strip() and "read 100%" in summarized.stderr


def test_ingest_reports_bad_files_without_traceback(tmp_path, fixtures):
    path = tmp_path / "locked.pdf"
    path.write_bytes(fixtures["locked.pdf"])
    for module, args in (("ingest", [str(path)]), ("summarizer", ["summarize", str(path)])):
        result = run(module, *args)
        assert result.returncode == 1
        assert "password-protected" in result.stderr and "Traceback" not in result.stderr


def test_a_text_file_named_doc_is_read_as_text_by_both_commands(tmp_path):
    """The type comes from the content: a plain-text .doc is read, with a note, not refused as old Word."""
    path = tmp_path / "minutes.doc"
    path.write_text("The council met on Monday and voted to build a new bridge over the river.\n")
    shown = run("ingest", str(path))
    assert shown.returncode == 0, shown.stderr
    assert "[minutes.doc: text, 1 paragraph, 15 words]" in shown.stderr
    assert "minutes.doc is actually a text file and was read as one." in shown.stderr
    summarized = run("summarizer", "summarize", str(path))
    assert summarized.returncode == 0 and "council" in summarized.stdout, summarized.stderr


def run_with(env_extra, module, *args):
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "SUMMARIZER_ENGINE": "extractive", **env_extra}
    return subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True, env=env, timeout=300)


def test_news_command_prints_headlines(news_server):
    result = run_with(news_server.environment(), "ingest", "news")
    assert result.returncode == 0, result.stderr
    assert "City council approves river bridge repairs after long debate" in result.stdout
    assert f"{news_server.base}/article/normal.html" in result.stdout and "from RSS" in result.stderr


def test_summarize_an_article_url(news_server):
    result = run_with(news_server.environment(), "summarizer", "summarize", f"{news_server.base}/article/normal.html")
    assert result.returncode == 0, result.stderr
    assert "city council voted seven to two" in result.stdout


def test_without_network_both_commands_fail_clearly():
    offline = {"INGEST_FEEDS": "http://rss.example.invalid/top.rss", "NEWSAPI_KEY": "", "INGEST_FETCH_TIMEOUT": "2"}
    news = run_with(offline, "ingest", "news")
    assert news.returncode == 1 and "The news feed is unavailable" in news.stderr and "Traceback" not in news.stderr
    assert news.stderr.count("could not be found") == 1 and "try" not in news.stderr  # said once; no retry comes
    article = run_with(offline, "summarizer", "summarize", "https://edition.example.invalid/2026/11/21/story.html")
    assert article.returncode == 1 and "could not be found" in article.stderr and "Traceback" not in article.stderr
