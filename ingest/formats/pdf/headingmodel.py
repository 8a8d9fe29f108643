"""The learned heading model: a small ensemble of decision trees over `headingfeatures`, read from JSON and
evaluated with numpy. The rules' own verdict is one of its features, and it judges with it: a line the rules call a
heading stays one unless the model is sure it is not (probability under `veto`), and a line the model is sure of
(`cut` or over) is one whatever the rules say.

The model is trained by the lab (`python -m summarizer train-headings`, see docs/quality.md) from PDFs' own
bookmarks and generated layouts; `headingmodel.json` beside this module is the shipped one. Which judge reads a
PDF without an outline is the `INGEST_HEADINGS` setting: `learned` (the shipped model, the default), `rules` (the
hand-written rules alone) or the path of another model file.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from ...errors import SettingsError
from .headingfeatures import NAMES, RULE, Context, rows

SHIPPED = Path(__file__).with_name("headingmodel.json")
RULES = "rules"
LEARNED = "learned"


class Judge(Protocol):
    """Who decides which lines open a heading, when the layout alone must tell."""

    def headings(self, ctx: Context) -> frozenset[int]:
        """ids of the lines of `ctx` that open a heading."""
        ...


@dataclass(frozen=True)
class Trees:
    """Boosted trees: each node's feature (-1 at a leaf), threshold, children and value, one array per tree."""

    feature: tuple[np.ndarray, ...]
    threshold: tuple[np.ndarray, ...]
    left: tuple[np.ndarray, ...]
    right: tuple[np.ndarray, ...]
    value: tuple[np.ndarray, ...]
    base: float
    cut: float  # a line at or over this probability opens a heading, whatever the rules say
    veto: float  # a line the rules call a heading opens one unless its probability is under this

    @classmethod
    def of(cls, data: dict[str, Any]) -> "Trees":
        if tuple(data["features"]) != NAMES:
            raise SettingsError("The heading model was trained on other features; rebuild it (train-headings).")
        trees = data["trees"]
        return cls(
            tuple(np.asarray(t["feature"], dtype=np.int64) for t in trees),
            tuple(np.asarray(t["threshold"], dtype=np.float64) for t in trees),
            tuple(np.asarray(t["left"], dtype=np.int64) for t in trees),
            tuple(np.asarray(t["right"], dtype=np.int64) for t in trees),
            tuple(np.asarray(t["value"], dtype=np.float64) for t in trees),
            float(data["base"]),
            float(data["cut"]),
            float(data["veto"]),
        )

    def probabilities(self, matrix: np.ndarray) -> np.ndarray:
        """The probability that each row of `matrix` (one line's features) opens a heading."""
        score = np.full(len(matrix), self.base)
        every = np.arange(len(matrix))
        for feature, threshold, left, right, value in zip(
            self.feature, self.threshold, self.left, self.right, self.value
        ):
            node = np.zeros(len(matrix), dtype=np.int64)
            while True:
                inner = feature[node] >= 0
                if not inner.any():
                    break
                column = np.where(inner, feature[node], 0)
                goes_left = matrix[every, column] <= threshold[node]
                node = np.where(inner, np.where(goes_left, left[node], right[node]), node)
            score += value[node]
        return np.asarray(1.0 / (1.0 + np.exp(-score)))

    @functools.cached_property
    def columns(self) -> frozenset[int]:
        """The features the trees split on, and the rules' verdict that `chosen` reads: the only ones computed."""
        return frozenset(int(f) for nodes in self.feature for f in nodes if f >= 0) | {RULE}

    def headings(self, ctx: Context) -> frozenset[int]:
        found = rows(ctx, self.columns)
        if not found:
            return frozenset()
        chosen = self.chosen(np.asarray([row for _, row in found]))
        return frozenset(id(ctx.lines[index]) for (index, _), yes in zip(found, chosen) if yes)

    def chosen(self, matrix: np.ndarray) -> np.ndarray:
        """Which rows open a heading: the rules' headings the model does not veto, and the rows it is sure of."""
        likely = self.probabilities(matrix)
        return np.asarray((likely >= self.cut) | ((matrix[:, RULE] > 0) & (likely >= self.veto)))


def judge(setting: str) -> Judge | None:
    """The model a setting names: None for the rules, the shipped model for `learned`, else a model file's."""
    if setting in ("", RULES):
        return None
    return _load(str(SHIPPED) if setting == LEARNED else setting)


@functools.lru_cache(maxsize=4)
def _load(path: str) -> Trees:
    try:
        return Trees.of(json.loads(Path(path).read_text(encoding="utf-8")))
    except KeyError as error:
        raise SettingsError(
            f"INGEST_HEADINGS={path!r} is a heading model without {error}, written by an older train-headings; "
            "rebuild it (python -m summarizer train-headings --output FILE) or give rules or learned."
        ) from None
    except (OSError, ValueError) as error:
        raise SettingsError(
            f"INGEST_HEADINGS={path!r} is not a heading model ({error}); give rules, learned or a model file."
        ) from None
