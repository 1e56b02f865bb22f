"""MouseChaosGame (game.py): its options, its first position, and a full position made from
one seat's observation with the hidden colours filled in (what the hard player searches)."""

from __future__ import annotations

import pytest

from mousehole.engine import CHANCE, InvalidOptionError
from mousehole.games.mousechaos import MouseChaosGame, MouseChaosState
from mousehole.games.mousechaos.board import COLOURS
from mousehole.games.mousechaos.observer import public_json

from .scenes import midgame


def test_the_first_position_deals_the_first_mother_face_down() -> None:
    state = MouseChaosGame(seats=3).new_initial_state()
    assert state.current_player() == CHANCE
    assert state.to_json()["phase"] == "deal"
    assert [str(a) for a, _ in state.chance_outcomes()] == [
        f"colour:0:{colour}" for colour in COLOURS
    ]


@pytest.mark.parametrize("seats", [1, 5])
def test_two_to_four_seats_play(seats: int) -> None:
    with pytest.raises(InvalidOptionError, match="takes 2 to 4 seats"):
        MouseChaosGame(seats=seats)


def test_the_true_hidden_colours_give_back_the_position() -> None:
    state = midgame(4)
    assert isinstance(state, MouseChaosState)
    game = state.game
    assert isinstance(game, MouseChaosGame)
    seat = state.current_player()
    made = game.state_from_observation(state.observation(seat), state.colours, state.cards)
    # The made position keeps no seat's peeks: the rules never read them, only views do.
    assert made.to_json() == state.to_json() | {"peeks": [[] for _ in range(4)]}


def test_other_hidden_colours_leave_the_public_facts_as_they_were() -> None:
    state = midgame(4)
    assert isinstance(state, MouseChaosState) and isinstance(state.game, MouseChaosGame)
    seat = state.current_player()
    seen = state.observation(seat)
    hidden = [m for m in range(4, 16) if seen["mice"][m]["colour"] is None]
    a = hidden[0]
    b = next(m for m in hidden if state.colours[m] != state.colours[a])
    colours = list(state.colours)
    colours[a], colours[b] = colours[b], colours[a]
    made = state.game.state_from_observation(seen, colours, state.cards)
    assert made.colours != state.colours
    assert public_json(made) == public_json(state)
