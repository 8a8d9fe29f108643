"""The abstractive engine: a seq2seq checkpoint behind a generator backend.

Long inputs are covered whole by map-reduce: sentences are packed into parts that fit the
input window, every part (of every document in the call) is summarized in batched calls, and
the joined partial summaries are condensed again until one call can produce each final summary.
While a model call runs, `progress` hears the same step again at most every `HEARTBEAT_SECONDS`, so a
caller whose callback raises (nobody waits any more) stops the model between two tokens, not after the call.
"""

from __future__ import annotations

import importlib.util
import logging
import math
import time
from dataclasses import dataclass
from typing import Callable, Sequence

from ..engine import EngineName
from ..errors import ModelLoadError
from ..settings import Settings
from ..text.sentences import split_sentences
from .backends import Check, CTranslate2Generator, Generator, TransformersGenerator
from .base import Engine, EngineInput, EngineOutput, StepProgress, TextHeard
from .budgets import Budget
from .chunking import pack, split_long
from .device import Device, batch_size_for, choose_device
from .locate import ModelSource

logger = logging.getLogger(__name__)
MIN_PART_WORDS = 25
FITS = 1.25
MAX_LEVELS = 6
REDUCTION = 3
HEARTBEAT_SECONDS = 0.5


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
            return CTranslate2Generator(
                source, device, settings.max_input_tokens, settings.quantization, settings
            ), notes
        except ModelLoadError as error:
            if settings.backend == "ctranslate2":
                raise
            logger.warning("fast path unavailable, using transformers: %s", error)
            notes.append(f"The fast CPU path is unavailable ({error}); using the reference path.")
    return TransformersGenerator(source, device, settings.max_input_tokens, settings.cache_dir), notes


@dataclass
class _MapReduceState:
    """One document's map-reduce state."""

    parts: list[str]
    first_level: int
    read_tokens: int


class _Steps:
    """The engine's steps done and to do, told to `progress`; `check`, called while a model call runs, tells the
    same step again at most every `heartbeat` seconds, so a caller whose callback raises stops the call."""

    def __init__(self, progress: StepProgress | None, total: int, heartbeat: float):
        self.progress = progress
        self.done = 0
        self.total = total
        self.heartbeat = heartbeat
        self.last = time.monotonic()

    def tick(self, n: int) -> None:
        self.done += n
        self.last = time.monotonic()
        if self.progress:
            self.progress(self.done, max(self.total, self.done))

    def check(self) -> None:
        if self.progress and time.monotonic() - self.last >= self.heartbeat:
            self.last = time.monotonic()
            self.progress(self.done, max(self.total, self.done))


