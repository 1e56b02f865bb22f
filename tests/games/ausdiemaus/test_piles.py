"""Aus die Maus! positions play cannot reach are refused; every position play reaches is read.

Each refusal is a table that contradicts a rule line: the tests build it through
`state_from_json` (scenes.position) and check the field it names. The reachable look-alike of
each is accepted next to it, and the property test at the end reads back every position of
hundreds of random games, so the checks never refuse what play can make (piles.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mousehole
from mousehole.engine import Match
from mousehole.games.ausdiemaus import AusDieMausState

from .scenes import game_for, kinds, play, position


def refused(field: str, message: str, **scene: Any) -> None:
    """Check that `position(**scene)` is refused naming `field`, with `message` in the why."""
    with pytest.raises(mousehole.InvalidStateError) as error:
        position(**scene)
    assert error.value.field == field, str(error.value)
    assert message in str(error.value)


CHASE_2 = {"mouse_owner": 0, "chaser": 1, "paws": 2, "attempts_left": 2}
"""Seat 0's mouse with two paws is chased by seat 1, who has both tries left."""

# -- a mouse outside a chase ---------------------------------------------------------------


def test_a_mouse_a_player_turned_cannot_lie_on_the_pile_outside_a_chase() -> None:
    """rulebook ("Mouse"): the player to the clockwise side "must turn over 1 to 3 cards" at
    once, so a player's mouse on the pile in phase "turn" skipped a chase (issue 13, item 6)."""
    data = {
        "seats": 3, "phase": "turn", "current": 2, "unseen": [15, 14, 14],
        "pile": ["cheese", "mouse2"],
    }  # fmt: skip
    with pytest.raises(mousehole.InvalidStateError) as error:
        game_for(3).state_from_json(data)
    assert error.value.field == "pile[1]"
    assert "starts a chase at once" in str(error.value)
    chased = {**data, "phase": "chase", "current": 0, "turns": 1}
    chased["chase"] = {"mouse_owner": 2, "chaser": 0, "paws": 2, "attempts_left": 2}
    assert game_for(3).state_from_json(chased).chase == (2, 0, 2, 2)


def test_a_mouse_followed_by_cheese_cannot_lie_on_a_normal_turns_pile() -> None:
    """The mouse1 was chased once with a cheese: it escaped and the pile went to its owner."""
    refused("pile[1]", "starts a chase at once", pile=["cheese", "mouse1", "cheese", "cheese"])
    refused("pile[3]", "starts a chase at once", pile=["cheese", "cat", "cheese", "mouse3"])


def test_the_undealt_mouse_may_lie_under_a_normal_turns_pile_until_a_pile_is_won() -> None:
    """ruling: the undealt first card "is inert even if it is a mouse (nobody placed it)"; it
    leaves the table with the first pile won, so after that a mouse at the bottom of the pile
    outside a chase is a player's, which would have started a chase."""
    state = position(3, current=2, pile=["mouse2", "cheese"])
    assert state.chase is None and kinds(play(state, "turn", "card:cheese").events) == ["flip"]
    refused(
        "pile[0]", "seat 0 holds won cards, so a pile was won",
        pile=["mouse2", "cheese"], won={0: ["mouse1", "cheese"]},
    )  # fmt: skip
    refused(
        "pile[0]", "seat 1 has a chip, so a pile was won",
        pile=["mouse2", "cheese"], chips=[0, 1, 0], won={1: ["mouse3", "cat"]},
    )  # fmt: skip


# -- a chase --------------------------------------------------------------------------------


def test_a_chase_pile_cannot_hold_a_mouse_that_already_escaped() -> None:
    """rulebook ("Only cheese"): as many cheese as the paws give the pile to the mouse's owner,
    so a mouse1 followed by a cheese cannot be passed on by a later mouse."""
    refused(
        "pile[2]", "the mouse1 at pile[1] has 1 paw and this is cheese number 1",
        phase="chase", current=1, pile=["cheese", "mouse1", "cheese", "mouse2"], chase=CHASE_2,
    )  # fmt: skip
    refused(
        "pile[3]", "the mouse2 at pile[1] has 2 paws and this is cheese number 2",
        phase="chase", current=1, pile=["cat", "mouse2", "cheese", "cheese", "cheese", "mouse2"],
        chase=CHASE_2, won={2: ["mouse1", "cheese"]},
    )  # fmt: skip


def test_a_chase_pile_cannot_hold_a_mouse_that_was_caught() -> None:
    """rulebook ("Catch with a cat"): a cat after a chased mouse wins the pile at once."""
    refused(
        "pile[2]", "this cat catches the mouse3 at pile[1]",
        phase="chase", current=1, pile=["cheese", "mouse3", "cat", "mouse2"], chase=CHASE_2,
    )  # fmt: skip


def test_a_chain_of_mice_each_within_its_paws_is_a_chase_play_reaches() -> None:
    """rulebook ("Another mouse"): each mouse turned within the paws passes the chase on."""
    pile = ["cheese", "mouse3", "cheese", "cheese", "mouse1", "mouse2"]
    state = position(3, phase="chase", current=1, pile=pile, chase=CHASE_2)
    assert play(state, "turn", "card:cat").events[1]["cards"] == 7


