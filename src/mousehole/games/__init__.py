"""The game registry: an explicit dict, no registration by import side effect."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

from ..engine import Game, InvalidOptionError, Player, UnknownGameError
from .ausdiemaus import AusDieMausGame
from .ausdiemaus import bots as ausdiemaus_bots
from .mousetrap import MouseTrapGame
from .mousetrap import bots as mousetrap_bots

GAMES: dict[str, type[Game]] = {
    MouseTrapGame.name: MouseTrapGame,
    AusDieMausGame.name: AusDieMausGame,
}

BOTS: dict[str, Mapping[str, Callable[[int | None], Player]]] = {
    MouseTrapGame.name: mousetrap_bots.BOTS,
    AusDieMausGame.name: ausdiemaus_bots.BOTS,
}
"""Computer players of each game by level: `BOTS[game][level](seed)`."""


def load_game(name: str, **options: Any) -> Game:
    """Return the game `name` set up with its rules options (e.g. `seats=4`)."""
    try:
        cls = GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES))
        raise UnknownGameError(f"unknown game {name!r} (known: {known})") from None
    accepted = [p for p in inspect.signature(cls).parameters if p != "self"]
    for option in options:
        if option not in accepted:
            raise InvalidOptionError(
                f"{option}: not a rules option of {name} (options: {', '.join(accepted)})"
            )
    return cls(**options)


def make_bot(game: str, level: str, seed: int | None = None) -> Player:
    """Return a computer player of `level` for `game`; raise ValueError naming the levels."""
    if game not in BOTS:
        raise UnknownGameError(f"unknown game {game!r} (known: {', '.join(sorted(GAMES))})")
    levels = BOTS[game]
    if level not in levels:
        raise InvalidOptionError(f"unknown level {level!r} for {game}: choose {', '.join(levels)}")
    return levels[level](seed)


__all__ = ["BOTS", "GAMES", "load_game", "make_bot"]
