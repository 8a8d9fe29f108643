"""Article pages to `Document`s: fetched through the guarded client, main text extracted by trafilatura."""

from __future__ import annotations

import codecs

from ..document import Document
from ..errors import FetchError
from ..formats import textblocks
from ..formats.plaintext import detect
from ..settings import IngestSettings
from .fetch import get

HTML_TYPES = ("text/html", "application/xhtml+xml")
MIN_ARTICLE_WORDS = 80


def page_text(body: bytes, charset: str | None) -> str:
    """The page decoded by its declared charset when Python knows it, else by detection (never an exception)."""
    if charset:
        try:
            return body.decode(codecs.lookup(charset).name, errors="replace")
        except LookupError:
            pass
    try:
        return detect(body)[0]
    except UnicodeError:
        return body.decode("utf-8", errors="replace")


def fetch_article(url: str, settings: IngestSettings | None = None, fallback: str = "") -> Document:
    """Main text of the page at `url`; with too little text, `fallback` (the feed's description) and a warning."""
    settings = settings or IngestSettings.from_env()
    response = get(url, settings, accept=HTML_TYPES)
    if response.status >= 400:
        raise FetchError(f"The article could not be opened (the site answered HTTP {response.status}).")
    text, title = _main_text(page_text(response.body, response.encoding), response.url)
    text, warnings = _or_fallback(text, fallback)
    return Document(name=response.url, kind="article", blocks=textblocks.parse(text), title=title, warnings=warnings)


def _main_text(page: str, url: str) -> tuple[str, str]:
    """(main text, title) of a page by trafilatura, the text's paragraphs apart, its first line left out when it is
    the title."""
    import trafilatura

    text = trafilatura.extract(page, url=url, include_comments=False, include_tables=True) or ""
    metadata = trafilatura.extract_metadata(page, default_url=url)
    title = (metadata.title if metadata and metadata.title else "").strip()
    lines = [line for line in text.split("\n") if line.strip()]
    if lines and title and lines[0].strip() == title:
        lines = lines[1:]
    return "\n\n".join(lines), title


def _or_fallback(text: str, fallback: str) -> tuple[str, list[str]]:
    """(text, warnings): with under `MIN_ARTICLE_WORDS` words, the `fallback` when it is longer, and a warning;
    neither text nor fallback refused with a `FetchError`."""
    if len(text.split()) >= MIN_ARTICLE_WORDS:
        return text, []
    if not fallback.strip() and not text.strip():
        raise FetchError("No article text could be found on that page.")
    if fallback.strip() and len(fallback.split()) > len(text.split()):
        text = fallback.strip()
    return text, ["Only the summary paragraph could be read; the page had little or no article text."]
