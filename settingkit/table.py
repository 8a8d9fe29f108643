"""The rows of a settings table: `setting` puts a field's meaning and bounds beside its default; `entries` reads."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

T = TypeVar("T")
RULE = "settingkit.rule"  # the metadata key of a field's `Rule`


@dataclass(frozen=True)
class Rule:
    """What one setting means and what it accepts beyond its type (that of its default; text where it is None).

    Numbers lie between `low` and `high` (more than `low` when `above`); text is one of `choices` when there are
    any, and an http:// or https:// address when `web` (each item of a list); `env` names the variables it is read
    from, first found first, when not PREFIX_<FIELD>.
    """

    meaning: str
    low: float | None = None
    high: float | None = None
    above: bool = False
    choices: tuple[str, ...] = ()
    web: bool = False
    env: tuple[str, ...] = ()


def setting(
    default: T,
    meaning: str,
    *,
    low: float | None = None,
    high: float | None = None,
    above: bool = False,
    choices: tuple[str, ...] = (),
    web: bool = False,
    env: tuple[str, ...] = (),
    secret: bool = False,
) -> T:
    """A settings dataclass field: its default, with its `Rule` as metadata (a `secret` is kept out of reprs)."""
    rule = Rule(meaning, low, high, above, tuple(choices), web, env)
    made: T = field(default=default, metadata={RULE: rule}, repr=not secret)
    return made


@dataclass(frozen=True)
class Entry:
    """One row of a settings table: the field, the variables it is read from, its default and its rule."""

    field: str
    variables: tuple[str, ...]
    default: Any
    rule: Rule

    @property
    def kind(self) -> type:
        """The type a value must have: the default's, text for a setting unset by default."""
        return str if self.default is None else type(self.default)


def entries(cls: type, prefix: str) -> tuple[Entry, ...]:
    """Every field of a settings dataclass as a row, in field order (read once per class); a field without a rule is
    a TypeError."""
    return _entries(cls, prefix)


@functools.cache
def _entries(cls: Any, prefix: str) -> tuple[Entry, ...]:
    found = []
    for item in fields(cls):
        rule = item.metadata.get(RULE)
        if not isinstance(rule, Rule):
            raise TypeError(f"{cls.__name__}.{item.name} has no rule: declare it with settingkit.setting.")
        variables = rule.env or (f"{prefix}_{item.name.upper()}",)
        found.append(Entry(item.name, variables, item.default, rule))
    return tuple(found)
