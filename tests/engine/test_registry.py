"""The registry: games by name with their rules options."""

from __future__ import annotations

import pytest

import mousehole
from mousehole.games import make_bot


def test_load_game_passes_rules_options_and_repr_shows_how_to_recreate_it() -> None:
    game = mousehole.load_game("mousetrap", seats=3, start_seat=2)
    assert game.seat_count == 3 and game.options() == {"seats": 3, "start_seat": 2}
    assert repr(game) == "load_game('mousetrap', seats=3, start_seat=2)"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"seats": 5}, "seats: Mouse Trap takes 2 to 4 seats, not 5"),
        ({"seats": True}, "seats: expected a whole number"),
        ({"seats": 2, "start_seat": 2}, "start_seat: expected a seat 0..1"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_a_bad_rules_option_is_refused_with_its_name(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(mousehole.InvalidOptionError, match=message):
        mousehole.load_game("mousetrap", **options)


def test_an_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(mousehole.UnknownGameError, match="known: ausdiemaus, mousetrap"):
        mousehole.load_game("ludo")


def test_an_unknown_bot_level_names_the_levels() -> None:
    with pytest.raises(ValueError, match="choose easy, normal, hard"):
        make_bot("mousetrap", "expert")
    with pytest.raises(mousehole.UnknownGameError):
        make_bot("ludo", "easy")
