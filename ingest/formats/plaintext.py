"""Text files in any common encoding, with binary content refused.

Order of trust: a byte-order mark, then UTF-8, then UTF-16 without a mark (told by its zero bytes),
then the common Western and Central European code pages when one decodes cleanly into letters of a
single language, and only then charset-normalizer, limited to code pages people still use (left to
itself it reads English cp1252 as cp852 and French latin-1 as cp1257).
"""

from __future__ import annotations

import codecs

from ..errors import NoTextError, UnsupportedFormatError

BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
MAX_CONTROL_SHARE = 0.02
LATIN_CODE_PAGES = ("cp1252", "iso8859-15", "cp1250")
COMMON_CODE_PAGES = [
    "cp1252",
    "iso8859_15",
    "cp1250",
    "iso8859_2",
    "cp1251",
    "koi8_r",
    "koi8_u",
    "iso8859_5",
    "cp866",
    "cp1253",
    "iso8859_7",
    "cp1254",
    "cp1255",
    "cp1256",
    "cp1257",
    "iso8859_13",
    "shift_jis",
    "cp932",
    "euc_jp",
    "iso2022_jp",
    "gb18030",
    "big5",
    "euc_kr",
    "cp949",
]
LANGUAGE_LETTERS = {
    "french": "àâæçéèêëîïôœùûüÿ",
    "german": "äöüß",
    "spanish": "áéíñóúü",
    "portuguese": "áâãàçéêíóôõú",
    "italian": "àèéìíîòóùú",
    "dutch": "éëïóöü",
    "nordic": "åæøäöé",
    "icelandic": "áðéíóúýþæö",
    "catalan": "àçèéíïòóúü",
    "finnish": "äöåšž",
    "estonian": "äöõüšž",
    "czech": "áčďéěíňóřšťúůýž",
    "slovak": "áäčďéíĺľňóôŕšťúýž",
    "polish": "ąćęłńóśźż",
    "hungarian": "áéíóöőúüű",
    "slovene": "čšž",
    "croatian": "čćđšž",
    "romanian": "ăâîşţșț",
    "albanian": "ëç",
}
ODD_SYMBOLS = set("¤¦¨´¸") | {chr(c) for c in range(0x80, 0xA0)}
MAX_ACCENTED_SHARE = 0.4
MIN_LANGUAGE_FIT = 0.9


def normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _looks_binary(text: str) -> bool:
    controls = sum(1 for ch in text if ord(ch) < 32 and ch not in "\n\r\t\f\v" or ch == "\ufffd")
    return controls > MAX_CONTROL_SHARE * max(1, len(text))


def _utf16_without_bom(data: bytes) -> str | None:
    """'utf-16-le' or 'utf-16-be' when every other byte is mostly zero (Latin text in UTF-16), else None."""
    half = len(data) // 2
    if half < 2 or len(data) % 2:
        return None
    even, odd = data[0::2].count(0), data[1::2].count(0)
    if odd > 0.3 * half and even < 0.05 * half:
        return "utf-16-le"
    if even > 0.3 * half and odd < 0.05 * half:
        return "utf-16-be"
    return None


def _fit(text: str) -> float:
    """How well `text` reads as one Latin-script language: share of its accented letters that one language uses.

    Odd symbols (¤ ¦ ¨ ´ ¸, C1 controls) count against it, and so does a text that is mostly accented letters
    (Cyrillic or CJK bytes read as a Latin code page).
    """
    accented = [ch.lower() for ch in text if ord(ch) > 127 and ch.isalpha()]
    odd = sum(ch in ODD_SYMBOLS for ch in text)
    letters = sum(ch.isalpha() for ch in text)
    if accented and len(accented) > MAX_ACCENTED_SHARE * letters:
        return 0.0
    if not accented:
        return 1.0 - odd
    best = max(sum(ch in alphabet for ch in accented) for alphabet in LANGUAGE_LETTERS.values())
    return best / len(accented) - odd


def _latin(data: bytes) -> tuple[str, str] | None:
    """The best clean decoding among the common Latin code pages, Western first on ties; None if none fits."""
    best = None
    for rank, encoding in enumerate(LATIN_CODE_PAGES):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        score = (_fit(text), -rank)
        if best is None or score > best[0]:
            best = (score, text, encoding)
    if best is None or best[0][0] < MIN_LANGUAGE_FIT:
        return None
    _, text, encoding = best
    if encoding == "cp1252" and not any(0x80 <= byte < 0xA0 for byte in data):
        encoding = "latin-1"
    return text, encoding


def detect(data: bytes) -> tuple[str, str]:
    """(text, encoding) of bytes with no byte-order mark; UnicodeError when no encoding fits."""
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    wide = _utf16_without_bom(data)
    if wide:
        try:
            return data.decode(wide), wide
        except UnicodeDecodeError:
            pass
    if b"\x00" in data:
        raise UnicodeError("binary data")
    latin = _latin(data)
    if latin:
        return latin
    from charset_normalizer import from_bytes

    best = from_bytes(data, cp_isolation=COMMON_CODE_PAGES).best()
    if best is None:
        raise UnicodeError("no encoding fits")
    return str(best), best.encoding


def decode(data: bytes, name: str) -> tuple[str, str]:
    """(text, encoding) of a text file; UnsupportedFormatError for binary data."""
    if not data.strip():
        raise NoTextError(f"{name} is empty.")
    for bom, encoding in BOMS:
        if data.startswith(bom):
            try:
                return normalise_newlines(data.decode(encoding)).lstrip("\ufeff"), encoding
            except UnicodeDecodeError:
                break
    try:
        text, encoding = detect(data)
    except UnicodeError:
        reason = "it holds binary data" if b"\x00" in data else "its encoding could not be recognised"
        raise UnsupportedFormatError(f"{name} is not a text file ({reason}).") from None
    if _looks_binary(text):
        raise UnsupportedFormatError(f"{name} is not a text file (it holds binary data).")
    return normalise_newlines(text), encoding
