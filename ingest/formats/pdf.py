"""PDF pages to blocks with pypdfium2: headings from the outline, fonts and numbering; furniture removed.

PDFium reads text about ten times faster than pypdf (0.46 s against 5.1 s for a 162-page book)
and gives each character's font size, weight, font flags and position, which is what tells a
heading, a code listing, a running footer and a paragraph break apart.
"""

from __future__ import annotations

import ctypes
import functools
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, replace
from typing import Sequence

from ..classify import NUMBERED_HEADING, is_caption, is_toc_line, looks_like_code, numbered_level
from ..document import Block, BlockKind, Extracted, OcrReport, page_ranges
from ..errors import CorruptFileError, FileTooLargeError, NoTextError, PasswordProtectedError
from ..recognition import scans, words
from ..sections import finish
from ..settings import IngestSettings
from . import bookmarks, pdfheadings, pdfnotes, pdfpool, texfonts

PAGE_NUMBER = re.compile(r"^\W*(?:page\s*)?(?:\d{1,4}|[ivxlc]{1,7})(?:\s*(?:of|/)\s*\d{1,4})?\W*$", re.I)
EDGE_NUMBER = re.compile(r"\b(\d{1,4})\s*\.?$")
ALNUM = re.compile(r"[^\W_]")
LETTER_OR_SPACE = re.compile(r"[^\W\d_]|\s")
ALNUM_LAST = re.compile(r"[^\W_](?=[\W_]*$)")
BOLD_FONT = re.compile(r"bold|black|heavy|semibold|demi|medi|cmbx|cmssbx|\bbx|-b$", re.I)
MONO_FONT = re.compile(r"mono|courier|consol|code|cmtt|sftt|txtt|inconsolata|menlo|typewriter", re.I)
JUNK_TITLE = re.compile(
    r"\.(?:pdf|docx?|tex|dvi|ps|indd|qxd)$|^(?:untitled|binder\d*|document\d*|microsoft word\b.*|"
    r"slide \d+|title|none|unknown|\W*)$",
    re.I,
)
SOFT_HYPHENS = dict.fromkeys(map(ord, "\ufffe\x02\u00ad" + pdfnotes.DROPPED_MARK))
MARKED_HYPHEN = re.compile(r"(?<=[A-Za-z])[\ufffe\x02](?=[A-Za-z])")
BROKEN = "\uffff"  # where PDFium marked a word broken at a line's end, until the whole text's words are known
BROKEN_WORD = re.compile(rf"([A-Za-z]+){BROKEN}([A-Za-z]+)")
WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)?")
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
CONTROL_RUN = re.compile(r" ?[\x00-\x08\x0b-\x1f\x7f-\x9f]+")
WORD_RUN = re.compile(r"\S+")
HYPHEN_PAGE_NUMBER = re.compile(r"([\ufffe\x02])\s*\d{1,4}\s*$")
HYPHEN_MARK = re.compile("[\ufffe\x02]")
EDGE_SHARE = 0.12
EDGE_LINES = 3
RUNNING_SHARE = 0.5
HEADING_SIZE = 1.15
PARAGRAPH_GAP = 1.3
SENTENCE_ENDS = pdfnotes.SENTENCE_ENDS
RUN_IN_LEVEL = 6
MIN_CHAPTER_HEADS = 3
MIN_FONT_SIZE = 2.0
LOOSE_BOX_PER_POINT = 1.15
MAX_RUNNING_WORDS = 12
WRAPPED_MIN_WORDS = 5
NAMED_PART = re.compile(r"^(?:chapter|part|section|annex|appendix)\s+[\dA-Z]{1,4}(?:\s*[.:—–-]|\s+[A-Z(]|\s*$)", re.I)
LOWER_AFTER_NUMBER = re.compile(r"^\d+(?:\.\d+)*\.?\s+[a-z]")
BARE_NUMBER = re.compile(r"^\d+(\.\d+)*\.?$")
INNER_SENTENCE = re.compile(r"[a-z]{2}[.!?]\s+\S")
TORN = re.compile(r"[a-z\])][.!?]\s+[A-Z][a-z]")
EDGE_LEAD_NUMBER = re.compile(r"^(\d{1,4})\s+\D")
FONT_REASON = "its font and numbering"
RUNNING_REASON = "a running head, foot or page number"
FIGURE_REASON = "text inside a figure"
MAX_ROW_WORDS = 20
CELL_GAP = 1.0
WIDE_LETTER = 0.6  # ems: a word wider than this a letter (and a cell gap) may have a gap inside it
MIN_CELLS = 3
LABEL = re.compile(
    r"^(?:definition|theorem|lemma|corollary|proposition|proof|example|remark|question|conjecture|"
    r"claim|step|case|note|observation|fact|exercise|problem|notation|assumption|hypothesis|"
    r"axiom|property|invariant|rule|requirement)s?\b(?:\s+[\dA-Z][\w.]*)?[.:]?",
    re.I,
)
ROMAN_HEADING = re.compile(r"^(?:[IVXLC]{2,6}\.?|[IVX]\.)\s+(?=[A-Z])")
SHOUTED = re.compile(r"^[^a-z]*[A-Z]{2}[^a-z]*$")
TITLE_ZONE = 0.45
STAMP = re.compile(
    r"^(?:arxiv:|doi:|https?://|www\.|preprint|draft|submitted to|accepted|published|copyright|©|"
    r"(?:international |european |national )?standard$|technical (?:report|specification|note)$|"
    r"white paper$|working paper$|research report$)",
    re.I,
)
MAX_TITLE_LINES = 6
FOOTNOTE_MARK = re.compile(r"(?<=[^\W\d_])[\d∗*†‡§¶]+$|\s+[∗*†‡§¶]+$")
MAX_RUN_IN_WORDS = 8
REFERENCE_START = re.compile(r"^\[\s*[\w+.-]{1,12}\s*\]\s")
MAX_HEADING_WORDS = 16
MAX_LABEL_WORDS = 3
NUMBERED_RUN_IN = re.compile(r"^(\d{1,2}(?:\.\d{1,2})*\.?\s+[A-Z][A-Z0-9 '’&/-]{2,60}[A-Z])\.\s+(?=[A-Z])")
LIST_NUMBER = re.compile(r"^((?:\d{1,2}\.)*\d{1,2}|[A-Z])[.)]\s+(?=\S)")
LIST_REACH = 10
MIN_PROSE_LINE_WORDS = 6
FIXED_PITCH = 1
BOLD_WEIGHT = 600
MIN_SCANNED_CHARS = 30
SCAN_SHARE = 0.5
POOR_LAYER = 0.75


