"""Limits, OCR and network settings for ingestion in one frozen object, read from the environment by `from_env`.

Each field is a row of `settingkit`'s table (its meaning and what it accepts beside its default), read and checked by
the rule the summarizer's settings share; a value a row does not accept is a `SettingsError` naming its variable.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Mapping

from settingkit import check, read, setting

from .errors import SettingsError
from .units import MB

DEFAULT_FEEDS = ("http://rss.cnn.com/rss/cnn_topstories.rss", "http://rss.cnn.com/rss/cnn_latest.rss")
OCR_ENGINES = ("tesseract", "rapidocr")  # the OCR engines `recognition.ocr` runs
PREFIX = "INGEST"
DAY = 86_400.0  # the longest time any wait or timeout may be set to, in seconds
LARGE = 1_000_000  # the most of any size in MB, or count of pages


@dataclass(frozen=True)
class IngestSettings:
    """INGEST_<FIELD> environment variables map onto these fields; lists are comma-separated."""

    max_file_mb: int = setting(
        25,
        "upload limit; keep `.streamlit/config.toml`'s `maxUploadSize` above it so the app's own message shows",
        low=1,
        high=LARGE,
    )
    max_pages: int = setting(1000, "PDF page limit", low=1, high=LARGE)
    max_chars: int = setting(2_000_000, "extracted-text limit", low=1, high=1_000_000_000)
    max_inflated_mb: int = setting(
        100,
        "most MB a Word file's parts may unpack to (their sum); a file past it is refused as too large before it is "
        "read",
        low=1,
        high=LARGE,
    )
    extract_timeout: float = setting(
        30.0, "seconds one file may take to parse before it is stopped", low=0, above=True, high=DAY
    )
    extract_memory_mb: int = setting(
        1536, "memory one file may take to parse, above the app's (`0`: no cap)", low=0, high=LARGE
    )
    ocr: bool = setting(True, "read scanned pages and images by OCR (the upload page has a switch too)")
    ocr_max_pages: int = setting(
        50, "pages of one file read by OCR; later scanned pages are skipped with a note", low=0, high=LARGE
    )
    ocr_dpi: int = setting(200, "resolution scanned PDF pages are rendered at for OCR", low=50, high=1200)
    ocr_page_timeout: float = setting(
        60.0,
        "seconds OCR may go without progress (a few lines read) before the file is stopped",
        low=0,
        above=True,
        high=DAY,
    )
    ocr_engine: str = setting(
        "tesseract",
        "the OCR engine (RapidOCR reads where Tesseract's English model or tesserocr is not installed)",
        choices=OCR_ENGINES,
    )
    headings: str = setting(
        "learned",
        "who tells a PDF's headings when it has no outline: `learned` (the shipped model, "
        "`ingest/formats/pdf/headingmodel.json`, judging with the layout rules), `rules` (the layout rules alone) or "
        "the path of a model file `train-headings` wrote",
    )
    fetch_timeout: float = setting(
        10.0,
        "seconds for a whole feed or article fetch (connect, headers, body, redirects)",
        low=0,
        above=True,
        high=DAY,
    )
    max_download_mb: int = setting(5, "largest feed or article download", low=1, high=LARGE)
    newsapi_key: str = setting(
        "",
        "NewsAPI key for the headlines (also read from `NEWSAPI_KEY` in `.streamlit/secrets.toml`); unset: the RSS "
        "feeds",
        env=("INGEST_NEWSAPI_KEY", "NEWSAPI_KEY"),
    )
    newsapi_url: str = setting("https://newsapi.org/v2/top-headlines", "the NewsAPI endpoint", web=True)
    newsapi_sources: str = setting("cnn", "the NewsAPI sources")
    feeds: tuple[str, ...] = setting(DEFAULT_FEEDS, "RSS or Atom feeds read without a NewsAPI key", web=True)
    feed_ttl: float = setting(900.0, "seconds the headlines are cached", low=0, high=DAY)
    feed_retry_after: float = setting(
        60.0, "seconds a failed news refresh is remembered before the feeds are tried again", low=0, high=DAY
    )
    allow_private_urls: bool = setting(False, "allow fetching private and loopback addresses (tests only)")
    user_agent: str = setting(
        "SummarizerApp/1.0 (+article summaries; contact: admin@localhost)",
        "the User-Agent header of every feed and article fetch",
    )
    incident_log: str = setting(
        "",
        "where the command lines log unexpected errors with their traceback (unset: "
        "`$XDG_STATE_HOME/summarizer/incidents.log`, else `~/.local/state/summarizer/incidents.log`)",
    )

    @property
    def max_file_bytes(self) -> int:
        return self.max_file_mb * MB

    @property
    def max_download_bytes(self) -> int:
        return self.max_download_mb * MB

    @property
    def max_inflated_bytes(self) -> int:
        return self.max_inflated_mb * MB

    def __post_init__(self) -> None:
        check(self, PREFIX, SettingsError)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: Any) -> "IngestSettings":
        """Settings from the environment (`INGEST_*`, and `NEWSAPI_KEY`), then explicit overrides (None means
        unset)."""
        values = read(cls, os.environ if environ is None else environ, PREFIX, SettingsError)
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)
