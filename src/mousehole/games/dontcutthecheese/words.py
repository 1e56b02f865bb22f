"""Don't Cut the Cheese actions and events in words (`mousehole replay`, the simulator's log)
and the simulator's tallies of its events."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import JSON, Action
from . import actions as A

_FACE_WORDS = {
    "bite1": "1 Bite",
    "bite2": "2 Bites",
    "bite3": "3 Bites",
    "skip": "Skip",
    "reverse": "Reverse",
    "bite_spin": "1 Bite & Spin Again",
}


def describe_action(action: Action) -> str:
    """Return a sentence fragment for a play-by-play."""
    assert isinstance(action, A.CheeseAction)  # only this game's actions reach its game
    kind = action.kind
    if kind == A.BITE_KIND:
        return f"bites at row {action.row}, column {action.col}"
    if kind == A.SPIN_RESULT_KIND:
        return f"the spinner shows {_FACE_WORDS[A.FACES[action.value]]}"
    if kind == A.THRESHOLD_KIND:
        return "a new paper is hooked on (its threshold is secret)"
    if kind == A.DRAW_KIND:
        return f"a {A.COLOURS[action.value]} token is drawn"
    if kind == A.START_SEAT_KIND:
        return f"seat {action.value} starts"
    return "spins"


_HOW = {
    "colours": "holds all three colours",
    "most_tokens": "completes the colours with the most tokens",
    "spin_off": "wins the spin-off",
    "bag_empty": "ranks first when the bag runs out",
}


def describe_event(event: JSON) -> str:
    """Return a log line for one event of `State.events` ("" when it only echoes the action)."""
    kind, who = event["type"], f"Seat {event.get('seat')}"
    if kind == "bite":
        return (
            f"{who} bites {event['cells']} cell(s) at row {event['row']}, column "
            f"{event['col']}: strength {event['strength']}"
        )
    if kind == "snap":
        return (
            f"SNAP! {who} cuts the cheese after {event['paper_bites']} bite(s) "
            f"(strength {event['strength']}, threshold {event['last_threshold']})"
        )
    if kind == "spun":
        return f"{who} spins {_FACE_WORDS[event['face']]}"
    if kind == "reverse":
        return "Play reverses"
    if kind == "turn":
        return f"{who}'s turn"
    if kind == "paper":
        return f"Paper {event['round']} is hooked on the trap"
    if kind == "fell":
        return f"{event['cells']} loose cell(s) of paper fall away"
    if kind == "draw":
        return f"{who} draws a {event['colour']} token"
    if kind == "bag_empty":
        return f"The bag is empty: seats {event['without']} draw nothing"
    if kind == "complete":
        return f"Seats {event['seats']} hold all three colours"
    if kind == "spin_off":
        return f"Spin-off between seats {event['contestants']}: the fewest bites wins"
    if kind == "spin_off_value":
        return f"{who} scores {event['value']} in the spin-off"
    if kind == "won":
        return f"{who} {_HOW[event['how']]} and wins!"
    if kind == "start":
        return f"{who} starts"
    return f"{kind}: {event}"


def tally(events: Sequence[JSON], counters: dict[str, int]) -> None:
    """Add the simulator's counters: bites, snapped papers and the bites on each, by threshold
    (bites per paper is `bites / papers snapped`), spin-offs and empty bags."""

    def add(label: str, count: int = 1) -> None:
        counters[label] = counters.get(label, 0) + count

    for event in events:
        kind = event["type"]
        if kind == "bite":
            add("bites")
        elif kind == "snap":
            threshold = event["last_threshold"]
            add("papers snapped")
            add(f"papers snapped, threshold {threshold}")
            add(f"bites on papers of threshold {threshold}", event["paper_bites"])
        elif kind == "spin_off":
            add("spin-offs")
        elif kind == "bag_empty":
            add("bags run out mid-draw")
        elif kind == "fell":
            add("scraps fallen")