@dataclass
class Line:
    """One line of a page with the font facts of its first letters and where it sits."""

    text: str
    page: int
    size: float = 0.0
    bold: bool = False
    mono: bool = False
    x: float = 0.0
    top: float = 0.0
    last_top: float = 0.0
    tail: int = 0
    run_in: str = ""
    edge: bool = False
    ocr: bool = False
    outline: int = 0
    cells: int = 1
    title: bool = False
    note: str = ""  # "caption", "ticks", "figure" or "footnote": set aside from the prose (pdfnotes)
    ruled: bool = False  # a separator rule lies just above it
    spans: tuple[tuple[float, float, int], ...] = ()  # (left, right, words) of each cell, when it has two or more
    byline: bool = False


class _Fonts:
    """Font facts of a text page's characters, through PDFium's calls with their buffers made once, and each font
    name's bold and fixed-pitch look read once."""

    def __init__(self, textpage) -> None:
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
        raw, char_box, refs, (box_left, box_right, _, _) = self.raw, self.char_box, self.box_refs, self.box
        spans: list[list[float]] = []
        last_right: float | None = None
        for word in WORD_RUN.finditer(text, start, end):
            first, last = word.start(), word.end() - 1
            found = char_box(raw, first, *refs)
            left, right = box_left.value, box_right.value
            if found and last != first and char_box(raw, last, *refs):
                right = box_right.value
            if found and right - left <= gap + (last - first + 1) * wide:
                pieces: list[tuple[float, float]] = [(left, right)]
            else:
                pieces = [box for box in map(self._box, range(first, last + 1)) if box is not None]
            opening = 1
            for left, right in pieces:
                if last_right is None or left - last_right > gap:
                    spans.append([left, right, 1])
                else:
                    spans[-1][1] = right
                    spans[-1][2] += opening
                opening, last_right = 0, right
        return tuple((a, b, int(n)) for a, b, n in spans) if len(spans) > 1 else ()

    def _box(self, index: int) -> tuple[float, float] | None:
        """(left, right) of the character at `index`, None when PDFium has no box for it."""
        if not self.char_box(self.raw, index, *self.box_refs):
            return None
        return self.box[0].value, self.box[1].value


def _page_lines(page, number: int) -> tuple[list[Line], float]:
    """Lines of one page, and the share of it covered by an image (a scan, when it has no text): font facts from
    each line's first and last letter, cells from its words' boxes, rules and images from one pass over the page's
    objects."""
    textpage = page.get_textpage()
    try:
        text = pdfnotes.unmarked(textpage, _page_text(textpage))
        aligned = len(text) == textpage.count_chars()
        height = page.get_height() or 1.0
        fonts = _Fonts(textpage)
        lines: list[Line] = []
        for start, raw in pdfnotes.physical_lines(textpage, text):
            raw = HYPHEN_PAGE_NUMBER.sub("-", raw)
            clean = _line_text(raw)
            if not clean:
                continue
            line = Line(clean, number, tail=len(HYPHEN_MARK.split(raw)[-1].strip()) or len(clean))
            first = ALNUM.search(raw) if aligned else None
            last = ALNUM_LAST.search(raw) if first else None
            if first and last:
                line.size, bold_first, line.mono = fonts(start + first.start())
                _, bold_last, _ = fonts(start + last.start())
                line.bold = bold_first and bold_last
                if bold_first and not bold_last:
                    line.run_in = _bold_prefix(fonts, raw, start)
                left, bottom, _, top = textpage.get_charbox(start + first.start(), loose=True)
                line.x, line.top = left, top
                if line.size < MIN_FONT_SIZE:  # text scaled by its matrix reports size 1: measure the glyph box
                    line.size = round((top - bottom) / LOOSE_BOX_PER_POINT, 1)
                line.last_top = textpage.get_charbox(start + last.start(), loose=True)[3]
                line.edge = top > height * (1 - EDGE_SHARE) or bottom < height * EDGE_SHARE
                if not line.mono and len(clean.split()) <= MAX_ROW_WORDS:
                    line.spans = fonts.spans(text, start, start + len(raw), line.size)
                    line.cells = max(1, len(line.spans))
            lines.append(line)
        share, rules = pdfnotes.page_objects(page)
        pdfnotes.mark_ruled(rules, lines)
    finally:
        textpage.close()
    _lone_rows(lines)
    return lines, share


def _lone_rows(lines: list[Line]) -> None:
    """A table has rows: a line of cells with no such line above or below it is a justified or spaced-out line."""
    rows = [line.cells >= MIN_CELLS for line in lines]
    for index, line in enumerate(lines):
        if rows[index] and not (index and rows[index - 1] or index + 1 < len(lines) and rows[index + 1]):
            line.cells = 1


def _page_text(textpage) -> str:
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


def _tex_symbols(textpage, text: str) -> str:
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


