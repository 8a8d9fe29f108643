"""Each engine's loader, by name: the one place that imports an engine's module, when the engine is chosen.

The engine table (`summarizer.engine.ENGINES`) says what each engine is; this says how to load it, so a
new engine is a row there, a loader here and its module. `auto` tries `AUTO` in order: the model when it
loads, else the offline engine, with the reason kept for the user.
"""

from __future__ import annotations

import logging
from typing import Callable, Mapping

from ..engine import ENGINES, EngineName
from ..errors import ModelLoadError
from ..settings import Settings
from .base import Engine

logger = logging.getLogger(__name__)
Loader = Callable[[Settings, str], Engine]  # (settings, why it was chosen) -> the engine
AUTO = (EngineName.ABSTRACTIVE, EngineName.EXTRACTIVE)  # what "auto" tries, in order


def _extractive(settings: Settings, reason: str) -> Engine:
    from .extractive import ExtractiveEngine

    return ExtractiveEngine(reason)


def _abstractive(settings: Settings, reason: str) -> Engine:
    from .abstractive import AbstractiveEngine
    from .locate import locate

    return AbstractiveEngine(locate(settings.model, settings), settings)


def _openai(settings: Settings, reason: str) -> Engine:
    from .openai import OpenAIEngine

    return OpenAIEngine(settings)


LOADERS: Mapping[EngineName, Loader] = {
    EngineName.EXTRACTIVE: _extractive,
    EngineName.ABSTRACTIVE: _abstractive,
    EngineName.OPENAI: _openai,
}
assert set(LOADERS) == set(ENGINES), "every row of the engine table has its loader"


def load(settings: Settings) -> Engine:
    """The engine the settings name, or for `auto` the first of `AUTO` that loads (a ModelLoadError from the last
    is raised); a fallback's reason is why the one before it did not load."""
    if settings.engine != "auto":
        name = EngineName(settings.engine)
        return LOADERS[name](settings, f"the {ENGINES[name].label} engine was chosen in the settings")
    reason = ""
    for name in AUTO[:-1]:
        try:
            return LOADERS[name](settings, "")
        except ModelLoadError as error:
            logger.warning("falling back from the %s engine: %s", name, error)
            reason = str(error)
    return LOADERS[AUTO[-1]](settings, reason)
