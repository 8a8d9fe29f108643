"""Results as they are made: the overview first, then sections in order, the same text as in one piece."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from ingest import parse_text
from summarizer import Settings, Summarizer, SummaryOptions
from summarizer.eta import time_left
from tests.builders import make_text

OUTLINE = SummaryOptions(format="outline")
SECTIONS = 6


def report(sections: int = SECTIONS) -> str:
    """A markdown report with a title and `sections` headed sections of prose."""
    return "# A report\n\n" + "\n\n".join(f"## Part {n} heading\n\n{make_text(5, n)}" for n in range(1, sections + 1))


@pytest.fixture(scope="module")
def blocks():
    return parse_text(report()).blocks


def tiny_settings(model_dir, **extra) -> Settings:
    return Settings.from_env(
        **{"model": str(model_dir), "engine": "abstractive", "preset": "fast", "max_input_tokens": 512, **extra}
    )


@pytest.mark.parametrize("backend", ["transformers", "ctranslate2"])
def test_a_model_streams_the_overview_then_sections_in_order_and_ends_as_summarize_does(
    tiny_model_dir, blocks, backend
):
    summarizer = Summarizer(tiny_settings(tiny_model_dir, backend=backend, batch_size=4))
    messages = []
    roomy = SummaryOptions(format="outline", words=600)  # every section fits the word budget
    partials = list(summarizer.stream(blocks, roomy, lambda fraction, message: messages.append(message)))
    titles = [f"Part {n} heading" for n in range(1, SECTIONS + 1)]
    assert [len(p.summary.sections) for p in partials] == [0, 1, 3, 6]
    assert all(s.sentences for s in partials[-1].summary.sections)
    first = partials[0]
    assert first.summary.sentences and [s.title for s in first.coming] == titles and not first.finished
    for partial in partials:
        assert [s.title for s in partial.summary.sections + partial.coming] == titles
        assert partial.summary.sentences == first.summary.sentences
        assert partial.summary.sections == partials[-1].summary.sections[: len(partial.summary.sections)]
    assert partials[-1].finished and not partials[-1].coming
    assert any(re.match(r"Summarizing part \d+ of \d+ \(the overview\)", m) for m in messages)
    assert any(re.match(r"Summarizing part \d+ of \d+ \(sections 4–6 of 6\)", m) for m in messages)


def test_every_section_is_listed_in_order_while_streaming_and_each_gets_sentences(tiny_model_dir, blocks):
    summarizer = Summarizer(tiny_settings(tiny_model_dir, batch_size=4))
    partials = [p for p in summarizer.stream(blocks, SummaryOptions(format="outline", length="short")) if p.summary]
    titles = [f"Part {n} heading" for n in range(1, SECTIONS + 1)]
    assert len(partials) > 1
    for partial in partials:
        assert [s.title for s in partial.summary.sections + partial.coming] == titles
    last = partials[-1].summary
    assert all(section.sentences for section in last.sections), last.text


def test_without_sections_a_model_streams_once_and_equals_summarize(tiny_model_dir):
    summarizer = Summarizer(tiny_settings(tiny_model_dir))
    text = make_text(12, 3)
    partials = list(summarizer.stream(text, OUTLINE))
    assert len(partials) == 1 and partials[0].finished and not partials[0].summary.sections
    assert partials[0].summary.sentences == summarizer.summarize(text, OUTLINE).sentences


def test_the_offline_engine_gives_the_whole_result_at_once(blocks):
    summarizer = Summarizer(Settings(engine="extractive"))
    partials = list(summarizer.stream(blocks, OUTLINE))
    assert len(partials) == 1 and partials[0].finished
    assert len(partials[0].summary.sections) == SECTIONS
    assert partials[0].summary.text == summarizer.summarize(blocks, OUTLINE).text


@pytest.mark.parametrize(
    "elapsed, fraction, said",
    [
        (0.5, 0.5, ""),
        (10, 0.0, ""),
        (3, 0.5, "about 3 s left"),
        (20, 0.5, "about 20 s left"),
        (60, 0.25, "about 3 min left"),
        (3600, 0.2, "about 4.0 h left"),
        (30, 0.999, ""),
    ],
)
def test_the_time_left_is_estimated_from_the_share_done_so_far(elapsed, fraction, said):
    assert time_left(elapsed, fraction) == said


def test_the_cli_prints_each_section_as_soon_as_it_is_done(tiny_model_dir, tmp_path):
    """stderr joins stdout, so the order of lines is the order the CLI wrote them: a section before the last one's work."""
    source = tmp_path / "report.md"
    source.write_text(report())
    env = {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "SUMMARIZER_ENGINE": "abstractive",
        "SUMMARIZER_MODEL": str(tiny_model_dir),
        "SUMMARIZER_PRESET": "fast",
        "SUMMARIZER_MAX_INPUT_TOKENS": "512",
        "SUMMARIZER_BATCH_SIZE": "1",
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "summarizer", "summarize", str(source), "--format", "outline", "--words", "600", "-v"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    lines = []
    for line in process.stdout:
        lines.append(line.rstrip("\n"))
    assert process.wait(60) == 0, "\n".join(lines)
    first_section = lines.index("Part 1 heading")
    last_started = next(i for i, line in enumerate(lines) if f"(section {SECTIONS} of {SECTIONS})" in line)
    assert first_section < last_started < lines.index(f"Part {SECTIONS} heading")
    quiet = subprocess.run(
        [sys.executable, "-m", "summarizer", "summarize", str(source), "--format", "outline", "--words", "600"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    whole = subprocess.run(
        [
            sys.executable,
            "-m",
            "summarizer",
            "summarize",
            str(source),
            "--format",
            "outline",
            "--words",
            "600",
            "--json",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert quiet.stdout.split("\nKey terms:")[0] == json.loads(whole.stdout)["text"] + "\n"


@pytest.mark.parametrize("backend", ["transformers", "ctranslate2"])
def test_the_overview_streams_token_by_token_without_changing_it(tiny_model_dir, backend):
    summarizer = Summarizer(tiny_settings(tiny_model_dir, backend=backend))
    text = make_text(4, 9)
    drafts = [p.draft for p in summarizer.stream(text, OUTLINE) if p.summary is None]
    final = summarizer.summarize(text, OUTLINE)
    assert len(drafts) > 3 and all(a.startswith(b.rstrip()) or len(a) >= len(b) for b, a in zip(drafts, drafts[1:]))
    assert " ".join(final.sentences).lower().startswith(drafts[-1][:20].lower())
    partials = list(summarizer.stream(text, OUTLINE))
    assert partials[-1].summary.sentences == final.sentences
    assert [p.summary is None for p in partials] == [True] * (len(partials) - 1) + [False]


def test_beam_search_has_no_drafts(tiny_model_dir):
    summarizer = Summarizer(tiny_settings(tiny_model_dir, preset="best"))
    assert all(p.summary is not None for p in summarizer.stream(make_text(4, 9), OUTLINE))
