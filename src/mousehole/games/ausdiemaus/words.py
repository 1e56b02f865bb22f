"""Aus die Maus! actions and events in words (`mousehole replay`, the simulator's log) and the
simulator's tallies of its events."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import JSON, Action
from . import actions as A
from .cards import CARD_NAMES


def card_words(name: str) -> str:
    """Return a card name in words: "a cheese", "a cat", "a mouse with 2 paws"."""
    if name.startswith("mouse"):
        paws = int(name[5:])
        return f"a mouse with {paws} paw{'s' if paws > 1 else ''}"
    return f"a {name}"


def describe_action(action: Action) -> str:
    """Return a readable phrase for an action (used by `mousehole replay`)."""
    if not isinstance(action, A.AusDieMausAction):
        return action.to_text()
    if action.kind == A.START_SEAT_KIND:
        return f"seat {action.value} begins"
    if action.kind == A.CARD_KIND:
        return f"the card is {card_words(CARD_NAMES[action.value])}"
    return "turns over the top card"


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(f"seat {s}" for s in seats)


def describe_event(event: JSON) -> str:
    """Return a log line for one event of `State.events`."""
    kind, seat = event["type"], event.get("seat")
    who = f"Seat {seat}"
    if kind == "start":
        sizes = ", ".join(str(size) for size in event["stacks"])
        return f"{who} begins; the deal makes stacks of {sizes} cards"
    if kind == "pile_start":
        return f"The undealt card starts the pile: {card_words(event['card'])} (it does nothing)"
    if kind == "flip":
        return f"{who} turns over {card_words(event['card'])}"
    if kind == "call":
        return (
            f"{who}: “Mouse, watch out, the cat is coming!” Seat {event['chaser']} has "
            f"{event['paws']} {'tries' if event['paws'] > 1 else 'try'} to catch it"
        )
    if kind == "pass_chase":
        return (
            f"{who}'s mouse takes over the chase from seat {event['from']}'s: seat "
            f"{event['chaser']} has {event['paws']} {'tries' if event['paws'] > 1 else 'try'}"
        )
    if kind == "missed":
        left = event["attempts_left"]
        return f"Only cheese: {who} has {left} {'tries' if left > 1 else 'try'} left"
    if kind == "caught":
        return (
            f"{who} catches seat {event['mouse_owner']}'s mouse: {event['cards']} cards and a chip"
        )
    if kind == "escaped":
        return (
            f"Only cheese: {who}'s mouse escapes seat {event['chaser']}, and {who} takes the "
            f"{event['cards']} cards (no chip)"
        )
    if kind == "restart":
        return f"{who} starts a new pile"
    if kind == "end":
        winners = _seats(event["winners"])
        reason = event["reason"]
        if reason == "last_chip":
            how = f"{who} took the last chip"
        elif reason == "run_out":
            how = f"{who} has no card to turn (the pile belongs to nobody)"
        else:
            how = "safety stop: the game would go on for ever"
        return f"Game over, {how}. Most cards: {winners}"
    return f"{kind}: {event}"


_TALLIED = {
    "call": "chases",
    "pass_chase": "chases passed on",
    "caught": "catches (chips)",
    "escaped": "escapes",
}
_ENDINGS = {"last_chip": "end: last chip", "run_out": "end: run-out", "safety": "end: safety stop"}


def tally(events: Sequence[JSON], counters: dict[str, int]) -> None:
    """Add the simulator's counters for `events`: how games end, chases, catches, escapes."""
    for event in events:
        kind = event["type"]
        label = _ENDINGS[event["reason"]] if kind == "end" else _TALLIED.get(kind)
        if label is not None:
            counters[label] = counters.get(label, 0) + 1
