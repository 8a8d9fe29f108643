"""Find a model's weights without ever hanging: local directory, then HF cache, then a bounded hub probe."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from ..errors import ModelLoadError
from ..settings import Settings

logger = logging.getLogger(__name__)
# The files a saved tokenizer keeps its vocabulary in (a fast tokenizer's tokenizer.json, SentencePiece models, BPE
# and WordPiece vocabularies): a model folder with none of them has no tokenizer. transformers then builds an empty
# one (a T5 tokenizer of 100 extra ids) that loads without complaint and produces no summary.
TOKENIZER_FILES = (
    "tokenizer.json",
    "spiece.model",
    "sentencepiece.bpe.model",
    "tokenizer.model",
    "vocab.json",
    "vocab.txt",
)


@dataclass(frozen=True)
class ModelSource:
    """What to pass to `from_pretrained`, whether to stay offline, and where it was found."""

    name: str
    path: str
    local_only: bool
    where: str


def _looks_like_path(model: str) -> bool:
    return model.startswith((".", "/", "~")) or os.sep in model and Path(model).exists()


def _probe_hub(model: str, endpoint: str, timeout: float) -> None:
    import requests

    url = f"{endpoint.rstrip('/')}/api/models/{model}"
    try:
        response = requests.head(url, timeout=timeout, allow_redirects=True)
    except requests.RequestException as error:
        raise ModelLoadError(
            f"{model} is not in the local cache and the model hub cannot be reached ({type(error).__name__})."
        ) from error
    if response.status_code in (401, 404):
        raise ModelLoadError(f"{model} was not found on the model hub (HTTP {response.status_code}).")
    if response.status_code >= 400:
        raise ModelLoadError(
            f"{model} is not in the local cache and the model hub answered HTTP {response.status_code}."
        )


def locate(model: str, settings: Settings | None = None) -> ModelSource:
    """Where `model` (a hub id or a directory) can be loaded from, or ModelLoadError saying why not; the cache,
    the hub and its timeout and offline mode are the settings' (default: `Settings()`)."""
    settings = settings or Settings()
    directory = Path(model).expanduser()
    if directory.is_dir():
        if not (directory / "config.json").is_file():
            raise ModelLoadError(f"{model} is a directory but holds no config.json, so it is not a saved model.")
        if not any((directory / name).is_file() for name in TOKENIZER_FILES):
            raise ModelLoadError(
                f"{model} holds a model but no tokenizer: none of {', '.join(TOKENIZER_FILES)} is there. Save the "
                "tokenizer beside the model (tokenizer.save_pretrained on the same folder)."
            )
        return ModelSource(model, str(directory), True, "local directory")
    if _looks_like_path(model):
        raise ModelLoadError(f"The model directory {model} does not exist.")
    from huggingface_hub import try_to_load_from_cache

    cached = try_to_load_from_cache(model, "config.json", cache_dir=settings.cache_dir)
    if isinstance(cached, str):
        return ModelSource(model, model, True, "Hugging Face cache")
    if settings.hub_offline:
        raise ModelLoadError(f"{model} is not in the local cache and offline mode is on (HF_HUB_OFFLINE).")
    _probe_hub(model, settings.hub_endpoint, settings.hub_timeout)
    return ModelSource(model, model, False, "model hub")
