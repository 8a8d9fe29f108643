"""Web pages saved as .html files, read through the format table: the main text by trafilatura, headings kept as
the sections, menus and footers left out; and the table itself, one row per kind."""

from __future__ import annotations

import subprocess
import sys
from typing import get_args

import pytest

from ingest import UPLOAD_SUFFIXES, IngestError, ingest_file
from ingest.formats.sniff import kind_of
from ingest.formats.table import FORMATS, FileKind

PAGE = b"""<!DOCTYPE html><html><head><title>River report</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/contact">Contact us</a></nav>
<article><h1>River report</h1>
<p>The council met on Monday to discuss the old bridge over the river. Engineers said the bridge could no longer
carry lorries safely and must close by the autumn.</p>
<h2>The new bridge</h2>
<p>The council voted to build a new bridge beside the old one within two years. It will carry four lanes of traffic
and a cycle path on each side. Work is due to start in the spring.</p>
<h2>Money and works</h2>
<p>The works will cost twelve million pounds, paid by the region and the state together. Residents welcomed the
decision but worried about the noise of the works at night.</p></article>
<footer>Copyright 2024 Example Media. All rights reserved.</footer></body></html>"""


def test_a_page_is_its_main_text_with_its_headings_as_sections():
    document = ingest_file("page.html", PAGE)
    assert document.kind == "html" and document.title == "River report"
    assert [b.text for b in document.blocks if b.kind == "heading"] == ["The new bridge", "Money and works"]
    text = " ".join(b.text for b in document.blocks)
    assert "twelve million pounds" in text
    assert "Contact us" not in text and "All rights reserved" not in text
    assert not document.warnings


def test_a_page_is_told_by_its_bytes_and_a_fragment_by_its_name():
    assert kind_of("saved.txt", PAGE) == "html"
    fragment = b"<h2>Notes</h2><p>" + b"The council met on Monday to talk about the bridge. " * 8 + b"</p>"
    assert kind_of("notes.htm", fragment) == "html"
    assert kind_of("notes.txt", fragment) == "text"


def test_a_page_without_main_text_says_so():
    with pytest.raises(IngestError, match=r"empty\.html has no readable main text"):
        ingest_file("empty.html", b"<!doctype html><html><body><script>render()</script></body></html>")


def test_the_table_has_one_row_per_kind_and_the_uploader_takes_html():
    assert list(FORMATS) == list(get_args(FileKind))
    assert all(row.kind == kind for kind, row in FORMATS.items())
    assert {".html", ".htm"} <= set(UPLOAD_SUFFIXES)


def test_summarize_page_html_gives_sections_from_its_headings(tmp_path):
    import os

    page = tmp_path / "page.html"
    page.write_bytes(PAGE)
    done = subprocess.run(
        [sys.executable, "-m", "summarizer", "summarize", str(page)],
        capture_output=True,
        text=True,
        env={**os.environ, "HF_HUB_OFFLINE": "1", "SUMMARIZER_ENGINE": "extractive"},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "The new bridge" in lines and "Money and works" in lines
    assert "- The works will cost twelve million pounds, paid by the region and the state together." in lines
