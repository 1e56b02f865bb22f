"""Don't Cut the Cheese's fixed-shape encoding for learning programs (`mousehole.rl`,
docs/rl.md). The tear threshold is no part of an observation, so it is no part of this.

- the paper: each of its 5 x 12 cells, 1 paper, 0 eaten (row by row): 60
- its strength (one-hot 0..5), bites left / 3, spin again, direction (1 clockwise), bites taken
  / 30: 10
- the phase (one-hot over start, paper, spin, spinner, bite, draw, spin_off, spin_off_spinner,
  over): 9
- the last snapped paper's threshold (one-hot 1..3, all 0 before the first snap): 3
- the bag: each colour / 10: 3
- per seat: its tokens of each colour / 10, to act, the last snapper, still to draw, in a spin-
  off, the encoding's own seat: 8 per seat

Actions, in index order: `spin`, then a bite at each top-left cell a mouth can take, row 0..3,
column 1..9 (row by row).
"""

from __future__ import annotations

from ...engine import JSON
from ..features import one_hot, scaled
from .actions import COLOURS, THRESHOLDS
from .paper import COLS, ROWS
from .phases import PHASES

PER_SEAT = 8


class CheeseEncoding:
    """The encoding above (`mousehole.games.manifest.Encoding`)."""

    def size(self, seats: int) -> int:
        """Return the vector's length at `seats` seats."""
        return ROWS * COLS + 10 + len(PHASES) + len(THRESHOLDS) + len(COLOURS) + PER_SEAT * seats

    def encode(self, observation: JSON, seat: int, seats: int) -> list[float]:
        """Return `seat`'s observation as numbers."""
        out = [1.0 if cell == "#" else 0.0 for row in observation["paper"] for cell in row]
        out += one_hot(observation["strength"], range(6))
        out.append(scaled(observation["bites_left"], 3))
        out.append(1.0 if observation["spin_again"] else 0.0)
        out.append(1.0 if observation["direction"] == 1 else 0.0)
        out.append(scaled(observation["paper_bites"], 30))
        out += one_hot(observation["phase"], PHASES)
        out += one_hot(observation["last_threshold"], THRESHOLDS)
        out += [scaled(observation["bag"][colour], 10) for colour in COLOURS]
        spin_off = observation["spin_off"] or {}
        contestants = spin_off.get("contestants", [])
        for s, tokens in enumerate(observation["tokens"]):
            out += [scaled(tokens[colour], 10) for colour in COLOURS]
            out.append(1.0 if observation["current"] == s else 0.0)
            out.append(1.0 if observation["snapper"] == s else 0.0)
            out.append(1.0 if s in observation["drawing"] else 0.0)
            out.append(1.0 if s in contestants else 0.0)
            out.append(1.0 if s == seat else 0.0)
        return out

    def actions(self, seats: int) -> list[JSON]:
        """Return every player action at `seats` seats, in index order."""
        found: list[JSON] = [{"type": "spin"}]
        found += [
            {"type": "bite", "row": row, "col": col}
            for row in range(ROWS - 1)
            for col in range(1, COLS - 2)
        ]
        return found


ENCODING = CheeseEncoding()

__all__ = ["ENCODING", "CheeseEncoding"]
