"""A summary in the three forms it is given in, one renderer each: plain text, Markdown and JSON.

The command line prints `render_text` and `render_json`, the app's downloads are `render_text` and
`render_markdown` under their provenance, the server and `--json` send `Summary.as_dict()` (what `render_json`
writes), and a summary's own `Summary.text` is `render_text`. Sources summarized together have theirs beside:
`Combined.text`, `render_together_markdown`, and `render_json` again. Markdown is escaped as it is written
(`escape_markdown`): a source's `<script>`, `onerror=` or `javascript:` link, or an entity such as `&lt;`,
comes out as the visible text it was.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Protocol, Sequence, Sized

from .roles import ROLES

# What the renderers read, as shapes: `summary.Summary` and `together.Combined` fit them, and this module imports
# neither (they import it, for their own text), so no cycle ties them together.


class SectionSummary(Protocol):
    """A section as the renderers read it (`summary.SectionSummary`)."""

    @property
    def title(self) -> str: ...
    @property
    def heading(self) -> str: ...
    @property
    def pages(self) -> str: ...
    @property
    def sentences(self) -> Sequence[str]: ...
    @property
    def note(self) -> str: ...


class LabelledLine(Protocol):
    """One labelled line of an overview as the renderers read it (`summary.LabelledLine`)."""

    @property
    def label(self) -> str: ...
    @property
    def sentences(self) -> Sequence[str]: ...
    @property
    def heading(self) -> str: ...
    @property
    def text(self) -> str: ...


class Summary(Protocol):
    """A summary as the renderers read it (`summary.Summary`)."""

    @property
    def format(self) -> str: ...
    @property
    def sentences(self) -> Sequence[str]: ...
    @property
    def sections(self) -> Sequence[SectionSummary]: ...
    @property
    def keyterms(self) -> Sequence[str]: ...
    @property
    def authors_abstract(self) -> LabelledLine | None: ...
    @property
    def what_in_abstract(self) -> int | None: ...
    def labelled_lines(self) -> Sequence[LabelledLine]: ...
    def as_dict(self) -> dict[str, Any]: ...


class _Marked(Protocol):
    @property
    def text(self) -> str: ...
    @property
    def marks(self) -> Sequence[Any]: ...


class _Source(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def adds(self) -> str: ...
    @property
    def error(self) -> str: ...


class Combined(Protocol):
    """Sources summarized together as the renderers read them (`together.Combined`)."""

    @property
    def format(self) -> str: ...
    @property
    def sentences(self) -> Sequence[_Marked]: ...
    @property
    def sources(self) -> Sized: ...
    @property
    def summarized(self) -> Sequence[_Source]: ...
    @property
    def failed(self) -> Sequence[_Source]: ...
    def mark_text(self, mark: Any) -> str: ...
    def as_dict(self) -> dict[str, Any]: ...


_INLINE = re.compile(r"([\\`*_{}\[\]<>~$|&])")
_LINE_START = re.compile(r"^(\s*)(\d*)([#>+\-.)])")


def escape_markdown(text: str) -> str:
    """Markdown, HTML, entity, directive and math characters escaped: the text shows exactly as written
    (`&lt;` stays those four characters; unescaped, a viewer shows it as `<`)."""
    folded = _INLINE.sub(r"\\\1", " ".join(text.split()))
    return _LINE_START.sub(lambda m: m.group(1) + m.group(2) + "\\" + m.group(3), folded)


def page_overview(summary: Summary) -> list[tuple[LabelledLine, int | None]]:
    """A labelled overview as a page shows it with the authors' abstract: each line with the place of the sentence
    to mark in it (None: none). The abstract comes first, then the lines of what it does not say, so that nothing is
    said twice: where "What it is" is one of the abstract's sentences (`what_in_abstract`), that sentence is marked
    in it; where it is the introduction's, it is left out, as a restatement of what the abstract says (two blind
    panels read it as one: "repeats the abstract's 'This paper proposes an integrated broadcast scheme that combines
    both approaches.'"). [] for a summary without labelled lines."""
    lines = list(summary.labelled_lines())
    own = summary.authors_abstract
    unmarked: list[tuple[LabelledLine, int | None]] = [(line, None) for line in lines]
    if not lines or own is None:
        return unmarked
    rest = unmarked[1:] if lines[0].label == ROLES[0].label else unmarked
    return [(own, summary.what_in_abstract)] + rest


def marked_text(line: LabelledLine, marked: int | None, markdown: bool = False) -> str:
    """The line's text with its sentence at `marked` marked: between asterisks in plain text ('... *We present X.*
    ...'); in `markdown`, escaped (`escape_markdown`) and bold."""
    if not markdown:
        return " ".join(f"*{s}*" if k == marked else s for k, s in enumerate(line.sentences))
    return " ".join(
        f"**{escape_markdown(s)}**" if k == marked else escape_markdown(s) for k, s in enumerate(line.sentences)
    )


