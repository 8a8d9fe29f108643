"""Symbols from TeX's math and text fonts, for PDFs that give their codes and no Unicode.

A TeX PDF often embeds Computer Modern fonts without a ToUnicode map and with glyph names no
Unicode list knows ('epsilon1', 'parenleftbig'), so PDFium hands back the raw code: ε as 0x0F,
'≤' as 0x14. Those codes sit in the control range, where each TeX encoding is fixed (OML for math
italic, OMS for math symbols, OMX for big delimiters, OT1 for text), so the font's name says which
table to read. Codes from any other font cannot be told apart and are left to the caller to drop.
"""

from __future__ import annotations

import re

GREEK_CAPITALS = "ΓΔΘΛΞΠΣΥΦΨΩ"  # 0x00-0x0A in OT1 and OML
TABLES = {  # each encoding's characters for codes 0x00 to 0x1F, in order
    "OML": GREEK_CAPITALS + "αβγδϵζηθικλμνξπρστυϕχ",
    "OMS": "−⋅×∗÷⋄±∓⊕⊖⊗⊘⊙◯∘•≍≡⊆⊇≤≥⪯⪰∼≈⊂⊃≪≫≺≻",
    "OMX": "()[]⌊⌋⌈⌉{}⟨⟩∣∥/\\()()[]⌊⌋⌈⌉{}⟨⟩/\\",
    "OT1": GREEK_CAPITALS + "\ufb00\ufb01\ufb02\ufb03\ufb04ıȷ`´ˇ˘¯˚¸ßæœøÆŒØ",
    "MSAM": "⊡⊞⊠□■⋅◊⧫",
}
FAMILIES = (  # (font name pattern, encoding), the name without a subset tag, lower case
    (re.compile(r"cmmib?\d|lmmathitalic"), "OML"),
    (re.compile(r"cmb?sy\d|lmmathsymbols"), "OMS"),
    (re.compile(r"cmex\d|lmmathextension"), "OMX"),
    (re.compile(r"msam\d"), "MSAM"),
    (re.compile(r"cm(?:r|bx|ti|sl|ss|ssbx|ssi|ssdc|csc|b|bxsl|bxti|u|dunh|fib|ff|fi)\d|lmroman|lmsans"), "OT1"),
)
SUBSET_TAG = re.compile(r"^[A-Z]{6}\+")


def encoding(font: str) -> str:
    """The TeX encoding of a font by its name ('ABCDEF+CMMI10' is 'OML'), or '' for any other font."""
    name = SUBSET_TAG.sub("", font).lower()
    return next((found for pattern, found in FAMILIES if pattern.match(name)), "")


def symbol(font: str, code: int) -> str:
    """The character a TeX font draws for `code`, or '' when the font or the code is not one this module knows."""
    table = TABLES.get(encoding(font), "")
    return table[code] if 0 <= code < len(table) else ""
