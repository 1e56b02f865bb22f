"""Mouse Chaos phases and endings: the constants the states, the reveal and the formats share.

Phases are compared by identity (`state.phase is PICK`): always assign these constants.
"""

from __future__ import annotations

from typing import Final

DEAL: Final = "deal"  # chance: the mice's colours, then the colour cards, face down
DRAW: Final = "draw"  # chance: each seat's holder number; the highest goes first
PICK: Final = "pick"  # decision: pick a holder
NUMBER: Final = "number"  # chance: the number under a holder picked for the first time
HOLDER: Final = "holder"  # decision: move the holder exactly n squares
PIECE: Final = "piece"  # decision: move a cat or a visible mouse exactly n squares
CHAIR: Final = "chair"  # decision: move a chair without a cat, or skip
REVEAL: Final = "reveal"  # decision: the revealer turns over a mouse of a full nest
OVER: Final = "over"
PHASES: Final = (DEAL, DRAW, PICK, NUMBER, HOLDER, PIECE, CHAIR, REVEAL, OVER)

WIN: Final = "win"
PHANTOM: Final = "phantom"
CAP: Final = "cap"
ENDINGS: Final = (WIN, PHANTOM, CAP)
CAP_ROUNDS: Final = 300
"""ruling: "Game cap: 300 rounds, then a ranking" (standings.py), not a shared win."""
DEALS: Final = 16 + 4
"""Chance outcomes of the deal: 16 mouse colours, then 4 colour cards."""


__all__ = [
    "CAP",
    "CAP_ROUNDS",
    "CHAIR",
    "DEAL",
    "DEALS",
    "DRAW",
    "ENDINGS",
    "HOLDER",
    "NUMBER",
    "OVER",
    "PHANTOM",
    "PHASES",
    "PICK",
    "PIECE",
    "REVEAL",
    "WIN",
]
