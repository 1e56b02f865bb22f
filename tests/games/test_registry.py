"""The registry (mousehole.games): games by name with their rules options, the manifests it
lists and the players it makes (architecture habit 13; the manifests themselves:
tests/games/test_manifest.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest

import mousehole
from mousehole.bots import RandomBot
from mousehole.engine import SeatedGame
from mousehole.games import (
    BOTS,
    GAMES,
    MANIFESTS,
    REGISTRY,
    GameManifest,
    make_bot,
    manifest,
)
from tests.engine.coin_game import CoinGame
from tests.games.test_manifest import coin_manifest

SEATED = [m for m in MANIFESTS if issubclass(m.game, SeatedGame)]
KNOWN = "known: " + ", ".join(sorted(REGISTRY))


@pytest.mark.parametrize("entry", SEATED, ids=lambda m: m.name)
def test_load_game_passes_rules_options_and_repr_shows_how_to_recreate_it(
    entry: GameManifest,
) -> None:
    seats = entry.max_seats
    game = mousehole.load_game(entry.name, seats=seats, start_seat=seats - 1)
    assert game.seat_count == seats
    assert game.options() == {"seats": seats, "start_seat": seats - 1}
    assert repr(game) == f"load_game('{entry.name}', seats={seats}, start_seat={seats - 1})"


@pytest.mark.parametrize("entry", SEATED, ids=lambda m: m.name)
@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"seats": 99}, "seats: {title} takes {low} to {high} seats, not 99"),
        ({"seats": True}, "seats: expected a whole number"),
        ({"seats": 2, "start_seat": 2}, "start_seat: expected a seat 0..1"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_a_bad_rules_option_is_refused_with_its_name(
    entry: GameManifest, options: dict[str, object], message: str
) -> None:
    words = message.format(title=entry.title, low=entry.min_seats, high=entry.max_seats)
    with pytest.raises(mousehole.InvalidOptionError, match=re.escape(words)):
        mousehole.load_game(entry.name, **options)


def test_an_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(mousehole.UnknownGameError, match=KNOWN):
        mousehole.load_game("ludo")


@pytest.mark.parametrize("entry", MANIFESTS, ids=lambda m: m.name)
def test_an_unknown_bot_level_names_the_levels(entry: GameManifest) -> None:
    with pytest.raises(ValueError, match="choose " + ", ".join(entry.levels)):
        make_bot(entry.name, "grandmaster")
    with pytest.raises(mousehole.UnknownGameError):
        make_bot("ludo", "easy")


def test_the_registry_holds_each_manifest_under_its_games_name_in_catalogue_order() -> None:
    assert list(REGISTRY) == [m.name for m in MANIFESTS]
    assert all(REGISTRY[m.name] is m for m in MANIFESTS)
    assert len(set(REGISTRY)) == len(MANIFESTS), "two manifests share a name"


@pytest.mark.parametrize("entry", MANIFESTS, ids=lambda m: m.name)
def test_every_level_of_a_manifest_makes_a_fresh_player_that_chooses_a_legal_action(
    entry: GameManifest,
) -> None:
    game = mousehole.load_game(entry.name, seats=entry.min_seats)
    state = game.new_initial_state()
    while state.current_player() < 0 and not state.is_terminal():  # past the opening chance
        state = state.apply(state.chance_outcomes()[0][0])
    for level in entry.levels:
        first, second = make_bot(entry.name, level, 1), make_bot(entry.name, level, 1)
        assert callable(first.choose) and first is not second
        assert first.choose(state) in state.legal_actions()


@pytest.mark.parametrize("name", ["ludo", "", None, [MANIFESTS[0].name]])
def test_asking_for_the_manifest_of_no_game_names_the_known_ones(name: Any) -> None:
    with pytest.raises(mousehole.UnknownGameError, match=KNOWN):
        manifest(name)


def test_games_and_bots_follow_a_manifest_registered_later(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    coin = coin_manifest()
    assert "coin" not in GAMES and "coin" not in BOTS

    monkeypatch.setitem(REGISTRY, "coin", coin)

    assert GAMES["coin"] is CoinGame and list(BOTS["coin"]) == ["random"]
    assert manifest("coin") is coin and len(GAMES) == len(MANIFESTS) + 1
    assert isinstance(make_bot("coin", "random", 3), RandomBot)
    assert mousehole.load_game("coin").name == "coin"
