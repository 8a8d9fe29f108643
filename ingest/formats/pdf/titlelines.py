"""What a first page's line is when it is not its title: an author line, an affiliation, a venue, a running head, a
date or an address. The title is the largest text near the top of page 1 that is none of these (`headings`)."""

from __future__ import annotations

import re

from . import headingrules

AFFILIATION = re.compile(
    r"\b(?:universit(?:y|ät|é|at)|institute|institut|laborator(?:y|ies)|department|dept\.|college|school of|"
    r"faculty|research (?:center|centre|lab)|corporation|inc\.|ltd\.?|gmbh|labs\b)",
    re.I,
)
VENUE = re.compile(
    r"\b(?:proceedings|proc\.|conference|symposium|workshop|journal|vol\.|volume \d|pp\.|"
    r"issn|isbn|to appear in|in submission|under review)\b",
    re.I,
)
MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
DATE = re.compile(rf"^(?:(?:\d{{1,2}}\s+)?(?:{MONTHS})\.?(?:\s+\d{{1,2}},?)?\s+\d{{4}}|\d{{4}})$", re.I)
RUNNING = re.compile(r"^running head\b|\bpage \d+\b|\bp\. \d+$", re.I)
ADDRESS = re.compile(r"@|https?://|\b\d{5}\b")


def plain_names(text: str) -> bool:
    """People's names joined by 'and', '&' or commas ("CYNTHIA DWORK AND NANCY LYNCH", "Gregory Cooper and Shriram
    Krishnamurthi"); a title in title case reads the same, so only a line not set in bold is asked."""
    plain = "," in text or " and " in text.lower() or "&" in text
    return plain and headingrules.names_only(text.replace(" AND ", " and "), 0)


# What a line near the top of page 1 is when it is not the title, each rule in turn: names with initials, an
# affiliation, a venue or publication line, a date, a running head or page label, an address.
NOT_TITLE = (headingrules.names_only, AFFILIATION.search, VENUE.search, DATE.match, RUNNING.search, ADDRESS.search)


def not_title(text: str, bold: bool = True) -> bool:
    """Whether the line is an author line, affiliation, venue, date, running head or address (`NOT_TITLE`), or, not
    in bold, plain names."""
    text = text.strip()
    return any(rule(text) for rule in NOT_TITLE) or not bold and plain_names(text)
