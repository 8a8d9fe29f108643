"""JSON forms of what crosses the network: requests (text or blocks, options), summaries and errors.

A wire summary is `Summary.as_dict()` (what `--json` prints: text, coverage, grounding, sections,
timings) plus what rebuilding the object needs: the source sentences with their offsets, their
pages and the support indices, so `summary_from_wire(summary_to_wire(s)) == s`. Malformed input
raises `InvalidOptionError` naming the field, so a server can answer 400 with that sentence.
"""

from __future__ import annotations

from dataclasses import MISSING, asdict, dataclass, fields
from typing import Any, TypedDict

from .. import errors
from ..errors import InvalidOptionError, SummarizerError
from ..interface import Source
from ..options import SummaryOptions
from ..partial import Partial
from ..sectioned import BlockLike
from ..summary import Coverage, SectionSummary, Summary
from ..text.sentences import Sentence
from ..together import NamedSource

JSONObject = dict[str, Any]  # a JSON object as `json.loads` gives it: a request body, a summary, options


class ErrorFields(TypedDict):
    type: str  # the service's exception class (`EmptyInputError`, ...)
    message: str  # what the user is told


class ErrorBody(TypedDict):
    """An error on the wire: what every failure is answered with, and a stream's last line when it fails."""

    error: ErrorFields


class PartialBody(TypedDict):
    """One line of a streamed answer (`partial_to_wire`)."""

    summary: JSONObject | None  # the wire summary so far, or null while the overview is a draft
    coming: list[JSONObject]  # the sections still to come: title, level, pages
    draft: str


StreamLine = PartialBody | ErrorBody

OPTION_TYPES = {
    "length": (str,),
    "words": (int, type(None)),
    "format": (str,),
    "max_input_words": (int, type(None)),
    "preset": (str, type(None)),
    "sections": (bool,),
}


@dataclass(frozen=True)
class WireBlock:
    """A block rebuilt from JSON: what the service reads of an `ingest.Block`."""

    kind: str
    text: str
    level: int = 0
    page: int | None = None
    later_pages: tuple[tuple[int, int], ...] = ()  # (offset in text, page) where a later page starts


def _is(value: Any, kinds: tuple[type, ...]) -> bool:
    """isinstance, except that True and False are not ints."""
    return bool in kinds if isinstance(value, bool) else isinstance(value, kinds)


def options_to_wire(options: SummaryOptions) -> JSONObject:
    return asdict(options)


def options_from_wire(data: Any) -> SummaryOptions:
    """Options from JSON; unknown fields and wrong types are refused by name."""
    if data is None:
        return SummaryOptions()
    if not isinstance(data, dict):
        raise InvalidOptionError('The options must be a JSON object, for example {"length": "short"}.')
    for name, value in data.items():
        if name not in OPTION_TYPES:
            raise InvalidOptionError(f"Unknown option {name!r}: use {', '.join(OPTION_TYPES)}.")
        if not _is(value, OPTION_TYPES[name]):
            raise InvalidOptionError(f"The option {name!r} has the wrong type: {value!r}.")
    if data.get("preset") not in (None, "fast", "best"):
        raise InvalidOptionError(f"Unknown preset {data['preset']!r}: choose fast or best.")
    return SummaryOptions(**data)


def source_to_wire(source: Source) -> JSONObject:
    if isinstance(source, str):
        return {"text": source}
    return {"blocks": [_block_to_wire(b) for b in source]}


def _block_to_wire(block: BlockLike) -> JSONObject:
    raw: dict[str, Any] = {"kind": block.kind, "text": block.text, "level": block.level, "page": block.page}
    later = getattr(block, "later_pages", ())
    if later:
        raw["later_pages"] = [list(pair) for pair in later]
    return raw


def _page_starts(value: Any) -> bool:
    """A list of [offset, page] pairs of ints."""
    return isinstance(value, list) and all(
        isinstance(pair, list) and len(pair) == 2 and all(_is(n, (int,)) for n in pair) for pair in value
    )