class AbstractiveEngine(Engine):
    """Map-reduce summarization over a seq2seq generator.

    It batches: `max_batch` parts share one model call (the device's batch size), and it can stream the text
    of a single document's final call under a preset without beam search.
    """

    name = EngineName.ABSTRACTIVE
    can_stream = True
    exact_lengths = False

    def __init__(self, source: ModelSource, settings: Settings):
        self.device_choice = choose_device(settings.device)
        self.generator, self.notes = make_generator(source, self.device_choice, settings)
        self.model = source.name
        self.device = self.device_choice.name
        self.backend = self.generator.backend
        self.precision = self.generator.precision
        self.preset = settings.preset
        self.batch_size = batch_size_for(self.device_choice, settings.batch_size)
        self.max_batch = self.batch_size
        self.heartbeat_seconds = HEARTBEAT_SECONDS
        self.reason = f"{source.name} loaded from the {source.where} ({self.backend}, {self.precision})"

    def streams(self, preset: str | None = None) -> bool:
        """Whether `summarize_many` can pass on the text of a single document's final call as it is made."""
        return self.generator.streams(preset or self.preset)

    def _pack(self, texts: Sequence[str]) -> tuple[list[str], int]:
        """Texts packed into parts that fit the window, and their total token count."""
        window = self.generator.window
        pieces = []
        for text in texts:
            pieces.extend(split_long(text, self.generator.count, window))
        counts = [len(ids) for ids in self.generator.count_many(pieces)]
        return [" ".join(pieces[i] for i in group) for group in pack(counts, window, separator=0)], sum(counts)

    def _parts(self, texts: Sequence[str]) -> list[str]:
        return self._pack(texts)[0]

    def _budget(self, words: int, cap: int | None = None) -> Budget:
        """Tokens for `words`, at most `cap`; exactly the maximum when `exact_lengths` (benchmarks on random
        weights)."""
        budget = Budget.for_words(words)
        if cap is not None:
            budget = Budget(min(budget.min_new_tokens, cap // 2), min(budget.max_new_tokens, cap))
        return Budget(budget.max_new_tokens, budget.max_new_tokens) if self.exact_lengths else budget

    def _generate_all(
        self, parts: list[str], budgets: list[Budget], preset: str, tick: Callable[[int], None], check: Check
    ) -> list[str]:
        """Every part summarized, in batches of parts with the same budget, output in input order.

        A batch shares one budget, so only parts whose budgets are equal share a call: a part's summary
        is then the one it gets alone, whoever else is in the batch. (Batches once took budgets within
        1.3x of each other and generated between the smallest minimum and the largest maximum; 2 of 6
        concurrent callers then got other summaries than alone, with the tiny test T5.)
        """
        order = sorted(
            range(len(parts)), key=lambda i: (budgets[i].max_new_tokens, budgets[i].min_new_tokens, len(parts[i]))
        )
        outputs: list[str] = [""] * len(parts)
        start = 0
        while start < len(order):
            budget = budgets[order[start]]
            batch = [i for i in order[start : start + self.batch_size] if budgets[i] == budget]
            for i, text in zip(batch, self.generator.generate([parts[i] for i in batch], budget, preset, check)):
                outputs[i] = text
            tick(len(batch))
            start += len(batch)
        return outputs

    def summarize_many(
        self,
        inputs: Sequence[EngineInput],
        progress: StepProgress | None = None,
        *,
        preset: str | None = None,
        on_text: TextHeard | None = None,
    ) -> list[EngineOutput]:
        """Summaries of several documents, their parts batched together at every level; hints are not used.

        A document in n parts gets n partial summaries of target/n words each; when those fit the
        target together they are the summary, else they are joined, packed and condensed again.
        `on_text`, for a single document under a preset without beam search, hears the final call's
        text as its tokens arrive.
        """
        preset = preset or self.preset
        states = []
        for document in inputs:
            parts, tokens = self._pack([s.text for s in document.sentences])
            states.append(_MapReduceState(parts, len(parts), tokens))
        steps = _Steps(progress, sum(len(state.parts) for state in states), self.heartbeat_seconds)
        results: dict[int, list[str]] = {}
        level = 0
        while len(results) < len(states):
            level += 1
            self._level(inputs, states, results, level, preset, steps, on_text)
        if progress:
            progress(steps.done, steps.done)
        return [
            EngineOutput(results[i][: document.max_sentences], None, state.first_level, state.read_tokens)
            for i, (document, state) in enumerate(zip(inputs, states))
        ]

    def _level(
        self,
        inputs: Sequence[EngineInput],
        states: list[_MapReduceState],
        results: dict[int, list[str]],
        level: int,
        preset: str,
        steps: _Steps,
        on_text: TextHeard | None,
    ) -> None:
        """One level of map-reduce: every unfinished document's parts summarized; a document whose summaries fit
        its target (or that was one part, or at the last level) is done, the others packed again."""
        active = [i for i in range(len(states)) if i not in results]
        texts, budgets, owners = self._inputs(inputs, states, active, level)
        if on_text and len(texts) == 1 and len(states) == 1 and self.streams(preset):
            outputs = [self.generator.generate_streaming(texts[0], budgets[0], preset, on_text, steps.check)]
            steps.tick(1)
        else:
            outputs = self._generate_all(texts, budgets, preset, steps.tick, steps.check)
        for i in active:
            mine = [text for text, owner in zip(outputs, owners) if owner == i]
            done = self._settle(states[i], mine, inputs[i].target, level)
            if done is None:
                steps.total += len(states[i].parts)
            else:
                results[i] = done

    def _settle(self, state: _MapReduceState, outputs: list[str], target: int, level: int) -> list[str] | None:
        """A document's summary, when its parts' summaries (`outputs`) fit its target, it was one part, or this was
        the last level; else None, with its parts packed again from those summaries for the next level."""
        sentences = [s for text in outputs for s in clean_output(text)]
        words = sum(len(s.split()) for s in sentences)
        if len(state.parts) == 1 or level == MAX_LEVELS or words <= target * FITS:
            return sentences
        state.parts = self._parts(sentences or outputs)
        return None

    def _inputs(
        self, inputs: Sequence[EngineInput], states: list[_MapReduceState], active: list[int], level: int
    ) -> tuple[list[str], list[Budget], list[int]]:
        """The parts of the active documents, each part's budget (its share of the target, capped below the
        last level so condensed summaries fit the window again) and the document it belongs to."""
        texts: list[str] = []
        budgets: list[Budget] = []
        owners: list[int] = []
        for i in active:
            n = len(states[i].parts)
            words = max(MIN_PART_WORDS, math.ceil(inputs[i].target / n))
            cap = None if n == 1 or level == MAX_LEVELS else max(8, self.generator.window // REDUCTION)
            texts.extend(states[i].parts)
            budgets.extend([self._budget(words, cap)] * n)
            owners.extend([i] * n)
        return texts, budgets, owners
