"""Work and peak memory of a callable or a command, with RSS sampled over the whole process tree.

    with_call = measure_call(split_sentences, text)        # in this process (plus any children)
    assert with_call.cpu_seconds < 15 and with_call.growth_mb < 600
    with_command = measure_command([sys.executable, "-m", "ingest", path], timeout=300)
    assert with_command.returncode == 1 and with_command.peak_mb < 300

Bounds on work are in CPU seconds (`cpu_seconds`), which a loaded machine leaves as they are; wall seconds
(`seconds`) are for printing only, since at a load average of 15 they stretch tenfold. A command's `timeout` is a
limit, not a measure: a child killed at it has a negative return code, so a test asserting its exit code fails.

For a callable, `growth_mb` is the peak above the tree's RSS just before the call, which is what
the call itself cost; for a command, `peak_mb` is the child's whole tree. Sampling every 20 ms
can miss a spike shorter than that, so bounds should be generous.
"""

from __future__ import annotations

import subprocess
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

import psutil

INTERVAL = 0.02
MB = 1024 * 1024


def tree_rss(process: psutil.Process) -> int:
    """Resident memory of `process` and all its descendants, in bytes (processes gone meanwhile count 0)."""
    total = 0
    for member in [process, *process.children(recursive=True)]:
        try:
            total += member.memory_info().rss
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            pass
    return total


class _Sampler:
    def __init__(self, process: psutil.Process):
        self.process = process
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="rss-sampler")

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.peak = max(self.peak, tree_rss(self.process))
            except psutil.NoSuchProcess:
                return
            self._stop.wait(INTERVAL)

    def __enter__(self) -> "_Sampler":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()


@dataclass
class Measurement:
    seconds: float
    peak_mb: float
    growth_mb: float = 0.0
    result: Any = None
    error: BaseException | None = None
    returncode: int | None = None
    stdout: str = ""
    stderr: str = ""
    extra: dict = field(default_factory=dict)
    cpu_seconds: float = 0.0


def measure_call(function: Callable, *args, **kwargs) -> Measurement:
    """Run `function` here; its time, the tree's peak RSS and growth over the baseline, and its result or error."""
    process = psutil.Process()
    baseline = tree_rss(process)
    result, error = None, None
    with _Sampler(process) as sampler:
        started, cpu = time.perf_counter(), time.process_time()
        try:
            result = function(*args, **kwargs)
        except Exception as caught:
            error = caught
        seconds, cpu_seconds = time.perf_counter() - started, time.process_time() - cpu
    peak = max(sampler.peak, tree_rss(process))
    growth = max(0, peak - baseline) / MB
    return Measurement(seconds, peak / MB, growth, result=result, error=error, cpu_seconds=cpu_seconds)


def measure_command(
    argv: list[str], timeout: float, env: dict | None = None, stdin: bytes | None = None
) -> Measurement:
    """Run `argv` as a child; its time, its tree's peak RSS, exit code and output. Killed after `timeout` s."""
    started = time.perf_counter()
    child = psutil.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    with _Sampler(child) as sampler:
        try:
            stdout, stderr = child.communicate(stdin, timeout=timeout)
        except subprocess.TimeoutExpired:
            for member in [*child.children(recursive=True), child]:
                try:
                    member.kill()
                except psutil.NoSuchProcess:
                    pass
            stdout, stderr = child.communicate()
    seconds = time.perf_counter() - started
    return Measurement(
        seconds,
        sampler.peak / MB,
        sampler.peak / MB,
        returncode=child.returncode,
        stdout=stdout.decode("utf-8", "replace"),
        stderr=stderr.decode("utf-8", "replace"),
    )