def _without_controls(pages: list[list[Line]]) -> tuple[int, list[int]]:
    """Control characters left in the text layer (symbols of fonts with no Unicode that no table maps) taken out of
    the lines, and lines left empty dropped; how many characters went and from which pages."""
    dropped = 0
    where: list[int] = []
    for number, lines in enumerate(pages, 1):
        found = sum(len(CONTROL.findall(line.text)) for line in lines)
        if not found:
            continue
        for line in lines:
            line.text = CONTROL_RUN.sub("", line.text).strip()
            line.run_in = CONTROL_RUN.sub("", line.run_in).strip()
        lines[:] = [line for line in lines if line.text]
        dropped, where = dropped + found, where + [number]
    return dropped, where


def _line_text(raw: str) -> str:
    """A line's text as read; PDFium's mark for a hyphen that broke a word at a line's end, the two lines already
    joined ('globally\ufffedistributed'), kept as `BROKEN` for `_broken_words`."""
    return unicodedata.normalize("NFKC", MARKED_HYPHEN.sub(BROKEN, raw).translate(SOFT_HYPHENS)).strip()


def _broken_words(pages: list[list[Line]]) -> None:
    """Each word broken at a line's end written as the text writes it elsewhere ('Copyset', 'lock-free', or its
    singular); else with its hyphen where the halves are words and the whole is not ('globally-distributed'),
    joined otherwise."""
    found = [line for lines in pages for line in lines if BROKEN in line.text or BROKEN in line.run_in]
    if not found:
        return
    seen = {word.lower() for word in WORD.findall("\n".join(line.text for lines in pages for line in lines))}

    def mended(match: re.Match) -> str:
        head, tail = match.groups()
        joined = f"{head}{tail}".lower()
        if joined in seen or joined.endswith("s") and joined[:-1] in seen:
            return f"{head}{tail}"
        if f"{head}-{tail}".lower() in seen:
            return f"{head}-{tail}"
        return words.dehyphenated(f"{head}-", tail)

    for line in found:
        line.text = BROKEN_WORD.sub(mended, line.text).replace(BROKEN, "")
        line.run_in = BROKEN_WORD.sub(mended, line.run_in).replace(BROKEN, "")


def _bold_prefix(fonts: _Fonts, raw: str, start: int) -> str:
    """The bold words a line starts with ('Tree construction' in 'Tree construction This component ...')."""
    for index in (start + found.start() for found in ALNUM.finditer(raw)):
        if not fonts(index)[1]:
            return _line_text(raw[: index - start])
    return ""


def _signature(line: str) -> str:
    return re.sub(r"\d+", "#", " ".join(line.lower().split()))


def _edges(lines: list[Line]) -> list[Line]:
    ends = lines[:EDGE_LINES] + lines[-EDGE_LINES:] if len(lines) > 2 * EDGE_LINES else lines
    return [line for line in ends if line.edge or not any(ln.size for ln in lines)]


RUNNING_NOTE = "Running headers, footers and page numbers were left out of the summary (see what was left out)."


def _may_run(text: str) -> bool:
    """Whether a line could be a running head or foot: not the start or middle of a sentence."""
    return not text[0].islower() and len(text.split()) <= MAX_RUNNING_WORDS and not text.endswith(("-", ",", ";"))


def _furniture(pages: list[list[Line]]) -> set[int]:
    """ids of running headers, footers and page numbers: edge lines repeated across pages (on most pages, on
    most even or odd pages, or on three or more: a chapter's heads) or numbered like the page."""
    found: set[int] = set()
    counts: Counter[str] = Counter()
    by_side: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
    offsets: Counter[int] = Counter()
    for index, lines in enumerate(pages):
        edges = _edges(lines)
        for line in edges:
            if PAGE_NUMBER.match(line.text):
                found.add(id(line))
        signatures = {_signature(ln.text) for ln in edges if _may_run(ln.text)}
        counts.update(signatures)
        by_side[index % 2].update(signatures)
        for line in edges:
            number = EDGE_NUMBER.search(line.text)
            if number:
                offsets[int(number.group(1)) - index] += 1
    if sum(1 for lines in pages if lines) < 3:
        return found
    sides = [sum(1 for lines in pages[side::2] if lines) for side in (0, 1)]
    running = {
        sig
        for sig, n in counts.items()
        if n >= max(2, RUNNING_SHARE * sum(sides))
        or n >= MIN_CHAPTER_HEADS
        and len(sig.split()) >= 2
        or any(by_side[side][sig] >= max(2, RUNNING_SHARE * sides[side]) for side in (0, 1))
    }
    offset, seen = offsets.most_common(1)[0] if offsets else (0, 0)
    numbered = seen >= max(3, 0.3 * len(pages))
    for index, lines in enumerate(pages):
        for line in _edges(lines):
            if not _may_run(line.text):
                continue
            trailing, leading = EDGE_NUMBER.search(line.text), EDGE_LEAD_NUMBER.match(line.text)
            signature = _signature(line.text)
            if (
                signature in running
                or numbered
                and (
                    trailing
                    and int(trailing.group(1)) - index == offset
                    or leading
                    and counts[signature] >= 2
                    and int(leading.group(1)) - index == offset
                )
            ):
                found.add(id(line))
    return found


def _heading_level(line: Line, sizes: list[float], styles: dict[tuple[float, bool], int]) -> int:
    """Depth from the heading's number, else that of numbered headings in the same font, else from its size."""
    level = numbered_level(line.text)
    if level:
        return level
    if (round(line.size, 1), line.bold) in styles:
        return styles[(round(line.size, 1), line.bold)]
    larger = [s for s in sizes if s > line.size + 0.2]
    return min(len(larger) + 1, 6)


