"""One game at one seat count in fixed shapes: its observation vectors and its action indexes.

Game-agnostic: the game's own encoding (`GameManifest.encoding`, its `encoding.py`) says how
an observation becomes numbers and which actions the indexes stand for; this module turns them
into numpy arrays and masks, and maps indexes to the engine's actions and back. Observations
come from `State.observation(seat)` only, so no vector can hold what that seat may not know.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine import TERMINAL, Action, Game, InvalidOptionError, State
from ..games import load_game, manifest
from ..games.manifest import Encoding

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class Encoded:
    """A game set up with its options, with its encoding's shapes and action table."""

    def __init__(self, name: str, seats: int | None = None, **options: Any):
        found = manifest(name)
        if found.encoding is None:
            raise InvalidOptionError(f"{name} has no encoding for learning programs yet")
        self.manifest = found
        self.encoding: Encoding = found.encoding
        if seats is not None:
            options["seats"] = seats
        self.game: Game = load_game(name, **options)
        self.seats = self.game.seat_count
        self.size = self.encoding.size(self.seats)
        self.action_json = self.encoding.actions(self.seats)
        self.actions: list[Action] = [self.game.action_from_json(a) for a in self.action_json]
        self.index: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError(f"{name}: its encoding lists an action twice")

    def observe(self, state: State, seat: int) -> Vector:
        """Return `seat`'s observation of `state` as its vector."""
        values = self.encoding.encode(state.observation(seat), seat, self.seats)
        if len(values) != self.size:
            raise ValueError(
                f"{self.game.name}: the encoding gave {len(values)} numbers, not {self.size}"
            )
        return np.asarray(values, dtype=np.float32)

    def mask(self, state: State, seat: int) -> Mask:
        """Return 1 at the index of each of `seat`'s legal actions (all 0 when it is not to
        act). An action the encoding does not list is an error in the encoding."""
        mask = np.zeros(len(self.actions), dtype=np.int8)
        if state.current_player() != seat:
            return mask
        for action in state.legal_actions():
            index = self.index.get(action)
            if index is None:
                raise ValueError(
                    f"{self.game.name}: legal action {action.to_text()} is not in the encoding"
                )
            mask[index] = 1
        return mask

    def action(self, state: State, index: Any) -> Action:
        """Return the action at `index`; raise ValueError naming it when it is not legal for
        the seat to act."""
        try:
            position = int(index)
        except (TypeError, ValueError):
            raise ValueError(f"action: expected an index 0..{len(self.actions) - 1}") from None
        if not 0 <= position < len(self.actions):
            raise ValueError(f"action: {position} is outside 0..{len(self.actions) - 1}")
        action = self.actions[position]
        if action not in state.legal_actions():
            seat = state.current_player()
            raise ValueError(
                f"action {position} ({action.to_text()}) is not legal for seat {seat} now"
            )
        return action

    def render(self, state: State, events: list[str]) -> str:
        """Return the position as text: who is to act, what the last step did, and the public
        facts (the spectator's observation), one field a line."""
        actor = state.current_player()
        if actor == TERMINAL:
            head = f"{self.game.title}: over, won by {state.winners() or 'nobody'}"
        elif actor < 0:
            head = f"{self.game.title}: chance to draw"
        else:
            head = f"{self.game.title}: seat {actor} to act"
        public = state.observation(None)
        lines = [head, *(f"  {line}" for line in events if line)]
        lines += [f"{key}: {json.dumps(value)}" for key, value in public.items()]
        return "\n".join(lines)


__all__ = ["Encoded", "Mask", "Vector"]
