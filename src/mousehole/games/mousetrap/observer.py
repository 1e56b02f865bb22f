"""What a seat sees of a Mouse Trap position: all of it, and who is looking. It imports the
states (state.py) and their JSON (codec.py), never the reverse: a state asks its game."""

from __future__ import annotations

from ...engine import JSON
from .codec import state_to_json
from .state import MouseTrapState


def observation(state: MouseTrapState, seat: int | None) -> JSON:
    """Return the whole position with its `viewer`: Mouse Trap has no secrets (ruling: cheese
    counts are public), so every seat sees it all."""
    data = state_to_json(state)
    data["viewer"] = seat
    return data


__all__ = ["observation"]
