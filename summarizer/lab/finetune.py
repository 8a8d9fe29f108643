"""Fine-tune a seq2seq checkpoint on article/highlights pairs, then score it on a held-out part.

The seed study's recipe: AdamW, learning rate 2e-5, batch size 8, weight decay 0.01, 3 epochs.
A plain torch loop: it needs neither `accelerate` nor `datasets`.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from ..engines.locate import locate
from ..errors import InvalidOptionError
from ..options import SummaryOptions
from ..service import Summarizer
from ..settings import Settings
from .evaluation import Pair, SystemScore, evaluate, rouge_package

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Recipe:
    learning_rate: float = 2e-5
    batch_size: int = 8
    weight_decay: float = 0.01
    epochs: int = 3
    held_out: float = 0.1
    max_source_tokens: int = 512
    max_target_tokens: int = 128
    seed: int = 0


@dataclass
class Report:
    """Mean training loss per epoch and ROUGE of the saved model on the held-out pairs."""

    epoch_losses: list[float] = field(default_factory=list)
    scores: dict[str, SystemScore] = field(default_factory=dict)
    output: str = ""


def split(pairs: Sequence[Pair], share: float, seed: int) -> tuple[list[Pair], list[Pair]]:
    shuffled = list(pairs)
    random.Random(seed).shuffle(shuffled)
    held = max(1, round(len(shuffled) * share)) if len(shuffled) > 1 else 0
    return shuffled[held:], shuffled[:held]


def finetune(
    model: str,
    pairs: Sequence[Pair],
    output: str | Path,
    recipe: Recipe = Recipe(),
    on_step: Callable[[int, int, float], None] | None = None,
    places: Settings | None = None,
) -> Report:
    """Train `model` on `pairs`, save it to `output`, and score it on the held-out part (what scoring needs is
    checked before training starts); the model is found where `places` say (default: `Settings()`)."""
    places = places or Settings()
    import torch
    from transformers import AutoModelForSeq2SeqLM, AutoTokenizer

    if len(pairs) < 2:
        raise InvalidOptionError("Fine-tuning needs at least two article/highlights pairs.")
    train, held_out = split(pairs, recipe.held_out, recipe.seed)
    if held_out:
        rouge_package()
    source = locate(model, places)
    tokenizer = AutoTokenizer.from_pretrained(source.path, local_files_only=source.local_only)
    network = AutoModelForSeq2SeqLM.from_pretrained(source.path, local_files_only=source.local_only)
    prefix = "summarize: " if network.config.model_type in ("t5", "mt5", "umt5", "longt5") else ""
    torch.manual_seed(recipe.seed)
    optimizer = torch.optim.AdamW(network.parameters(), lr=recipe.learning_rate, weight_decay=recipe.weight_decay)
    steps_per_epoch = -(-len(train) // recipe.batch_size)
    report = Report(output=str(output))
    network.train()
    for epoch in range(recipe.epochs):
        order = list(range(len(train)))
        random.Random(recipe.seed + epoch).shuffle(order)
        total = 0.0
        for step in range(steps_per_epoch):
            batch = [train[i] for i in order[step * recipe.batch_size : (step + 1) * recipe.batch_size]]
            inputs = tokenizer(
                [prefix + p.article for p in batch],
                max_length=recipe.max_source_tokens,
                truncation=True,
                padding=True,
                return_tensors="pt",
            )
            labels = tokenizer(
                [p.highlights for p in batch],
                max_length=recipe.max_target_tokens,
                truncation=True,
                padding=True,
                return_tensors="pt",
            )["input_ids"]
            labels[labels == tokenizer.pad_token_id] = -100
            loss = network(**inputs, labels=labels).loss
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
            total += float(loss.detach())
            if on_step:
                on_step(epoch + 1, step + 1, float(loss.detach()))
        report.epoch_losses.append(total / steps_per_epoch)
        logger.info("epoch %d: mean loss %.4f", epoch + 1, report.epoch_losses[-1])
    network.eval()
    Path(output).mkdir(parents=True, exist_ok=True)
    network.save_pretrained(output)
    tokenizer.save_pretrained(output)
    if held_out:
        summarizer = Summarizer(places.anew(model=str(output), engine="abstractive", preset="fast"))
        report.scores = evaluate(summarizer, held_out, SummaryOptions())
    return report
