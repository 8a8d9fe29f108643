"""Seq2seq backends behind one interface: tokenize, count tokens, generate a batch.

`TransformersGenerator` is the reference (any dtype, any device). `CTranslate2Generator` is the
CPU fast path: the same checkpoint converted once to CTranslate2 int8, cached beside the HF cache.
Each generator serializes calls with one lock: neither the tokenizer nor the model is shared
safely between threads by itself. A call given `check` calls it as each token is made; what it raises stops
the call there and reaches the caller (a request nobody waits for stops mid-summary, not after it).
CTranslate2 checks only without beam search (its per-token callback); with beam search it stops after the call.
"""

from __future__ import annotations

import logging
import threading
from typing import Any, Callable, Sequence

from ..errors import ModelLoadError
from ..settings import Settings
from .budgets import GENERATION, Budget
from .device import Device
from .locate import ModelSource

logger = logging.getLogger(__name__)
Check = Callable[[], None]  # raises to stop a generation call between two tokens
SAFETY_TOKENS = 4
T5_FAMILY = ("t5", "mt5", "umt5", "longt5")


def _load_tokenizer(source: ModelSource, cache_dir: str | None) -> Any:
    """The checkpoint's tokenizer (a transformers tokenizer, untyped there)."""
    from transformers import AutoTokenizer

    try:
        return AutoTokenizer.from_pretrained(source.path, local_files_only=source.local_only, cache_dir=cache_dir)
    except (OSError, ValueError, KeyError) as error:
        raise ModelLoadError(
            f"The tokenizer of {source.name} could not be loaded from the {source.where}: {error}"
        ) from error


class Generator:
    """Shared tokenization and window arithmetic; subclasses implement `_generate`."""

    backend = ""
    precision = ""

    def __init__(self, source: ModelSource, device: Device, max_input_tokens: int, model_type: str, tokenizer: Any):
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]  # untyped in transformers
        self._lock = threading.Lock()
        self.source = source
        self.device = device
        self.tokenizer = tokenizer
        self.generated_tokens = 0
        self.prefix = "summarize: " if model_type in T5_FAMILY else ""
        self.max_input_tokens = max_input_tokens
        prefix_and_end = len(tokenizer(self.prefix, add_special_tokens=True)["input_ids"])
        self.window = max_input_tokens - prefix_and_end - SAFETY_TOKENS

    def count(self, text: str) -> int:
        return len(self.count_many([text])[0])

    def count_many(self, texts: Sequence[str]) -> list[list[int]]:
        with self._lock:
            return list(self.tokenizer(list(texts), add_special_tokens=False)["input_ids"])

    def generate(self, texts: Sequence[str], budget: Budget, preset: str, check: Check | None = None) -> list[str]:
        """Summaries of `texts` from one batched call; `check()` is called as tokens are made."""
        with self._lock:
            return self._generate([self.prefix + t for t in texts], budget, preset, check or _go_on)

    def generate_streaming(
        self, text: str, budget: Budget, preset: str, on_text: Callable[[str], None], check: Check | None = None
    ) -> str:
        """One summary, its text so far passed to `on_text` as tokens arrive; for presets without beam search."""
        with self._lock:
            return self._stream(self.prefix + text, budget, preset, on_text, check or _go_on)

    @staticmethod
    def streams(preset: str) -> bool:
        """Whether tokens can be shown as they come: beam search decides only at the end."""
        return bool(GENERATION[preset]["num_beams"] == 1)

    def _generate(self, texts: list[str], budget: Budget, preset: str, check: Check) -> list[str]:
        raise NotImplementedError

    def _stream(self, text: str, budget: Budget, preset: str, on_text: Callable[[str], None], check: Check) -> str:
        raise NotImplementedError


def _go_on() -> None:
    """The check of a call nobody can stop."""


