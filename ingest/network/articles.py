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
    import trafilatura

    settings = settings or IngestSettings.from_env()
    response = get(url, settings, accept=HTML_TYPES)
    if response.status >= 400:
        raise FetchError(f"The article could not be opened (the site answered HTTP {response.status}).")
    page = page_text(response.body, response.encoding)
    text = trafilatura.extract(page, url=response.url, include_comments=False, include_tables=True) or ""
    metadata = trafilatura.extract_metadata(page, default_url=response.url)
    title = (metadata.title if metadata and metadata.title else "").strip()
    lines = [line for line in text.split("\n") if line.strip()]
    if lines and title and lines[0].strip() == title:
        lines = lines[1:]
    text = "\n\n".join(lines)
    warnings = []
    if len(text.split()) < MIN_ARTICLE_WORDS:
        if not fallback.strip() and not text.strip():
            raise FetchError("No article text could be found on that page.")
        if fallback.strip() and len(fallback.split()) > len(text.split()):
            text = fallback.strip()
        warnings.append("Only the summary paragraph could be read; the page had little or no article text.")
    return Document(name=response.url, kind="article", blocks=textblocks.parse(text), title=title, warnings=warnings)
