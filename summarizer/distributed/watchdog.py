"""A local Ray that dies with the process that started it, even by `kill -9`.

Ray's head processes go when their driver does, but its dashboard and runtime-env agents can outlive
it (about 200 MB, measured on Ray 2.60). `watch()` starts this module as a small process in a session
of its own: every second it notes Ray's processes (those started by `ray.init`, and theirs), and once
the driver is gone it kills the ones it noted that still run. It only ever kills processes it saw in
the driver's Ray tree (psutil checks that a pid was not reused), then exits.
"""

import os
import subprocess
import sys
import time

import psutil

POLL_SECONDS = 1.0


def watch(roots: list[int]) -> None:
    """Watch this process; `roots` are the Ray processes it started (its children right after `ray.init`)."""
    if roots:
        subprocess.Popen(
            [sys.executable, __file__, str(os.getpid()), *map(str, roots)],  # stdlib and psutil only
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )


def _alive(process: psutil.Process) -> bool:
    try:
        return bool(process.is_running() and process.status() != psutil.STATUS_ZOMBIE)  # psutil is unannotated
    except psutil.Error:
        return False


def _tree(roots: list[psutil.Process]) -> dict[int, psutil.Process]:
    found = {}
    for root in roots:
        try:
            found.update({p.pid: p for p in [root, *root.children(recursive=True)]})
        except psutil.Error:
            continue
    return found


def main(driver_pid: int, root_pids: list[int]) -> None:
    try:
        driver = psutil.Process(driver_pid)
        roots = [psutil.Process(pid) for pid in root_pids]
    except psutil.Error:
        return
    seen: dict[int, psutil.Process] = {}
    while _alive(driver):
        seen.update(_tree([r for r in roots if _alive(r)]))
        seen = {pid: p for pid, p in seen.items() if _alive(p)}
        if not seen:
            return  # Ray was shut down: nothing left to watch
        time.sleep(POLL_SECONDS)
    for process in seen.values():
        try:
            process.kill()
        except psutil.Error:
            continue


if __name__ == "__main__":
    main(int(sys.argv[1]), [int(pid) for pid in sys.argv[2:]])
