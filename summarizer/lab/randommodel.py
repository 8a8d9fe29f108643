"""Random-init T5 checkpoints with a tokenizer trained on the spot: stand-ins where real weights are absent."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence


def build_random_t5(
    directory: Path, corpus: Sequence[str], vocab_size: int, model_vocab_size: int | None = None, **config: Any
) -> Path:
    """Save a T5 (t5-small's shape unless `config` says otherwise) and a Unigram tokenizer to `directory`."""
    import torch
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers
    from tokenizers.processors import TemplateProcessing
    from transformers import T5Config, T5ForConditionalGeneration, T5Tokenizer  # T5Tokenizer is the fast one since 5.0

    torch.manual_seed(0)
    tokenizer = Tokenizer(models.Unigram())
    tokenizer.normalizer = normalizers.NFKC()
    tokenizer.pre_tokenizer = pre_tokenizers.Metaspace()
    tokenizer.decoder = decoders.Metaspace()
    tokenizer.train_from_iterator(
        corpus,
        trainers.UnigramTrainer(vocab_size=vocab_size, special_tokens=["<pad>", "</s>", "<unk>"], unk_token="<unk>"),
    )
    tokenizer.post_processor = TemplateProcessing(
        single="$A </s>", pair="$A </s> $B </s>", special_tokens=[("</s>", 1)]
    )
    wrapped = T5Tokenizer(
        tokenizer_object=tokenizer, eos_token="</s>", unk_token="<unk>", pad_token="<pad>", extra_ids=0
    )
    wrapped.save_pretrained(directory)
    t5 = T5Config(vocab_size=model_vocab_size or len(wrapped), pad_token_id=0, eos_token_id=1, **config)
    t5.decoder_start_token_id = 0  # not among T5Config's declared fields, but what generate() starts from
    T5ForConditionalGeneration(t5).save_pretrained(directory)
    return directory
