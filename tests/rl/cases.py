"""The games the environment tests run over: every registered game with an encoding, at its
fewest and its most seats."""

from __future__ import annotations

from mousehole.games import MANIFESTS

ENCODED = [m for m in MANIFESTS if m.encoding is not None]
CASES = [(m.name, n) for m in ENCODED for n in sorted({m.min_seats, m.max_seats})]
IDS = [f"{name}-{seats}" for name, seats in CASES]
