"""The app's Streamlit settings, as Streamlit itself reads them from `.streamlit/config.toml`."""

import gc
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def streamlit_option(name: str) -> str:
    """The option's value as Streamlit reads it when started from the project root (a fresh interpreter, so the
    test's own configuration does not count)."""
    script = textwrap.dedent(
        f"""
        from streamlit import config
        config.get_config_options(force_reparse=True)
        print(config.get_option({name!r}))
        """
    )
    return subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True, timeout=120
    ).stdout.strip()


def test_no_full_garbage_collection_after_each_script_run():
    """A session waiting on a summary reruns two fragments a second, and Streamlit collected all garbage after
    each run: with torch loaded, a full collection walks hundreds of thousands of objects holding the GIL."""
    assert streamlit_option("runner.postScriptGC") == "False"
    assert gc.isenabled()  # Python's own generational collector is left on


def test_no_file_watcher_outside_development():
    assert streamlit_option("server.fileWatcherType") == "none"
