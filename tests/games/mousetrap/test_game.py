"""MouseTrapGame (game.py): its options and its first position (docs/games/mousetrap.md,
Setup). Docstrings quote the specification ("spec") or Mousehole's rulings ("ruling")."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

import mousehole
from mousehole import CHANCE, InvalidOptionError
from mousehole.games.mousetrap.game import MouseTrapGame

if TYPE_CHECKING:
    from .conftest import Table


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_new_game_puts_every_mouse_on_start_with_no_cheese_and_an_empty_machine(
    table: Table, seats: int
) -> None:
    """spec: "Two to four mice begin together at Start, with no cheese. There are 52 cheese
    pieces in the shared supply and 23 components to assemble.\""""
    state = mousehole.load_game("mousetrap", seats=seats, start_seat=seats - 1).new_initial_state()

    assert table.summary(state) == table.expect(
        at=[0] * seats,
        cheese=[0] * seats,
        supply=52,
        components=0,
        current=seats - 1,
        phase="roll",
    )
    assert state.current_player() == seats - 1
    assert table.texts(state.legal_actions()) == ["roll"]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_random_starting_seat_is_a_chance_node_with_every_seat_equally_likely(
    table: Table, seats: int
) -> None:
    """ruling: "Starting seat: chosen at setup, or random (then it is a chance outcome in the
    record).\""""
    state = mousehole.load_game("mousetrap", seats=seats, start_seat=None).new_initial_state()

    assert state.current_player() == CHANCE
    assert list(state.legal_actions()) == []
    outcomes = state.chance_outcomes()
    assert [(a.to_text(), p) for a, p in outcomes] == [
        (f"start:{s}", pytest.approx(1 / seats)) for s in range(seats)
    ]
    after = table.play(state, f"start:{seats - 1}")
    assert after.current_player() == seats - 1
    assert table.summary(after)["phase"] == "roll"


@pytest.mark.parametrize("seats", [1, 5])
def test_mouse_trap_takes_two_to_four_seats(seats: int) -> None:
    """ruling: "Seats: 2 to 4 in total\"."""
    with pytest.raises(InvalidOptionError, match="seats"):
        mousehole.load_game("mousetrap", seats=seats)


def test_a_starting_seat_outside_the_table_is_refused() -> None:
    """ruling: "Starting seat: chosen at setup" (it must be one of the seats)."""
    with pytest.raises(InvalidOptionError, match="start_seat"):
        mousehole.load_game("mousetrap", seats=3, start_seat=3)


def test_the_game_names_itself_and_reads_back_its_actions() -> None:
    game = MouseTrapGame(seats=3, start_seat=1)
    assert (game.name, game.title) == ("mousetrap", "Mouse Trap")
    assert repr(game) == "load_game('mousetrap', seats=3, start_seat=1)"
    for text in ("roll", "die:4", "crank", "end", "spend:2", "start:0"):
        action = game.action_from_text(text)
        assert action.to_text() == text
        assert game.action_from_json(action.to_json()) == action