class TransformersGenerator(Generator):
    """transformers `generate` under `torch.inference_mode()`, in the device's dtype."""

    backend = "transformers"

    def __init__(self, source: ModelSource, device: Device, max_input_tokens: int, cache_dir: str | None = None):
        import torch
        from transformers import AutoModelForSeq2SeqLM

        self._torch = torch
        tokenizer = _load_tokenizer(source, cache_dir)
        try:
            self.model = (
                AutoModelForSeq2SeqLM.from_pretrained(
                    source.path,
                    local_files_only=source.local_only,
                    cache_dir=cache_dir,
                    dtype=getattr(torch, device.dtype),
                )
                .to(device.name)
                .eval()
            )
        except (OSError, ValueError, KeyError) as error:
            raise ModelLoadError(f"{source.name} could not be loaded from the {source.where}: {error}") from error
        super().__init__(source, device, max_input_tokens, self.model.config.model_type, tokenizer)
        self.precision = device.dtype

    def _generate(self, texts: list[str], budget: Budget, preset: str, check: Check, streamer: Any = None) -> list[str]:
        from transformers import StoppingCriteria, StoppingCriteriaList

        torch = self._torch

        class Checked(StoppingCriteria):
            """Never asks to stop by itself: `check()` raises when the caller wants the call stopped."""

            def __call__(self, input_ids: Any, scores: Any, **kwargs: Any) -> Any:
                check()
                return torch.zeros(input_ids.shape[0], dtype=torch.bool, device=input_ids.device)

        batch = self.tokenizer(
            texts, return_tensors="pt", padding=True, truncation=True, max_length=self.max_input_tokens
        ).to(self.device.name)
        with torch.inference_mode():
            output = self.model.generate(
                **batch,
                min_new_tokens=budget.min_new_tokens,
                max_new_tokens=budget.max_new_tokens,
                streamer=streamer,
                stopping_criteria=StoppingCriteriaList([Checked()]),
                **GENERATION[preset],
            )
        self.generated_tokens += int((output != self.tokenizer.pad_token_id).sum())
        return list(self.tokenizer.batch_decode(output, skip_special_tokens=True))

    def _stream(self, text: str, budget: Budget, preset: str, on_text: Callable[[str], None], check: Check) -> str:
        from transformers import TextStreamer

        pieces: list[str] = []

        class Relay(TextStreamer):
            def on_finalized_text(self, piece: str, stream_end: bool = False) -> None:
                pieces.append(piece)
                on_text("".join(pieces))

        return self._generate(
            [text], budget, preset, check, streamer=Relay(self.tokenizer, skip_prompt=True, skip_special_tokens=True)
        )[0]


class CTranslate2Generator(Generator):
    """CTranslate2 on the CPU, from a converted copy of the checkpoint (converted once, then cached)."""

    backend = "ctranslate2"

    def __init__(
        self,
        source: ModelSource,
        device: Device,
        max_input_tokens: int,
        quantization: str,
        settings: Settings | None = None,
        threads: int = 0,
    ):
        import ctranslate2

        from .conversion import converted

        settings = settings or Settings()
        tokenizer = _load_tokenizer(source, settings.cache_dir)
        directory, model_type = converted(source, quantization, settings)
        self.translator = ctranslate2.Translator(
            str(directory), device="cpu", compute_type=quantization, intra_threads=threads
        )
        super().__init__(source, device, max_input_tokens, model_type, tokenizer)
        self.precision = quantization

    def _generate(self, texts: list[str], budget: Budget, preset: str, check: Check) -> list[str]:
        ids = self.tokenizer(texts, truncation=True, max_length=self.max_input_tokens)["input_ids"]
        tokens = [self.tokenizer.convert_ids_to_tokens(row) for row in ids]
        settings = GENERATION[preset]
        stopped: list[BaseException] = []

        def checked(step: Any) -> bool:
            """CTranslate2's per-token callback (without beam search): True stops the call."""
            if not stopped:
                try:
                    check()
                except BaseException as reason:  # re-raised below, once the call has stopped
                    stopped.append(reason)
            return bool(stopped)

        results = self.translator.translate_batch(
            tokens,
            beam_size=settings["num_beams"],
            length_penalty=settings.get("length_penalty", 1.0),
            no_repeat_ngram_size=settings["no_repeat_ngram_size"],
            min_decoding_length=budget.min_new_tokens,
            max_decoding_length=budget.max_new_tokens,
            max_batch_size=len(tokens),
            callback=checked if settings["num_beams"] == 1 else None,
        )
        if stopped:
            raise stopped[0]
        outputs = [self.tokenizer.convert_tokens_to_ids(r.hypotheses[0]) for r in results]
        self.generated_tokens += sum(len(o) for o in outputs)
        return list(self.tokenizer.batch_decode(outputs, skip_special_tokens=True))

    def _stream(self, text: str, budget: Budget, preset: str, on_text: Callable[[str], None], check: Check) -> str:
        ids = self.tokenizer([text], truncation=True, max_length=self.max_input_tokens)["input_ids"][0]
        made: list[int] = []
        for step in self.translator.generate_tokens(
            self.tokenizer.convert_ids_to_tokens(ids),
            min_decoding_length=budget.min_new_tokens,
            max_decoding_length=budget.max_new_tokens,
            no_repeat_ngram_size=GENERATION[preset]["no_repeat_ngram_size"],
        ):
            made.append(step.token_id)
            check()
            on_text(self.tokenizer.decode(made, skip_special_tokens=True))
        self.generated_tokens += len(made)
        return str(self.tokenizer.decode(made, skip_special_tokens=True))
