"""The game registry: an explicit list of manifests, no registration by import side effect."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

from ..engine import Game, InvalidOptionError, Player, UnknownGameError
from .ausdiemaus.manifest import MANIFEST as AUSDIEMAUS
from .dontcutthecheese.manifest import MANIFEST as DONTCUTTHECHEESE
from .manifest import BotFactory, Conformance, GameManifest, Page, page_directory
from .mousechaos.manifest import MANIFEST as MOUSECHAOS
from .mousetrap.manifest import MANIFEST as MOUSETRAP

MANIFESTS: tuple[GameManifest, ...] = (
    MOUSETRAP,
    AUSDIEMAUS,
    DONTCUTTHECHEESE,
    MOUSECHAOS,
)
"""The registry: one line per game, in the catalogue's order (games/README.md)."""

T = TypeVar("T")

REGISTRY: dict[str, GameManifest] = {manifest.name: manifest for manifest in MANIFESTS}
"""Each game's manifest by name."""


class _ByName(Mapping[str, T]):
    """A read-only view of one field of every registered manifest, by game name: it follows
    REGISTRY, so a game registered later (a test's game) is seen everywhere at once."""

    def __init__(self, field: Callable[[GameManifest], T]):
        self._field = field

    def __getitem__(self, name: str) -> T:
        return self._field(REGISTRY[name])

    def __iter__(self) -> Iterator[str]:
        return iter(REGISTRY)

    def __len__(self) -> int:
        return len(REGISTRY)


GAMES: Mapping[str, type[Game]] = _ByName(lambda manifest: manifest.game)
"""Each game's Game class by name (read from the manifests)."""

BOTS: Mapping[str, Mapping[str, Callable[[int | None], Player]]] = _ByName(
    lambda manifest: manifest.bots
)
"""Computer players of each game by level: `BOTS[game][level](seed)` (from the manifests)."""


def manifest(name: str) -> GameManifest:
    """Return the manifest of the game `name`; raise UnknownGameError naming the known ones."""
    try:
        return REGISTRY[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(REGISTRY))
        raise UnknownGameError(f"unknown game {name!r} (known: {known})") from None


def load_game(name: str, **options: Any) -> Game:
    """Return the game `name` set up with its rules options (e.g. `seats=4`)."""
    cls = manifest(name).game
    accepted = [p for p in inspect.signature(cls).parameters if p != "self"]
    for option in options:
        if option not in accepted:
            raise InvalidOptionError(
                f"{option}: not a rules option of {name} (options: {', '.join(accepted)})"
            )
    return cls(**options)


def make_bot(game: str, level: str, seed: int | None = None) -> Player:
    """Return a computer player of `level` for `game`; raise ValueError naming the levels."""
    levels = manifest(game).bots
    if level not in levels:
        raise InvalidOptionError(f"unknown level {level!r} for {game}: choose {', '.join(levels)}")
    return levels[level](seed)


__all__ = [
    "BOTS",
    "GAMES",
    "MANIFESTS",
    "REGISTRY",
    "BotFactory",
    "Conformance",
    "GameManifest",
    "Page",
    "load_game",
    "make_bot",
    "manifest",
    "page_directory",
]
