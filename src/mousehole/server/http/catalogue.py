"""The game catalogue shown by the web app: registered games plus the ones still to come."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ...games import Page


class ListedGame(Protocol):
    """What the catalogue reads from a game's manifest (`mousehole.games.GameManifest`)."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def blurb(self) -> str: ...
    @property
    def min_seats(self) -> int: ...
    @property
    def max_seats(self) -> int: ...
    @property
    def page(self) -> Page | None: ...
    @property
    def levels(self) -> Sequence[str]: ...


@dataclass(frozen=True, slots=True)
class GameListing:
    """One registered game as the home page and `/api/games` describe it."""

    name: str
    title: str
    summary: str
    min_seats: int
    max_seats: int
    browser_ready: bool
    """True when the game has a web page (its manifest's `page`)."""
    folder: str | None = None
    """The game's page folder (mousehole.games.page_directory), when it has a page."""
    extras: tuple[tuple[str, str], ...] = ()
    """The page's further routes and their labels (e.g. the Trap Playground)."""

    @classmethod
    def of(cls, game: ListedGame) -> GameListing:
        """Return the listing of a registered game's manifest."""
        return cls(
            name=game.name,
            title=game.title,
            summary=game.blurb,
            min_seats=game.min_seats,
            max_seats=game.max_seats,
            browser_ready=game.page is not None,
            folder=game.page.folder if game.page is not None else None,
            extras=game.page.extras if game.page is not None else (),
        )

    @property
    def seats_text(self) -> str:
        """Return the seat range in words, e.g. "2–4 players" or "1 player"."""
        if self.min_seats == self.max_seats:
            noun = "player" if self.min_seats == 1 else "players"
            return f"{self.min_seats} {noun}"
        return f"{self.min_seats}–{self.max_seats} players"

    def to_json(self) -> dict[str, Any]:
        """Return the listing as the JSON object `/api/games` sends."""
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            "browser_ready": self.browser_ready,
        }


@dataclass(frozen=True, slots=True)
class PlannedGame:
    """A game on the roadmap with no rules engine yet: shown as "coming soon", never played."""

    name: str
    title: str


# Not part of mousehole.games.REGISTRY: that registry holds only games whose rules are written.
# Every planned game has its rules now; a game put on the roadmap goes here until it does.
COMING_SOON: tuple[PlannedGame, ...] = ()


def listings(registry: Mapping[str, ListedGame]) -> tuple[GameListing, ...]:
    """Return a listing per registered game, in the registry's order."""
    return tuple(GameListing.of(game) for game in registry.values())


def coming_soon(registry: Mapping[str, ListedGame]) -> tuple[PlannedGame, ...]:
    """Return the planned games that the registry does not have yet (by name or by title)."""
    titles = {game.title for game in registry.values()}
    return tuple(
        game for game in COMING_SOON if game.name not in registry and game.title not in titles
    )
