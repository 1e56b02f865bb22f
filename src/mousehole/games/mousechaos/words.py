"""Mouse Chaos actions and events in words (`mousehole replay`, the simulator's log) and the
simulator's tallies of its events."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...engine import JSON, Action
from . import actions as A
from .board import POSES, node_text
from .phases import CAP


def describe_action(action: Action) -> str:
    """Return a readable phrase for an action (used by `mousehole replay`)."""
    if not isinstance(action, A.MouseChaosAction):
        return action.to_text()
    kind, a, b = action.kind, action.a, action.b
    phrases = {
        A.COLOUR: f"mouse {a} is dealt face down",
        A.CARD: f"colour card {a} is dealt face down",
        A.DRAW: f"seat {a} draws a {b}",
        A.NUMBER: f"the holder shows {a}",
        A.PICK: f"picks holder {a}",
        A.HOLDER: f"moves the holder to {node_text(b)}",
        A.MOUSE: f"moves mouse {a} to {node_text(b)}",
        A.CAT: f"moves cat {a} to {node_text(b)}",
        A.CHAIR: f"puts chair {a} on {node_text(b)} ({POSES[action.c]})",
        A.SKIP: "leaves the chairs",
        A.TURN: f"turns over mouse {a}",
    }
    return phrases[kind]


def describe_event(event: JSON) -> str:
    """Return a log line for one event of `State.events`."""
    kind, seat = event["type"], event.get("seat")
    who = f"Seat {seat}"
    lines: dict[str, Callable[[], str]] = {
        "turn": lambda: f"{who}'s turn (round {event.get('round')})",
        "draw": lambda: f"{who} draws a {event.get('number')}",
        "first": lambda: f"{who} goes first",
        "pick": lambda: f"{who} picks holder {event.get('holder')}",
        "number": lambda: f"Holder {event.get('holder')} shows {event.get('number')}",
        "peek": lambda: f"{who} peeks at mouse {event.get('mouse')}",
        "stuck": lambda: f"Holder {event.get('holder')} cannot move and stays",
        "caught": lambda: (
            f"Cat {event.get('cat')} sends mouse {event.get('mouse')} under the table"
        ),
        "no_move": lambda: "No cat or mouse can move that far",
        "skip": lambda: f"{who} leaves the chairs",
        "reveal": lambda: f"{who} reveals nest {event.get('nest')}: {event.get('card_colours')}",
        "turned": lambda: (
            f"Mouse {event.get('mouse')} is {event.get('colour')}"
            + ("" if event.get("right") else " (wrong: it goes home)")
        ),
        "complete": lambda: f"Nest {event.get('nest')} is complete",
        "ejected": lambda: f"Mouse {event.get('mouse')} goes to nest {event.get('nest')}",
        "end": lambda: (
            f"Game over ({event.get('reason')}): winners {event.get('winners')}"
            + _ranking_words(event.get("ranking"))
        ),
    }
    if kind in ("holder", "mouse", "cat"):
        return f"{who} moves {kind} {event.get(kind, '')} to {event.get('to')}".replace("  ", " ")
    if kind == "chair":
        return f"{who} moves chair {event.get('chair')} to {event.get('to')} ({event.get('pose')})"
    line = lines.get(kind)
    return line() if line is not None else f"{kind}: {event}"


def _ranking_words(standings: Any) -> str:
    """Return the cap's ranking for a log line ("" for another ending)."""
    if not standings:
        return ""
    parts = [
        f"{s['place']}. {'the phantom' if s['seat'] is None else 'seat ' + str(s['seat'])}"
        f" ({s['home']} home, {s['free']} not under the table)"
        for s in standings
    ]
    return "; ranking at the cap: " + ", ".join(parts)


def tally(events: Sequence[JSON], counters: dict[str, int]) -> None:
    """Add the simulator's counters: peeks, captures, reveals, ejections and endings."""
    labels = {
        "peek": "peeks",
        "caught": "captures",
        "reveal": "reveals",
        "ejected": "sent home",
    }
    for event in events:
        kind = event["type"]
        label = f"end: {event['reason']}" if kind == "end" else labels.get(kind)
        if label is not None:
            counters[label] = counters.get(label, 0) + 1
        if kind == "end" and event["reason"] == CAP:
            # the cap's outcome: one first place, a first place shared, or the phantom first
            first = [s for s in event["ranking"] if s["place"] == 1]
            outcome = (
                "the phantom first"
                if any(s["seat"] is None for s in first)
                else "shared first"
                if len(first) > 1
                else "one first"
            )
            label = f"cap: {outcome}"
            counters[label] = counters.get(label, 0) + 1


__all__ = ["describe_action", "describe_event", "tally"]
