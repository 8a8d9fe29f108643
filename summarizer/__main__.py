"""`python -m summarizer` and the installed `summarizer` command: the product's commands (`summarizer.cli`) and the
lab's (`summarizer.lab.cli`), one entry."""

import sys

from .cli import main as run
from .lab.cli import add_commands as lab_commands


def main() -> int:
    """The `summarizer` console script (pyproject.toml): every command, product and lab."""
    return run(more=[lab_commands])


if __name__ == "__main__":
    sys.exit(main())
