"""The catalogue (server/http/catalogue.py): each registered game as the home page and /api/games
list it, read from its manifest, and the planned games not registered yet."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from mousehole.games import MANIFESTS, REGISTRY, GameManifest, Page
from mousehole.server.http import catalogue
from mousehole.server.http.catalogue import (
    COMING_SOON,
    GameListing,
    ListedGame,
    PlannedGame,
    coming_soon,
    listings,
)


@dataclass(frozen=True)
class Listed:
    """A game as the catalogue reads it (the attributes of `ListedGame`), without rules."""

    name: str
    title: str
    blurb: str = "A game."
    min_seats: int = 2
    max_seats: int = 4
    page: Page | None = None


@pytest.mark.parametrize("entry", MANIFESTS, ids=lambda m: m.name)
def test_a_registered_games_listing_is_read_from_its_manifest(entry: GameManifest) -> None:
    listing = GameListing.of(entry)

    assert (listing.name, listing.title, listing.summary) == (entry.name, entry.title, entry.blurb)
    assert (listing.min_seats, listing.max_seats) == (entry.min_seats, entry.max_seats)
    assert listing.browser_ready == (entry.page is not None)
    if entry.page is not None:
        assert (listing.folder, listing.extras) == (entry.page.folder, entry.page.extras)


def test_a_game_without_a_page_is_listed_as_not_browser_ready_with_no_folder() -> None:
    listing = GameListing.of(Listed("cheddar", "Cheddar Chase"))

    assert (listing.browser_ready, listing.folder, listing.extras) == (False, None, ())


def test_a_pages_folder_and_extras_are_listed() -> None:
    page = Page("cheddar-web", extras=(("practice", "Practice run"),))
    listing = GameListing.of(Listed("cheddar", "Cheddar Chase", page=page))

    assert listing.browser_ready and listing.folder == "cheddar-web"
    assert listing.extras == (("practice", "Practice run"),)


@pytest.mark.parametrize(
    ("low", "high", "text"),
    [(2, 4, "2–4 players"), (1, 1, "1 player"), (3, 3, "3 players"), (1, 6, "1–6 players")],
)
def test_the_seats_are_said_in_words(low: int, high: int, text: str) -> None:
    listing = GameListing.of(Listed("x", "X", min_seats=low, max_seats=high))

    assert listing.seats_text == text


def test_the_json_of_a_listing_has_the_api_fields_and_not_the_page_folder() -> None:
    page = Page("cheddar-web")
    listing = GameListing.of(Listed("cheddar", "Cheddar Chase", "Run.", 1, 3, page))

    assert listing.to_json() == {
        "name": "cheddar",
        "title": "Cheddar Chase",
        "summary": "Run.",
        "min_seats": 1,
        "max_seats": 3,
        "browser_ready": True,
    }


def test_listings_keep_the_registrys_order() -> None:
    games: dict[str, ListedGame] = {name: Listed(name, name.title()) for name in ("b", "c", "a")}

    assert [listing.name for listing in listings(games)] == ["b", "c", "a"]
    assert [listing.name for listing in listings(REGISTRY)] == [m.name for m in MANIFESTS]


ROADMAP = (PlannedGame("gouda", "Gouda Grab"), PlannedGame("brie", "Brie Run"))
"""A roadmap for the filter's tests: every game once planned is registered now, so the real
COMING_SOON is empty."""


@pytest.fixture
def roadmap(monkeypatch: pytest.MonkeyPatch) -> tuple[PlannedGame, ...]:
    monkeypatch.setattr(catalogue, "COMING_SOON", ROADMAP)
    return ROADMAP


def test_every_planned_game_is_coming_soon_while_none_is_registered(
    roadmap: tuple[PlannedGame, ...],
) -> None:
    assert coming_soon({}) == roadmap


def test_the_planned_games_are_none_of_the_registered_ones() -> None:
    registered = {m.name for m in MANIFESTS} | {m.title for m in MANIFESTS}

    assert not {g.name for g in COMING_SOON} & registered
    assert not {g.title for g in COMING_SOON} & registered
    assert coming_soon(REGISTRY) == COMING_SOON


def test_a_planned_game_registered_by_name_or_by_title_is_no_longer_coming_soon(
    roadmap: tuple[PlannedGame, ...],
) -> None:
    first, *rest = roadmap
    by_name: dict[str, ListedGame] = {first.name: Listed(first.name, "Another title")}
    by_title: dict[str, ListedGame] = {"other": Listed("other", first.title)}

    assert coming_soon(by_name) == tuple(rest)
    assert coming_soon(by_title) == tuple(rest)
