"""`python -m summarizer`: the product's commands (`summarizer.cli`) and the lab's (`summarizer.lab.cli`), one entry."""

import sys

from .cli import main
from .lab.cli import add_commands as lab_commands

sys.exit(main(more=[lab_commands]))
