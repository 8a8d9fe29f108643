"""Photos and scans of pages (.png, .jpg, .jpeg, .tiff, .webp) read by OCR: one page per frame of the image."""

from __future__ import annotations

import io
from typing import Any

from ..document import Extracted
from ..errors import CorruptFileError, FileTooLargeError, NoTextError
from ..recognition import scans
from ..settings import IngestSettings
from .pdf import RUNNING_NOTE, layout, ocr_lines

MAX_MEGAPIXELS = 60
MAX_ASPECT = 200  # OCR scales a page to a set size: a strip longer than this comes out 0 pixels wide (measured)
POINTS_PER_PIXEL = 72 / 200


def _checked_size(picture: Any, name: str) -> None:
    width, height = picture.size
    if width * height > MAX_MEGAPIXELS * 1_000_000:
        raise FileTooLargeError(
            f"{name} is {width:,} × {height:,} pixels; the limit is {MAX_MEGAPIXELS} megapixels. "
            "Scan it at a lower resolution."
        )
    if max(width, height) > MAX_ASPECT * max(1, min(width, height)):
        raise NoTextError(
            f"{name} is {width:,} × {height:,} pixels: a strip too thin to hold lines of text that OCR "
            "can read. Upload a photo or scan of the whole page."
        )


def _opened(data: bytes, name: str) -> Any:
    """The image, its size checked before any pixel is decoded (Pillow's own bomb check is replaced by ours)."""
    from PIL import Image, UnidentifiedImageError

    Image.MAX_IMAGE_PIXELS = None
    try:
        picture = Image.open(io.BytesIO(data))
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError) as error:
        raise CorruptFileError(f"{name} could not be read; the image seems damaged.") from error
    _checked_size(picture, name)
    return picture


def _frame(picture: Any, index: int, name: str) -> Any:
    """Frame `index` as a grey image, turned as the camera's orientation tag says."""
    from PIL import ImageOps

    try:
        picture.seek(index)
        _checked_size(picture, name)
        return ImageOps.exif_transpose(picture.convert("RGB")).convert("L")
    except (OSError, ValueError, SyntaxError, EOFError) as error:
        raise CorruptFileError(f"{name} could not be read; the image seems damaged.") from error


def extract(data: bytes, name: str, settings: IngestSettings, report: scans.Progress | None = None) -> Extracted:
    """The blocks, title, page count, warnings and OCR report of an image file: its text is only there by OCR."""
    if not settings.ocr:
        raise NoTextError(
            f"{name} is an image, and OCR is switched off, so its text cannot be read; turn OCR on to read it."
        )
    picture = _opened(data, name)
    count = getattr(picture, "n_frames", 1)
    if count > settings.max_pages:
        raise FileTooLargeError(
            f"{name} has {count:,} pages; the limit is {settings.max_pages:,}. Split it into parts."
        )
    numbers = list(range(1, min(count, settings.ocr_max_pages) + 1))
    found, ocr = scans.read_pages(
        numbers,
        lambda number: _frame(picture, number - 1, name),
        count,
        report,
        skip_figures=False,
        engine=settings.ocr_engine,
    )
    pages = [ocr_lines(found[number], number, POINTS_PER_PIXEL) for number in numbers]
    if not any(pages):
        raise NoTextError(f"OCR found no text in {name} (is it a photo of a page, sharp and well lit?).")
    blocks, furniture = layout(pages)
    warnings = [RUNNING_NOTE] if furniture else []
    if count > len(numbers):
        warnings.insert(
            0,
            f"Only the first {len(numbers):,} of {count:,} pages were read: OCR reads at most "
            f"{settings.ocr_max_pages:,} pages of a file.",
        )
    title = next((b.text for b in blocks if b.page == 1 and b.kind == "heading"), "")
    return Extracted(blocks, title, count, warnings, ocr)
