"""Shared fixtures: a tiny T5 built and saved here, and texts made for the tests."""

from __future__ import annotations

import random

import pytest

SUBJECTS = ["The council", "The company", "Researchers", "The minister", "Local residents",
            "The committee", "Engineers", "The hospital", "Investors", "The court"]
VERBS = ["approved", "rejected", "announced", "reviewed", "delayed", "funded", "criticised",
         "praised", "questioned", "published"]
OBJECTS = ["a new budget for the river bridge", "the annual safety report", "plans for a solar farm",
           "the proposal to close the library", "a study of water quality", "the merger with a rival",
           "new rules for electric scooters", "the results of the school inspection",
           "a plan to expand the airport", "the contract for city buses"]
TAILS = ["on Monday", "after a long debate", "despite strong objections", "earlier this year",
         "in a statement", "for the second time", "after months of talks", "with little warning"]


def make_text(sentences: int, seed: int = 0) -> str:
    """Plain English prose of the given number of sentences, in paragraphs of five."""
    rng = random.Random(seed)
    lines = [f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)} {rng.choice(TAILS)}."
             for _ in range(sentences)]
    return "\n\n".join(" ".join(lines[i:i + 5]) for i in range(0, len(lines), 5))


@pytest.fixture(scope="session")
def text_factory():
    return make_text


@pytest.fixture(scope="session")
def tiny_model_dir(tmp_path_factory):
    """A random-init T5 with two layers and a tokenizer trained here, saved like a hub checkpoint."""
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers
    from tokenizers.processors import TemplateProcessing
    from transformers import T5Config, T5ForConditionalGeneration, T5TokenizerFast

    import torch

    torch.manual_seed(0)
    corpus = [make_text(40, seed) for seed in range(20)]
    tokenizer = Tokenizer(models.Unigram())
    tokenizer.normalizer = normalizers.NFKC()
    tokenizer.pre_tokenizer = pre_tokenizers.Metaspace()
    tokenizer.decoder = decoders.Metaspace()
    tokenizer.train_from_iterator(corpus, trainers.UnigramTrainer(
        vocab_size=300, special_tokens=["<pad>", "</s>", "<unk>"], unk_token="<unk>"))
    tokenizer.post_processor = TemplateProcessing(single="$A </s>", pair="$A </s> $B </s>",
                                                  special_tokens=[("</s>", 1)])
    wrapped = T5TokenizerFast(tokenizer_object=tokenizer, eos_token="</s>", unk_token="<unk>",
                              pad_token="<pad>", extra_ids=0)
    config = T5Config(vocab_size=len(wrapped), d_model=32, d_ff=64, num_layers=2, num_decoder_layers=2,
                      num_heads=2, d_kv=16, decoder_start_token_id=0, pad_token_id=0, eos_token_id=1)
    model = T5ForConditionalGeneration(config)
    directory = tmp_path_factory.mktemp("tiny-t5")
    wrapped.save_pretrained(directory)
    model.save_pretrained(directory)
    return directory


@pytest.fixture
def offline_hub(monkeypatch, tmp_path):
    """An empty Hugging Face cache with the hub switched off, as on a machine with no network."""
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hf" / "hub"))
    for name in [v for v in __import__("os").environ if v.startswith("SUMMARIZER_")]:
        monkeypatch.delenv(name)
