"""What a game declares to the platform, once, in its own package (architecture habit 13).

Each game package has a `manifest.py` whose `MANIFEST` names everything the platform needs
from it: its Game class, its computer players by level, its catalogue blurb, its web page, its
server policy and the conformance suite's hooks. `mousehole.games` lists the manifests (one
registry line per game); the server, the catalogue, the pages, the CLI, the simulator, the
benchmarks and the conformance suite read them there, so nothing outside a game's own folders
names the game. OpenSpiel's `_GAME_TYPE` / `_GAME_INFO` at the top of each Python game are the
model (`open_spiel/python/games/kuhn_poker.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..engine import Game, Player, State

BotFactory = Callable[[int | None], Player]
"""A computer player of one level: `factory(seed)` returns a fresh player."""

Invariants = Callable[[State | None, State], list[str]]
"""`invariants(before, state)` returns what is wrong with `state` (after `before`, or None at
the start), each problem in words; an empty list when the position is sound."""


def no_secrets(state: State) -> list[Any]:
    """Return no secret values (a game of perfect information)."""
    return []


def always_a_winner(state: State) -> bool:
    """Return False: every finished game of this kind names at least one winner."""
    return False


@dataclass(frozen=True)
class Conformance:
    """The hooks of the conformance suite (tests/conformance/) for one game."""

    invariants: Invariants
    """Checked after every step of thousands of random games."""
    secrets: Callable[[State], list[Any]] = no_secrets
    """The values of a position that no seat's view may contain (as JSON values)."""
    secret_keys: frozenset[str] = frozenset()
    """The keys that only the omniscient position (`State.to_json`) has: never in a view."""
    nobody_won: Callable[[State], bool] = always_a_winner
    """True for a finished position whose rules say that no seat won (a colour that belongs
    to no seat completed its nest, so every seat lost). By default every finished game names
    its winners."""


@dataclass(frozen=True)
class Page:
    """The game's web page: `/play/<name>` serves `mousehole/web/<folder>/play.html`."""

    folder: str
    extras: tuple[tuple[str, str], ...] = ()
    """More pages of the folder as (route, label), e.g. ("playground", "Trap Playground"):
    `/<route>/<name>` serves `<folder>/<route>.html`, and the home card links it by label."""


@dataclass(frozen=True)
class GameManifest:
    """Everything the platform needs from one game."""

    game: type[Game]
    blurb: str
    """The catalogue's one or two sentences about the game."""
    bots: Mapping[str, BotFactory]
    """Computer players by level, easiest first (the first also plays absent seats)."""
    conformance: Conformance
    page: Page | None = None
    """None: no browser page yet (the home page offers the command line)."""
    seat_views: bool = False
    """True when seats may know different things (a hand of cards, hidden colours): a
    same-device match then shows only the seat at the screen, which the page names after its
    hand-over screen (docs/protocol.md, Same-device secrets). False when every seat sees the
    same (secrets there are hidden from everyone alike)."""
    absent_autoplay: float | None = None
    """Seconds after which an online room plays an absent player's turn for them (with the
    first level), or None: never. For games with no decisions, where waiting for someone who
    left only stalls everyone else."""
    decision_ms: float = 100.0
    """The 99th percentile of a decision's time, in milliseconds, that every computer level
    must stay under (`make bench` checks it: docs/benchmarks.md)."""

    def __post_init__(self) -> None:
        if not self.bots:
            raise ValueError(f"{self.game.name}: a game needs at least one computer level")
        if self.absent_autoplay is not None and self.absent_autoplay < 0:
            raise ValueError(f"{self.game.name}: absent_autoplay must be >= 0 seconds")
        if self.decision_ms <= 0:
            raise ValueError(f"{self.game.name}: decision_ms must be > 0 milliseconds")

    @property
    def name(self) -> str:
        """Return the game's registry name (its Game class's `name`)."""
        return self.game.name

    @property
    def title(self) -> str:
        """Return the game's title in words."""
        return self.game.title

    @property
    def min_seats(self) -> int:
        """Return the fewest seats the game takes."""
        return self.game.min_seats

    @property
    def max_seats(self) -> int:
        """Return the most seats the game takes."""
        return self.game.max_seats

    @property
    def levels(self) -> list[str]:
        """Return the computer levels, easiest first."""
        return list(self.bots)
