"""The abstractive engine: a seq2seq checkpoint behind a generator backend.

Long inputs are covered whole by map-reduce: sentences are packed into parts that fit the
input window, every part (of every document in the call) is summarized in batched calls, and
the joined partial summaries are condensed again until one call can produce each final summary.
"""

from __future__ import annotations

import importlib.util
import logging
import math
import time
from dataclasses import dataclass
from typing import Callable, Sequence

from .chunking import pack, split_long
from .device import Device, choose_device
from .errors import ModelLoadError
from .generation import Budget
from .generators import CTranslate2Generator, Generator, TransformersGenerator
from .locate import ModelSource
from .sentences import Sentence, split_sentences
from .settings import Settings

logger = logging.getLogger(__name__)
Progress = Callable[[int, int], None]
PART_WORDS = (30, 90)
MAX_LEVELS = 6
REDUCTION = 3


@dataclass(frozen=True)
class EngineOutput:
    """Summary sentences plus what the engine read; support is None when grounding is left to the caller."""

    sentences: list[str]
    support: list[list[int]] | None
    parts: int
    read_tokens: int


def clean_output(text: str) -> list[str]:
    """Sentences of generated text, without a trailing fragment or repeated sentences."""
    sentences = [s.text for s in split_sentences(text)]
    if len(sentences) > 1 and not sentences[-1].rstrip("\"'”’)").endswith((".", "!", "?")):
        sentences.pop()
    seen: set[str] = set()
    result = []
    for sentence in sentences:
        key = sentence.lower()
        if key in seen:
            continue
        seen.add(key)
        sentence = sentence[0].upper() + sentence[1:]
        if not sentence.rstrip("\"'”’)").endswith((".", "!", "?")):
            sentence += "."
        result.append(sentence)
    return result


def make_generator(source: ModelSource, device: Device, settings: Settings) -> tuple[Generator, list[str]]:
    """The configured backend; `auto` takes the CTranslate2 fast path on the CPU when it can."""
    backend = settings.backend
    notes: list[str] = []
    if backend == "auto":
        fast_ok = device.name == "cpu" and importlib.util.find_spec("ctranslate2") is not None
        backend = "ctranslate2" if fast_ok else "transformers"
    if backend == "ctranslate2":
        try:
            return CTranslate2Generator(source, device, settings.max_input_tokens, settings.quantization,
                                        settings.cache_dir), notes
        except ModelLoadError as error:
            if settings.backend == "ctranslate2":
                raise
            logger.warning("fast path unavailable, using transformers: %s", error)
            notes.append(f"The fast CPU path is unavailable ({error}); using the reference path.")
    return TransformersGenerator(source, device, settings.max_input_tokens, settings.cache_dir), notes


@dataclass
class _Job:
    """One document's map-reduce state."""

    parts: list[str]
    first_level: int
    read_tokens: int


class AbstractiveEngine:
    """Map-reduce summarization over a seq2seq generator."""

    name = "abstractive"
    fixed_budget: Budget | None = None

    def __init__(self, source: ModelSource, settings: Settings):
        started = time.perf_counter()
        self.device_choice = choose_device(settings.device)
        self.generator, self.notes = make_generator(source, self.device_choice, settings)
        self.model = source.name
        self.device = self.device_choice.name
        self.backend = self.generator.backend
        self.precision = self.generator.precision
        self.preset = settings.preset
        self.batch_size = settings.batch_size
        self.reason = f"{source.name} loaded from the {source.where} ({self.backend}, {self.precision})"
        self.load_seconds = time.perf_counter() - started

    def _parts(self, texts: Sequence[str]) -> list[str]:
        window = self.generator.window
        pieces = []
        for text in texts:
            pieces.extend(split_long(text, self.generator.count, window))
        counts = [len(ids) for ids in self.generator.count_many(pieces)]
        return [" ".join(pieces[i] for i in group) for group in pack(counts, window, separator=0)]

    def _part_budget(self, words: int) -> Budget:
        """A partial summary's budget, capped so that each level shrinks the text at least threefold."""
        budget = self.fixed_budget or Budget.for_words(words)
        ceiling = max(8, self.generator.window // REDUCTION)
        return Budget(min(budget.min_new_tokens, ceiling // 2), min(budget.max_new_tokens, ceiling))

    def _generate_all(self, parts: list[str], budgets: list[Budget], preset: str,
                      tick: Callable[[int], None]) -> list[str]:
        """Every part summarized, in batches of similar length and equal budget, output in input order."""
        order = sorted(range(len(parts)), key=lambda i: (budgets[i].max_new_tokens, len(parts[i])))
        outputs: list[str] = [""] * len(parts)
        start = 0
        while start < len(order):
            budget = budgets[order[start]]
            batch = [i for i in order[start:start + self.batch_size] if budgets[i] == budget]
            for i, text in zip(batch, self.generator.generate([parts[i] for i in batch], budget, preset)):
                outputs[i] = text
            tick(len(batch))
            start += len(batch)
        return outputs

    def summarize(self, sentences: Sequence[Sentence], target_words: int,
                  progress: Progress | None = None, preset: str | None = None) -> EngineOutput:
        return self.summarize_many([sentences], target_words, progress, preset)[0]

    def summarize_many(self, documents: Sequence[Sequence[Sentence]], target_words: int,
                       progress: Progress | None = None, preset: str | None = None) -> list[EngineOutput]:
        """Summaries of several documents, their parts batched together at every level."""
        preset = preset or self.preset
        jobs = []
        for sentences in documents:
            parts = self._parts([s.text for s in sentences])
            jobs.append(_Job(parts, len(parts), sum(len(ids) for ids in self.generator.count_many(parts))))
        done, total = 0, sum(len(j.parts) + (1 if len(j.parts) > 1 else 0) for j in jobs)

        def tick(n: int) -> None:
            nonlocal done
            done += n
            if progress:
                progress(done, max(total, done))

        for _ in range(MAX_LEVELS):
            open_jobs = [j for j in jobs if len(j.parts) > 1]
            if not open_jobs:
                break
            parts, budgets, owners = [], [], []
            for job in open_jobs:
                words = min(PART_WORDS[1], max(PART_WORDS[0], math.ceil(1.5 * target_words / len(job.parts))))
                parts.extend(job.parts)
                budgets.extend([self._part_budget(words)] * len(job.parts))
                owners.extend([job] * len(job.parts))
            partials = self._generate_all(parts, budgets, preset, tick)
            for job in open_jobs:
                mine = [text for text, owner in zip(partials, owners) if owner is job]
                job.parts = self._parts([s for text in mine for s in clean_output(text)] or mine)
                total += len(job.parts) if len(job.parts) > 1 else 0
        finals = [part for job in jobs for part in job.parts]
        final_budget = self.fixed_budget or Budget.for_words(target_words)
        outputs = self._generate_all(finals, [final_budget] * len(finals), preset, tick)
        if progress:
            progress(done, done)
        results, cursor = [], 0
        for job in jobs:
            summary = [s for text in outputs[cursor:cursor + len(job.parts)] for s in clean_output(text)]
            cursor += len(job.parts)
            results.append(EngineOutput(summary, None, job.first_level, job.read_tokens))
        return results
