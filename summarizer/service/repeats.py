"""Sections that repeat the overview or an earlier section, summarized again without the repeated sentence.

A reader who meets the same sentence twice learns nothing the second time: an abstract and an
introduction often share one, and a short text's overview may be most of a section. So a section that
shows the same words as an earlier section, or one in which the document describes itself
(`Section.role` "self": an abstract, a scope, an introduction) that shows a sentence of the overview, is
summarized again from its other sentences, and so is a section the overview mostly covers (`COVERED`).
Any other section keeps its line when the overview shows it too: its line says what that section does,
and its next best seldom does. When it has no other sentence, a section that repeated the overview is
listed as in the overview; one that repeated a section keeps its lines. This costs a second engine call,
so only the strategy whose engine takes milliseconds (`strategy.OneByOne`) runs it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Sequence

from .. import planning
from ..engines.base import EngineInput, EngineOutput
from .grounding import support
from .prepared import Prepared

# A section whose sentences the overview shows this share of or more is listed as in the overview rather than
# repeating it; below that, a section keeps its own best line even when the overview shows it too.
COVERED = 0.5
Run = Callable[[Sequence[EngineInput]], list[EngineOutput]]  # one engine call for these inputs


@dataclass(frozen=True)
class _Again:
    """A section to summarize again: its plan without the repeated sentences, and whether it repeated the overview."""

    planned: planning.SectionPlan
    repeats_overview: bool


def without_repeats(
    item: Prepared, overview: Sequence[EngineOutput], sections: Sequence[EngineOutput], run: Run
) -> tuple[Prepared, list[EngineOutput]]:
    """`item` with its sections narrowed where they repeated, and the sections' outputs to match (so support
    still points at the source); `run` is the engine call for the sections summarized again."""
    again = _repeating(item, _overview_texts(item, overview), sections)
    if not again:
        return item, list(sections)
    tried = [k for k in again if again[k].planned.indices]
    redone = dict(zip(tried, run([item.section_input(again[k].planned) for k in tried])))
    section_plans: list[planning.SectionPlan] = []
    outputs: list[EngineOutput] = []
    for k, (planned, output) in enumerate(zip(item.section_plans, sections)):
        if k in again:
            lines = redone[k].sentences[: planned.max_sentences] if k in redone else []
            if lines:
                planned, output = again[k].planned, redone[k]
            elif again[k].repeats_overview:
                continue  # listed as in the overview
        section_plans.append(planned)
        outputs.append(output)
    return item.narrowed(section_plans), outputs


def _overview_texts(item: Prepared, overview: Sequence[EngineOutput]) -> set[str]:
    """The texts of the source sentences the overview rests on."""
    sentences = item.sectioned.sentences
    return {
        sentences[i].text
        for part, output in zip(item.overview_parts, overview)
        for row in support(output, [sentences[i] for i in part.indices], part.indices)
        for i in row
    }


def _repeating(item: Prepared, in_overview: set[str], sections: Sequence[EngineOutput]) -> dict[int, _Again]:
    """The sections (by number) whose lines repeat what is already said, each narrowed to the rest."""
    sentences = item.sectioned.sentences
    said: set[str] = set()  # grows with each section's lines
    again: dict[int, _Again] = {}
    for k, (planned, output) in enumerate(zip(item.section_plans, sections)):
        picked = support(output, [sentences[i] for i in planned.indices], planned.indices)[: planned.max_sentences]
        texts = [sentences[i].text for row in picked for i in row]
        taken = said | in_overview if _may_not_repeat_overview(item, planned, in_overview) else said
        if any(text in taken for text in texts):
            narrowed = replace(planned, indices=[i for i in planned.indices if sentences[i].text not in taken])
            again[k] = _Again(narrowed, any(text in in_overview for text in texts))
        else:
            said.update(texts)
    return again


def _may_not_repeat_overview(item: Prepared, planned: planning.SectionPlan, in_overview: set[str]) -> bool:
    """A section in which the document describes itself, or one the overview mostly covers."""
    sentences = item.sectioned.sentences
    covered = sum(sentences[i].text in in_overview for i in planned.indices)
    return planned.section.role == "self" or covered >= COVERED * len(planned.indices)
