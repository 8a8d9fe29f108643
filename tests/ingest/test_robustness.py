"""Malformed and truncated files: every one ends in a Document or a typed IngestError, never a hang.

Run more cases with INGEST_FUZZ_CASES=5000 make test (default 320; OCR is off there, and damaged images,
read by OCR, get a run of their own of a tenth as many).
"""

import io
import os
import random

import pytest

from ingest import Document, ExtractionTimeoutError, IngestError, IngestSettings, ingest_file

CASES = int(os.environ.get("INGEST_FUZZ_CASES", "320"))


def mutations(fixtures: dict[str, bytes], count: int, seed: int = 1234):
    rng = random.Random(seed)
    names = sorted(n for n, data in fixtures.items() if data)
    for case in range(count):
        name = names[case % len(names)]
        data = bytearray(fixtures[name])
        if case % 3 == 0:
            data = data[: rng.randrange(1, len(data) + 1)]
        else:
            for _ in range(rng.randint(1, 12)):
                data[rng.randrange(len(data))] = rng.randrange(256)
        if case % 7 == 0:
            name = rng.choice(["renamed.txt", "upload.docx", "upload.pdf", "noext"])
        yield name, bytes(data)


def assert_documents_or_typed_errors(files: dict[str, bytes], count: int, settings: IngestSettings) -> None:
    outcomes = {"document": 0, "error": 0}
    timeouts = []
    for name, data in mutations(files, count):
        try:
            result = ingest_file(name, data, settings)
            assert isinstance(result, Document) and result.text.strip()
            outcomes["document"] += 1
        except ExtractionTimeoutError:
            timeouts.append(name)
        except IngestError as error:
            assert str(error) and "Traceback" not in str(error)
            outcomes["error"] += 1
    assert not timeouts
    assert sum(outcomes.values()) == count and outcomes["document"] > 0 and outcomes["error"] > 0


def test_malformed_files_end_in_text_or_a_typed_error(fixtures):
    assert_documents_or_typed_errors(fixtures, CASES, IngestSettings(extract_timeout=20, ocr=False))


def test_malformed_images_read_by_ocr_end_in_text_or_a_typed_error():
    from summarizer.lab.ocreval import FONT, scan

    if not FONT.is_file():
        pytest.skip(f"the test font {FONT} is not installed (Debian: fonts-dejavu-core)")
    page = scan("The council met on Monday and agreed to repair the bridge before the winter.", 100)[0]
    images = {}
    for name, kind in (("page.png", "PNG"), ("page.jpg", "JPEG"), ("page.tiff", "TIFF"), ("page.webp", "WEBP")):
        buffer = io.BytesIO()
        page.save(buffer, kind)
        images[name] = buffer.getvalue()
    assert_documents_or_typed_errors(images, max(8, CASES // 10), IngestSettings(extract_timeout=60))
