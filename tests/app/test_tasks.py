"""The task runner: one computation per key, shared, stopped through its progress callback when nobody waits."""

from __future__ import annotations

import threading

import pytest

from ui.tasks import TaskRunner, TaskState

WAIT = 60  # seconds: a limit on waiting for another thread, which a machine at load 15 may schedule late


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def gated(gate: threading.Event, steps: int = 1000):
    """Work that reports progress step by step and waits on `gate` before each step."""
    calls = []

    def work(progress):
        calls.append(1)
        for step in range(steps):
            gate.wait(5)
            progress(step / steps, f"step {step}")
        return "result"

    return work, calls


def test_the_same_key_runs_once_for_many_requests_and_watchers():
    runner = TaskRunner(clock=Clock())
    gate = threading.Event()
    work, calls = gated(gate, steps=3)
    tasks = [runner.submit("k", work, watcher) for watcher in ("a", "a", "b")]
    assert tasks[0] is tasks[1] is tasks[2]
    gate.set()
    assert tasks[0].wait(WAIT) and tasks[0].state == TaskState.DONE and tasks[0].result == "result"
    assert runner.submit("k", work, "c") is tasks[0]
    assert len(calls) == 1 and runner.started == 1


def test_work_nobody_looks_at_is_cancelled_at_its_next_progress_report():
    clock = Clock()
    runner = TaskRunner(abandon_after=5, clock=clock)
    steps, reports = threading.Semaphore(0), []

    def work(progress):
        while True:
            steps.acquire(timeout=5)
            progress(0.5, "working")
            reports.append(clock.now)

    task = runner.submit("k", work, "tab")
    clock.now = 4
    runner.get("k", "tab")
    clock.now = 8.9
    steps.release()
    while not reports:
        task.wait(0.01)
    assert task.state == TaskState.RUNNING
    clock.now = 9.1
    steps.release()
    assert task.wait(WAIT) and task.state == TaskState.CANCELLED and len(reports) == 1
    assert runner.get("k", "tab") is None


def test_a_connected_session_keeps_its_work_while_its_tab_is_hidden():
    clock = Clock()
    connected = {"tab"}
    runner = TaskRunner(abandon_after=5, clock=clock, connected=lambda watcher: watcher in connected)
    gate = threading.Event()
    task = runner.submit("k", gated(gate, steps=50)[0], "tab")
    clock.now = 600
    gate.set()
    assert task.wait(WAIT) and task.state == TaskState.DONE
    connected.clear()


def test_asking_for_something_else_releases_the_old_work():
    runner = TaskRunner(clock=Clock())
    gate = threading.Event()
    task = runner.submit("old", gated(gate)[0], "tab")
    runner.release("old", "tab")
    gate.set()
    assert task.wait(WAIT) and task.state == TaskState.CANCELLED


def test_shared_work_goes_on_while_another_session_waits():
    runner = TaskRunner(clock=Clock())
    gate = threading.Event()
    task = runner.submit("k", gated(gate, steps=5)[0], "first")
    runner.submit("k", gated(gate)[0], "second")
    runner.release("k", "first")
    gate.set()
    assert task.wait(WAIT) and task.state == TaskState.DONE


def test_a_failure_is_kept_and_a_new_request_starts_again():
    runner = TaskRunner(clock=Clock())
    attempts = []

    def work(progress):
        attempts.append(1)
        if len(attempts) == 1:
            raise ValueError("first attempt fails")
        return "second"

    task = runner.submit("k", work, "tab")
    assert task.wait(WAIT) and task.state == TaskState.FAILED and isinstance(task.error, ValueError)
    retry = runner.submit("k", work, "tab")
    assert retry.wait(WAIT) and retry.result == "second" and runner.started == 2


@pytest.mark.parametrize("keep", [2])
def test_only_recent_finished_tasks_are_kept(keep):
    runner = TaskRunner(keep=keep, clock=Clock())
    for key in "abcd":
        runner.submit(key, lambda progress, key=key: key, "tab").wait(WAIT)
    runner.submit("e", lambda progress: "e", "tab").wait(WAIT)
    assert runner.get("a", "tab") is None and runner.get("e", "tab").result == "e"


def test_generator_work_shows_each_item_as_made_and_returns_its_result():
    clock = Clock()
    runner = TaskRunner(abandon_after=5, clock=clock)
    steps = [threading.Event() for _ in range(3)]
    made = threading.Semaphore(0)

    def work(progress):
        for number, step in enumerate(steps):
            step.wait(5)
            yield f"part {number}"
            made.release()
        return "whole"

    task = runner.submit("k", work, "tab")
    steps[0].set()
    assert made.acquire(timeout=WAIT)
    assert task.partial == "part 0" and task.state == TaskState.RUNNING and task.result is None
    steps[1].set()
    assert made.acquire(timeout=WAIT) and task.partial == "part 1"
    clock.now = 10
    steps[2].set()
    assert task.wait(WAIT) and task.state == TaskState.CANCELLED, "nobody watched: stopped after the item it was making"
    clock.now = 0
    task = runner.submit("k", work, "tab")
    assert task.wait(WAIT) and task.state == TaskState.DONE and task.result == "whole" and task.partial == "part 2"


def test_a_summary_nobody_waits_for_stops_inside_the_model_call(tiny_model_dir, text_factory):
    """The app's task for a tiny-T5 summary whose one model call is long (a 2,000-word target, at least 1,680
    tokens): once its only watcher leaves, the task is cancelled while that call runs; it never finishes."""
    from summarizer import Settings, Summarizer, SummaryOptions

    service = Summarizer(
        Settings(
            engine="abstractive", model=str(tiny_model_dir), preset="fast", backend="transformers", max_input_tokens=128
        )
    )
    service.engine.engine.heartbeat_seconds = 0.0  # ask at every token, so no clock decides the test
    generated = service.engine.engine.generator.generated_tokens
    in_the_call, leave = threading.Event(), threading.Event()
    runner = TaskRunner(workers=1)

    def work(progress):
        def report(fraction, message):
            if message.startswith("Summarizing part 0 of 1"):  # the model call's own repeated report
                in_the_call.set()
                leave.wait(WAIT)
            progress(fraction, message)

        return service.summarize(text_factory(3, 1), SummaryOptions(length="long", words=2000), report)

    task = runner.submit("long", work, "tab")
    assert in_the_call.wait(WAIT), "the model call never reported while it ran"
    runner.release("long", "tab")
    leave.set()
    assert task.wait(WAIT) and task.state == TaskState.CANCELLED
    assert service.engine.engine.generator.generated_tokens == generated, "the model call ran to its end"
