"""The heading model's training set, its rebuild, and its honest figures: each structure PDF read by a model that
never saw it (leave one document out), beside the rules alone.

The rows of each document are cached by the file's bytes and the reader's code (`--cache`), so a second run reads
no PDF twice.
"""

from __future__ import annotations

import argparse
import hashlib
import tempfile
from pathlib import Path
from typing import Callable

import numpy as np

from ingest import IngestSettings
from ingest.formats import pdf as pdfpackage
from ingest.formats.pdf.headingfeatures import NAMES

from . import headingtrain, sectioneval
from .headingtrain import Samples

SHIPPED = Path(pdfpackage.__file__).with_name("headingmodel.json")
CODE = ("headingfeatures.py", "headings.py", "blocks.py", "lines.py", "furniture.py", "chars.py", "figures.py")
HEADING_RUNS = ("rules", "learned", "loo", "both")
GENERATED = 40
EXTRACT_TIMEOUT = 900.0  # seconds: the lab measures what is found, not how fast, and a busy machine is slow


def _code_key() -> str:
    """A hash of the code that the rows and their labels depend on: the reader's and the labelling's."""
    folder = SHIPPED.parent
    sources = [folder / name for name in CODE] + [folder / "headingrules.py", Path(headingtrain.__file__)]
    return hashlib.sha1(b"".join(p.read_bytes() for p in sources if p.exists())).hexdigest()[:12]


def _cached(path: Path, cache: Path | None, code: str) -> Samples | None:
    """`headingtrain.outlined` of one PDF, through the cache folder when there is one."""
    data = path.read_bytes()
    if cache is None:
        return headingtrain.outlined(path.name, data)
    stored = cache / f"{hashlib.sha1(data).hexdigest()[:16]}-{code}.npz"
    if stored.exists():
        with np.load(stored) as saved:
            return Samples(path.name, saved["rows"], saved["labels"]) if len(saved["labels"]) else None
    samples = headingtrain.outlined(path.name, data)
    cache.mkdir(parents=True, exist_ok=True)
    width = len(NAMES)
    np.savez(
        stored,
        rows=np.zeros((0, width)) if samples is None else samples.rows,
        labels=np.zeros(0, dtype=np.int64) if samples is None else samples.labels,
    )
    return samples


def training_arguments(parser: argparse.ArgumentParser, folders: list[str], output: bool = False) -> None:
    """The options that say what the heading model is trained on (and, to rebuild it, where it is written)."""
    parser.add_argument(
        "--folders", nargs="+", default=folders, help="folders of PDFs whose bookmarks label the training rows"
    )
    parser.add_argument(
        "--generated", type=int, default=GENERATED, help=f"generated layouts to train on (default {GENERATED})"
    )
    parser.add_argument("--cache", default="", help="a folder that keeps each PDF's rows between runs")
    if output:
        parser.add_argument("--output", default=str(SHIPPED), help="where the model is written (default: shipped)")


def training_set(
    folders: list[str], seeds: int, cache: str = "", say: Callable[[str], None] = lambda line: None
) -> list[Samples]:
    """The labelled rows of every PDF with an outline in `folders` (each file once) and of `seeds` generated
    layouts; each PDF's rows kept in the `cache` folder when one is named."""
    code, store = _code_key(), Path(cache) if cache else None
    seen: set[Path] = set()
    found: list[Samples] = []
    for folder in folders:
        for path in sorted(Path(folder).rglob("*.pdf")):
            if path.resolve() in seen:
                continue
            seen.add(path.resolve())
            samples = _cached(path, store, code)
            if samples is not None and samples.labels.any():
                found.append(samples)
                say(f"{path.name}: {len(samples.labels)} lines, {int(samples.labels.sum())} headings")
    return found + [headingtrain.generated(seed) for seed in range(seeds)]


def rebuild(args: argparse.Namespace) -> int:
    """`train-headings`: the shipped model trained on the whole training set and written."""
    say = (lambda line: print(line)) if args.verbose else (lambda line: None)
    samples = training_set(args.folders, args.generated, args.cache, say)
    text = headingtrain.dumps(headingtrain.train(samples))
    Path(args.output).write_text(text, encoding="utf-8")
    print(f"{args.output}: {len(text):,} bytes, trained on {len(samples)} documents")
    return 0


def fold_settings(samples: list[Samples], names: list[str], folder: Path) -> dict[str, IngestSettings]:
    """For each of `names`, settings that read it with a model trained on every document but the one so named."""
    settings = {}
    for name in names:
        model = folder / f"{name}.json"
        model.write_text(headingtrain.dumps(headingtrain.train([s for s in samples if s.name != name])))
        settings[name] = IngestSettings.from_env(headings=str(model), extract_timeout=EXTRACT_TIMEOUT)
    return settings


def runs(
    paths: list[Path],
    shown: Callable[[Callable[[str], IngestSettings]], sectioneval.Sections],
    which: str,
    training: Callable[[], list[Samples]],
    report: Callable[[str], None],
) -> dict[str, list[sectioneval.Scored]]:
    """The structure runs `which` asks for (rules, the shipped model, leave-one-out, or rules and leave-one-out),
    each with and without the outline, named by who told the headings."""
    found: dict[str, list[sectioneval.Scored]] = {}
    if which in ("rules", "both"):
        rules = IngestSettings.from_env(headings="rules", extract_timeout=EXTRACT_TIMEOUT)
        found |= _named(sectioneval.score(paths, shown(lambda name: rules), report), "rules")
    if which == "learned":
        learned = IngestSettings.from_env(headings="learned", extract_timeout=EXTRACT_TIMEOUT)
        found |= _named(sectioneval.score(paths, shown(lambda name: learned), report), "learned")
    if which in ("loo", "both"):
        with tempfile.TemporaryDirectory() as folder:
            folds = fold_settings(training(), [p.name for p in paths], Path(folder))
            found |= _named(sectioneval.score(paths, shown(folds.__getitem__), report), "leave-one-out")
    return found


def _named(scored: dict[str, list[sectioneval.Scored]], who: str) -> dict[str, list[sectioneval.Scored]]:
    return {f"{run}, {who}": items for run, items in scored.items()}
