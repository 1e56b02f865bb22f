"""One seat of a game against the built-in computer players, as a Gymnasium environment.

The learning agent plays seat `seat` (0 by default); every other seat is a computer player of
the game (`opponents`: one level for all, or a level per seat). An observation is the agent's
float32 vector (the game's encoding of its seat's observation); `info["action_mask"]` and
`action_masks()` give its legal actions (what sb3-contrib's MaskablePPO reads). The reward is
the agent's share of the win when the game ends (1, 1/k for a win shared by k seats, else 0).
Chance and the computer players are seeded from `reset(seed=...)`, so a seed and the agent's
actions replay the same match.

An action that is not legal (a learner without the mask, or Gymnasium's `check_env`, which
steps with unmasked samples) forfeits: the episode ends at once with reward 0 and
`info["illegal_action"]` true, the match left as it was. With `illegal="raise"` it raises
ValueError instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import shares
from ..engine import CHANCE, TERMINAL, InvalidOptionError, Match, Player, Record, State
from ..games import make_bot, manifest
from ..games.manifest import EXPERT_LEVEL
from .encoded import Encoded, Mask, Vector

RENDER_MODES = ["ansi", "human"]
ILLEGAL = ("forfeit", "raise")


class MouseholeGym(gymnasium.Env[Vector, np.int64]):
    """A Gymnasium environment of one seat against computer players (`gym_env`)."""

    metadata = {"render_modes": RENDER_MODES}  # noqa: RUF012  # gymnasium declares it so

    def __init__(
        self,
        game: str,
        seats: int | None = None,
        opponents: str | Sequence[str] | None = None,
        seat: int = 0,
        render_mode: str | None = None,
        illegal: str = "forfeit",
        **options: Any,
    ):
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal: choose {' or '.join(ILLEGAL)}, not {illegal!r}")
        self.illegal = illegal
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode: choose {', '.join(RENDER_MODES)} or None")
        self.encoded = Encoded(game, seats, **options)
        count = self.encoded.seats
        if not 0 <= seat < count:
            raise InvalidOptionError(f"seat: expected a seat 0..{count - 1}, got {seat!r}")
        self.seat = seat
        others = [s for s in range(count) if s != seat]
        if opponents is None:
            opponents = default_level(game)
        levels = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(levels) != len(others):
            raise InvalidOptionError(
                f"opponents: expected one level, or {len(others)} (one per other seat)"
            )
        for level in levels:
            make_bot(game, level)  # an unknown level is refused now, naming the levels
        self.levels = dict(zip(others, levels, strict=True))
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, (self.encoded.size,), np.float32)
        self.action_space = spaces.Discrete(len(self.encoded.actions))
        self._match: Match | None = None
        self._players: dict[int, Player] = {}
        self._said: list[str] = []
        self._over = False

    @property
    def state_now(self) -> State:
        """Return the match's current state (call `reset` first)."""
        if self._match is None:
            raise RuntimeError("call reset() before using the environment")
        return self._match.state

    @property
    def record(self) -> Record:
        """Return the record of the match so far."""
        if self._match is None:
            raise RuntimeError("call reset() before using the environment")
        return self._match.record

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        """Start a new match (seeded from `seed`) and play until the agent is to act."""
        super().reset(seed=seed)
        draws = self.np_random.integers(0, 2**62, size=len(self.levels) + 1)
        self._match = Match(self.encoded.game, seed=int(draws[0]))
        self._players = {
            other: make_bot(self.encoded.game.name, level, int(draws[i + 1]))
            for i, (other, level) in enumerate(self.levels.items())
        }
        self._said = []
        self._over = False
        self._play_others()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        """Play the agent's action (an index), then the others until the agent acts again or
        the game ends; raise ValueError if the action is not legal."""
        assert self._match is not None, "call reset() before step()"
        state = self._match.state
        if self._over or state.current_player() != self.seat:
            raise RuntimeError("the episode is over: call reset()")
        try:
            chosen = self.encoded.action(state, action)
        except ValueError as error:
            if self.illegal == "raise":
                raise
            self._over = True
            self._said = [f"seat {self.seat} forfeits: {error}"]
            return self._observe(), 0.0, True, False, {**self._info(), "illegal_action": True}
        self._match.apply(chosen, seat=self.seat)
        self._said = [f"seat {self.seat} {self.encoded.game.describe_action(chosen)}"]
        self._play_others()
        final = self._match.state
        done = self._over = final.current_player() == TERMINAL
        reward = shares(final)[self.seat] if done else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, done, False, self._info()

    def action_masks(self) -> Mask:
        """Return the agent's legal actions as a 0/1 vector (sb3-contrib's mask hook); all 0
        once the episode is over."""
        mask = self.encoded.mask(self.state_now, self.seat)
        if self._over:
            mask[:] = 0
        return mask

    def _play_others(self) -> None:
        """Draw chance and let the computer seats act until the agent decides or the end."""
        assert self._match is not None
        game = self.encoded.game
        while True:
            state = self._match.state
            actor = state.current_player()
            if actor == TERMINAL or actor == self.seat:
                return
            if actor == CHANCE:
                self._said.append(f"chance: {self._match.sample_chance().to_text()}")
                continue
            chosen = self._players[actor].choose(state)
            self._match.apply(chosen, seat=actor)
            self._said.append(f"seat {actor} {game.describe_action(chosen)}")

    def _observe(self) -> Vector:
        return self.encoded.observe(self.state_now, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "illegal_action": False}

    def render(self) -> str | None:
        """Return (ansi) or print (human) the position as text; None without a render mode."""
        if self.render_mode is None:
            return None
        text = self.encoded.render(self.state_now, self._said)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def default_level(game: str) -> str:
    """Return the opponents' level when none is named: "hard", or the strongest level below
    the expert of a game that has no "hard"."""
    levels = [level for level in manifest(game).levels if level != EXPERT_LEVEL]
    return "hard" if "hard" in levels else levels[-1]


def gym_env(
    game: str,
    seats: int | None = None,
    opponents: str | Sequence[str] | None = None,
    **options: Any,
) -> MouseholeGym:
    """Return a Gymnasium environment of `game` in which seat 0 (or `seat=`) plays against the
    built-in computer players at level `opponents` (one level, or one per other seat; None:
    `default_level`); `render_mode`, `illegal` and the game's rules options as keywords."""
    return MouseholeGym(game, seats, opponents, **options)


__all__ = ["MouseholeGym", "gym_env"]
