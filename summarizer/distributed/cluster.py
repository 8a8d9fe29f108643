"""Ray for a corpus job: the cluster named by RAY_ADDRESS, or a local one started for the job and stopped after it.

Ray Data's own progress bars and execution logs are turned off (the job prints its own progress line;
`-v` brings Ray's logs back), and blocks come back in input order. A local Ray listens on loopback
only and is watched (`watchdog`) so that none of it outlives the process that started it.
"""

from __future__ import annotations

import logging
import os
import socket
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

from ingest import IngestError

from ..errors import RAY_EXTRA, SummarizerError

logger = logging.getLogger(__name__)
REACH_TIMEOUT = 3.0
LOOPBACK_SWITCH = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"


@dataclass(frozen=True)
class Cluster:
    cpus: int
    address: str


@contextmanager
def connect(workers: int | None, verbose: bool = False) -> Iterator[Cluster]:
    """The Ray in use (this process already joined one), else RAY_ADDRESS's cluster, else a local Ray with
    `workers` CPUs (default: this machine's); Ray's failures come out as SummarizerErrors with their reason."""
    try:
        import ray
        import ray.data
    except ImportError:
        raise SummarizerError(f"Corpus jobs need Ray: install the ray extra ({RAY_EXTRA})") from None
    started = not ray.is_initialized()
    if started:
        _start(workers, verbose)
    context = ray.data.DataContext.get_current()
    context.enable_progress_bars = False
    context.print_on_execution_start = verbose
    context.execution_options.preserve_order = True
    context.raise_original_map_exception = True
    logging.getLogger("ray.data").setLevel(logging.DEBUG if verbose else logging.CRITICAL)
    try:
        cpus = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call]  # unannotated in Ray
        yield Cluster(max(1, int(cpus)), ray.get_runtime_context().gcs_address)
    except ray.exceptions.RayTaskError as error:
        cause = error.cause
        if isinstance(cause, (SummarizerError, IngestError)):  # written for the user on the worker: say it once
            cause.args = (str(cause).splitlines()[0],)  # without the retry advice Ray Data appends
            raise cause from None
        raise
    finally:
        if started:
            ray.shutdown()


def start(workers: int | None = None, verbose: bool = False) -> bool:
    """Join RAY_ADDRESS's cluster, else start a local Ray, unless this process has one; True when it started
    a local Ray of its own (which it should also stop)."""
    import ray

    if ray.is_initialized():
        return False
    _start(workers, verbose)
    return not os.environ.get("RAY_ADDRESS")


# Ray waits a fixed 30 s for a new local node's raylet to register, then gives up with this message: at a load
# average of 10 on 2 cores that was seen to happen. The machine is busy, not broken: start again.
SLOW_START = "timed out during startup"
STARTS = 3


def _start(workers: int | None, verbose: bool) -> None:
    import ray

    level = logging.INFO if verbose else logging.WARNING
    address = os.environ.get("RAY_ADDRESS")
    if address:
        import ingest
        import summarizer

        _check_reachable(address)
        try:
            ray.init(
                address=address,
                runtime_env={"py_modules": [summarizer, ingest]},
                logging_level=level,
                log_to_driver=verbose,
            )
        except (ConnectionError, ValueError, RuntimeError) as error:
            raise SummarizerError(f"Cannot join the Ray cluster at RAY_ADDRESS={address}: {error}") from error
        return
    # A new local Ray turns token authentication on, Ray's safe default, and warns that it did: not news here.
    logging.getLogger("ray._private.authentication.authentication_token_setup").setLevel(logging.ERROR)
    _on_loopback()
    _guard_proxy()
    _patient_checks()
    _normal_priority()
    import psutil

    from . import watchdog

    before = {child.pid for child in psutil.Process().children()}
    for attempt in range(1, STARTS + 1):
        try:
            ray.init(
                address="local",
                num_cpus=workers or os.cpu_count() or 1,
                include_dashboard=False,
                logging_level=level,
                log_to_driver=verbose,
            )
            break
        except Exception as error:  # Ray raises a bare Exception when its raylet misses its fixed 30 s
            if SLOW_START not in str(error) or attempt == STARTS:
                raise
            logger.warning("the local Ray started too slowly (a busy machine); starting it again")
            ray.shutdown()
    watchdog.watch([child.pid for child in psutil.Process().children() if child.pid not in before])


def _on_loopback() -> None:
    """Make a local Ray listen on 127.0.0.1 only: its metrics, dashboard and agents would otherwise bind every
    interface, unauthenticated. Ray's switch for it is RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0 (a single-machine
    Ray, as on a laptop), read by Ray's processes from the environment and by this one at import, hence both;
    setting that variable to 1 keeps Ray's own choice (the machine's address)."""
    from ray._private import ray_constants

    os.environ.setdefault(LOOPBACK_SWITCH, "0")
    ray_constants.ENABLE_RAY_CLUSTER = os.environ[LOOPBACK_SWITCH].lower() in ("1", "true")


def _guard_proxy() -> None:
    """Have Serve's HTTP proxy, when this Ray starts one, bound request heads (`proxyguard`): Ray reads the hook
    from the environment of the processes it starts, so it is set here, before them, unless already set."""
    from .proxyguard import IMPORT_PATH

    os.environ.setdefault("RAY_SERVE_HTTP_PROXY_CALLBACK_IMPORT_PATH", IMPORT_PATH)


# Serve's controller gives its HTTP proxy 5 s to say it is ready and 10 s to answer a health check, then kills it
# and `serve.start` fails: on a loaded machine (a load average of 15 on 2 cores) both were seen to pass. A local
# Ray's proxy lives on this machine, so a slow answer means a busy machine, not a lost node: wait longer.
PATIENT_CHECKS = {
    "RAY_SERVE_PROXY_READY_CHECK_TIMEOUT_S": "60",
    "RAY_SERVE_PROXY_HEALTH_CHECK_TIMEOUT_S": "60",
}


def _patient_checks() -> None:
    """Longer proxy checks for the processes the local Ray starts (read from their environment), unless set."""
    for name, seconds in PATIENT_CHECKS.items():
        os.environ.setdefault(name, seconds)


# Ray starts its workers at nice 15 so that its own daemons stay responsive, but here the workers are the
# service: the replicas that summarize, the corpus job's summarizers. Beside other work at normal priority
# (a load average of 15 on 2 cores) a niced replica got almost no CPU; an actor took minutes to start.
WORKER_NICENESS = "RAY_worker_niceness"


def _normal_priority() -> None:
    """Workers of a local Ray at the priority of the process that starts them (Ray reads the niceness from
    its processes' environment), unless set."""
    os.environ.setdefault(WORKER_NICENESS, "0")


def _check_reachable(address: str) -> None:
    """A SummarizerError at once when nothing listens at a host:port address (Ray itself retries for minutes)."""
    host, _, port = address.rpartition("://")[2].rpartition(":")
    if not host or not port.isdigit():
        return  # "auto" and the like: Ray resolves them
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=REACH_TIMEOUT).close()
    except OSError as error:
        raise SummarizerError(
            f"Nothing answers at RAY_ADDRESS={address} ({error.strerror or error}); start the "
            "cluster (ray start --head) or unset RAY_ADDRESS to run on a local Ray."
        ) from None
