"""The one place that decides where the model runs and in which precision."""

from __future__ import annotations

import logging
from dataclasses import dataclass

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Device:
    """A torch device name, the dtype name to load weights in, and any note for the user."""

    name: str
    dtype: str
    note: str = ""


def choose_device(requested: str) -> Device:
    """CUDA (bf16 where supported, else fp16) when asked for or on `auto` and present; else CPU fp32."""
    import torch

    if requested in ("auto", "cuda") and torch.cuda.is_available():
        dtype = "bfloat16" if torch.cuda.is_bf16_supported() else "float16"
        return Device("cuda", dtype)
    if requested == "cuda":
        note = "CUDA was requested but no GPU is available; running on the CPU."
        logger.warning(note)
        return Device("cpu", "float32", note)
    return Device("cpu", "float32")


GIB = 1024**3
CPU_BATCH = {4: 8, 2: 4}
CUDA_BYTES_PER_PART = 256 * 1024**2


def batch_size_for(device: Device, requested: int = 0) -> int:
    """`requested` if set; else as many parts per call as free memory comfortably holds."""
    if requested:
        return requested
    if device.name == "cuda":
        import torch

        free, _ = torch.cuda.mem_get_info()
        return max(1, min(64, free // 2 // CUDA_BYTES_PER_PART))
    import psutil

    available = psutil.virtual_memory().available
    return next((size for floor, size in CPU_BATCH.items() if available >= floor * GIB), 1)
