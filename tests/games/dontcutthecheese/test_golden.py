"""Golden records: fixed-seed games between the three computer levels, fingerprinted.

Why: the rules, the strength computation and the bots are all tuned for speed (bit masks,
caches, a pruned search), and any such change must leave the games exactly as they were. The
same seeds must keep producing byte-identical records; a deliberate change of the rules or of a
level's play alters them, and then the new digests are recomputed and the commit says why.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from mousehole.engine import Match
from mousehole.games.dontcutthecheese.bots import BOTS

from .scenes import CheeseGame

GOLDEN = [
    (2, 1, ("hard", "normal"), 441, "d7981e630786f1b2"),
    (4, 2, ("easy", "normal", "hard", "hard"), 89, "23f77eb57d35f23a"),
    (6, 3, ("hard", "easy", "normal", "hard", "easy", "normal"), 57, "00aed8b0ce8e02b8"),
]


@pytest.mark.parametrize(("seats", "seed", "levels", "moves", "digest"), GOLDEN)
def test_a_fixed_seed_game_gives_the_same_record_as_ever(
    seats: int, seed: int, levels: tuple[str, ...], moves: int, digest: str
) -> None:
    match = Match(CheeseGame(seats=seats), seed=seed)
    players = {s: BOTS[level](seed * 10 + s) for s, level in enumerate(levels)}
    match.play_out(players)
    record = json.dumps(match.record.to_json(), sort_keys=True).encode()
    assert (len(match.record.moves), hashlib.sha256(record).hexdigest()[:16]) == (moves, digest)
