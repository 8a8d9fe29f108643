"""Settings as one table: each field of a frozen settings dataclass is a row that says what it means, what it accepts
and which variables it is read from (`setting`), and one rule reads the environment into it (`read`), holds values
given in code to it (`check`) and describes it for the docs (`entries`, `accepts`).

It imports nothing but the standard library, so `summarizer` and `ingest` both read their settings through it, as
they both read text kinds through `textkind`. Each package passes its own error class, so a bad value is that
package's error with a message naming the variable.
"""

from .reading import FALSE_WORDS, TRUE_WORDS, accepts, check, parse, read
from .table import Entry, Rule, entries, setting

__all__ = [
    "FALSE_WORDS",
    "TRUE_WORDS",
    "Entry",
    "Rule",
    "accepts",
    "check",
    "entries",
    "parse",
    "read",
    "setting",
]