def _in_blocks(summary: Summary, shown: Callable[[LabelledLine, int | None, bool], str]) -> str:
    """The page's labelled overview (`page_overview`), each line as `shown` writes it (told whether it is the
    authors' abstract): the lines together, the abstract a paragraph of its own."""
    own = summary.authors_abstract
    blocks: list[list[str]] = [[]]
    for line, marked in page_overview(summary):
        if line == own:
            blocks += [[shown(line, marked, True)], []]
        else:
            blocks[-1].append(shown(line, marked, False))
    return "\n\n".join("\n".join(block) for block in blocks if block)


def overview(summary: Summary, abstract: bool = False) -> str:
    """The overview as plain text: one labelled line per role for a document with an abstract of its own ('What it
    found (p. 7): ...'), with `abstract` that abstract too, labelled as the authors' and placed as `page_overview`
    places it; else one bullet per sentence in the bullets format, or a paragraph."""
    lines = summary.labelled_lines()
    if lines:
        if not abstract or summary.authors_abstract is None:
            return "\n".join(f"{line.heading}: {line.text}" for line in lines)
        return _in_blocks(summary, lambda line, marked, _: f"{line.heading}: {marked_text(line, marked)}")
    if summary.format == "bullets":
        return "\n".join(f"- {s}" for s in summary.sentences)
    return " ".join(summary.sentences)


def section_text(section: SectionSummary) -> str:
    """A section as plain text: its heading with its pages, then one bullet per sentence (or its note)."""
    return section.heading + "\n" + ("\n".join(f"- {s}" for s in section.sentences) or section.note)


def key_terms_line(summary: Summary) -> str:
    """'Key terms: a, b, c', or '' when none were found."""
    return "Key terms: " + ", ".join(summary.keyterms) if summary.keyterms else ""


def render_text(summary: Summary, sections: bool | None = None, key_terms: bool = False, abstract: bool = False) -> str:
    """The summary as plain text: the overview (with `abstract`, the authors' own abstract after a labelled one);
    each section under its heading (`sections`; by default in the outline format only, as the command line prints
    it); then, with `key_terms`, the key terms line."""
    shown = summary.format == "outline" if sections is None else sections
    parts = [overview(summary, abstract)] + [section_text(s) for s in summary.sections if shown]
    if key_terms and summary.keyterms:
        parts.append(key_terms_line(summary))
    return "\n\n".join(parts)


def render_markdown(summary: Summary, title: str, provenance: list[str]) -> str:
    """The summary as Markdown under '# Summary of TITLE': the overview, each section under a '##' heading,
    then the `provenance` lines (already Markdown) as a list below a rule."""
    e = escape_markdown
    body = _markdown_overview(summary)
    for section in summary.sections:
        pages = f" ({section.pages})" if section.pages else ""
        lines = "\n".join(f"- {e(s)}" for s in section.sentences) or f"_{e(section.note)}_"
        body += f"\n\n## {e(section.title)}{pages}\n\n" + lines
    return f"# Summary of {e(title)}\n\n{body}\n\n---\n\n" + "".join(f"- {line}\n" for line in provenance)


def _markdown_overview(summary: Summary) -> str:
    """The overview as Markdown: one bold-labelled bullet per role, then the authors' abstract, for a document
    with one of its own; else one bullet per sentence in the bullets format, or a paragraph."""
    e = escape_markdown
    if summary.labelled_lines():
        if summary.authors_abstract is None:
            return "\n".join(f"- **{e(line.heading)}**: {e(line.text)}" for line in summary.labelled_lines())

        return _in_blocks(
            summary,
            lambda line, marked, own: f"{'' if own else '- '}**{e(line.heading)}**: {marked_text(line, marked, True)}",
        )
    if summary.format == "bullets":
        return "\n".join(f"- {e(s)}" for s in summary.sentences)
    return e(" ".join(summary.sentences))


def render_together_markdown(combined: Combined, provenance: list[str]) -> str:
    """Sources summarized together as Markdown: the overview with each sentence's sources, what each source adds,
    those left out with their reasons, then the `provenance` lines (already Markdown) below a rule."""
    e = escape_markdown
    lines = [f"{e(s.text)} \\[{e('; '.join(combined.mark_text(m) for m in s.marks))}\\]" for s in combined.sentences]
    body = "\n".join(f"- {line}" for line in lines) if combined.format == "bullets" else " ".join(lines)
    adds = "\n".join(f"- **{e(s.label)}** ({e(s.name)}): {e(s.adds)}" for s in combined.summarized)
    failed = "\n".join(f"- {e(s.name)}: {e(s.error)}" for s in combined.failed)
    return (
        f"# Summary of {len(combined.sources)} sources\n\n{body}\n\n## What each source adds\n\n{adds}\n\n"
        + (f"## Left out\n\n{failed}\n\n" if failed else "")
        + "---\n\n"
        + "".join(f"- {line}\n" for line in provenance)
    )


def render_json(result: Summary | Combined) -> str:
    """A summary (or sources summarized together) as the JSON the command line's --json prints: `as_dict()`."""
    return json.dumps(result.as_dict(), ensure_ascii=False, indent=2)
