"""Counts and durations as people write them: "1 part", "3 parts", "0.4 s", "under 0.1 s".

One home for the phrasing the command line, the exports and the app's captions share (through
`Coverage.describe` and `Summary.took`), so none of them prints "1 part(s)" or "0.00 s"; and for the word count
of every summary, coverage line and export. `ingest` has the same two for its readers and the app's pages
(`ingest.counted`, `ingest.words_in`): importing the summarizer loads no reader, so neither package imports the
other's, and `tests/summarizer/test_wording.py` holds the two pairs to one behaviour.
"""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """'1 word', '1,204 words': the count with thousands separators and the noun in the right number."""
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"


def words_in(text: str) -> int:
    """Words in `text`: runs of non-space characters."""
    return len(text.split())


def seconds(value: float) -> str:
    """A duration rounded as far as it is worth reading: 'under 0.1 s', '0.4 s', '12 s', '3 min 5 s'."""
    if value < 0.05:
        return "under 0.1 s"
    if value < 9.95:
        return f"{value:.1f} s"
    if value < 119.5:
        return f"{value:.0f} s"
    minutes, rest = divmod(round(value), 60)
    return f"{minutes} min {rest} s" if rest else f"{minutes} min"
