"""Text files in any common encoding, with binary content refused."""

from __future__ import annotations

import codecs

from .errors import NoTextError, UnsupportedFormatError

BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
        (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
MAX_CONTROL_SHARE = 0.02


def normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _looks_binary(text: str) -> bool:
    controls = sum(1 for ch in text if ord(ch) < 32 and ch not in "\n\r\t\f\v" or ch == "\ufffd")
    return controls > MAX_CONTROL_SHARE * max(1, len(text))


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
        text = data.decode("utf-8")
        encoding = "utf-8"
    except UnicodeDecodeError:
        if b"\x00" in data:
            raise UnsupportedFormatError(f"{name} is not a text file (it holds binary data).") from None
        from charset_normalizer import from_bytes

        best = from_bytes(data).best()
        if best is None:
            raise UnsupportedFormatError(f"{name} is not a text file (its encoding could not be recognised).") from None
        text, encoding = str(best), best.encoding
    if _looks_binary(text):
        raise UnsupportedFormatError(f"{name} is not a text file (it holds binary data).")
    return normalise_newlines(text), encoding
