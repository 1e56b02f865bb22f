"""GameManifest (mousehole.games.manifest): what a game declares to the platform, what it
reads from the game class, what it refuses, and the levels and targets it derives
(architecture habit 13)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from mousehole.bots import ISMCTS, RandomBot
from mousehole.engine import State
from mousehole.games import MANIFESTS, Conformance, GameManifest
from mousehole.games.manifest import (
    EXPERT_DECISION_MS,
    Expert,
    Page,
    always_a_winner,
    page_directory,
)
from tests.engine.coin_game import CoinGame


def _sound(before: State | None, state: State) -> list[str]:
    return []


def coin_manifest(**fields: Any) -> GameManifest:
    """Return a manifest of the hidden-coin test game, with `fields` changed (also used by
    tests/games/test_registry.py)."""
    base: dict[str, Any] = {
        "game": CoinGame,
        "blurb": "Guess the other seat's coin.",
        "bots": {"random": RandomBot},
        "conformance": Conformance(_sound),
    }
    return GameManifest(**(base | fields))


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


@pytest.mark.parametrize("entry", [m for m in MANIFESTS if m.page], ids=lambda m: m.name)
def test_a_manifests_page_folder_holds_every_page_it_declares(entry: GameManifest) -> None:
    assert entry.page is not None
    folder = entry.page.directory
    assert (folder / "play.html").is_file()
    for route, label in entry.page.extras:
        assert (folder / f"{route}.html").is_file(), f"{route}: {label} has no page"


def test_a_manifest_without_a_computer_level_is_refused_naming_the_game() -> None:
    with pytest.raises(ValueError, match="coin: a game needs at least one computer level"):
        coin_manifest(bots={})


def test_a_negative_absent_autoplay_is_refused_naming_the_game() -> None:
    with pytest.raises(ValueError, match="coin: absent_autoplay must be >= 0 seconds"):
        coin_manifest(absent_autoplay=-1.0)
    assert coin_manifest(absent_autoplay=0.0).absent_autoplay == 0.0


def test_a_decision_time_target_must_be_positive() -> None:
    with pytest.raises(ValueError, match="coin: decision_ms must be > 0 milliseconds"):
        coin_manifest(decision_ms=0.0)
    assert coin_manifest().decision_ms == 100.0


def test_a_manifest_cannot_be_changed_once_made() -> None:
    coin = coin_manifest()
    with pytest.raises(dataclasses.FrozenInstanceError):
        coin.blurb = "changed"  # type: ignore[misc]


def _sampler(*args: Any) -> State:
    raise AssertionError("no search runs in these tests")


def test_an_expert_adds_its_level_last_with_its_own_decision_target() -> None:
    coin = coin_manifest(expert=Expert(_sampler), decision_ms=50.0)
    assert coin.levels == ["random", "expert"]
    assert coin.decision_target_ms == {"random": 50.0, "expert": EXPERT_DECISION_MS}
    assert isinstance(coin.bots["expert"](1), ISMCTS)


def test_a_manifest_without_an_expert_keeps_its_levels_and_one_target() -> None:
    coin = coin_manifest()
    assert coin.levels == ["random"]
    assert coin.decision_target_ms == {"random": 100.0}
    assert coin.encoding is None and coin.bare_loop is None and coin.page is None


def test_the_conformance_defaults_are_a_game_without_secrets_that_always_has_a_winner() -> None:
    hooks = Conformance(_sound)
    state = CoinGame().new_initial_state()
    assert hooks.secrets(state) == [] and hooks.secret_keys == frozenset()
    assert hooks.nobody_won is always_a_winner and not hooks.nobody_won(state)


def test_a_page_lives_in_the_web_folder_of_the_package_it_names() -> None:
    page = Page("somegame", extras=(("playground", "Playground"),))
    assert page.directory == page_directory("somegame")
    assert page.directory.parts[-3:] == ("games", "somegame", "web")
