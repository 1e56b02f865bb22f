"""Aus die Maus! properties over random games (hypothesis picks the seeds and table sizes).

With the lazy deal the cards are accounted for as: unseen counts (dealt, never seen) + the pile
+ the won queues = the deck, and the unseen pool by kind is the deck minus what the pile and
the won queues show. Chips given plus chips left are always the chips in play.
"""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mousehole.engine import CHANCE, TERMINAL, Match
from mousehole.games.ausdiemaus import AusDieMausState

from .scenes import game_for


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seats=st.integers(2, 6))
def test_cards_and_chips_are_conserved_in_every_position(seed: int, seats: int) -> None:
    game = game_for(seats)
    deck = game.deck
    match = Match(game, seed=seed)
    dealt = False
    while True:
        state = match.state
        assert isinstance(state, AusDieMausState)
        won = [card for queue in state.won for card in queue]
        shown = [(state.pile + tuple(won)).count(kind) for kind in range(5)]
        if dealt:
            assert sum(state.unseen) + len(state.pile) + len(won) == deck.size
            assert sum(state.pool) == sum(state.unseen)
        assert all(p + s == c for p, s, c in zip(state.pool, shown, deck.counts, strict=True))
        assert sum(state.chips) + state.chips_left == deck.chips
        assert list(state.stacks) == state.observation(None)["stacks"]
        if state.current_player() == TERMINAL:
            break
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            match.sample_chance()
        else:
            match.apply(state.legal_actions()[0])
        dealt = dealt or (match.state.to_json()["phase"] != "start")
    assert state.ending in ("last_chip", "run_out", "safety")
    if state.ending == "last_chip":
        assert state.chips_left == 0 and state.pile == ()
    assert state.winners()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seats=st.integers(2, 6))
def test_a_card_turned_from_the_won_queue_is_the_oldest_won_card(seed: int, seats: int) -> None:
    """ruling: won cards are never reshuffled: a seat with no unseen card turns its queue's
    first card, without a chance node."""
    rng = random.Random(seed)
    game = game_for(seats)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state = state.apply(outcomes[rng.randrange(len(outcomes))][0])
            continue
        seat = state.current_player()
        after = state.apply(state.legal_actions()[0])
        if not state.unseen[seat]:
            assert after.events[0] == {
                "type": "flip", "seat": seat, "card": ("cheese", "cat", "mouse1", "mouse2",
                                                       "mouse3")[state.won[seat][0]],
            }  # fmt: skip
        else:
            assert after.is_chance_node() and not after.events
        state = after
