"""The one unit for sizes people read: MB is 10^6 bytes (SI), in limits, messages and labels alike.

Mixing 10^6 and 2^20 made the upload line say "25 MB" for a 26,214,400-byte limit beside a file chip
that said "31.5MB" of a 33 MB file; every size shown or checked goes through here instead."""

MB = 1_000_000
KB = 1_000


def file_size(size: int) -> str:
    """`size` bytes as people read it: "33.0 MB" from a tenth of a megabyte up, "36 kB" below."""
    if size >= MB // 10:
        return f"{size / MB:,.1f} MB"
    return f"{max(1, round(size / KB))} kB"


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """'1 word', '1,204 words': the count with thousands separators and the noun in the right number (the one
    pluraliser of both packages and the app)."""
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"
