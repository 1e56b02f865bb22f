"""Properties over random games (hypothesis picks the seeds, table sizes and players): the 30
tokens are conserved, a paper's strength never grows, a seat's tokens never shrink, and every
game ends with one winner."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mousehole.engine import Match
from mousehole.games.dontcutthecheese import CheeseState
from mousehole.games.dontcutthecheese.bots import BOTS

from .scenes import game

MOVE_BOUND = 20_000
"""Far above any game seen (a few hundred moves): a game that runs past it has not ended."""


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    seats=st.integers(2, 6),
    level=st.sampled_from(["easy", "normal"]),
)
def test_tokens_are_conserved_strength_never_grows_and_the_game_ends(
    seed: int, seats: int, level: str
) -> None:
    match = Match(game(seats), seed=seed)
    players = {s: BOTS[level](seed + s) for s in range(seats)}
    rng = random.Random(seed)
    before: CheeseState | None = None
    for _ in range(MOVE_BOUND):
        state = match.state
        assert isinstance(state, CheeseState)
        for colour in range(3):
            assert state.bag[colour] + sum(t[colour] for t in state.tokens) == 10
        if before is not None:
            if state.round == before.round:
                assert state.strength <= before.strength
                assert state.paper_bites >= before.paper_bites
            else:
                assert state.round == before.round + 1 and state.eaten == 0
            assert all(
                now >= was
                for mine, old in zip(state.tokens, before.tokens, strict=True)
                for now, was in zip(mine, old, strict=True)
            )
        if state.is_terminal():
            assert len(state.winners()) == 1
            return
        before = state
        if state.is_chance_node():
            match.sample_chance()
        elif rng.random() < 0.5:
            match.apply(players[state.current_player()].choose(state))
        else:
            actions = state.legal_actions()
            match.apply(actions[rng.randrange(len(actions))])
    raise AssertionError(f"no end after {MOVE_BOUND} moves")
