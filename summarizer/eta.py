"""How long work will still take, from how long the part done so far took: "about 40 s left"."""

from __future__ import annotations

MIN_ELAPSED = 1.0
MIN_LEFT = 1.0


def seconds_left(elapsed: float, fraction: float) -> float | None:
    """Seconds still to go if the rest goes as fast as the `fraction` done in `elapsed` seconds; None before
    anything is done."""
    if fraction <= 0 or elapsed < MIN_ELAPSED:
        return None
    return elapsed * (1 - min(fraction, 1.0)) / fraction


def time_left(elapsed: float, fraction: float) -> str:
    """'about 40 s left', 'about 3 min left', or '' when there is no estimate yet or less than a second to go."""
    left = seconds_left(elapsed, fraction)
    if left is None or left < MIN_LEFT:
        return ""
    if left < 90:
        return f"about {max(1, round(left / 5) * 5 if left >= 10 else round(left))} s left"
    if left < 90 * 60:
        return f"about {round(left / 60)} min left"
    return f"about {left / 3600:.1f} h left"