def test_the_undealt_mouse_under_a_chase_is_inert_until_a_pile_is_won() -> None:
    """The undealt mouse1 is not chased: seat 0's mouse2 after a cheese is. Once a pile is won
    the undealt card is gone, so the mouse1 at the bottom was a player's and escaped."""
    pile = ["mouse1", "cheese", "mouse2"]
    state = position(3, phase="chase", current=1, pile=pile, chase=CHASE_2)
    assert state.chase == (0, 1, 2, 2)
    escaped = {2: ["mouse3", "cheese", "cheese", "cheese"]}
    refused(
        "pile[1]", "the mouse1 at pile[0] has 1 paw",
        phase="chase", current=1, pile=pile, chase=CHASE_2, won=escaped,
    )  # fmt: skip
    won = {0: ["mouse1", "cheese"]}
    restart = position(3, phase="chase", current=1, pile=["mouse2"], chase=CHASE_2, won=won)
    assert restart.pile == (3,), "a mouse that restarts the pile is chased at once"


# -- won cards and chips ---------------------------------------------------------------------


def test_won_cards_end_like_a_pile_that_was_won() -> None:
    """ruling: won cards go under the winner's stack in placement order, oldest first; a pile
    is won by a cat catching the chased mouse or by as many cheese as its paws."""
    refused("won[0]", "none was turned yet", won={0: ["cheese"]})
    refused("won[1]", "do not end a pile", won={1: ["cat", "cheese"]}, unseen=[10, 0, None])
    refused("won[1]", "do not end a pile", won={1: ["mouse3", "cheese"]}, unseen=[10, 0, None])
    tail = position(won={1: ["cheese"]}, unseen=[10, 0, None])  # the rest of an escaped pile
    assert tail.won[1] == (0,)


def test_a_seat_with_unseen_cards_holds_every_pile_it_caught() -> None:
    """Won cards lie under the unseen ones, so a seat with unseen cards has turned none of
    them: each chip it has is a pile it caught (ending with a cat) in its won cards."""
    refused("won[0]", "seat 0 has 1 chip but these piles hold 0", chips=[1, 0, 0])
    refused(
        "won[0]", "seat 0 has 0 chips but these piles hold 1",
        won={0: ["cheese", "mouse1", "cat"]},
    )  # fmt: skip
    state = position(chips=[1, 0, 0], won={0: ["cheese", "mouse1", "cat"]})
    assert state.chips == (1, 0, 0)


def test_won_cards_cannot_show_more_catches_than_chips() -> None:
    """A seat that turned some won cards may hold fewer caught piles than chips, never more."""
    refused(
        "won[1]", "hold 2 caught with a cat, but seat 1 has only 1 chip",
        chips=[0, 1, 0], won={1: ["cheese", "mouse1", "cat", "mouse2", "cat"]},
        unseen=[10, 0, None],
    )  # fmt: skip
    position(chips=[0, 2, 0], won={1: ["cat"]}, unseen=[10, 0, None])


def test_a_restart_needs_the_pile_its_seat_just_won() -> None:
    refused("current", "restarts the pile it just won", phase="restart", current=1, pile=[])


# -- turns and the end -----------------------------------------------------------------------


def test_every_card_on_the_table_but_the_undealt_one_was_a_turn() -> None:
    refused(
        "turns", "0 turns cannot have put 4 cards",
        pile=["cheese", "cat"], won={1: ["mouse1", "cheese"]}, turns=0,
    )  # fmt: skip
    assert position(pile=["cheese", "cat"], won={1: ["mouse1", "cheese"]}).turns == 3


def over(**scene: Any) -> dict[str, Any]:
    """Return the keywords of a finished 3-seat scene with `scene` applied."""
    return {"phase": "over", "current": None, "chips_left": 5, **scene}


def test_the_end_leaves_the_table_the_way_it_ended() -> None:
    """ruling: the last chip's catcher takes the final pile; a run-out happens when a seat
    must turn a card and has none, and leaves the pile on the table; a safety stop is 10,000
    turns or a restart seen before (so, before 10,000 turns, there is no pile yet)."""
    caught = {0: ["mouse1", "cat"] * 2, 1: ["mouse2", "cat"] * 2, 2: ["mouse3", "cat"]}
    last = {"won": caught, "chips": [2, 2, 1], "chips_left": 0}
    position(**over(ending="last_chip", pile=[], **last))
    refused("pile", "took the final pile", **over(ending="last_chip", **last))
    refused("ending", "every chip is given", **over(ending="run_out", **last))
    out = [5, 0, None]  # seat 1 has no card left
    position(**over(ending="run_out", unseen=out))
    refused("pile", "a run-out leaves the pile", **over(ending="run_out", pile=[], unseen=out))
    refused("ending", "needs a seat with no card left", **over(ending="run_out"))
    position(**over(ending="safety", pile=[], won={0: ["mouse1", "cheese"]}))
    position(**over(ending="safety", turns=10_000))
    refused("ending", "a repeated restart", **over(ending="safety"))
    refused("turns", "10000 turns end the game", **over(ending="safety", turns=10_001))
    chased = ["cheese", "mouse1", "cat"]
    refused("pile[2]", "this cat catches", **over(ending="run_out", unseen=out, pile=chased))


# -- every position play reaches --------------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seats=st.integers(2, 6))
def test_every_position_of_a_random_game_is_accepted_back_from_its_json(
    seed: int, seats: int
) -> None:
    """The validator never refuses a position play reaches: each state of a random game (the
    match runner samples every card) is read back from its JSON as the same state."""
    game = game_for(seats)
    match = Match(game, seed=seed)
    while True:
        state = match.state
        assert isinstance(state, AusDieMausState)
        again = game.state_from_json(state.to_json())
        assert again == state and again.pool == state.pool
        if state.is_terminal():
            break
        if state.is_chance_node():
            match.sample_chance()
        else:
            match.apply(state.legal_actions()[0])
