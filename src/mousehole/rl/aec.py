"""Every registered game as a PettingZoo `AECEnv`: one agent per seat, taking turns.

Agents are `seat_0 .. seat_{n-1}`. The environment owns the match (`mousehole.Match`, seeded by
`reset(seed=...)`), so every chance outcome is drawn inside it and the same seed and actions
replay the same match (`env.record` is its record). Each agent observes
`{"observation": float32 vector, "action_mask": int8 vector}` built from its own seat's
observation alone; the mask is all zeros when it is not that agent's turn. Rewards come at the
end only: 1 to a sole winner, 1/k to each of k seats sharing a win, 0 to the others (and to
everyone when nobody wins). docs/rl.md has the details and each game's encoding.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]  # no py.typed marker

from ..bots import shares
from ..engine import CHANCE, TERMINAL, Match, Record, State
from .encoded import Encoded

RENDER_MODES = ["ansi", "human"]


class MouseholeAEC(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]  # untyped base
    """A PettingZoo AEC environment of one game at one seat count (`aec_env`)."""

    metadata = {"render_modes": RENDER_MODES, "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self, game: str, seats: int | None = None, render_mode: str | None = None, **options: Any
    ):
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode: choose {', '.join(RENDER_MODES)} or None")
        self.encoded = Encoded(game, seats, **options)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"mousehole_{game}_v0"}
        count = self.encoded.seats
        self.possible_agents = [f"seat_{s}" for s in range(count)]
        self.agent_name_mapping = {agent: s for s, agent in enumerate(self.possible_agents)}
        n_actions = len(self.encoded.actions)
        space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.encoded.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
            }
        )
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(n_actions) for agent in self.possible_agents}
        self._match: Match | None = None
        self._said: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """Return the agent's observation space (the same for every seat)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """Return the agent's action space: one index per action of the game's encoding."""
        return self.action_spaces[agent]

    @property
    def state_now(self) -> State:
        """Return the match's current state (call `reset` first)."""
        if self._match is None:
            raise RuntimeError("call reset() before using the environment")
        return self._match.state

    @property
    def record(self) -> Record:
        """Return the record of the match so far (`mousehole.replay` plays it back)."""
        if self._match is None:
            raise RuntimeError("call reset() before using the environment")
        return self._match.record

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match; with `seed`, the same seed and actions give the same match."""
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> 1)
        self._match = Match(self.encoded.game, seed=seed)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._said = []
        self._settle()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, Any]:
        """Return what `agent`'s seat observes now, with its action mask."""
        seat = self.agent_name_mapping[agent]
        state = self.state_now
        return {
            "observation": self.encoded.observe(state, seat),
            "action_mask": self.encoded.mask(state, seat),
        }

    def step(self, action: Any) -> None:
        """Play the selected agent's action (an index); raise ValueError if it is not legal."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self._match is not None  # agent_selection is set by reset
        state = self._match.state
        chosen = self.encoded.action(state, action)
        seat = self.agent_name_mapping[agent]
        self._match.apply(chosen, seat=seat)
        self._said = [f"seat {seat} {self.encoded.game.describe_action(chosen)}"]
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self._settle()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _settle(self) -> None:
        """Draw chance until a seat decides or the game ends; then select the seat to act,
        or hand out the rewards and end every agent."""
        assert self._match is not None
        for outcome in self._match.resolve_chance():
            self._said.append(f"chance: {outcome.to_text()}")
        state = self._match.state
        actor = state.current_player()
        if actor == TERMINAL:
            for agent, share in zip(self.agents, shares(state), strict=True):
                self.rewards[agent] = share
                self.terminations[agent] = True
            self.agent_selection = self.agents[0]
            return
        assert actor != CHANCE
        self.agent_selection = self.possible_agents[actor]

    def render(self) -> str | None:
        """Return (ansi) or print (human) the position as text; None without a render mode."""
        if self.render_mode is None:
            return None
        text = self.encoded.render(self.state_now, self._said)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (the environment holds no files or processes)."""


def aec_env(game: str, seats: int | None = None, **options: Any) -> MouseholeAEC:
    """Return a PettingZoo AEC environment of `game` at `seats` seats (its default when
    None); `render_mode` ("ansi" or "human") and the game's rules options as keywords."""
    return MouseholeAEC(game, seats, **options)


__all__ = ["MouseholeAEC", "aec_env"]
