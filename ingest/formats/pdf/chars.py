"""Stage 1 of the PDF reader, characters and fonts: a page's text one character per PDFium index, each letter's
font (size, weight, fixed pitch) and the boxes of a line's words, through PDFium's calls with buffers made once."""

from __future__ import annotations

import ctypes
import re
import unicodedata
from typing import Any

from .. import texfonts
from . import pagetext

BOLD_FONT = re.compile(r"bold|black|heavy|semibold|demi|medi|cmbx|cmssbx|\bbx|-b$", re.I)
MONO_FONT = re.compile(r"mono|courier|consol|code|cmtt|sftt|txtt|inconsolata|menlo|typewriter", re.I)
SOFT_HYPHENS = dict.fromkeys(map(ord, "\ufffe\x02\u00ad" + pagetext.DROPPED_MARK))
MARKED_HYPHEN = re.compile(r"(?<=[A-Za-z])[\ufffe\x02](?=[A-Za-z])")
BROKEN = "\uffff"  # where PDFium marked a word broken at a line's end, until the whole text's words are known
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
WORD_RUN = re.compile(r"\S+")
CELL_GAP = 1.0
WIDE_LETTER = 0.6  # ems: a word wider than this a letter (and a cell gap) may have a gap inside it
FIXED_PITCH = 1
BOLD_WEIGHT = 600


class Fonts:
    """Font facts of a text page's characters, through PDFium's calls with their buffers made once, and each font
    name's bold and fixed-pitch look read once."""

    def __init__(self, textpage: Any) -> None:
        import pypdfium2.raw as pdfium_c

        self.raw = textpage.raw
        self.buffer = ctypes.create_string_buffer(128)
        self.flags = ctypes.c_int(0)
        self.flags_ref = ctypes.byref(self.flags)
        self.names: dict[bytes, tuple[bool, bool]] = {}
        self.info, self.weight, self.size = (
            pdfium_c.FPDFText_GetFontInfo,
            pdfium_c.FPDFText_GetFontWeight,
            pdfium_c.FPDFText_GetFontSize,
        )
        self.box = tuple(ctypes.c_double() for _ in range(4))
        self.box_refs = tuple(ctypes.byref(v) for v in self.box)
        self.char_box = pdfium_c.FPDFText_GetCharBox

    def __call__(self, index: int) -> tuple[float, bool, bool]:
        """(size, bold, mono) of the character at `index`."""
        self.info(self.raw, index, self.buffer, len(self.buffer), self.flags_ref)
        name = self.buffer.value
        looks = self.names.get(name)
        if looks is None:
            text = name.decode("latin-1", "replace")
            looks = self.names[name] = (bool(BOLD_FONT.search(text)), bool(MONO_FONT.search(text)))
        bold = looks[0] or self.weight(self.raw, index) >= BOLD_WEIGHT
        mono = looks[1] or bool(self.flags.value & FIXED_PITCH)
        return self.size(self.raw, index), bold, mono

    def spans(self, text: str, start: int, end: int, size: float) -> tuple[tuple[float, float, int], ...]:
        """The runs of words `text[start:end]` falls into when split at gaps wider than CELL_GAP ems, as (left, right,
        words): a table row has two or more; a line of prose, a heading or a caption one (then none are given).
        Measured word by word from the boxes of its first and last letter; letter by letter only in a word wider
        than its letters can be without a gap inside it (letters spaced out over a figure, "P   Q   R")."""
        gap = CELL_GAP * (size or 10)
        wide = WIDE_LETTER * (size or 10)
        spans: list[list[float]] = []
        last_right: float | None = None
        for word in WORD_RUN.finditer(text, start, end):
            opening = 1
            for left, right in self._pieces(word.start(), word.end() - 1, gap, wide):
                if last_right is None or left - last_right > gap:
                    spans.append([left, right, 1])
                else:
                    spans[-1][1] = right
                    spans[-1][2] += opening
                opening, last_right = 0, right
        return tuple((a, b, int(n)) for a, b, n in spans) if len(spans) > 1 else ()

    def _pieces(self, first: int, last: int, gap: float, wide: float) -> list[tuple[float, float]]:
        """(left, right) of the word from character `first` to `last`: one box from its first and last letter, or
        a box a letter when it is wider than its letters can be without a gap inside it."""
        raw, char_box, refs, (box_left, box_right, _, _) = self.raw, self.char_box, self.box_refs, self.box
        found = char_box(raw, first, *refs)
        left, right = box_left.value, box_right.value
        if found and last != first and char_box(raw, last, *refs):
            right = box_right.value
        if found and right - left <= gap + (last - first + 1) * wide:
            return [(left, right)]
        return [box for box in map(self._box, range(first, last + 1)) if box is not None]

    def _box(self, index: int) -> tuple[float, float] | None:
        """(left, right) of the character at `index`, None when PDFium has no box for it."""
        if not self.char_box(self.raw, index, *self.box_refs):
            return None
        return self.box[0].value, self.box[1].value


def page_text(textpage: Any) -> str:
    """The page's text, one character per PDFium character index, so each letter's font can be looked up.

    `get_text_range` usually is that, but not always (a few characters merged or dropped shift every
    index after them); then the text is built from the characters one by one."""
    import pypdfium2.raw as pdfium_c

    text = textpage.get_text_range()
    count = textpage.count_chars()
    if len(text) != count:
        codes = [pdfium_c.FPDFText_GetUnicode(textpage.raw, index) for index in range(count)]
        text = "".join("\ufffe" if code == 2 else chr(code) if 0 < code < 0x110000 else " " for code in codes)
    return _tex_symbols(textpage, text)


def _tex_symbols(textpage: Any, text: str) -> str:
    """`text` with the characters PDFium could give no Unicode for, and gave as their font's code (ε as 0x0F),
    read from their TeX font's encoding where the font is one; one character for one, so indexes still match."""
    import pypdfium2.raw as pdfium_c

    if not CONTROL.search(text):
        return text
    chars = list(text)
    buffer = ctypes.create_string_buffer(128)
    for match in CONTROL.finditer(text):
        index = match.start()
        if pdfium_c.FPDFText_HasUnicodeMapError(textpage.raw, index):
            pdfium_c.FPDFText_GetFontInfo(textpage.raw, index, buffer, len(buffer), None)
            font = buffer.value.decode("latin-1", "replace")
            chars[index] = texfonts.symbol(font, ord(match.group())) or chars[index]
    return "".join(chars)


def line_text(raw: str) -> str:
    """A line's text as read; PDFium's mark for a hyphen that broke a word at a line's end, the two lines already
    joined ('globally\ufffedistributed'), kept as `BROKEN` for `mend_words`."""
    return unicodedata.normalize("NFKC", MARKED_HYPHEN.sub(BROKEN, raw).translate(SOFT_HYPHENS)).strip()
