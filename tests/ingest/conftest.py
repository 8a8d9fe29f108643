"""The `fixtures` dict: real files by name (docx, PDFs, scans, text in several encodings, broken files)."""

from __future__ import annotations

import pytest

from tests.builders import make_docx, make_pdf, make_zip


@pytest.fixture(scope="session")
def fixtures() -> dict[str, bytes]:
    return {
        "report.docx": make_docx(),
        "report.pdf": make_pdf(),
        "scan-inside.pdf": make_pdf(pages=5, image_only=(3, 4, 5)),
        "scan.pdf": make_pdf(pages=2, image_only=(1, 2)),
        "scan-stray-word.pdf": make_pdf(pages=2, image_only=(1, 2), stray_word=True),
        "locked.pdf": make_pdf(password="secret"),
        "open-locked.pdf": make_pdf(password=""),
        "utf16.txt": "Café society met on Tuesday.\r\nIt rained.".encode("utf-16"),
        "cp1252.txt": "The café’s owner said “bonjour” to every guest — and meant it.".encode("cp1252"),
        "fake.docx": make_zip(),
        "random.txt": bytes(range(256)) * 8,
        "empty.txt": b"",
        "legacy.doc": b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600,
    }
