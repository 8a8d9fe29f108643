"""The engine's outputs for one document made into its `Summary`: overview, sections, coverage, key terms.

Finishing is the same whatever the strategy, and whether the summary is whole or a part of a stream
(sections still coming are those with no output yet), so it lives in one place: the `Summary` a
stream's last `Partial` holds is the one `summarize` returns for the same outputs.
"""

from __future__ import annotations

from typing import Sequence

from .. import planning
from ..engines.base import Engine, EngineOutput
from ..errors import NoSentencesError
from ..options import SummaryOptions
from ..sectioned import Section, outline_of
from ..summary import Coverage, SectionSummary, Summary
from ..text.acronyms import spelled_out
from ..text.keyterms import key_terms
from .grounding import defining_first, support
from .prepared import Prepared


def finish(
    item: Prepared, outputs: Sequence[EngineOutput], engine: Engine, options: SummaryOptions, timings: dict[str, float]
) -> Summary:
    """The summary of `item` from its outputs (`item.engine_inputs()` order; a stream's sections may be missing)."""
    overview = outputs[: len(item.overview_parts)]
    summary_sentences, summary_support, labels = _overview(item, overview)
    sentences = item.sectioned.sentences
    return Summary(
        sentences=summary_sentences,
        support=summary_support,
        source=sentences,
        engine=engine.name,
        model=engine.model,
        device=engine.device,
        reason=engine.reason,
        coverage=_coverage(item, overview),
        target_words=item.target,
        format=options.format,
        timings=timings,
        warnings=list(item.warnings),
        sections=_sections(item, outputs[len(item.overview_parts) :], summary_support),
        pages=item.sectioned.pages,
        keyterms=key_terms([s.text for s in item.read], outline=outline_of(item.sectioned)),
        unread=_unread(len(sentences), item.plan.eligible, len(item.read) > 0 and item.read_words == item.total_words),
        labels=labels,
        abstract=list(item.sectioned.abstract) if labels else [],
    )


def _overview(item: Prepared, outputs: Sequence[EngineOutput]) -> tuple[list[str], list[list[int]], list[str]]:
    """The overview's sentences, support and labels: the labelled lines in their order, or the defining sentence
    first with no labels, each acronym the document defines spelled out at its first use (`text.acronyms`); raises
    when it has none."""
    sentences = item.sectioned.sentences
    summary_sentences: list[str] = []
    summary_support: list[list[int]] = []
    labels: list[str] = []
    for part, output in zip(item.overview_parts, outputs):
        summary_sentences += output.sentences
        summary_support += support(output, [sentences[i] for i in part.indices], part.indices)
        labels += [part.label] * len(output.sentences)
    if not summary_sentences:
        raise NoSentencesError("No summary could be produced from this text.")
    if any(labels):
        return spelled_out(summary_sentences, item.acronyms), summary_support, labels
    ordered, ordered_support = defining_first(summary_sentences, summary_support, item.plan.defining)
    return spelled_out(ordered, item.acronyms), ordered_support, []


def _sections(
    item: Prepared, outputs: Sequence[EngineOutput], overview_support: list[list[int]]
) -> list[SectionSummary]:
    """Every section listed, in order, up to the first one summarized whose output has not come yet."""
    done = {id(planned.section): (planned, output) for planned, output in zip(item.section_plans, outputs)}
    run = {id(planned.section) for planned in item.section_plans}
    sections = []
    for section in (planned.section for planned in item.all_section_plans):
        if id(section) in run and id(section) not in done:
            break  # still coming (streaming)
        found = done.get(id(section))
        if found is None:
            sections.append(_drawn_on(item, section, overview_support))
        else:
            sections.append(_summarized(item, *found))
    return sections


def _summarized(item: Prepared, planned: planning.SectionPlan, output: EngineOutput) -> SectionSummary:
    """A section with lines of its own."""
    document = [item.sectioned.sentences[i] for i in planned.indices]
    lines = output.sentences[: planned.max_sentences]
    rows = support(output, document, planned.indices)[: planned.max_sentences]
    section = planned.section
    return SectionSummary(section.title, section.level, section.first_page, section.last_page, lines, rows)


def _drawn_on(item: Prepared, section: Section, overview_support: list[list[int]]) -> SectionSummary:
    """A section not summarized (its sentences repeated the overview, and it has no other; or it has no prose):
    listed as in the overview when the overview shows one of its sentences, else with what it holds."""
    sentences = item.sectioned.sentences
    own = {
        sentences[i].text
        for i in next(planned.indices for planned in item.all_section_plans if planned.section is section)
    }
    in_overview = any(sentences[i].text in own for row in overview_support for i in row)
    return SectionSummary(
        section.title,
        section.level,
        section.first_page,
        section.last_page,
        [],
        [],
        in_overview=in_overview,
        holds=_holds(section),
    )


def _holds(section: Section) -> str:
    """What a section with no prose holds, from its blocks: 'Lists 4 referenced documents.', or ''."""
    if not section.references:
        return ""
    return f"Lists {section.references} referenced document{'s' if section.references != 1 else ''}."


def _coverage(item: Prepared, overview: Sequence[EngineOutput]) -> Coverage:
    """How much the overview's engine calls read, of how much input (a labelled overview's lines each read in one
    go: the most parts a line took)."""
    return Coverage(
        parts=(max if item.overview_parts[0].label else sum)(part.parts for part in overview),
        input_words=item.total_words,
        read_words=item.read_words,
        read_tokens=sum(part.read_tokens for part in overview),
        sentences=len(item.read),
        prose_words=sum(len(s.text.split()) for s in item.read),
        left_out_kinds=item.left_out,
    )


def _unread(count: int, eligible: list[int], whole: bool) -> list[int]:
    """Indices of the prose sentences no engine read (not prose, or in back matter), when the whole input was read."""
    read = set(eligible)
    return [i for i in range(count) if i not in read] if whole else []
