"""One rule for every setting: a variable's text parsed as its row's type, and every value, read or given in code,
held to its row; a value the row does not accept is the caller's error class, with a message naming the variable.

An empty variable is unset. Booleans are only the words below; numbers are finite and within the row's bounds;
lists are comma-separated.
"""

from __future__ import annotations

import math
from typing import Any, Mapping

from .table import Entry, Rule, entries

TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")
WEB = ("http://", "https://")
NUMBERS = {int: "a whole number", float: "a number"}


def _shown(value: float) -> str:
    """A bound as the docs and messages write it: 65,535, 0.5."""
    return f"{int(value):,}" if float(value).is_integer() else f"{value:,}"


def _bounds(rule: Rule) -> str:
    """' from 0 to 65,535', ' more than 0', ' of 1 or more' ... for a number's bounds."""
    low = "" if rule.low is None else _shown(rule.low)
    high = "" if rule.high is None else _shown(rule.high)
    if rule.above:
        return f" more than {low}" + (f" and at most {high}" if high else "")
    if low and high:
        return f" from {low} to {high}"
    return f" of {low} or more" if low else (f" of at most {high}" if high else "")


def accepts(entry: Entry) -> str:
    """What a setting accepts, in words: 'a whole number from 0 to 65,535', 'one of auto, cpu, cuda' ..."""
    kind, rule = entry.kind, entry.rule
    if kind is bool:
        return "one of " + ", ".join(TRUE_WORDS + FALSE_WORDS)
    if kind in NUMBERS:
        return NUMBERS[kind] + _bounds(rule)
    if rule.choices:
        return "one of " + ", ".join(rule.choices)
    address = "http:// or https:// address"
    if kind is tuple:
        return f"a comma-separated list of {address}es" if rule.web else "a comma-separated list"
    return f"an {address}" if rule.web else "any text"


def _converted(kind: type, raw: str) -> Any:
    """The text as a value of `kind`; None where it is not one."""
    text = raw.strip()
    if kind is bool:
        word = text.lower()
        return True if word in TRUE_WORDS else False if word in FALSE_WORDS else None
    if kind is tuple:
        return tuple(part.strip() for part in raw.split(",") if part.strip())
    if kind in NUMBERS:
        try:
            return kind(text)
        except ValueError:
            return None
    return raw


def _typed(kind: type, value: object) -> bool:
    """Whether a value given in code has the row's type (a whole number does for a number)."""
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is tuple:
        return isinstance(value, tuple) and all(isinstance(item, str) for item in value)
    return isinstance(value, kind)


def _fits(rule: Rule, value: object) -> bool:
    """Whether a value of the row's type is within its bounds, choices and schemes."""
    if isinstance(value, bool):
        return True
    if isinstance(value, (int, float)):
        low = rule.low is None or (value > rule.low if rule.above else value >= rule.low)
        return math.isfinite(value) and low and (rule.high is None or value <= rule.high)
    items = value if isinstance(value, tuple) else (value,)
    return all(
        (not rule.choices or item in rule.choices) and (not rule.web or str(item).startswith(WEB)) for item in items
    )


def parse(entry: Entry, raw: str, name: str, error: type[Exception]) -> object:
    """The variable `name`'s text as its setting's value, or `error` saying what the setting accepts."""
    value = _converted(entry.kind, raw)
    if value is None or not _fits(entry.rule, value):
        raise error(f"{name}={raw!r} is not {accepts(entry)}; give one, or unset it.")
    return value


def read(cls: type, environ: Mapping[str, str], prefix: str, error: type[Exception]) -> dict[str, Any]:
    """The fields of a settings dataclass that the environment sets (an empty variable is unset), parsed; a boolean
    read from several variables is on when any of them is, anything else is read from the first one set."""
    values: dict[str, Any] = {}
    for entry in entries(cls, prefix):
        found = [parse(entry, environ[name], name, error) for name in entry.variables if environ.get(name)]
        if found:
            values[entry.field] = any(found) if entry.kind is bool else found[0]
    return values


def check(settings: object, prefix: str, error: type[Exception]) -> None:
    """Every value of a settings object held to its row (values given in code as well as read); the first that does
    not fit is `error`, naming its variable."""
    for entry in entries(type(settings), prefix):
        value = getattr(settings, entry.field)
        if value is None and entry.default is None:
            continue
        if not _typed(entry.kind, value) or not _fits(entry.rule, value):
            raise error(f"{entry.variables[0]}={value!r} is not {accepts(entry)}.")
