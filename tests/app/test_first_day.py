"""What a user meets first on the Upload page: sizes in one unit, limits checked while reading, clear refusals."""

from tests.builders import make_docx


def test_sizes_count_a_megabyte_as_a_million_bytes_in_the_limit_and_the_caption(app, monkeypatch):
    monkeypatch.setenv("INGEST_MAX_FILE_MB", "1")
    at = app("views/upload.py")
    over = b"word " * 200_000 + b"x"  # 1,000,001 bytes: over 1 MB, under 1 MiB
    at.file_uploader(key="uploader").set_value(("big.txt", over, "text/plain")).run()
    assert not at.exception
    assert [e.value for e in at.error] == ["big.txt is 1.0 MB; the limit is 1 MB."]
    at.file_uploader(key="uploader").set_value(("review.docx", make_docx(), "application/octet-stream")).run()
    assert any(c.value.endswith(" kB") and "review.docx ·" in c.value for c in at.caption)
