"""What the replicas (`serve.SummarizerServer`) answer the gateway: shared by both, so neither imports the other's
types."""

from __future__ import annotations

from typing import TypedDict

from ..errors import SummarizerError
from ..summary import Summary

Result = Summary | SummarizerError  # what a replica answers for one source: its summary, or the error as a value
Batched = tuple[Result, int]  # a source's result and the size of the batch it went in


# What a replica says of itself (GET /health adds the gateway's limits).
# (The functional form: the keys are a JSON row's, read by name, which vulture would take for unused attributes.)
ReplicaHealth = TypedDict(
    "ReplicaHealth",
    {
        "engine": str,
        "model": str,
        "device": str,
        "reason": str,
        "replica": str,
        "pid": int,
        "replicas": int,
        "num_cpus": float,
        "num_gpus": float,
        "max_batch": int,
        "batch_wait_ms": float,
        "abandoned_batches": int,
        "batch_sizes": dict[str, int],  # requests per batch (as a string, a JSON key) -> batches of that size
    },
)