def _styles(lines: list[Line], body: Line) -> dict[tuple[float, bool], int]:
    """The most common numbered depth of each heading font."""
    seen: dict[tuple[float, bool], Counter[int]] = {}
    for line in lines:
        level = numbered_level(line.text)
        if level and _is_heading(line, body):
            seen.setdefault((round(line.size, 1), line.bold), Counter())[level] += 1
    return {style: counts.most_common(1)[0][0] for style, counts in seen.items()}


def _run_in(line: Line, body: Line) -> tuple[str, str]:
    """(heading, rest) for a line that opens with a short bold heading run into its paragraph, else ('', '')."""
    prefix = line.run_in.rstrip(" .:—–-")
    words = prefix.split()
    if (
        not prefix
        or LABEL.match(prefix)
        or body.bold
        or not 1 <= len(words) <= MAX_RUN_IN_WORDS
        or not line.text.startswith(line.run_in)
        or is_caption(line.text)
        or not prefix[:1].isupper()
        or sum(ch.isalpha() for ch in prefix) < 3
    ):
        return "", ""
    rest = line.text[len(line.run_in) :].strip()
    return (prefix, rest) if rest else ("", "")


def _numbered_run_in(line: Line) -> tuple[str, str]:
    """(heading, rest) for a numbered heading in capitals run into its paragraph ("1.1 BACKGROUND. The role of
    synchronism ..."), else ('', '')."""
    match = NUMBERED_RUN_IN.match(line.text)
    if not match or line.run_in:
        return "", ""
    return match.group(1), line.text[match.end() :]


def _is_heading(line: Line, body: Line) -> bool:
    """A line that reads like a heading and stands out from the body by size, weight or numbering."""
    return not line.byline and _reads_like_heading(line) and _stands_out(line, body)


def _reads_like_heading(line: Line) -> bool:
    """Short, capitalized, no sentence inside or after it (a numbered question may end in '?'), not a table row,
    a caption, a formula or a theorem's label."""
    text = line.text
    numbered = bool(NUMBERED_HEADING.match(text))
    if LOWER_AFTER_NUMBER.match(text) or len(text.split()) > MAX_HEADING_WORDS or text.count(",") >= 3:
        return False
    ends_sentence = text[-1] in ".,;:!?" and not BARE_NUMBER.match(text) and not (text[-1] == "?" and numbered)
    if ends_sentence or text[0].islower() or text.count("(") != text.count(")") or is_caption(text):
        return False
    if (
        looks_like_code(text)
        or INNER_SENTENCE.search(text)
        or TORN.search(text)
        or len(LETTER_OR_SPACE.findall(title := NUMBERED_HEADING.sub("", text, count=1))) < 0.8 * len(title)
    ):
        return False
    return (
        line.cells < MIN_CELLS
        and not (LABEL.match(text) and not numbered)
        and _starts_like_title(text)
        and not pdfheadings.names_only(text)  # a byline: its first initial reads like a section letter ("M.")
        and not pdfheadings.reads_as_sentence(text)
    )


def _stands_out(line: Line, body: Line) -> bool:
    if body.size and line.size >= body.size * HEADING_SIZE:
        return True
    if line.bold and not body.bold and len(line.text.split()) <= 12:
        return True
    numbered = NUMBERED_HEADING.match(line.text) or ROMAN_HEADING.match(line.text)
    return bool(numbered) and len(line.text.split()) <= 10 and (line.size >= body.size - 0.3 or line.bold)


def _starts_like_title(text: str) -> bool:
    """Its first word after any number is capitalized and it has a word of three letters or more."""
    rest = ROMAN_HEADING.sub("", NUMBERED_HEADING.sub("", text, count=1), count=1).lstrip("§ ")
    named = NAMED_PART.match(text)
    if named:
        return True
    return bool(rest[:1].isupper() or rest[:1].isdigit()) and any(
        sum(ch.isalpha() for ch in word) >= 3 for word in rest.split()
    )


def _body(lines: list[Line]) -> Line:
    """A line with the most common size and weight among the text's characters: the body font."""
    sizes: Counter[tuple[float, bool]] = Counter()
    for line in lines:
        sizes[(round(line.size, 1), line.bold)] += len(line.text)
    (size, bold), _ = sizes.most_common(1)[0] if sizes else ((0.0, False), 0)
    return Line("", 0, size=size, bold=bold)


