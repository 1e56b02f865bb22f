"""Mouse Chaos's fixed-shape encoding for learning programs (`mousehole.rl`, docs/rl.md).

Built from one seat's observation, so a colour or a card is in it only where that seat knows
it (a peek, a mouse turned over, its own card, a card shown). Places are the 100 grid squares
(row * 10 + column) and the table (index 100).

- per mouse (16): its place (one-hot over 101), turned over, its colour if known (one-hot over
  red, blue, green, yellow), peeked at by this seat: 107 per mouse
- per holder (6): its place (one-hot over 101), its number if shown (one-hot 1..6), the one
  picked: 108 per holder
- per cat (4): its place (one-hot over 101): 101 per cat
- per chair (4): its place (one-hot over 101), its pose (one-hot N, E, S, W, lying): 106 per
  chair
- the phase (one-hot over deal, draw, pick, number, holder, piece, chair, reveal, over), steps /
  6, round / 300: 11
- a reveal: its nest (one-hot 0..3), nests complete (4), cards shown (4): 12
- per card slot (4): its colour if known (one-hot), owned by this seat: 5 per slot
- per seat: to act, the encoding's own seat: 2 per seat

Actions, in index order: `pick` holder 0..5; the picked holder to each floor square; each
mouse 0..15 to each floor square, under the table and into each nest square; each cat 0..3 to
each floor square and onto the table; each chair 0..3 to each floor square in each pose (N, E,
S, W, L); `skip`; `turn` mouse 0..15. Floor and nest squares in grid order.
"""

from __future__ import annotations

from ...engine import JSON
from ..features import one_hot, scaled
from .board import CATS, CHAIRS, COLOURS, FLOOR, HOLDERS, MICE, NESTS, POSES, TABLE, parse_node
from .phases import PHASES

PLACES = range(TABLE + 1)
NEST_SQUARES = sorted(sq for nest in NESTS for sq in nest)


def _place(value: object) -> list[float]:
    return one_hot(parse_node(value), PLACES)


def _to(node: int) -> object:
    return "table" if node == TABLE else list(divmod(node, 10))


class MouseChaosEncoding:
    """The encoding above (`mousehole.games.manifest.Encoding`)."""

    def size(self, seats: int) -> int:
        """Return the vector's length at `seats` seats."""
        places = len(PLACES)
        return (
            MICE * (places + 6)
            + HOLDERS * (places + 7)
            + CATS * places
            + CHAIRS * (places + len(POSES))
            + len(PHASES)
            + 2
            + 12
            + 4 * (len(COLOURS) + 1)
            + 2 * seats
        )

    def encode(self, observation: JSON, seat: int, seats: int) -> list[float]:
        """Return `seat`'s observation as numbers."""
        out: list[float] = []
        for mouse in observation["mice"]:
            out += _place(mouse["at"])
            out.append(1.0 if mouse["revealed"] else 0.0)
            out += one_hot(mouse["colour"], COLOURS)
            out.append(1.0 if mouse["peeked"] is not None else 0.0)
        for index, holder in enumerate(observation["holders"]):
            out += _place(holder["at"])
            out += one_hot(holder["number"], range(1, 7))
            out.append(1.0 if observation["picked"] == index else 0.0)
        for cat in observation["cats"]:
            out += _place(cat)
        for chair in observation["chairs"]:
            out += _place(chair["at"])
            out += one_hot(chair["pose"], POSES)
        out += one_hot(observation["phase"], PHASES)
        out.append(scaled(observation["steps"], 6))
        out.append(scaled(observation["round"], 300))
        reveal = observation["reveal"] or {}
        out += one_hot(reveal.get("nest"), range(4))
        out += [1.0 if done else 0.0 for done in observation["complete"]]
        out += [1.0 if shown else 0.0 for shown in observation["shown"]]
        for hand in observation["hands"]:
            out += one_hot(hand["colour"], COLOURS)
            out.append(1.0 if hand["owner"] == seat else 0.0)
        for s in range(seats):
            out.append(1.0 if observation["current"] == s else 0.0)
            out.append(1.0 if s == seat else 0.0)
        return out

    def actions(self, seats: int) -> list[JSON]:
        """Return every player action at `seats` seats, in index order."""
        found: list[JSON] = [{"type": "pick", "holder": h} for h in range(HOLDERS)]
        found += [{"type": "holder", "to": _to(sq)} for sq in FLOOR]
        mouse_to = [*FLOOR, TABLE, *NEST_SQUARES]
        found += [
            {"type": "mouse", "mouse": m, "to": _to(sq)} for m in range(MICE) for sq in mouse_to
        ]
        found += [
            {"type": "cat", "cat": c, "to": _to(sq)} for c in range(CATS) for sq in [*FLOOR, TABLE]
        ]
        found += [
            {"type": "chair", "chair": c, "to": _to(sq), "pose": pose}
            for c in range(CHAIRS)
            for sq in FLOOR
            for pose in POSES
        ]
        found.append({"type": "skip"})
        found += [{"type": "turn", "mouse": m} for m in range(MICE)]
        return found


ENCODING = MouseChaosEncoding()

__all__ = ["ENCODING", "MouseChaosEncoding"]
