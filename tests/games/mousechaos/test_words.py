"""Mouse Chaos in words (words.py): actions and events for `mousehole replay` and the
simulator's log, and the simulator's tallies."""

from __future__ import annotations

from mousehole.games.mousechaos.actions import parse_text
from mousehole.games.mousechaos.words import describe_action, describe_event, tally


def test_actions_are_phrases_and_a_dealt_colour_stays_face_down() -> None:
    assert describe_action(parse_text("pick:2")) == "picks holder 2"
    assert describe_action(parse_text("mouse:5:table")) == "moves mouse 5 to table"
    assert describe_action(parse_text("chair:0:4,7:N")) == "puts chair 0 on 4,7 (N)"
    assert describe_action(parse_text("skip")) == "leaves the chairs"
    dealt = describe_action(parse_text("colour:5:red"))
    assert dealt == "mouse 5 is dealt face down" and "red" not in dealt


def test_events_are_log_lines() -> None:
    assert describe_event({"type": "caught", "seat": 0, "mouse": 7, "cat": 2}) == (
        "Cat 2 sends mouse 7 under the table"
    )
    assert describe_event(
        {"type": "turned", "seat": 1, "mouse": 4, "colour": "blue", "right": False}
    ) == ("Mouse 4 is blue (wrong: it goes home)")
    assert describe_event({"type": "mouse", "seat": 3, "mouse": 9, "to": [2, 4]}) == (
        "Seat 3 moves mouse 9 to [2, 4]"
    )


def test_the_cap_ranking_is_told_in_the_end_line() -> None:
    end = {
        "type": "end",
        "reason": "cap",
        "winners": [],
        "ranking": [
            {"place": 1, "seat": None, "home": 3, "free": 10},
            {"place": 2, "seat": 0, "home": 2, "free": 9},
        ],
    }
    assert describe_event(end) == (
        "Game over (cap): winners []; ranking at the cap: "
        "1. the phantom (3 home, 10 not under the table), 2. seat 0 (2 home, 9 not under the table)"
    )


def test_tally_counts_peeks_captures_and_how_the_cap_ended() -> None:
    counters: dict[str, int] = {"peeks": 1}
    first = [{"place": 1, "seat": 0}, {"place": 1, "seat": 1}]
    events = [
        {"type": "peek"},
        {"type": "caught"},
        {"type": "pick"},
        {"type": "end", "reason": "cap", "ranking": first},
    ]
    tally(events, counters)
    assert counters == {"peeks": 2, "captures": 1, "end: cap": 1, "cap: shared first": 1}
