"""Don't Cut the Cheese in words (words.py): actions and events for `mousehole replay` and the
simulator's log, and the simulator's tallies."""

from __future__ import annotations

from mousehole.games.dontcutthecheese import words
from mousehole.games.dontcutthecheese.actions import parse_text


def test_actions_are_described_without_the_secret_threshold() -> None:
    assert words.describe_action(parse_text("spin")) == "spins"
    assert words.describe_action(parse_text("bite:2,5")) == "bites at row 2, column 5"
    assert words.describe_action(parse_text("face:bite_spin")) == (
        "the spinner shows 1 Bite & Spin Again"
    )
    hooked = words.describe_action(parse_text("threshold:3"))
    assert "3" not in hooked and "secret" in hooked
    assert words.describe_action(parse_text("draw:yellow")) == "a yellow token is drawn"


def test_events_are_log_lines_naming_the_seat() -> None:
    snap = {"type": "snap", "seat": 1, "paper_bites": 4, "strength": 1, "last_threshold": 2}
    assert words.describe_event(snap) == (
        "SNAP! Seat 1 cuts the cheese after 4 bite(s) (strength 1, threshold 2)"
    )
    assert words.describe_event({"type": "won", "seat": 0, "how": "colours"}) == (
        "Seat 0 holds all three colours and wins!"
    )
    assert words.describe_event({"type": "reverse", "seat": 2}) == "Play reverses"


def test_tally_counts_bites_and_snapped_papers_by_threshold() -> None:
    counters: dict[str, int] = {}
    events = [
        {"type": "bite"},
        {"type": "bite"},
        {"type": "snap", "last_threshold": 2, "paper_bites": 7},
        {"type": "spin_off"},
    ]
    words.tally(events, counters)
    assert counters == {
        "bites": 2,
        "papers snapped": 1,
        "papers snapped, threshold 2": 1,
        "bites on papers of threshold 2": 7,
        "spin-offs": 1,
    }
