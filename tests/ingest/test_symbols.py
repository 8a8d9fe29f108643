"""Symbols from fonts with no Unicode map (TeX math in a PDF): read from the TeX font's encoding, or left out and
counted in a warning; never a raw control character in the text a summary reads."""

import re

from ingest import IngestSettings, ingest_file
from ingest.formats.texfonts import TABLES, encoding, symbol
from tests.builders import tex_font_pdf

CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def test_tex_math_symbols_are_read_from_the_fonts_encoding():
    pdf = tex_font_pdf(
        [
            ("CMR10", {}, b"For every small"),
            ("ABCDEF+CMMI10", {15: "epsilon1", 11: "alpha"}, b"\x0f > 0 and \x0b"),
            ("CMSY10", {20: "lessequal"}, b"x \x14 y holds,"),
            ("CMEX10", {16: "parenleftbig", 17: "parenrightbig"}, b"\x10 n \x11"),
            ("CMR10", {}, b"and the bound is tight."),
        ]
    )
    document = ingest_file("bound.pdf", pdf, IngestSettings())
    assert "For every small ε > 0 and α x ≤ y holds, ( n ) and the bound is tight." in document.text
    assert not CONTROL.search(document.text)
    assert not any("symbol" in warning for warning in document.warnings)


def test_symbols_no_table_knows_are_left_out_and_counted():
    pdf = tex_font_pdf(
        [
            ("CMR10", {}, b"The diagram shows P"),
            ("XYATIP10", {15: "tip", 16: "tip2"}, b"\x0f\x10 Q and R \x0f S"),
            ("CMR10", {}, b"in one step."),
        ]
    )
    document = ingest_file("diagram.pdf", pdf, IngestSettings())
    assert "The diagram shows P Q and R S in one step." in document.text
    assert not CONTROL.search(document.read_text)
    assert (
        "3 symbols on page 1 of 1 could not be read (the PDF's fonts give no Unicode for them) and were left "
        "out of the text." in document.warnings
    )


def test_tex_encodings_cover_the_control_range():
    assert {name: len(table) for name, table in TABLES.items()} == {
        "OML": 32,
        "OMS": 32,
        "OMX": 32,
        "OT1": 32,
        "MSAM": 8,
    }
    assert encoding("QWERTY+CMMIB10") == "OML" and encoding("cmbx12") == "OT1" and encoding("Times-Roman") == ""
    assert symbol("CMSY10", 0x0F) == "•" and symbol("CMR10", 0x0C) == "\ufb01" and symbol("MSAM10", 0x1F) == ""
