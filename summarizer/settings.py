"""Every knob of the service in one frozen object, read from the environment by `Settings.from_env`.

`from_env` is the one place the summarizer reads the environment: each field is read from `SUMMARIZER_<FIELD>`,
or from the variables its metadata names (the Hugging Face ones), and every other module takes the settings
as an argument.
"""

from __future__ import annotations

import os
from dataclasses import Field, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Mapping

from .engine import EngineName
from .errors import InvalidOptionError

ENGINES = ("auto", *EngineName)
DEVICES = ("auto", "cpu", "cuda")
PRESETS = ("fast", "best")  # greedy, beam search: each model engine's `engines.budgets.GENERATION` has one per name
BACKENDS = ("auto", "ctranslate2", "transformers")
QUANTIZATIONS = ("int8", "int8_float32", "int16", "float32")
TRUTHY = ("1", "true", "yes", "on")
# Where models are found and kept: what settings made from scratch take from the environment's (`Settings.anew`).
PLACES = ("ct2_cache", "hf_home", "hub_offline", "hub_endpoint", "cache_home")
HUB = "https://huggingface.co"
ENV = "env"  # a field's metadata key: the variables it is read from, when not SUMMARIZER_<FIELD>


def variables(item: Field[Any], prefix: str = "SUMMARIZER") -> tuple[str, ...]:
    """The environment variables a settings field is read from."""
    named: tuple[str, ...] = item.metadata.get(ENV, ())
    return named or (f"{prefix}_{item.name.upper()}",)


def parse(item: Field[Any], raw: str, name: str) -> object:
    """One variable's text as the field's type: booleans from 1/true/yes/on, tuples comma-separated."""
    default = item.default
    if isinstance(default, bool):
        return raw.lower() in TRUTHY
    if isinstance(default, tuple):
        return tuple(part.strip() for part in raw.split(",") if part.strip())
    kind: type = type(default) if default is not None else str
    try:
        return kind(raw)
    except ValueError:
        wanted = "a whole number" if kind is int else "a number"
        raise InvalidOptionError(f"{name}={raw!r} is not {wanted}; give {wanted} or unset it.") from None


def read(cls: type, environ: Mapping[str, str], prefix: str = "SUMMARIZER") -> dict[str, object]:
    """The fields of a settings dataclass that the environment sets, parsed; a boolean read from several
    variables is on when any of them is."""
    values: dict[str, object] = {}
    for item in fields(cls):
        found = [(name, environ[name]) for name in variables(item, prefix) if environ.get(name)]
        if not found:
            continue
        if isinstance(item.default, bool):
            values[item.name] = any(parse(item, raw, name) for name, raw in found)
        else:
            values[item.name] = parse(item, found[0][1], found[0][0])
    return values


