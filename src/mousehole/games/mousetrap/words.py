"""Mouse Trap actions and events in words (`mousehole replay`, the simulator's log) and the
simulator's tallies of its events."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import JSON, Action
from . import actions as A
from .board import (
    COMPONENTS,
    SPACES,
)


def describe_action(action: Action) -> str:
    """Return a readable phrase for an action (used by `mousehole replay`)."""
    if not isinstance(action, A.MouseTrapAction):
        return action.to_text()
    kind = action.kind
    if kind == A.ROLL_KIND:
        return "rolls the die"
    if kind == A.DIE_KIND:
        return f"the die shows {action.value}"
    if kind == A.SPEND_KIND:
        return f"pays 1 cheese to move seat {action.value}"
    if kind == A.CRANK_KIND:
        return "turns the crank"
    if kind == A.END_KIND:
        return "ends the trap phase"
    if kind == A.CRANK_RESULT_KIND:
        return "the cage falls!" if action.value else "the cage sticks"
    if kind == A.START_SEAT_KIND:
        return f"seat {action.value} starts"
    parts = ", ".join(f"{n} from seat {seat}" for seat, n in action.take)
    return f"splits the take: {parts}"


_ECHOES = frozenset(("spent", "cranked", "trap_ended"))
"""Events that only repeat the player's action: described as "" (nothing to add)."""


def describe_event(event: JSON) -> str:
    """Return a log line for one event of `State.events` ("" when it only echoes the action)."""
    kind, seat = event["type"], event.get("seat")
    if kind in _ECHOES:
        return ""
    who = f"Seat {seat}"
    if kind == "moved":
        how = "is pushed" if event["paid"] else "moves"
        to, label = event["to"], SPACES[event["to"]].label
        if event["from"] == to:  # a 6 on the loop of six spaces: all the way round
            return f"{who} {how} {event['die']} once round the loop back to {to} ({label})"
        return f"{who} {how} {event['die']} from {event['from']} to {to} ({label})"
    if kind == "built":
        names = ", ".join(f"#{c} {COMPONENTS[c - 1]}" for c in event["components"])
        return f"{who} installs {names} and gets {event['cheese']} cheese"
    if kind == "no_build":
        return f"{who}: no build ({event['reason']})"
    if kind == "collected":
        return f"{who} takes {event['cheese']} of {event['asked']} cheese from the supply"
    if kind == "shortfall":
        return f"The supply is short by {event['missing']}"
    if kind == "took":
        taken = ", ".join(f"{n} from seat {r}" for r, n in event["from"].items()) or "nothing"
        return f"{who} takes {taken}"
    if kind == "split_needed":
        return f"{who} must split {event['amount']} among seats {event['from']}"
    if kind == "lost":
        return f"{who} returns {event['cheese']} cheese to the supply"
    if kind == "redirected":
        return f"{who} is sent from {event['from']} to {event['to']}"
    if kind == "trap_phase":
        return f"{who} is on Turn Crank with the machine complete: trap phase!"
    if kind == "spent":
        return f"{who} pays 1 cheese to move seat {event['target']}"
    if kind == "cranked":
        return f"{who} turns the crank"
    if kind == "cage_stuck":
        return "The cage sticks: nobody is caught"
    if kind == "captured":
        return f"The cage falls on seat(s) {event['victims']}: {who} gets {event['cheese']} cheese"
    if kind == "trap_ended":
        return f"{who} ends the trap phase"
    if kind == "won":
        return f"{who} is the last free mouse and wins!"
    if kind == "start":
        return f"{who} starts"
    return f"{kind}: {event}"


_TALLIED = {
    "cranked": "cranks",
    "cage_stuck": "crank failures",
    "shortfall": "supply shortfalls",
    "spent": "paid moves",
    "trap_phase": "trap phases",
    "redirected": "redirects",
    "split_needed": "split decisions",
}


def tally(events: Sequence[JSON], counters: dict[str, int]) -> None:
    """Add the simulator's Mouse Trap counters for `events` (captures count mice, not cranks)."""
    for event in events:
        kind = event["type"]
        if kind == "captured":
            counters["captures"] = counters.get("captures", 0) + len(event["victims"])
        elif kind in _TALLIED:
            label = _TALLIED[kind]
            counters[label] = counters.get(label, 0) + 1
