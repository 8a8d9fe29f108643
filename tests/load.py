"""A loaded machine for tests that must hold under one: two busy processes per core, running before the work starts."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

HOG = "import sys\nsys.stdout.write('running\\n'); sys.stdout.flush()\nwhile True: pass\n"


@contextmanager
def busy_cores() -> Iterator[list[subprocess.Popen]]:
    """Two CPU hogs per core, each known to be spinning before the body runs; killed afterwards."""
    hogs = [
        subprocess.Popen([sys.executable, "-c", HOG], stdout=subprocess.PIPE, text=True)
        for _ in range(2 * (os.cpu_count() or 1))
    ]
    try:
        assert all(process.stdout is not None and process.stdout.readline() == "running\n" for process in hogs)
        yield hogs
    finally:
        for process in hogs:
            process.kill()
            process.wait()
