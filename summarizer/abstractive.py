"""The abstractive engine: a seq2seq checkpoint run through transformers' `generate`.

Long inputs are covered whole by map-reduce: sentences are packed into parts that fit the
input window, every part is summarized in batched calls, and the joined partial summaries are
condensed again until one call can produce the final summary.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from dataclasses import dataclass
from typing import Callable, Sequence

from .chunking import pack, split_long
from .device import Device, choose_device
from .errors import ModelLoadError
from .generation import PRESETS, Budget
from .locate import ModelSource
from .sentences import Sentence, split_sentences

logger = logging.getLogger(__name__)
Progress = Callable[[int, int], None]
PART_WORDS = (30, 90)
MAX_LEVELS = 6
SAFETY_TOKENS = 4
REDUCTION = 3


@dataclass(frozen=True)
class EngineOutput:
    """Summary sentences plus what the engine read; support is None when grounding is left to the caller."""

    sentences: list[str]
    support: list[list[int]] | None
    parts: int
    read_tokens: int


class TransformersGenerator:
    """Tokenizer and model loaded once; one lock serializes every call into them."""

    def __init__(self, source: ModelSource, device: Device, max_input_tokens: int, cache_dir: str | None):
        import torch
        from transformers import AutoModelForSeq2SeqLM, AutoTokenizer
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
        self._torch = torch
        self._lock = threading.Lock()
        self.device = device
        self.generated_tokens = 0
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(
                source.path, local_files_only=source.local_only, cache_dir=cache_dir)
            self.model = AutoModelForSeq2SeqLM.from_pretrained(
                source.path, local_files_only=source.local_only, cache_dir=cache_dir,
                dtype=getattr(torch, device.dtype)).to(device.name).eval()
        except (OSError, ValueError, KeyError) as error:
            raise ModelLoadError(f"{source.name} could not be loaded from the {source.where}: {error}") from error
        self.prefix = "summarize: " if self.model.config.model_type in ("t5", "mt5", "umt5", "longt5") else ""
        self.max_input_tokens = max_input_tokens
        prefix_and_end = len(self.tokenizer(self.prefix, add_special_tokens=True)["input_ids"])
        self.window = max_input_tokens - prefix_and_end - SAFETY_TOKENS

    def count(self, text: str) -> int:
        return len(self.count_many([text])[0])

    def count_many(self, texts: Sequence[str]) -> list[list[int]]:
        with self._lock:
            return self.tokenizer(list(texts), add_special_tokens=False)["input_ids"]

    def generate(self, texts: Sequence[str], budget: Budget, preset: str) -> list[str]:
        """Summaries of `texts` in one batched forward pass."""
        with self._lock:
            batch = self.tokenizer([self.prefix + t for t in texts], return_tensors="pt", padding=True,
                                   truncation=True, max_length=self.max_input_tokens)
            batch = batch.to(self.device.name)
            with self._torch.inference_mode():
                output = self.model.generate(**batch, min_new_tokens=budget.min_new_tokens,
                                             max_new_tokens=budget.max_new_tokens, **PRESETS[preset])
            self.generated_tokens += int((output != self.tokenizer.pad_token_id).sum())
            return self.tokenizer.batch_decode(output, skip_special_tokens=True)


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


class AbstractiveEngine:
    """Map-reduce summarization over a seq2seq generator."""

    name = "abstractive"
    fixed_budget: Budget | None = None

    def __init__(self, source: ModelSource, device: str, preset: str, batch_size: int,
                 max_input_tokens: int, cache_dir: str | None = None):
        started = time.perf_counter()
        self.device_choice = choose_device(device)
        self.generator = TransformersGenerator(source, self.device_choice, max_input_tokens, cache_dir)
        self.model = source.name
        self.device = self.device_choice.name
        self.preset = preset
        self.batch_size = batch_size
        self.reason = f"{source.name} loaded from the {source.where}"
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

    def _generate_all(self, parts: list[str], budget: Budget, preset: str,
                      tick: Callable[[int], None]) -> list[str]:
        order = sorted(range(len(parts)), key=lambda i: len(parts[i]))
        outputs: list[str] = [""] * len(parts)
        for start in range(0, len(order), self.batch_size):
            batch = order[start:start + self.batch_size]
            for i, text in zip(batch, self.generator.generate([parts[i] for i in batch], budget, preset)):
                outputs[i] = text
            tick(len(batch))
        return outputs

    def summarize(self, sentences: Sequence[Sentence], target_words: int,
                  progress: Progress | None = None, preset: str | None = None) -> EngineOutput:
        preset = preset or self.preset
        parts = self._parts([s.text for s in sentences])
        first_level = len(parts)
        read_tokens = sum(self.generator.count(p) for p in parts)
        done, total = 0, len(parts) + (1 if len(parts) > 1 else 0)

        def tick(n: int) -> None:
            nonlocal done
            done += n
            if progress:
                progress(done, max(total, done))

        level = 0
        while len(parts) > 1 and level < MAX_LEVELS:
            level += 1
            part_words = min(PART_WORDS[1], max(PART_WORDS[0], math.ceil(1.5 * target_words / len(parts))))
            partials = self._generate_all(parts, self._part_budget(part_words), preset, tick)
            parts = self._parts([s for text in partials for s in clean_output(text)] or partials)
            total += len(parts) if len(parts) > 1 else 0
        final = self._generate_all([" ".join(parts)] if len(parts) == 1 else parts,
                                   self.fixed_budget or Budget.for_words(target_words), preset, tick)
        summary = [s for text in final for s in clean_output(text)]
        if progress:
            progress(done, done)
        return EngineOutput(summary, None, first_level, read_tokens)
