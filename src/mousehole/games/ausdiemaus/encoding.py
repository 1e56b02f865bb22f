"""Aus die Maus!'s fixed-shape encoding for learning programs (`mousehole.rl`, docs/rl.md).
Nobody decides anything (every seat's one action is `turn`), so an agent here only learns to
predict; every seat sees the same public facts.

- the phase (one-hot over start, turn, chase, restart, over): 5
- chips left / 9: 1
- the pile: how many of each kind (cheese, cat, mouse1, mouse2, mouse3) / 10, and its top card
  (one-hot): 10
- a chase: its paws / 3 and attempts left / 3: 2
- per seat: its stack / 90, its chips / 9, to act, the chaser, the chased mouse's owner, the
  encoding's own seat: 6 per seat

Actions: index 0 is `turn`.
"""

from __future__ import annotations

from ...engine import JSON
from ..features import one_hot, scaled
from .cards import CARD_NAMES
from .state import PHASES

PER_SEAT = 6
DECK = 90
CHIPS = 9


class AusDieMausEncoding:
    """The encoding above (`mousehole.games.manifest.Encoding`)."""

    def size(self, seats: int) -> int:
        """Return the vector's length at `seats` seats."""
        return len(PHASES) + 1 + 2 * len(CARD_NAMES) + 2 + PER_SEAT * seats

    def encode(self, observation: JSON, seat: int, seats: int) -> list[float]:
        """Return `seat`'s observation as numbers."""
        out = one_hot(observation["phase"], PHASES)
        out.append(scaled(observation["chips_left"], CHIPS))
        pile = observation["pile"]
        out += [scaled(pile.count(kind), 10) for kind in CARD_NAMES]
        out += one_hot(pile[-1] if pile else None, CARD_NAMES)
        chase = observation["chase"] or {}
        out.append(scaled(chase.get("paws", 0), 3))
        out.append(scaled(chase.get("attempts_left", 0), 3))
        for s in range(seats):
            out.append(scaled(observation["stacks"][s], DECK))
            out.append(scaled(observation["chips"][s], CHIPS))
            out.append(1.0 if observation["current"] == s else 0.0)
            out.append(1.0 if chase.get("chaser") == s else 0.0)
            out.append(1.0 if chase.get("mouse_owner") == s else 0.0)
            out.append(1.0 if s == seat else 0.0)
        return out

    def actions(self, seats: int) -> list[JSON]:
        """Return every player action at `seats` seats, in index order: turning a card over."""
        return [{"type": "turn"}]


ENCODING = AusDieMausEncoding()

__all__ = ["ENCODING", "AusDieMausEncoding"]