def source_from_wire(data: Any) -> Source:
    """Text, or blocks with kind, text, level and page, from a request; exactly one of the two."""
    if not isinstance(data, dict) or ("text" in data) == ("blocks" in data):
        raise InvalidOptionError('The request needs either "text" (a string) or "blocks" (a list of blocks).')
    if "text" in data:
        if not isinstance(data["text"], str):
            raise InvalidOptionError('"text" must be a string.')
        return _unicode(data["text"], '"text"')
    if not isinstance(data["blocks"], list):
        raise InvalidOptionError('"blocks" must be a list of {"kind", "text", "level", "page"} objects.')
    return [_block(number, raw) for number, raw in enumerate(data["blocks"], 1)]


def _block(number: int, raw: Any) -> WireBlock:
    if not (
        isinstance(raw, dict)
        and _is(raw.get("kind"), (str,))
        and _is(raw.get("text"), (str,))
        and _is(raw.get("level", 0), (int,))
        and _is(raw.get("page"), (int, type(None)))
        and _page_starts(raw.get("later_pages", []))
        and set(raw) <= {"kind", "text", "level", "page", "later_pages"}
    ):
        raise InvalidOptionError(
            f'Block {number} is not a {{"kind": str, "text": str, "level": int, "page": int or null}} object.'
        )
    from ingest import BLOCK_KINDS  # the blocks' vocabulary lives in ingest; loaded only when blocks arrive

    if raw["kind"] not in BLOCK_KINDS:
        raise InvalidOptionError(
            f"Block {number} has the unknown kind {raw['kind'][:40]!r}: use one of {', '.join(BLOCK_KINDS)}."
        )
    _unicode(raw["text"], f"The text of block {number}")
    return WireBlock(**{**raw, "later_pages": tuple(tuple(pair) for pair in raw.get("later_pages", []))})


def _unicode(text: str, where: str) -> str:
    """`text` when it can be written as UTF-8; a lone surrogate (JSON's "\\ud800" alone) cannot, so it is refused
    here, by position, rather than failing deep in the engine."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise InvalidOptionError(
            f"{where} holds a lone surrogate (\\u{ord(text[error.start]):04x}) at character "
            f"{error.start + 1:,}, which is not a character; send valid UTF-8 text."
        ) from None
    return text


def request_to_wire(source: Source, options: SummaryOptions | None = None) -> JSONObject:
    return {**source_to_wire(source), "options": options_to_wire(options or SummaryOptions())}


def request_from_wire(data: Any) -> tuple[Source, SummaryOptions]:
    """(source, options) from a POST /summarize body."""
    if not isinstance(data, dict):
        raise InvalidOptionError('The request must be a JSON object with "text" or "blocks", and "options".')
    unknown = set(data) - {"text", "blocks", "options"}
    if unknown:
        raise InvalidOptionError(f"Unknown request field {sorted(unknown)[0]!r}: use text or blocks, and options.")
    return source_from_wire(data), options_from_wire(data.get("options"))


def together_from_wire(data: Any) -> tuple[list[NamedSource], SummaryOptions]:
    """(sources, options) from a POST /summarize_together body: {"sources": [{"name", "title", "text" | "blocks"}],
    "options"}; each source's faults are named by its number."""
    if not isinstance(data, dict) or not isinstance(data.get("sources"), list):
        raise InvalidOptionError(
            'The request needs "sources": a list of {"name", "title", "text" or "blocks"} objects.'
        )
    unknown = set(data) - {"sources", "options"}
    if unknown:
        raise InvalidOptionError(f"Unknown request field {sorted(unknown)[0]!r}: use sources and options.")
    sources = []
    for number, raw in enumerate(data["sources"], 1):
        if not isinstance(raw, dict):
            raise InvalidOptionError(f'Source {number} must be a {{"name", "title", "text" or "blocks"}} object.')
        name, title = raw.get("name", f"source {number}"), raw.get("title", "")
        if not (isinstance(name, str) and isinstance(title, str)):
            raise InvalidOptionError(f'Source {number}: "name" and "title" must be strings.')
        extra = set(raw) - {"name", "title", "text", "blocks"}
        if extra:
            raise InvalidOptionError(
                f"Source {number}: unknown field {sorted(extra)[0]!r}; use name, title, text or blocks."
            )
        try:
            content = source_from_wire({k: v for k, v in raw.items() if k in ("text", "blocks")})
        except InvalidOptionError as error:
            raise InvalidOptionError(f"Source {number}: {error}") from None
        sources.append(
            NamedSource(
                _unicode(name, f"The name of source {number}"),
                content,
                _unicode(title, f"The title of source {number}"),
            )
        )
    return sources, options_from_wire(data.get("options"))


