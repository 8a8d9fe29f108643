"""Convert a Hugging Face checkpoint to CTranslate2 once, offline, and cache the result.

Conversion runs in a child process so the full-precision torch model it loads never counts
against the app's memory. The cache key is the checkpoint's resolved directory and the
modification time of its weights, so a retrained model in the same directory is converted again.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ..errors import ModelLoadError
from ..settings import Settings
from .locate import ModelSource

MARKER = "summarizer.json"


def checkpoint_dir(source: ModelSource, cache_dir: str | None) -> Path:
    """The local directory holding the checkpoint (downloading it first when it comes from the hub)."""
    if Path(source.path).is_dir():
        return Path(source.path).resolve()
    from huggingface_hub import snapshot_download

    return Path(snapshot_download(source.path, cache_dir=cache_dir, local_files_only=source.local_only))


def converted(source: ModelSource, quantization: str, settings: Settings | None = None) -> tuple[Path, str]:
    """(directory of the CTranslate2 model, model type), converting on first use into the settings'
    `converted_models` folder (default: `Settings()`'s)."""
    settings = settings or Settings()
    checkpoint = checkpoint_dir(source, settings.cache_dir)
    stamps = sorted(
        (p.name, p.stat().st_mtime_ns) for p in checkpoint.iterdir() if p.suffix in (".safetensors", ".bin", ".json")
    )
    key = hashlib.sha1(json.dumps([str(checkpoint), stamps, quantization]).encode()).hexdigest()[:16]
    target = settings.converted_models / f"{checkpoint.name}-{quantization}-{key}"
    marker = target / MARKER
    if not marker.is_file():
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f"{target.name}.partial-", dir=target.parent))
        result = subprocess.run(
            [sys.executable, "-m", "summarizer.engines.conversion", str(checkpoint), str(staging), quantization],
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            shutil.rmtree(staging, ignore_errors=True)
            last = (result.stderr.strip().splitlines() or ["unknown error"])[-1]
            raise ModelLoadError(f"{source.name} could not be converted for the fast CPU path: {last}")
        _publish(staging, target)
    return target, json.loads(marker.read_text())["model_type"]


def _publish(staging: Path, target: Path) -> None:
    """Move a finished conversion into place in one rename, so processes converting the same model at once
    (Ray workers, server replicas) never read or delete each other's half-written files; the first one wins."""
    if target.exists() and not (target / MARKER).is_file():
        shutil.rmtree(target, ignore_errors=True)
    try:
        os.rename(staging, target)
    except OSError:
        shutil.rmtree(staging, ignore_errors=True)
        if not (target / MARKER).is_file():
            raise


def _convert(checkpoint: str, target: str, quantization: str) -> None:
    import ctranslate2
    from transformers import AutoConfig

    ctranslate2.converters.TransformersConverter(checkpoint).convert(target, quantization=quantization, force=True)
    model_type = AutoConfig.from_pretrained(checkpoint).model_type
    Path(target, MARKER).write_text(json.dumps({"model_type": model_type, "source": checkpoint}))


if __name__ == "__main__":
    _convert(*sys.argv[1:4])
