"""`summarizer app`: the Streamlit app started as `make run` starts it, from wherever the project is installed.

The app's files are the `ui` and `views` packages; their router, ui/app.py, is the script Streamlit runs. Streamlit
reads .streamlit/config.toml only from the folder it is started in, so the app's settings (ui/streamlit.toml, a link
to the checkout's .streamlit/config.toml, shipped with ui/) are passed as flags. Nothing here imports Streamlit.
"""

from __future__ import annotations

import os
import sys
import tomllib
from importlib.util import find_spec
from pathlib import Path

from .errors import SummarizerError
from .settings import environment

CONFIG = "streamlit.toml"
ADDRESS = "127.0.0.1"  # a local app answers this machine only, as `make run`'s


def app_script() -> Path:
    """The router Streamlit runs: app.py of the installed `ui` package."""
    spec = find_spec("ui")
    script = Path(spec.origin).parent / "app.py" if spec and spec.origin else None
    if script is None or not script.is_file():
        raise SummarizerError("The app's files (the ui package) are not installed: pip install the project again.")
    return script


def config_flags(config: Path) -> list[str]:
    """The settings of a Streamlit config file as `streamlit run` flags (--server.headless=true ...)."""
    flags = []
    for section, values in tomllib.loads(config.read_text()).items():
        for key, value in values.items():
            flags.append(f"--{section}.{key}={str(value).lower() if isinstance(value, bool) else value}")
    return flags


def command(port: int | None, address: str | None) -> list[str]:
    """`python -m streamlit run` with the app's script and settings; the address from `address`, else Streamlit's
    STREAMLIT_SERVER_ADDRESS, else ADDRESS; the port from `port`, else Streamlit's own (STREAMLIT_SERVER_PORT, 8501)."""
    script = app_script()
    where = [f"--server.address={address or environment().get('STREAMLIT_SERVER_ADDRESS') or ADDRESS}"]
    where += [f"--server.port={port}"] if port else []
    return [sys.executable, "-m", "streamlit", "run", str(script), *config_flags(script.parent / CONFIG), *where]


def run_app(port: int | None, address: str | None) -> int:
    """Become the Streamlit server (the process is replaced, so a signal to it stops the app)."""
    argv = command(port, address)
    sys.stdout.flush()
    os.execv(argv[0], argv)
    return 0  # never reached: execv returns only by raising
