"""The registry (mousehole.games): games by name with their rules options, the manifests it
lists, and what a manifest refuses (architecture habit 13)."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

import mousehole
from mousehole.bots import RandomBot
from mousehole.engine import SeatedGame, State
from mousehole.games import (
    BOTS,
    GAMES,
    MANIFESTS,
    REGISTRY,
    Conformance,
    GameManifest,
    make_bot,
    manifest,
)
from tests.engine.coin_game import CoinGame

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


# -- the manifests ----------------------------------------------------------------------------


def _sound(before: State | None, state: State) -> list[str]:
    return []


def _coin(**fields: Any) -> GameManifest:
    """Return a manifest of the hidden-coin test game, with `fields` changed."""
    base: dict[str, Any] = {
        "game": CoinGame,
        "blurb": "Guess the other seat's coin.",
        "bots": {"random": RandomBot},
        "conformance": Conformance(_sound),
    }
    return GameManifest(**(base | fields))


def test_the_registry_holds_each_manifest_under_its_games_name_in_catalogue_order() -> None:
    assert list(REGISTRY) == [m.name for m in MANIFESTS]
    assert all(REGISTRY[m.name] is m for m in MANIFESTS)
    assert len(set(REGISTRY)) == len(MANIFESTS), "two manifests share a name"


@pytest.mark.parametrize("entry", MANIFESTS, ids=lambda m: m.name)
def test_a_manifest_reads_its_name_title_and_seats_from_its_game_class(
    entry: GameManifest,
) -> None:
    cls = entry.game
    assert (entry.name, entry.title) == (cls.name, cls.title)
    assert (entry.min_seats, entry.max_seats) == (cls.min_seats, cls.max_seats)
    assert 1 <= entry.min_seats <= entry.max_seats
    assert entry.levels == list(entry.bots) and entry.levels
    assert entry.blurb.strip(), "the home card needs words"


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


@pytest.mark.parametrize("entry", [m for m in MANIFESTS if m.page], ids=lambda m: m.name)
def test_a_manifests_page_folder_holds_every_page_it_declares(entry: GameManifest) -> None:
    assert entry.page is not None
    folder = entry.page.directory
    assert (folder / "play.html").is_file()
    for route, label in entry.page.extras:
        assert (folder / f"{route}.html").is_file(), f"{route}: {label} has no page"


def test_a_manifest_without_a_computer_level_is_refused_naming_the_game() -> None:
    with pytest.raises(ValueError, match="coin: a game needs at least one computer level"):
        _coin(bots={})


def test_a_negative_absent_autoplay_is_refused_naming_the_game() -> None:
    with pytest.raises(ValueError, match="coin: absent_autoplay must be >= 0 seconds"):
        _coin(absent_autoplay=-1.0)
    assert _coin(absent_autoplay=0.0).absent_autoplay == 0.0


def test_a_decision_time_target_must_be_positive() -> None:
    with pytest.raises(ValueError, match="coin: decision_ms must be > 0 milliseconds"):
        _coin(decision_ms=0.0)
    assert _coin().decision_ms == 100.0


def test_a_manifest_cannot_be_changed_once_made() -> None:
    coin = _coin()
    with pytest.raises(dataclasses.FrozenInstanceError):
        coin.blurb = "changed"  # type: ignore[misc]


@pytest.mark.parametrize("name", ["ludo", "", None, [MANIFESTS[0].name]])
def test_asking_for_the_manifest_of_no_game_names_the_known_ones(name: Any) -> None:
    with pytest.raises(mousehole.UnknownGameError, match=KNOWN):
        manifest(name)


def test_games_and_bots_follow_a_manifest_registered_later(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    coin = _coin()
    assert "coin" not in GAMES and "coin" not in BOTS

    monkeypatch.setitem(REGISTRY, "coin", coin)

    assert GAMES["coin"] is CoinGame and list(BOTS["coin"]) == ["random"]
    assert manifest("coin") is coin and len(GAMES) == len(MANIFESTS) + 1
    assert isinstance(make_bot("coin", "random", 3), RandomBot)
    assert mousehole.load_game("coin").name == "coin"
