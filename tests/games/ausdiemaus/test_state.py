"""AusDieMausState (state.py) as a value: the lazy deal's chance nodes weighted by the cards
nobody has seen, stacks of unseen and won cards, and `apply` leaving its state unchanged
(docs/games/ausdiemaus.md, The lazy deal)."""

from __future__ import annotations

import pytest

from mousehole.engine import CHANCE, IllegalActionError
from mousehole.games.ausdiemaus.cards import CHEESE, MOUSE1
from mousehole.games.ausdiemaus.state import TURN, card_outcomes

from .scenes import play, position


def test_card_outcomes_are_each_kinds_share_of_the_unseen_cards() -> None:
    outcomes = card_outcomes((6, 0, 2, 1, 1))
    assert [(a.to_text(), p) for a, p in outcomes] == [
        ("card:cheese", 0.6),
        ("card:mouse1", 0.2),
        ("card:mouse2", 0.1),
        ("card:mouse3", 0.1),
    ]


def test_turning_an_unseen_card_is_a_chance_node_over_the_cards_nobody_has_seen() -> None:
    state = position(3, pile=("cheese",))
    turned = play(state, "turn")
    assert turned.current_player() == CHANCE
    assert turned.legal_actions() == ()
    # The pile's cheese is seen: one fewer cheese than the red-back half's 29 remains unseen.
    assert turned.pool == (28, 7, 3, 3, 3)
    assert turned.chance_outcomes() == card_outcomes(turned.pool)


def test_turning_a_won_card_needs_no_chance_and_takes_the_oldest_first() -> None:
    """ruling: won cards go under the stack and are turned in placement order, oldest first."""
    # Seat 0 won a pile that a one-paw mouse escaped with (mouse1, then one cheese).
    state = position(3, unseen=[0, 10, None], won={0: ["mouse1", "cheese"]}, pile=("cheese",))
    assert state.stacks[0] == 2
    after = play(state, "turn")
    assert after.current_player() == 1  # the mouse calls seat 1 to chase: no chance node
    assert after.pile == (CHEESE, MOUSE1)
    assert after.won[0] == (CHEESE,)
    assert after.stacks[0] == 1


def test_apply_returns_a_new_state_and_leaves_the_old_one_as_it_was() -> None:
    state = position(3)
    before = state.key()
    after = play(state, "turn", "card:cheese")
    assert state.key() == before
    assert after.key() != before
    assert after.turns == state.turns + 1 and after.turn == after.turns


def test_the_only_player_action_is_turn() -> None:
    state = position(3)
    assert state.phase == TURN and list(state.legal_actions()) == [
        state.game.action_from_text("turn")
    ]
    with pytest.raises(IllegalActionError, match="seat 0 cannot card:cat"):
        play(state, "card:cat")
