"""The hard computer player's search is made cheaper without changing a choice
(docs/games/mousechaos.md, "Speed"): `Position.best_piece` searches a piece only when its
bound beats the best found and keeps its answers for the decision. Its answer is checked
against the plain search over every piece's ends, and whole seeded games of hard players
against the digests of the choices hard made before that work."""

from __future__ import annotations

import hashlib
import random

import pytest

import mousehole
from mousehole.engine import CHANCE, TERMINAL, Match
from mousehole.games import make_bot
from mousehole.games.mousechaos import ends as E
from mousehole.games.mousechaos import moves as M
from mousehole.games.mousechaos.belief import Belief
from mousehole.games.mousechaos.board import TABLE
from mousehole.games.mousechaos.bots import CAP
from mousehole.games.mousechaos.worth import Position, Values
from tests.samples import sample


def plain_best_piece(position: Position, n: int, values: Values, held: tuple[int, ...]) -> float:
    """Return the best gain of a mouse or cat move of exactly n, every end of every piece
    weighed (what `best_piece` must equal)."""
    best = 0.0
    for m in position.movable(held):
        for to in E.ends(M.MOUSE, m, n, position.mice, held, position.cats, position.chairs):
            best = max(best, values.gain(m, to))
    for c in range(4):
        at = position.cats[c]
        for to in E.ends(M.CAT, c, n, position.mice, held, position.cats, position.chairs):
            cats = (*position.cats[:c], to, *position.cats[c + 1 :])
            gain = values.cat_gain(to, position.chairs) + values.frees(c, to)
            best = max(best, gain + values.opened(cats=cats, touched=(at, to)))
    return best


GAMES = sample(((4, 3),), ((4, 3), (2, 1), (3, 2), (4, 7)))
"""The hard games (seats, seed) whose every decision `best_piece` is checked in: one under
`make test` (about 20 s of CPU), four under `make soak`."""


def test_best_piece_is_the_plain_search_in_many_games() -> None:
    """At every decision of hard games (`GAMES`), for every number and for the holders as
    they stand and with each holder lifted or moved to a random floor square."""
    rng = random.Random(5)
    checked = 0
    for seats, seed in GAMES:
        game = mousehole.load_game("mousechaos", seats=seats)
        match = Match(game, seed=seed)
        players = {s: make_bot("mousechaos", "hard", seed * seats + s) for s in range(seats)}
        state = match.state
        while state.current_player() != TERMINAL:
            seat = state.current_player()
            if seat == CHANCE:
                match.sample_chance()
                state = match.state
                continue
            seen = state.observation(seat)
            position = Position(seen)
            belief = Belief.from_observation(seen)
            samples = [belief.sample(rng) for _ in range(24)]
            cap = CAP * rng.choice((0.0, 0.5, 1.0))
            values = Values(position, seat, belief.owners(samples), cap, clogged=True)
            floor = [at for at in position.mice if at != TABLE]
            for n in range(1, 7):
                helds = [position.holders]
                for h in range(len(position.holders)):
                    for to in (TABLE, rng.choice(floor)):
                        helds.append((*position.holders[:h], to, *position.holders[h + 1 :]))
                for held in helds:
                    want = plain_best_piece(position, n, values, held)
                    assert position.best_piece(n, values, held) == want, (seed, n, held)
                    checked += 1
            match.apply(players[seat].choose(state))
            state = match.state
    assert checked > 2_500 * len(GAMES)


def test_best_piece_refuses_another_positions_values() -> None:
    """Its bounds and kept answers are the values' position's: any other is refused."""
    match = Match(mousehole.load_game("mousechaos", seats=2), seed=0)
    match.resolve_chance()
    seen = match.state.observation(match.state.current_player())
    values = Values(Position(seen), 0, [[0.5, 0.5, 0.0, 0.0, 0.0]] * 16)
    with pytest.raises(ValueError, match="Values of this position"):
        Position(seen).best_piece(3, values)
    assert values.position.best_piece(3, values) >= 0.0


def choices_digest(seats: int, seed: int) -> tuple[int, str]:
    """Return how many choices hard players made in the seeded game, every seat hard, and
    the first 16 hex digits of the SHA-256 of their texts (each followed by ";")."""
    game = mousehole.load_game("mousechaos", seats=seats)
    match = Match(game, seed=seed)
    players = {s: make_bot("mousechaos", "hard", seed * seats + s) for s in range(seats)}
    digest = hashlib.sha256()
    made = 0
    state = match.state
    while state.current_player() != TERMINAL and made < 400:
        if state.current_player() == CHANCE:
            match.sample_chance()
        else:
            action = players[state.current_player()].choose(state)
            digest.update(action.to_text().encode() + b";")
            match.apply(action)
            made += 1
        state = match.state
    return made, digest.hexdigest()[:16]


@pytest.mark.parametrize(
    ("seats", "seed", "made", "digest"),
    [
        (4, 0, 86, "eec9e67e29c9b318"),
        (4, 1, 57, "283fed4cfe47a03c"),
        (2, 0, 60, "9859de71bd98a8a9"),
        (2, 6, 85, "2a7a6b3492e164c7"),
    ],
)
def test_hard_chooses_as_before(seats: int, seed: int, made: int, digest: str) -> None:
    """Whole games of hard players (seat s of game `seed` seeded seed * seats + s, as
    `benchmarks.bots.decision_time` seeds them) make the choices they made before the
    search was made cheaper: the digests were taken on that code, the 2-seat game of seed 6
    again once hard saw a nest of its own left stuck (bots.py, `_stuck`), which changed its
    choices there."""
    assert choices_digest(seats, seed) == (made, digest)
