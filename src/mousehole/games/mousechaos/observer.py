"""What a seat sees of a Mouse Chaos position (the observer, architecture habit 14) and of each
action in the record. It imports the states (state.py), never the reverse: a state asks its
game.

Every output that leaves the server goes through `observation` or `action_view` here: a seat
sees the public facts, its own colour card(s) and the mice it has peeked at (with the turn);
a spectator sees the public facts only; once the game is over everything is shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import JSON, Action
from . import actions as A
from .board import COLOURS, MICE, POSES, node_json
from .deal import slot_owner
from .phases import CAP, OVER
from .standings import Standing, ranking
from .state import MouseChaosState

NAME = "mousechaos"


def colour_json(index: int) -> str | None:
    """Return a colour index as JSON: its name, or null for one not dealt (-1)."""
    return COLOURS[index] if index >= 0 else None


def public_json(state: MouseChaosState) -> JSON:
    """Return the facts every viewer may know."""
    return {
        "game": NAME,
        "seats": state.n,
        "phase": state.phase,
        "current": state.current,
        "turn": state.turn,
        "round": state.round,
        "dealt": sum(c >= 0 for c in state.colours) + sum(c >= 0 for c in state.cards),
        "draws": list(state.draws),
        "mice": [
            {"at": node_json(at), "revealed": state.revealed[m]} for m, at in enumerate(state.mice)
        ],
        "holders": [
            {"at": node_json(at), "number": state.numbers[h] or None}
            for h, at in enumerate(state.holders)
        ],
        "cats": [node_json(at) for at in state.cats],
        "chairs": [{"at": node_json(sq), "pose": POSES[pose]} for sq, pose in state.chairs],
        "picked": None if state.picked < 0 else state.picked,
        "steps": state.steps or None,
        "reveal": None if state.reveal < 0 else {"nest": state.reveal, "seat": state.revealer},
        "complete": list(state.complete),
        "shown": list(state.shown),
        "ending": state.ending,
        "winners": state.winners(),
        "ranking": ranking_json(ranking(state)) if state.ending == CAP else None,
    }


def ranking_json(standings: Sequence[Standing]) -> list[JSON]:
    """Return the cap's ranking as JSON: per side, best first, its place, its seat (null: the
    phantom), its mice at home and its mice not under the table."""
    return [
        {"place": s.place, "seat": s.side if s.side >= 0 else None, "home": s.home, "free": s.free}
        for s in standings
    ]


def observation(state: MouseChaosState, seat: int | None) -> JSON:
    """Return what `seat` may know (None: a spectator): the public facts, its own card(s),
    the colours it has peeked at and when; everything once the game is over."""
    data = public_json(state)
    over = state.phase is OVER
    known = state.knows[seat] if seat is not None else (-1,) * MICE
    for m, mouse in enumerate(data["mice"]):
        seen = over or state.revealed[m] or known[m] >= 0
        mouse["colour"] = colour_json(state.colours[m]) if seen else None
        mouse["peeked"] = known[m] if known[m] >= 0 else None
    slots = []
    for k in range(4):
        owner = slot_owner(state.n, k)
        mine = seat is not None and owner == seat
        seen = over or state.shown[k] or mine
        slots.append(
            {
                "owner": owner if owner >= 0 else None,
                "colour": colour_json(state.cards[k]) if seen else None,
            }
        )
    data["hands"] = slots
    data["you"] = seat
    return data


def action_view(state: MouseChaosState, action: Action, viewer: int | None) -> JSON | None:
    """Return what `viewer` may see of `action` applied in `state`: a mouse's colour as it is
    dealt is nobody's to see, a colour card only its holder's (the seed, shown at the end,
    reveals the deal)."""
    if not isinstance(action, A.MouseChaosAction):
        return action.to_json()
    if action.kind == A.COLOUR:
        return {"type": A.COLOUR, "mouse": action.a, "colour": None}
    if action.kind == A.CARD and (viewer is None or slot_owner(state.n, action.a) != viewer):
        return {"type": A.CARD, "slot": action.a, "colour": None}
    return action.to_json()


__all__ = ["NAME", "action_view", "colour_json", "observation", "public_json", "ranking_json"]
