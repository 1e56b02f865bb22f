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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ..bots import ISMCTS, Sampler
from ..engine import JSON, Game, Player, State

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


class Encoding(Protocol):
    """A game's fixed-shape form for learning programs (docs/rl.md): one seat's observation
    as a flat vector of numbers, and every player action the game can offer at a seat count
    as an index. Built from the observation alone, so it can hold no secret."""

    def size(self, seats: int) -> int:
        """Return the length of `encode`'s vector at `seats` seats."""
        ...

    def encode(self, observation: JSON, seat: int, seats: int) -> list[float]:
        """Return `seat`'s observation (`State.observation(seat)`) as `size(seats)` numbers."""
        ...

    def actions(self, seats: int) -> list[JSON]:
        """Return every player action (its JSON) the game can offer at `seats` seats, in
        index order: the fixed discrete action space."""
        ...


@dataclass(frozen=True)
class Expert:
    """The game's hooks for the expert level, an information-set Monte Carlo tree search
    (`mousehole.bots.ISMCTS`): the sampler of hidden state, and optionally a rollout policy
    and an evaluation for rollouts cut short (long games)."""

    sampler: Sampler
    """`sampler(game, observation, seat, rng)`: a full state consistent with the observation,
    drawn from it alone (never from the true state)."""
    iterations: int = 400
    """Search iterations per decision (each one determinization and one rollout)."""
    seconds: float = 0.8
    """A decision stops after this much CPU time even if iterations are left."""
    rollout: BotFactory | None = None
    """The policy every seat follows in rollouts (None: uniformly random)."""
    rollout_steps: int | None = None
    """Decisions a rollout plays before `evaluate` scores it (None: to the end)."""
    evaluate: Callable[[State], Sequence[float]] | None = None
    """Each seat's expected share of the win in a position a rollout stopped in."""
    exploration: float = 0.7
    """The UCB exploration constant."""
    guide: BotFactory | None = None
    """A level whose choice the search tries first and favours (`guide_weight`): the search
    then departs from it only where its rollouts find better."""
    guide_weight: float = 0.0
    """How much the guide's choice is favoured: a bonus of `guide_weight / visits`."""
    stop: Callable[[State], bool] | None = None
    """Where a rollout stops to be scored by `evaluate` (such as the end of a round)."""
    depth: int | None = None
    """Decisions the tree holds below the root's state (None: as deep as it grows)."""
    confidence: float | None = None
    """Standard errors by which an action must beat the guide's to replace it (None: the
    most visited action is played)."""
    paired: bool = False
    """Common random numbers: the k-th visits of the root's actions share their
    determinization and their chance, so that actions are compared on the same luck."""

    def player(self, seed: int | None) -> Player:
        """Return a fresh expert player."""
        return ISMCTS(
            self.sampler,
            iterations=self.iterations,
            seconds=self.seconds,
            rollout=None if self.rollout is None else self.rollout(seed),
            rollout_steps=self.rollout_steps,
            evaluate=self.evaluate,
            exploration=self.exploration,
            guide=None if self.guide is None else self.guide(seed),
            guide_weight=self.guide_weight,
            stop=self.stop,
            depth=self.depth,
            confidence=self.confidence,
            paired=self.paired,
            seed=seed,
        )


EXPERT_LEVEL = "expert"
"""The level the manifest adds for a game with an `expert` (after the game's own levels)."""
EXPERT_DECISION_MS = 1000.0
"""The expert level's target for the 99th percentile of a decision's CPU time."""


GAMES_DIR = Path(__file__).resolve().parent
"""The game packages' folder, `mousehole/games`."""


def page_directory(folder: str) -> Path:
    """Return the files of the page folder `folder` (a manifest's `Page.folder`, the name of
    the game package that holds them): `mousehole/games/<folder>/web/`, which the server
    serves at `/static/<folder>/`."""
    return GAMES_DIR / folder / "web"


@dataclass(frozen=True)
class Page:
    """The game's web page: `/play/<name>` serves `mousehole/games/<folder>/web/play.html`."""

    folder: str
    """The game package whose `web/` folder holds the page (a game may borrow another's)."""
    extras: tuple[tuple[str, str], ...] = ()
    """More pages of the folder as (route, label), e.g. ("playground", "Trap Playground"):
    `/<route>/<name>` serves `<folder>/<route>.html`, and the home card links it by label."""

    @property
    def directory(self) -> Path:
        """The page's files, served at `/static/<folder>/` (page_directory)."""
        return page_directory(self.folder)


BareLoop = Callable[[int, Callable[[], float]], tuple[list[int], int]]
"""`bare_loop(seats, rnd)`: play one random game drawing `rnd()` once a step exactly as a
driver of the public API does (`State.sample_action(rnd())` at every step), so that both play
the same game; return its winners and its steps."""


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
    but the expert must stay under (`make bench` checks it: docs/benchmarks.md)."""
    encoding: Encoding | None = None
    """The fixed-shape observation and action space of `mousehole.rl` (docs/rl.md), usually
    the game's `encoding.py`; None: the game has no environment."""
    expert: Expert | None = None
    """The expert level's hooks (the game's sampler of hidden state, usually `sampler.py`):
    the manifest then adds the level "expert" after the game's own. None for a game without
    decisions."""
    bare_loop: BareLoop | None = None
    """The game's rules as a bare loop for random play (usually `bare.py`), the yardstick
    `make bench` measures the engine against (docs/benchmarks.md); None: not measured so."""

    def __post_init__(self) -> None:
        if not self.bots:
            raise ValueError(f"{self.game.name}: a game needs at least one computer level")
        if self.expert is not None and EXPERT_LEVEL not in self.bots:
            object.__setattr__(self, "bots", {**self.bots, EXPERT_LEVEL: self.expert.player})
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

    @property
    def decision_target_ms(self) -> Mapping[str, float]:
        """Return each level's target for the 99th percentile of its decision time: the
        manifest's `decision_ms`, and one second for the expert (docs/benchmarks.md)."""
        return {
            level: EXPERT_DECISION_MS if level == EXPERT_LEVEL else self.decision_ms
            for level in self.bots
        }
