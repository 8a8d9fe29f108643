"""Every knob of the service in one frozen object, read from the environment by `Settings.from_env`.

`from_env` is the one place the summarizer reads the environment: each field is read from `SUMMARIZER_<FIELD>`,
or from the variables its row names (the Hugging Face ones), and every other module takes the settings
as an argument. Each field is a row of `settingkit`'s table: its meaning and what it accepts sit beside its default,
one rule parses and checks it (with ingest's), and the docs' table is made from the rows.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping

from settingkit import check, read, setting

from .engine import EngineName
from .errors import InvalidOptionError

ENGINES = ("auto", *EngineName)
DEVICES = ("auto", "cpu", "cuda")
PRESETS = ("fast", "best")  # greedy, beam search: each model engine's `engines.budgets.GENERATION` has one per name
BACKENDS = ("auto", "ctranslate2", "transformers")
QUANTIZATIONS = ("int8", "int8_float32", "int16", "float32")
# Where models are found and kept: what settings made from scratch take from the environment's (`Settings.anew`).
PLACES = ("ct2_cache", "hf_home", "hub_offline", "hub_endpoint", "cache_home")
HUB = "https://huggingface.co"
PREFIX = "SUMMARIZER"
DAY = 86_400.0  # the longest time any wait or timeout may be set to, in seconds
COUNT = 1_000_000  # the most of anything counted (replicas, requests, documents, sources)
MINUTE_MS = 60_000.0  # the longest batching wait, in milliseconds


@dataclass(frozen=True)
class Settings:
    """Service configuration; `from_env` maps SUMMARIZER_<FIELD> variables onto it.

    The server's bounds (`serve_*`) are here with every other limit. `serve_allowed_hosts` guards the local
    API against web pages the operator visits (DNS rebinding, cross-site POSTs): a request whose Host is not
    one of these names, or whose Origin names another host, is refused with 403. Empty (the default) means
    the loopback names (localhost, 127.0.0.1, ::1) while `serve_host` is loopback, and no check when the
    server listens on the network; a comma-separated list names the hosts (add the name clients use); `*`
    turns the check off. `serve_max_header_kb` bounds a request's whole head (431 past it) where its bytes
    arrive, in Serve's proxy; `serve_memory_mb` bounds the bytes of bodies received and held across all open
    requests (503 past it), and `serve_client_bodies` and `serve_client_memory_mb` what one client address may
    have still arriving.
    """

    model: str = setting("t5-small", "hub id or local directory of a seq2seq checkpoint (T5, BART, Pegasus ...)")
    engine: str = setting(
        "auto",
        "`auto` (the model when its weights can be found, else the offline engine), `abstractive`, `extractive` "
        "or `openai` (an OpenAI-compatible service: `SUMMARIZER_OPENAI_*`)",
        choices=ENGINES,
    )
    device: str = setting("auto", "`auto` (CUDA when present, in bf16 or fp16), `cpu` or `cuda`", choices=DEVICES)
    preset: str = setting(
        "best", "`fast` (greedy) or `best` (beam 4, no repeated 3-grams, length penalty 2)", choices=PRESETS
    )
    backend: str = setting(
        "auto",
        "`auto` (CTranslate2 on CPU, transformers on CUDA), `ctranslate2` or `transformers`",
        choices=BACKENDS,
    )
    quantization: str = setting("int8", "CTranslate2 compute type", choices=QUANTIZATIONS)
    max_input_chars: int = setting(
        2_000_000,
        "longer texts are refused with a message; also the bound on the characters of sources summarized together",
        low=1,
        high=1_000_000_000,
    )
    together_max_sources: int = setting(
        10, "at most this many sources (files, texts, links) are summarized together", low=1, high=COUNT
    )
    hub_timeout: float = setting(
        3.0, "seconds to wait for the model hub before falling back to the offline engine", low=0, above=True, high=DAY
    )
    batch_size: int = setting(
        0,
        "parts per generate call; `0` sizes it by free memory (8 on a CPU with 4 GB free, up to 64 on a GPU)",
        low=0,
        high=COUNT,
    )
    max_input_tokens: int = setting(512, "the model's input window, in tokens", low=32, high=COUNT)
    cache_dir: str | None = setting(
        None, "Hugging Face cache directory (unset: `HF_HOME`, else `~/.cache/huggingface`)"
    )
    batch_wait_ms: float = setting(
        10.0,
        "how long concurrent callers are gathered into one batch (up to 30 times that while callers are still "
        "splitting their text)",
        low=0,
        high=MINUTE_MS,
    )
    batch_max_documents: int = setting(
        32, "documents (overviews and sections) per gathered batch; `1` runs every call alone", low=1, high=COUNT
    )
    url: str | None = setting(
        None, "use the summarizer server at this address instead of a model in this process", web=True
    )
    url_timeout: float = setting(
        300.0, "seconds one request to the server may take (health checks: at most 5)", low=0, above=True, high=DAY
    )
    serve_host: str = setting("127.0.0.1", "where `serve` listens")
    serve_port: int = setting(8000, "the port `serve` listens on (`--port`)", low=0, high=65_535)
    serve_replicas: int = setting(1, "model replicas (`--replicas`)", low=1, high=COUNT)
    serve_num_cpus: float = setting(1.0, "CPUs Ray reserves per replica (fractions allowed)", low=0, high=COUNT)
    serve_num_gpus: float = setting(0.0, "GPUs Ray reserves per replica (fractions allowed)", low=0, high=COUNT)
    serve_max_batch: int = setting(8, "requests per batch on a replica", low=1, high=COUNT)
    serve_batch_wait_ms: float = setting(20.0, "how long a replica waits to fill a batch", low=0, high=MINUTE_MS)
    serve_max_queued: int = setting(
        64, "requests waiting beyond the replicas' `2 x max batch` in progress before 503", low=1, high=COUNT
    )
    serve_max_body_mb: float = setting(
        32.0,
        "largest request body in MB (a 2,000,000-character text is at most about 12 MB of JSON)",
        low=0,
        above=True,
        high=COUNT,
    )
    serve_max_items: int = setting(100, "most sources in one `summarize_many`", low=1, high=COUNT)
    serve_body_timeout_s: float = setting(
        30.0, "seconds a client has to send the whole body (408 after)", low=0, above=True, high=DAY
    )
    serve_request_timeout_s: float = setting(
        300.0,
        "seconds a summary may take once the body is in (504 after); Serve's own proxy timeout is set 30 s behind, "
        "as a backstop",
        low=0,
        above=True,
        high=DAY,
    )
    serve_keep_alive_s: int = setting(5, "seconds an idle keep-alive connection stays open", low=1, high=int(DAY))
    serve_max_open_requests: int = setting(
        1000, "requests the gateway holds open at once (503 at once beyond it)", low=1, high=COUNT
    )
    serve_max_header_kb: float = setting(
        64.0,
        "largest request head in kB (431 after), cut in Serve's proxy as it arrives",
        low=0,
        above=True,
        high=COUNT,
    )
    serve_memory_mb: float = setting(
        256.0, "MB of request bodies all open requests may hold together (503 after)", low=0, above=True, high=COUNT
    )
    serve_client_bodies: int = setting(
        32,
        "request bodies one client address may have arriving at once (503 for its next; a body that arrives whole "
        "is not counted)",
        low=1,
        high=COUNT,
    )
    serve_client_memory_mb: float = setting(
        64.0,
        "MB one client address's bodies still arriving may hold together (503 after)",
        low=0,
        above=True,
        high=COUNT,
    )
    serve_allowed_hosts: str = setting(
        "",
        "Host names the API answers, comma-separated (403 for others, and for an Origin elsewhere); empty: the "
        "loopback names while `serve` listens on loopback, no check otherwise; `*`: no check",
    )
    openai_base_url: str = setting(
        "https://api.openai.com/v1",
        "the OpenAI-compatible service the `openai` engine calls (`POST <url>/chat/completions`): OpenAI's, or a "
        "local llama.cpp, vLLM or Ollama server",
        web=True,
    )
    openai_api_key: str | None = setting(
        None, "the key sent to that service as `Authorization: Bearer`; unset: none is sent", secret=True
    )
    openai_model: str = setting("gpt-4o-mini", "the model that service is asked for")
    openai_timeout: float = setting(120.0, "seconds one request to that service may take", low=0, above=True, high=DAY)
    ct2_cache: str | None = setting(
        None,
        "where the fast path keeps the models it converted to CTranslate2 (unset: `summarizer-ctranslate2` in the "
        "Hugging Face cache)",
    )
    hf_home: str | None = setting(None, "the Hugging Face cache (`SUMMARIZER_CACHE_DIR` wins)", env=("HF_HOME",))
    hub_offline: bool = setting(
        False,
        "on: only local directories and the cache are tried, never the hub",
        env=("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"),
    )
    hub_endpoint: str = setting(HUB, "the model hub", web=True, env=("HF_ENDPOINT",))
    cache_home: str | None = setting(
        None,
        "`summarize --news` keeps the last briefing in `$XDG_CACHE_HOME/summarizer/briefing.json` (unset: `~/.cache`)",
        env=("XDG_CACHE_HOME",),
    )

    @property
    def converted_models(self) -> Path:
        """Where the fast path keeps converted models: `ct2_cache`, else a folder in the Hugging Face cache."""
        if self.ct2_cache:
            return Path(self.ct2_cache)
        home = self.cache_dir or self.hf_home or Path.home() / ".cache" / "huggingface"
        return Path(home) / "summarizer-ctranslate2"

    @property
    def briefing_shelf(self) -> Path:
        """Where the command line keeps the last news briefing."""
        return Path(self.cache_home or Path.home() / ".cache") / "summarizer" / "briefing.json"

    def __post_init__(self) -> None:
        check(self, PREFIX, InvalidOptionError)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: Any) -> "Settings":
        """Settings from the environment (`SUMMARIZER_*` and the variables fields name), then explicit
        overrides (None means unset)."""
        values = read(cls, os.environ if environ is None else environ, PREFIX, InvalidOptionError)
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)

    def anew(self, **values: Any) -> "Settings":
        """Settings of `values` over the defaults, with these settings' caches and hub (`PLACES`)."""
        return Settings(**{name: getattr(self, name) for name in PLACES}, **values)

    def with_(self, **changes: Any) -> "Settings":
        return replace(self, **{k: v for k, v in changes.items() if v is not None})


def environment(**overrides: str) -> dict[str, str]:
    """This process's environment with `overrides`: what a child process started here is given, and the one other
    place the summarizer reads the environment (`Settings.from_env` is the first)."""
    return {**os.environ, **overrides}
