"""Mouse Trap's fixed-shape encoding for learning programs (`mousehole.rl`, docs/rl.md).

The observation (every seat sees the whole position) as numbers, seats in table order:

- per seat: its space (one-hot over 50), its cheese / 52, captured, to act, tied in a pending
  split: 54 per seat
- the phase (one-hot over start, roll, move, split, trap, push, crank, over): 8
- the encoding's own seat (one-hot): seats
- supply / 52, components / 23, a pending split's amount / 3, turns / 200 (cut at 1): 4

Actions, in index order: `roll`, `crank`, `end`, `spend` on seat 0..seats-1, then every split
(the cheese taken from each seat, at least 1 from each seat named, 1 to 3 in all), smallest
total first, then by seat.
"""

from __future__ import annotations

from itertools import product

from ...engine import JSON
from ..features import one_hot, scaled, seat_hot
from .board import SPACE_COUNT, TOTAL_CHEESE
from .phases import PHASES

PER_SEAT = SPACE_COUNT + 4
COMPONENTS = 23


class MouseTrapEncoding:
    """The encoding above (`mousehole.games.manifest.Encoding`)."""

    def size(self, seats: int) -> int:
        """Return the vector's length at `seats` seats."""
        return PER_SEAT * seats + len(PHASES) + seats + 4

    def encode(self, observation: JSON, seat: int, seats: int) -> list[float]:
        """Return `seat`'s observation as numbers."""
        pending = observation.get("pending") or {}
        tied = pending.get("from", []) if observation["phase"] == "split" else []
        out: list[float] = []
        for mouse in observation["mice"]:
            out += one_hot(mouse["position"], range(SPACE_COUNT))
            out.append(scaled(mouse["cheese"], TOTAL_CHEESE))
            out.append(1.0 if mouse["captured"] else 0.0)
            out.append(1.0 if observation["current"] == mouse["seat"] else 0.0)
            out.append(1.0 if mouse["seat"] in tied else 0.0)
        out += one_hot(observation["phase"], PHASES)
        out += seat_hot(seat, seats)
        out.append(scaled(observation["supply"], TOTAL_CHEESE))
        out.append(scaled(observation["components"], COMPONENTS))
        out.append(scaled(pending.get("amount", 0) if tied else 0, 3))
        out.append(scaled(observation["turn"], 200))
        return out

    def actions(self, seats: int) -> list[JSON]:
        """Return every player action at `seats` seats, in index order."""
        found: list[JSON] = [{"type": "roll"}, {"type": "crank"}, {"type": "end"}]
        found += [{"type": "spend", "target": s} for s in range(seats)]
        splits = [takes for takes in product(range(4), repeat=seats) if 1 <= sum(takes) <= 3]
        splits.sort(key=lambda takes: (sum(takes), [-n for n in takes]))
        for takes in splits:
            take = {str(s): n for s, n in enumerate(takes) if n}
            found.append({"type": "split", "take": take})
        return found


ENCODING = MouseTrapEncoding()

__all__ = ["ENCODING", "MouseTrapEncoding"]
