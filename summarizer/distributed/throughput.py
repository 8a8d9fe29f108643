"""Documents per second through the summarizer server with N concurrent HTTP clients, for the benchmark."""

from __future__ import annotations

import collections
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Sequence, TypedDict

from ray import serve

from ..interface import Source
from ..remote import wire
from ..remote.client import RemoteSummarizer
from ..settings import Settings
from .serve import deploy, start_ray

# `measure`'s row for one replica count.
# (The functional form: the keys are a JSON row's, read by name, which vulture would take for unused attributes.)
ServeRates = TypedDict(
    "ServeRates",
    {
        "replicas": int,
        "requests": int,
        "concurrency": int,
        "seconds": float,
        "docs_per_s": float,
        "mean_batch": float,
        "batch_sizes": dict[int, int],  # requests per batch -> how many requests saw a batch of that size
    },
)


def measure(
    replicas: int, requests: int, concurrency: int, settings: Settings, documents: Sequence[Source]
) -> ServeRates:
    """Deploy `replicas` replicas, send `requests` documents (cycling through `documents`) from `concurrency`
    clients over HTTP after one warm-up request, and return docs/s and the batch sizes the requests saw.

    Starts a local Ray (or joins RAY_ADDRESS) when none is running and leaves it up for the next call;
    the measured application is removed afterwards.
    """
    start_ray()
    name = f"measure-{replicas}"
    url = deploy(replace(settings, serve_replicas=replicas), name, f"/{name}")
    client = RemoteSummarizer(replace(settings, url=url))

    def send(number: int) -> int:
        payload = wire.request_to_wire(documents[number % len(documents)])
        return int(client.request("POST", "/summarize", payload)[1].get("X-Batch-Size", 1))

    try:
        send(0)
        started = time.perf_counter()
        with ThreadPoolExecutor(concurrency) as pool:
            sizes = list(pool.map(send, range(requests)))
        seconds = time.perf_counter() - started
    finally:
        serve.delete(name)
    return {
        "replicas": replicas,
        "requests": requests,
        "concurrency": concurrency,
        "seconds": seconds,
        "docs_per_s": requests / seconds,
        "mean_batch": sum(sizes) / len(sizes),
        "batch_sizes": dict(sorted(collections.Counter(sizes).items())),
    }