@dataclass
class _Page:
    """What the whole text says about its lines: the body font, heading sizes and styles, line spacing per size and
    the typical line length, measured once before the lines are read in order."""

    body: Line
    heading_sizes: list[float]
    styles: dict[tuple[float, bool], int]
    spacings: dict[float, float]
    typical: int
    list_lines: frozenset[int]

    @classmethod
    def measure(cls, lines: list[Line]) -> "_Page":
        body = _body([line for line in lines if not line.outline])
        sizes = sorted(
            {
                round(ln.size, 1)
                for ln in lines
                if body.size and ln.size >= body.size * HEADING_SIZE and not ln.title and not ln.outline
            },
            reverse=True,
        )
        gaps: dict[float, list[float]] = {}
        for a, b in zip(lines, lines[1:]):
            if a.page == b.page and abs(a.size - b.size) < 0.2 and 0 < a.last_top - b.top < 3 * (a.size or 12):
                gaps.setdefault(round(a.size), []).append(a.last_top - b.top)
        widths = sorted(ln.tail for ln in lines)
        return cls(
            body,
            sizes,
            _styles(lines, body),
            {size: sorted(v)[len(v) // 4] for size, v in gaps.items()},
            widths[len(widths) * 3 // 4] if widths else 0,
            _list_lines(lines, body),
        )

    def listed(self, line: Line) -> bool:
        """A numbered line in the body's own font that is an item of a numbered list ("4. Apply: Write mutations
        ..." between "3. Commit: ..." and "5. Clean up: ...") or a wrapped line of a paragraph that opens with a
        letter ("... found a bare quorum in A and / C. Position 103 is ..."), not a section."""
        return id(line) in self.list_lines

    def new_paragraph(self, previous: Line, line: Line) -> bool:
        """Whether `line` starts a paragraph: a wider gap, a short last line, an indent after a sentence end,
        a change of font kind, a bullet, a reference entry or a contents line."""
        gap = previous.last_top - line.top
        spacing = self.spacings.get(round(line.size), 0.0)
        same_page = previous.page == line.page
        ended = previous.text.endswith(SENTENCE_ENDS)
        indented = line.x - previous.x > 0.6 * (line.size or 10) and same_page and abs(gap) < 3 * (spacing or 12)
        return bool(
            previous.note != line.note
            or pdfnotes.opens_note(line)
            or spacing
            and same_page
            and gap > PARAGRAPH_GAP * spacing
            or ended
            and (previous.tail < 0.7 * self.typical or indented)
            or previous.mono != line.mono
            or (previous.cells >= MIN_CELLS) != (line.cells >= MIN_CELLS)
            or line.text[:1] in "•▪◦‣●■□➢►"
            or REFERENCE_START.match(line.text)
            or _toc_line(line.text)
            or _toc_line(previous.text)
        )


_toc_line = functools.lru_cache(maxsize=1024)(is_toc_line)  # each line is asked twice: as itself, then as the previous


def _joined(lines: list[Line], kind: str) -> str:
    """The lines of one block as its text: code and table rows one per line, prose with hyphenation repaired."""
    text = lines[0].text
    for line in lines[1:]:
        if kind == "paragraph" and text.endswith("-") and line.text[:1].islower() and text[-2:-1].isalpha():
            text = words.dehyphenated(text, line.text)
        else:
            text += ("\n" if kind in ("code", "table") else " ") + line.text
    return text


def _continues_heading(last: Block | None, previous: Line | None, line: Line) -> bool:
    """A layout heading's next line in the same font on the same page: its wrapped second line."""
    return bool(
        last
        and last.kind == "heading"
        and last.reason != bookmarks.REASON
        and last.page == line.page
        and previous
        and abs(previous.size - line.size) < 0.2
        and previous.bold == line.bold
        and not NUMBERED_HEADING.match(line.text)
        and len(last.text.split()) + len(line.text.split()) <= 20
    )


def _kind(lines: list[Line], body: Line) -> BlockKind:
    """What a block of lines is: a caption or footnote as set aside, code, a table, else a paragraph."""
    if lines[0].note:
        return "footnote" if lines[0].note == "footnote" else "caption"
    if all(ln.cells >= MIN_CELLS for ln in lines):
        return "table"
    return "code" if all(ln.mono for ln in lines) and body.size and not body.mono else "paragraph"


def _blocks(lines: list[Line], depth: int = 0) -> list[Block]:
    """Paragraphs, code, tables and headings of the lines; with an outline (`depth` levels deep) its entries are the
    headings at their levels and what only looks like a heading goes below them."""
    page = _Page.measure(lines)
    body = page.body
    blocks: list[Block] = []
    current: list[Line] = []
    held: list[list[Line]] = []  # captions and footnotes met inside the open paragraph, set down after it
    joined: set[int] = set()  # ids of a heading's wrapped lines, already part of it

    def flush() -> None:
        for group in ([current] if current else []) + held:
            kind = _kind(group, body)
            text = _joined(group, "paragraph" if group[0].note else kind)
            reason = pdfnotes.REASONS.get(group[0].note, "rows of short cells" if kind == "table" else "")
            blocks.append(Block(kind, text, page=group[0].page, reason=reason))
        current.clear()
        held.clear()

    for number, line in enumerate(lines):
        if id(line) in joined:
            continue
        previous = lines[number - 1] if number else None
        if line.note:  # a caption or footnote: never a heading, and out of the sentence it cuts
            if held and held[-1][-1] is previous and not page.new_paragraph(held[-1][-1], line):
                held[-1].append(line)
            else:
                held.append([line])
            continue
        heading, rest = _run_in(line, body)
        run_in_level, run_in_reason = RUN_IN_LEVEL, "a bold run-in heading"
        if not heading:
            heading, rest = _numbered_run_in(line)
            run_in_level, run_in_reason = numbered_level(heading), "its numbering, run into its paragraph"
        seems_heading, text, wrapped = _layout_heading(lines, number, page)
        if line.title or line.outline or heading or seems_heading:
            flush()
        if line.title:
            last = blocks[-1] if blocks else None
            if last and last.kind == "title":
                blocks[-1] = Block("title", f"{last.text} {line.text}", page=line.page, reason=last.reason)
            else:
                blocks.append(Block("title", line.text, page=line.page, reason="the largest text on the first page"))
        elif line.outline:
            blocks.append(Block("heading", line.text, line.outline, line.page, reason=bookmarks.REASON))
        elif heading:
            blocks.append(Block("heading", heading, run_in_level + depth, line.page, reason=run_in_reason))
            line.text, line.run_in = rest, ""
            current.append(line)
        elif seems_heading:
            joined.update(id(ln) for ln in wrapped)
            _add_heading(blocks, previous, line, text if wrapped else "", page, depth)
        else:
            if not current or page.new_paragraph(current[-1], line):
                flush()
            current.append(line)
    flush()
    return pdfnotes.rejoined(_figure_text(blocks))


def _add_heading(blocks: list[Block], previous: Line | None, line: Line, wrapped: str, page: _Page, depth: int) -> None:
    """The heading `line` opens (its `wrapped` lines joined, when it has any) added to `blocks`, or added to the
    heading just before it when it is that heading's next line."""
    last = blocks[-1] if blocks else None
    if last is not None and not wrapped and _continues_heading(last, previous, line):
        blocks[-1] = Block("heading", f"{last.text} {line.text}", last.level, last.page, reason=last.reason)
    else:
        level = _heading_level(line, page.heading_sizes, page.styles) + depth
        blocks.append(Block("heading", wrapped or line.text, level, line.page, reason=FONT_REASON))


def _layout_heading(lines: list[Line], number: int, page: _Page) -> tuple[bool, str, list[Line]]:
    """Whether `lines[number]` opens a heading by its layout, the heading's text and the wrapped lines joined to it."""
    line, body = lines[number], page.body
    following = lines[number + 1] if number + 1 < len(lines) else None
    if not _stands_out(line, body) or page.listed(line) or pdfheadings.runs_on(line, following, body, page.typical):
        return False, line.text, []
    text, wrapped = pdfheadings.joined_heading(
        lines, number, body, lambda text: not line.byline and _reads_like_heading(replace(line, text=text))
    )
    return bool(wrapped) or _is_heading(line, body) and not _wraps_on(line, following), text, wrapped


def _wraps_on(line: Line, following: Line | None) -> bool:
    """An unnumbered line whose sentence goes on in lowercase on the next line of the same page (a bold
    abstract's first line, "Abstract— The emergence of new applications on the Internet" / "like
    voice-over-IP, ..."): the first line of a paragraph, not a heading. A figure's one- or two-word labels
    ("Randomly" over "pick copyset") are left to the figure pass."""
    return bool(
        following is not None
        and len(line.text.split()) >= WRAPPED_MIN_WORDS
        and following.page == line.page
        and following.text[:1].islower()
        and not NUMBERED_HEADING.match(line.text)
        and not ROMAN_HEADING.match(line.text)
    )


def _in_font_of(line: Line, other: Line) -> bool:
    """Whether two lines share a font: the same weight and a size within 0.3 pt."""
    return abs(line.size - other.size) < 0.3 and line.bold == other.bold


def _list_number(line: Line) -> tuple[int, ...] | None:
    """The number a line opens with ('4.' -> (4,), 'C.' -> (3,), '2.1' -> (2, 1))."""
    match = LIST_NUMBER.match(line.text)
    if not match:
        return None
    return tuple(ord(part) - 64 if part.isalpha() else int(part) for part in match.group(1).split("."))


def _list_lines(lines: list[Line], body: Line) -> frozenset[int]:
    """Ids of body-font lines that cannot open a section: a numbered one whose neighbour within `LIST_REACH`
    lines, at the same indent, carries the next or the previous number (a numbered list), and any line that
    continues a paragraph (the line just above, in the same font, is a long one that does not end a sentence:
    "... a bare quorum in A and / C. Position 103 is ...", "... as / Section 2 demonstrates ...")."""
    numbers = [_list_number(line) if _in_font_of(line, body) else None for line in lines]
    found: set[int] = set()
    for index, (line, number) in enumerate(zip(lines, numbers)):
        if not _in_font_of(line, body):
            continue
        previous = lines[index - 1] if index else None
        if (
            previous is not None
            and previous.page == line.page
            and _in_font_of(previous, line)
            and 0 < previous.last_top - line.top < 2 * (line.size or 10)
            and len(previous.text.split()) >= MIN_PROSE_LINE_WORDS
            and not previous.text.endswith(SENTENCE_ENDS)
        ):
            found.add(id(line))
            continue
        if number is None:
            continue
        for other in range(max(0, index - LIST_REACH), min(len(lines), index + LIST_REACH + 1)):
            near = numbers[other]
            if (
                other != index
                and near is not None
                and len(near) == len(number)
                and near[:-1] == number[:-1]
                and abs(near[-1] - number[-1]) == 1
                and lines[other].page == line.page
                and abs(lines[other].x - line.x) < 2
            ):
                found.add(id(line))
                break
    return frozenset(found)


def _figure_text(blocks: list[Block]) -> list[Block]:
    """Unnumbered 'headings' right before a figure's caption are its labels and legends (axis titles, plot
    names), not sections; so are the one-to-three-word labels among them ("X", "Coordinator C")."""
    result = list(blocks)
    index = 0
    while index < len(result):
        end = index
        while end < len(result) and (
            result[end].kind == "heading"
            and result[end].reason == FONT_REASON
            and not NUMBERED_HEADING.match(result[end].text)
            or result[end].kind == "paragraph"
            and len(result[end].text.split()) <= MAX_LABEL_WORDS
        ):
            end += 1
        run = range(index, end)
        if any(result[at].kind == "heading" for at in run) and end < len(result) and is_caption(result[end].text):
            for at in run:
                result[at] = Block("caption", result[at].text, page=result[at].page, reason=FIGURE_REASON)
        index = end + 1 if end > index else index + 1
    return _axis_labels(result)


def _ticks(block: Block) -> bool:
    """A row of a chart's axis: mostly numbers ("0 50 100 150 200", "0 TB 50 TB 100 TB")."""
    return block.kind in ("paragraph", "code", "caption") and pdfnotes.ticks(block.text)


def _axis_labels(blocks: list[Block]) -> list[Block]:
    """An unnumbered 'heading' next to a row of axis ticks is the axis's label ("Day" above "0 50 100 150 ..."):
    figure text, as are the ticks."""
    result = list(blocks)
    for index, block in enumerate(blocks):
        if block.kind != "heading" or block.reason != FONT_REASON or NUMBERED_HEADING.match(block.text):
            continue
        near = [at for at in (index - 1, index + 1) if 0 <= at < len(blocks) and _ticks(blocks[at])]
        for at in [index, *near] if near else []:
            result[at] = Block("caption", blocks[at].text, page=blocks[at].page, reason=FIGURE_REASON)
    return result


def _skipped_note(numbers: list[int], count: int, ocr: int) -> str:
    """`ocr` is how many scanned pages OCR reads at most; 0 when it is off."""
    why = f"OCR reads at most the first {ocr:,} of them" if ocr else "OCR is switched off"
    if len(numbers) == 1:
        return f"Page {numbers[0]} of {count} looks scanned and was skipped: it has no text layer, and {why}."
    return f"Pages {page_ranges(numbers)} of {count} look scanned and were skipped: they have no text layer, and {why}."


def _dropped_note(dropped: int, numbers: list[int], count: int) -> str:
    ranges = page_ranges(numbers)
    where = f"pages {ranges}" if len(ranges) <= 30 else f"{len(numbers)} pages"
    where = f"page {ranges}" if len(numbers) == 1 else where
    return (
        f"{dropped:,} symbol{'s' if dropped > 1 else ''} on {where} of {count} could not be read (the PDF's "
        f"fonts give no Unicode for {'them' if dropped > 1 else 'it'}) and {'were' if dropped > 1 else 'was'} "
        "left out of the text."
    )


def ocr_lines(page: scans.ScannedPage, number: int, scale: float) -> list[Line]:
    """A page read by OCR as the reader's lines: pixels turned into points (`scale` per pixel), y counted upwards."""
    lines = []
    for row in page.rows:
        top = (page.height - row.top) * scale
        edge = row.top < page.height * EDGE_SHARE or row.top + row.height > page.height * (1 - EDGE_SHARE)
        lines.append(
            Line(
                row.text,
                number,
                size=row.size * scale,
                x=row.left * scale,
                top=top,
                last_top=top,
                tail=len(row.text),
                edge=edge,
                ocr=True,
            )
        )
    return lines


def _anchored(pages: list[list[Line]], entries: list[bookmarks.Bookmark]) -> tuple[list[list[Line]], int]:
    """The pages' lines with each outline entry's heading marked at its level (wrapped lines joined into one,
    a run-in heading split off its paragraph, a heading not found on the page put at the entry's position);
    and how deep the outline goes."""
    anchors = bookmarks.anchor(entries, pages)
    result = [list(lines) for lines in pages]
    taken: set[tuple[int, int]] = set()
    for item in sorted(anchors, key=lambda a: (a.page, -1 if a.line is None else a.line), reverse=True):
        lines = result[item.page - 1]
        if item.line is not None and any((item.page, i) in taken for i in range(item.line, item.line + item.span)):
            continue
        taken.update((item.page, i) for i in range(item.line or 0, (item.line or 0) + item.span))
        if item.line is None:
            below = [i for i, line in enumerate(lines) if item.entry.top is not None and line.top < item.entry.top]
            at = below[0] if below else 0
            lines.insert(at, Line(item.text, item.page, top=item.entry.top or 0.0, outline=item.level))
            continue
        first = lines[item.line]
        if item.span == 1 and len(item.text) < len(first.text) and not first.outline:
            rest = first.text[len(item.text) :].strip()
            lines.insert(item.line + 1, replace(first, text=rest, tail=len(rest), run_in="", cells=1, title=False))
        lines[item.line] = replace(
            first,
            text=item.text,
            last_top=lines[item.line + item.span - 1].last_top,
            run_in="",
            outline=item.level,
            cells=1,
            title=False,
        )
        del lines[item.line + 1 : item.line + item.span]
    return result, max((a.level for a in anchors), default=0)


def layout(pages: list[list[Line]], entries: Sequence[bookmarks.Bookmark] = ()) -> tuple[tuple[Block, ...], bool]:
    """Typed blocks of the pages' lines with running headers, footers and page numbers left out; and whether
    there were any. With outline entries, those are the headings."""
    furniture = _furniture(pages)
    kept = [[line for line in page if id(line) not in furniture] for page in pages]
    depth = 0
    title: list[Line] = []
    if entries:
        kept, depth = _anchored(kept, list(entries))
    if kept and kept[0]:
        body = _body([line for page in kept for line in page])
        title = _title_lines(kept[0], body)
        for line in title:
            line.title = True
        for line in kept[0]:
            line.byline = id(line) in pdfheadings.byline(kept[0], title)
    for page in kept:
        rows = pdfheadings.header_rows(page)
        for line in page:
            line.cells = MIN_CELLS if id(line) in rows else line.cells
    pdfnotes.set_aside(kept, _body([line for page in kept for line in page]).size)
    running = [
        Block(
            "running",
            " · ".join(line.text for line in page if id(line) in furniture),
            page=number,
            reason=RUNNING_REASON,
        )
        for number, page in enumerate(pages, 1)
        if any(id(line) in furniture for line in page)
    ]
    blocks = _blocks([line for page in kept for line in page], depth)
    blocks = pdfheadings.title_repeats(blocks, " ".join(ln.text for ln in title), FONT_REASON)
    return finish(blocks) + tuple(running), bool(furniture)


def _title_lines(lines: list[Line], body: Line) -> list[Line]:
    """The document's title on its first page: the largest text in the top part of the page (stamps, page
    numbers and running heads aside), its lines joined; none when nothing stands out from the body."""
    height = max((ln.top for ln in lines), default=0.0) or 1.0
    bottom = min((ln.top for ln in lines), default=0.0)
    zone = [
        ln
        for ln in lines
        if ln.top >= bottom + (1 - TITLE_ZONE) * (height - bottom)
        and not ln.outline
        and sum(sum(ch.isalpha() for ch in word) >= 3 for word in ln.text.split()) >= 2
        and not STAMP.match(ln.text)
        and ln.cells < MIN_CELLS
        and not NUMBERED_HEADING.match(ln.text)
        and not ROMAN_HEADING.match(ln.text)
    ]
    if not zone or not body.size:
        return []
    size = max(ln.size for ln in zone)
    if size < body.size * HEADING_SIZE:
        first = zone[0]
        if not (first.bold or SHOUTED.match(first.text)) or first is not lines[0] or NUMBERED_HEADING.match(first.text):
            return []
        size = first.size
    start = next(i for i, ln in enumerate(lines) if ln in zone and abs(ln.size - size) < 0.5)
    chosen = [lines[start]]
    for line in lines[start + 1 : start + MAX_TITLE_LINES]:
        if abs(line.size - size) >= 0.5 or chosen[-1].top - line.top > 2.5 * size or STAMP.match(line.text):
            break
        chosen.append(line)
    return chosen


def clean_title(text: str) -> str:
    """A title without footnote marks ('Design1', 'Types ∗') and spacing runs."""
    return FOOTNOTE_MARK.sub("", " ".join(text.split())).strip()


def _title(document, blocks: list[Block]) -> str:
    """The first page's title block; else the metadata title when its words are on the first page."""
    shown = next((b.text for b in blocks if b.kind == "title"), "")
    if shown:
        return clean_title(shown)
    try:
        title = " ".join(str(document.get_metadata_value("Title") or "").split())
    except Exception:  # metadata of damaged files is best-effort; the text is what matters
        title = ""
    first_page = bookmarks.key(" ".join(b.text for b in blocks if b.page == 1))
    if title and not JUNK_TITLE.search(title) and len(title) >= 4 and bookmarks.key(title) in first_page:
        return clean_title(title)
    return ""


def _open(data: bytes, name: str):
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    try:
        return pdfium.PdfDocument(data)
    except pdfium.PdfiumError as error:
        if error.err_code == pdfium_c.FPDF_ERR_PASSWORD:
            raise PasswordProtectedError(
                f"{name} is password-protected; remove the password and upload it again."
            ) from error
        raise CorruptFileError(f"{name} could not be read; the PDF seems damaged.") from error


def _needs_ocr(lines: list[Line], image_share: float) -> bool:
    """A scan with no text layer or a poor one, or a page whose text layer is junk from a broken font encoding."""
    text = " ".join(line.text for line in lines)
    letters = sum(map(str.isalnum, text))
    if image_share >= SCAN_SHARE:
        return letters < MIN_SCANNED_CHARS or words.known_share(text) < POOR_LAYER
    return letters >= MIN_SCANNED_CHARS and words.garbled(text)


def _read_scans(
    document, numbers: list[int], settings: IngestSettings, report: scans.Progress | None
) -> tuple[dict[int, list[Line]], OcrReport]:
    heights = {number: document[number - 1].get_height() for number in numbers}

    def image_of(number: int):
        page = document[number - 1]
        try:
            return scans.render(page, settings.ocr_dpi)
        finally:
            page.close()

    found, ocr = scans.read_pages(numbers, image_of, len(document), report)
    return {
        number: ocr_lines(page, number, heights[number] / max(page.height, 1.0)) for number, page in found.items()
    }, ocr


def _read_page(document, number: int) -> tuple[list[Line], bool]:
    """The lines of page `number` and whether it needs OCR."""
    page = document[number - 1]
    try:
        lines, image_share = _page_lines(page, number)
    finally:
        page.close()
    return lines, _needs_ocr(lines, image_share)


def extract(data: bytes, name: str, settings: IngestSettings, report: scans.Progress | None = None) -> Extracted:
    """The blocks, title, page count, warnings and OCR report of a PDF; scanned pages read by OCR when it is on."""
    document = _open(data, name)
    try:
        count = len(document)
        if count > settings.max_pages:
            raise FileTooLargeError(
                f"{name} has {count:,} pages; the limit is {settings.max_pages:,}. Split it into parts."
            )
        found = pdfpool.read_pages(document, count, _read_page)
        pages = [lines for lines, _ in found]
        scanned = [number for number, (_, needs_ocr) in enumerate(found, 1) if needs_ocr]
        chosen = scanned[: settings.ocr_max_pages] if settings.ocr else []
        ocr = None
        if chosen:
            read, ocr = _read_scans(document, chosen, settings, report)
            for number, lines in read.items():
                pages[number - 1] = lines
            ocr = ocr if ocr.pages else None
        skipped = [
            n for n in scanned if n not in chosen and sum(len(ln.text) for ln in pages[n - 1]) < MIN_SCANNED_CHARS
        ]
        for number in skipped:
            pages[number - 1] = []
        dropped, dropped_pages = _without_controls(pages)
        _broken_words(pages)
        if not any(pages):
            if chosen:
                raise NoTextError(
                    f"{name} is a scanned image, and OCR found no text in it (is the scan blank or very faint?)."
                )
            if skipped:
                raise NoTextError(
                    f"{name} is a scanned image with no text layer, and OCR is switched off; "
                    "turn it on to read the file."
                )
            raise NoTextError(f"{name} has no text to summarize (its pages are blank).")
        entries = bookmarks.read(document)
        unusable = bookmarks.usable(entries, count)
        blocks, furniture = layout(pages, [] if unusable else entries)
        warnings = []
        if entries and unusable:
            warnings.append(f"The PDF's outline was not used for its sections ({unusable}); they come from the layout.")
        if skipped:
            warnings.append(_skipped_note(skipped, count, settings.ocr_max_pages if settings.ocr else 0))
        empty = [n for n in chosen if not pages[n - 1]]
        if empty:
            warnings.append(
                f"{'Pages' if len(empty) > 1 else 'Page'} {page_ranges(empty)} of {count} "
                f"look{'s' if len(empty) == 1 else ''} scanned, and OCR found no text there."
            )
        if dropped:
            warnings.append(_dropped_note(dropped, dropped_pages, count))
        if furniture:
            warnings.append(RUNNING_NOTE)
        return Extracted(blocks, _title(document, list(blocks)), count, warnings, ocr)
    finally:
        document.close()
