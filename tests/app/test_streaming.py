"""A model's summary streams into the page: the overview, then each section as it is done, the rest marked as coming.

The model itself holds the work still: a forward pre-hook on the tiny T5's encoder (torch's public hook API)
waits, once the first section has arrived, until the test has looked at the page. So "the first section is on
the page before the last is computed" is checked without timing anything. Meanwhile the test reruns the page
as its poll would, so the task stays watched.
"""

from __future__ import annotations

import threading
import time

import pytest

from tests.app.test_model_cache import read_lines, tiny_t5, until_summary  # noqa: F401 (fixture)
from tests.summarizer.test_streaming import SECTIONS, report
from ui.controls import LENGTH_KEY, WORDS_KEY

HOLD_SECONDS = 120


@pytest.fixture
def streaming_t5(tiny_t5, monkeypatch):
    """The tiny T5 on transformers (its torch model takes the hook), with a window the report needs few parts for."""
    monkeypatch.setenv("SUMMARIZER_MAX_INPUT_TOKENS", "512")
    monkeypatch.setenv("SUMMARIZER_BACKEND", "transformers")
    return tiny_t5


def has_section(partial) -> bool:
    return partial.summary is not None and bool(partial.summary.sections)


class Hold:
    """Stops the model before its next pass once the task has something to show (`shows(task.partial)`: by default a
    section), until `release`."""

    def __init__(self, runner, shows=has_section):
        self.runner = runner
        self.shows = shows
        self.key: str | None = None
        self.known = threading.Event()
        self.released = threading.Event()
        self.holding = threading.Event()

    def __call__(self, module, args) -> None:
        self.known.wait(HOLD_SECONDS)
        task = self.runner.get(self.key, "test")
        if task.partial is not None and self.shows(task.partial) and not self.released.is_set():
            self.holding.set()
            self.released.wait(HOLD_SECONDS)

    def release(self) -> None:
        self.released.set()


def sections_shown(at) -> list[str]:
    return [e.label for e in at.expander if e.label.startswith("Part ")]


def coming(at) -> list[str]:
    return [c.value for c in at.caption if c.value.endswith("· coming")]


def test_sections_appear_one_by_one_and_survive_leaving_the_page(streaming_t5):
    from ui import resources

    engine = resources.summarizer().engine.engine  # the model inside the batcher
    hold = Hold(resources.tasks())
    handle = engine.generator.model.get_encoder().register_forward_pre_hook(hold)
    try:
        at = streaming_t5("views/paste.py")
        at.radio(key=LENGTH_KEY).set_value("custom").run()
        at.number_input(key=WORDS_KEY).set_value(600).run()  # room for every section in the word budget
        at.text_area(key="paste_area").set_value(report()).run()
        at.button(key="summarize_paste").click().run()
        hold.key = at.session_state["summary_requests"]["Paste text"].key
        hold.known.set()
        deadline = time.monotonic() + HOLD_SECONDS
        while not hold.holding.wait(0.2):
            assert time.monotonic() < deadline, "the first section never arrived"
            at.run()
        at.run()
        assert not at.exception
        assert sections_shown(at) == ["Part 1 heading"]
        assert len(coming(at)) == SECTIONS - 1 and "Part 6 heading" in coming(at)[-1]
        assert any("Section by section (1 of 6 so far)" in m.value for m in at.markdown)
        assert not read_lines(at), "the finished summary's facts are not shown before it is finished"
        overview = [m.value for m in at.markdown if m.value.startswith("#### Summary")]
        assert overview

        at.switch_page("views/home.py").run()
        assert not sections_shown(at)
        at.switch_page("views/paste.py").run()
        assert sections_shown(at) == ["Part 1 heading"] and len(coming(at)) == SECTIONS - 1

        hold.release()
        at = until_summary(at)
        assert sections_shown(at) == [f"Part {n} heading" for n in range(1, SECTIONS + 1)]
        assert not coming(at)
    finally:
        hold.release()
        handle.remove()