def summary_to_wire(summary: Summary) -> JSONObject:
    """`as_dict()` plus the source sentences, their pages and the support indices."""
    data = summary.as_dict()
    data["support"] = summary.support
    data["source"] = [asdict(sentence) for sentence in summary.source]
    data["pages"] = summary.pages
    for section, raw in zip(summary.sections, data["sections"]):
        raw["support"] = section.support
    return data


def summary_from_wire(data: JSONObject) -> Summary:
    """The Summary a server sent; derived fields (text, grounding, words) are recomputed, not read."""
    try:
        names = {f.name for f in fields(Summary)}
        values = {name: data[name] for name in names if name in data}
        values["source"] = [Sentence(**raw) for raw in data["source"]]
        values["coverage"] = Coverage(**{f.name: data["coverage"][f.name] for f in fields(Coverage)})
        values["sections"] = [
            SectionSummary(
                **{f.name: raw[f.name] for f in fields(SectionSummary) if f.name in raw or f.default is MISSING}
            )
            for raw in data["sections"]
        ]
        return Summary(**values)
    except (KeyError, TypeError) as error:
        raise InvalidOptionError(
            f"The summary from the server is incomplete ({error!r} is missing or wrong)."
        ) from None


def error_to_wire(error: SummarizerError) -> ErrorBody:
    return {"error": {"type": type(error).__name__, "message": str(error)}}


def error_from_wire(data: Any) -> SummarizerError | None:
    """The service's own exception for an error body, or None when the body is not one."""
    raw = data.get("error") if isinstance(data, dict) else None
    if not isinstance(raw, dict) or not isinstance(raw.get("message"), str):
        return None
    return error_of(str(raw.get("type")), raw["message"])


def error_of(type_name: str, message: str) -> SummarizerError:
    """The service's exception class named `type_name` (SummarizerError for any other name) with `message`."""
    kind = getattr(errors, type_name, SummarizerError)
    if not (isinstance(kind, type) and issubclass(kind, SummarizerError)):
        kind = SummarizerError
    return kind(message)


def partial_to_wire(partial: Partial) -> PartialBody:
    """One line of a streamed answer: the summary so far (or null while the overview is a draft), the sections
    still coming (titles and pages) and the draft."""
    return {
        "summary": None if partial.summary is None else summary_to_wire(partial.summary),
        "coming": [asdict(section) for section in partial.coming],
        "draft": partial.draft,
    }


def partial_from_wire(data: Any) -> Partial:
    """A streamed line back as a `Partial`; an error line raised as the service's own error."""
    error = error_from_wire(data)
    if error is not None:
        raise error
    try:
        summary = None if data["summary"] is None else summary_from_wire(data["summary"])
        coming = [SectionSummary(**{f.name: raw[f.name] for f in fields(SectionSummary)}) for raw in data["coming"]]
        return Partial(summary, coming, str(data.get("draft", "")))
    except (KeyError, TypeError) as error:
        raise InvalidOptionError(
            f"A streamed line from the server is incomplete ({error!r} is missing or wrong)."
        ) from None
