"""Limits, OCR and network settings for ingestion in one frozen object, read from the environment by `from_env`."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, fields
from typing import Any, Mapping

from .errors import SettingsError
from .units import MB

DEFAULT_FEEDS = ("http://rss.cnn.com/rss/cnn_topstories.rss", "http://rss.cnn.com/rss/cnn_latest.rss")


def _parse(default: object, raw: str, name: str) -> object:
    """One variable's text as its setting's type (that of the default): booleans from 1/true/yes/on, tuples
    comma-separated; a number that does not parse, is not finite or is below zero is a `SettingsError` naming the
    variable."""
    if isinstance(default, bool):
        return raw.lower() in ("1", "true", "yes", "on")
    if isinstance(default, tuple):
        return tuple(part.strip() for part in raw.split(",") if part.strip())
    kind: type = type(default)
    wanted = "a whole number" if kind is int else "a number"
    try:
        value = kind(raw)
    except ValueError:
        raise SettingsError(f"{name}={raw!r} is not {wanted}; give {wanted} or unset it.") from None
    if isinstance(value, float) and not math.isfinite(value):
        raise SettingsError(f"{name}={raw!r} is not {wanted}; give {wanted} or unset it.")
    if isinstance(value, (int, float)) and value < 0:  # every number here is a limit, a size or a time
        raise SettingsError(f"{name}={raw!r} is below zero; give {wanted} of 0 or more, or unset it.")
    return value


@dataclass(frozen=True)
class IngestSettings:
    """INGEST_<FIELD> environment variables map onto these fields; lists are comma-separated."""

    max_file_mb: int = 25
    max_pages: int = 1000
    max_chars: int = 2_000_000
    extract_timeout: float = 30.0
    extract_memory_mb: int = 1536
    ocr: bool = True
    ocr_max_pages: int = 50
    ocr_dpi: int = 200
    ocr_page_timeout: float = 60.0
    ocr_engine: str = "tesseract"
    headings: str = "rules"  # who tells a PDF's headings without an outline: rules, learned, or a model file's path
    fetch_timeout: float = 10.0
    max_download_mb: int = 5
    newsapi_key: str = ""
    newsapi_url: str = "https://newsapi.org/v2/top-headlines"
    newsapi_sources: str = "cnn"
    feeds: tuple[str, ...] = DEFAULT_FEEDS
    feed_ttl: float = 900.0
    feed_retry_after: float = 60.0
    allow_private_urls: bool = False
    user_agent: str = "SummarizerApp/1.0 (+article summaries; contact: admin@localhost)"
    incident_log: str = ""

    @property
    def max_file_bytes(self) -> int:
        return self.max_file_mb * MB

    @property
    def max_download_bytes(self) -> int:
        return self.max_download_mb * MB

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: Any) -> "IngestSettings":
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for field in fields(cls):
            raw = env.get(f"INGEST_{field.name.upper()}")
            if raw is None or raw == "":
                continue
            values[field.name] = _parse(field.default, raw, f"INGEST_{field.name.upper()}")
        if "newsapi_key" not in values and env.get("NEWSAPI_KEY"):
            values["newsapi_key"] = env["NEWSAPI_KEY"]
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)