@dataclass(frozen=True)
class Settings:
    """Service configuration; `from_env` maps SUMMARIZER_<FIELD> variables onto it.

    The server's bounds (`serve_*`) are here with every other limit. `serve_allowed_hosts` guards the local
    API against web pages the operator visits (DNS rebinding, cross-site POSTs): a request whose Host is not
    one of these names, or whose Origin names another host, is refused with 403. Empty (the default) means
    the loopback names (localhost, 127.0.0.1, ::1) while `serve_host` is loopback, and no check when the
    server listens on the network; a comma-separated list names the hosts (add the name clients use); `*`
    turns the check off. `serve_max_header_kb` bounds a request's whole head (431 past it) where its bytes
    arrive, in Serve's proxy; `serve_memory_mb` bounds the bytes of bodies read and held across all open
    requests (503 past it).
    """

    model: str = "t5-small"
    engine: str = "auto"
    device: str = "auto"
    preset: str = "best"
    backend: str = "auto"
    quantization: str = "int8"
    max_input_chars: int = 2_000_000
    together_max_sources: int = 10
    hub_timeout: float = 3.0
    batch_size: int = 0
    max_input_tokens: int = 512
    cache_dir: str | None = None
    batch_wait_ms: float = 10.0
    batch_max_documents: int = 32
    url: str | None = None
    url_timeout: float = 300.0
    serve_host: str = "127.0.0.1"
    serve_port: int = 8000
    serve_replicas: int = 1
    serve_num_cpus: float = 1.0
    serve_num_gpus: float = 0.0
    serve_max_batch: int = 8
    serve_batch_wait_ms: float = 20.0
    serve_max_queued: int = 64
    serve_max_body_mb: float = 32.0
    serve_max_items: int = 100
    serve_body_timeout_s: float = 30.0
    serve_request_timeout_s: float = 300.0
    serve_keep_alive_s: int = 5
    serve_max_open_requests: int = 1000
    serve_max_header_kb: float = 64.0
    serve_memory_mb: float = 256.0
    serve_allowed_hosts: str = ""
    openai_base_url: str = "https://api.openai.com/v1"
    openai_api_key: str | None = field(default=None, repr=False)  # a secret: kept out of logs and reprs
    openai_model: str = "gpt-4o-mini"
    openai_timeout: float = 120.0
    ct2_cache: str | None = None
    hf_home: str | None = field(default=None, metadata={ENV: ("HF_HOME",)})
    hub_offline: bool = field(default=False, metadata={ENV: ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")})
    hub_endpoint: str = field(default=HUB, metadata={ENV: ("HF_ENDPOINT",)})
    cache_home: str | None = field(default=None, metadata={ENV: ("XDG_CACHE_HOME",)})

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
        for name, allowed in (
            ("engine", ENGINES),
            ("device", DEVICES),
            ("preset", PRESETS),
            ("backend", BACKENDS),
            ("quantization", QUANTIZATIONS),
        ):
            value = getattr(self, name)
            if value not in allowed:
                raise InvalidOptionError(f"Unknown {name} {value!r}: choose one of {', '.join(allowed)}.")
        if self.batch_size < 0:
            raise InvalidOptionError("The batch size must be at least 1, or 0 to size it by free memory.")
        if self.batch_wait_ms < 0 or self.batch_max_documents < 1:
            raise InvalidOptionError("Batching needs a wait of 0 ms or more and at least 1 document per batch.")
        if self.together_max_sources < 1:
            raise InvalidOptionError("At least 1 source must be allowed to be summarized together.")
        if self.max_input_tokens < 32:
            raise InvalidOptionError("The model's input window must be at least 32 tokens.")
        self._check_server()
        self._check_openai()

    def _check_openai(self) -> None:
        """The OpenAI-compatible engine's service: where it is and how long to wait for it."""
        if not self.openai_base_url.startswith(("http://", "https://")):
            raise InvalidOptionError(
                f"SUMMARIZER_OPENAI_BASE_URL={self.openai_base_url!r} must start with http:// or https://."
            )
        if not self.openai_timeout > 0:
            raise InvalidOptionError("SUMMARIZER_OPENAI_TIMEOUT must be more than 0 seconds.")

    def _check_server(self) -> None:
        """The summarizer server's knobs: where the app finds it (`url`) and how `serve` runs it."""
        if self.url is not None and not self.url.startswith(("http://", "https://")):
            raise InvalidOptionError(f"SUMMARIZER_URL={self.url!r} must start with http:// or https://.")
        if self.url_timeout <= 0:
            raise InvalidOptionError("The summarizer server's timeout must be more than 0 seconds.")
        if not 0 <= self.serve_port <= 65535:
            raise InvalidOptionError(f"The server port {self.serve_port} is not between 0 and 65535.")
        if self.serve_replicas < 1 or self.serve_max_batch < 1 or self.serve_max_queued < 1:
            raise InvalidOptionError("The server needs at least 1 replica, 1 request per batch and 1 queued request.")
        if self.serve_num_cpus < 0 or self.serve_num_gpus < 0 or self.serve_batch_wait_ms < 0:
            raise InvalidOptionError("CPUs and GPUs per replica and the batch wait cannot be negative.")
        if (
            min(
                self.serve_max_body_mb,
                self.serve_max_items,
                self.serve_body_timeout_s,
                self.serve_request_timeout_s,
                self.serve_keep_alive_s,
                self.serve_max_open_requests,
                self.serve_max_header_kb,
                self.serve_memory_mb,
            )
            <= 0
        ):
            raise InvalidOptionError(
                "The server's header, body, memory and item bounds, timeouts, keep-alive and open requests must all be "
                "more than 0."
            )

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: Any) -> "Settings":
        """Settings from the environment (`SUMMARIZER_*` and the variables fields name), then explicit
        overrides (None means unset)."""
        values = read(cls, os.environ if environ is None else environ)
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]  # each value was parsed by its field's type

    def anew(self, **values: Any) -> "Settings":
        """Settings of `values` over the defaults, with these settings' caches and hub (`PLACES`)."""
        return Settings(**{name: getattr(self, name) for name in PLACES}, **values)

    def with_(self, **changes: Any) -> "Settings":
        return replace(self, **{k: v for k, v in changes.items() if v is not None})
