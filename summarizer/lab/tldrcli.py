"""The TL;DR's lab commands: `tldr-eval` (the README's protocol on author TL;DRs) and `train-tldr` (the ranker's
weights, rebuilt byte for byte). Joined to the lab's other commands by `summarizer/lab/cli.py`."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path

from ..cli import Command, Subcommands, engine_arguments
from ..engine import EngineName
from ..engines.tldr import WEIGHTS
from ..errors import InvalidOptionError
from ..service import Summarizer
from ..settings import Settings
from .tldreval import Record, load_records

DEFAULT_TLDR = Path(__file__).resolve().parents[3] / "shared" / "eval" / "tldr"
TLDR_SOURCE = "SciTLDR-A abstracts and their gold TL;DRs as JSONL with source and target (see its README)"


def add_tldr_commands(commands: Subcommands, verbose: argparse.ArgumentParser) -> dict[str, Command]:
    """tldr-eval and train-tldr."""
    measure = commands.add_parser(
        "tldr-eval",
        help="the TL;DR against authors' own TL;DRs (ROUGE F1, max and mean over golds), read alone and with its "
        "title where the file gives one, with Lead-1 and Oracle-1",
        parents=[verbose],
    )
    measure.add_argument("data", nargs="?", default=str(DEFAULT_TLDR / "dev.jsonl"), help="JSONL with source, target")
    engine_arguments(measure)
    measure.add_argument("--limit", type=int, help="use only the first N pairs")
    measure.add_argument("--json", action="store_true", help="print scores as one JSON object")
    learn = commands.add_parser(
        "train-tldr", help="fit the TL;DR ranker on abstracts and their authors' TL;DRs (default: train.jsonl)"
    )
    learn.add_argument("data", nargs="?", default=str(DEFAULT_TLDR / "train.jsonl"), help="JSONL with source, target")
    learn.add_argument("--limit", type=int, help="use only the first N records")
    learn.add_argument("--folds", type=int, default=5, help="folds of the cross-validated figure (default 5; 0: none)")
    learn.add_argument(
        "--output", help="where to write the weights (default: the shipped summarizer/engines/tldr.json)"
    )
    return {"tldr-eval": _tldr_eval, "train-tldr": _train_tldr}


def _records(args: argparse.Namespace) -> list[Record]:

    if not Path(args.data).exists():
        raise InvalidOptionError(f"{args.data} is not there. It should hold {TLDR_SOURCE}; give its path.")
    if args.limit is not None and args.limit < 1:
        raise InvalidOptionError("--limit must be at least 1.")
    try:
        return load_records(args.data, args.limit)
    except ValueError as error:
        raise InvalidOptionError(str(error)) from error


def _tldr_eval(args: argparse.Namespace) -> int:
    from .tldreval import evaluate, table

    records = _records(args)
    settings = Settings.from_env(
        engine=args.engine or EngineName.EXTRACTIVE,
        model=args.model,
        device=args.device,
        preset=args.preset,
        backend=args.backend,
    )
    say = (lambda n: print(f"{n}/{len(records)}", file=sys.stderr)) if args.verbose else None
    scores = evaluate(Summarizer(settings), records, say)
    if args.json:
        print(json.dumps({name: dataclasses.asdict(s) for name, s in scores.items()}, indent=1))
    else:
        print("\n".join(table(scores)))
    return 0


def _train_tldr(args: argparse.Namespace) -> int:
    from .tldrtrain import train

    train(_records(args), args.output or WEIGHTS, args.folds)
    return 0
