"""What a seat sees of an Aus die Maus! position: the public facts, the same for every seat
and spectator. It imports the states (state.py), never the reverse: a state asks its game."""

from __future__ import annotations

from ...engine import JSON
from .cards import CARD_NAMES
from .state import AusDieMausState


def _chase_json(state: AusDieMausState) -> JSON | None:
    if state.chase is None:
        return None
    owner, chaser, paws, left = state.chase
    return {"mouse_owner": owner, "chaser": chaser, "paws": paws, "attempts_left": left}


def observation(state: AusDieMausState, seat: int | None) -> JSON:
    """Return the public facts: the same for every seat and spectator (no stack contents).

    ruling: nobody sees the order or contents of any stack, owners included, so `seat` does
    not change what is shown."""
    return {
        "game": "ausdiemaus",
        "seats": state.n,
        "phase": state.phase,
        "current": state.current,
        "stacks": list(state.stacks),
        "chips": list(state.chips),
        "chips_left": state.chips_left,
        "pile": [CARD_NAMES[card] for card in state.pile],
        "chase": _chase_json(state),
        "ending": state.ending,
        "turns": state.turns,
        "winners": state.winners(),
    }


__all__ = ["observation"]
