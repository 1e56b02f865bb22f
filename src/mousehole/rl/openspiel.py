"""Every registered game as an OpenSpiel Python game (the `openspiel` extra, docs/rl.md).

Importing this module registers `mousehole_<game>` for every game with an encoding, so that
`pyspiel.load_game("mousehole_<game>", {"seats": 3})` gives a `pyspiel.Game` that OpenSpiel's
algorithms run on. Game-agnostic, like the rest of `mousehole.rl`:

- player actions are the game encoding's indexes (`Encoded.actions`); a chance outcome's id is
  its index in the position's `chance_outcomes()` (at most `MAX_CHANCE_OUTCOMES`);
- returns are the shares of the win at the end (1, 1/k for a win shared by k, else 0);
- `observation_string(player)` and `information_state_string(player)` are the JSON of the
  seat's `State.observation` (an observation, not a perfect-recall history: the games keep
  their own counters of turns and rounds), `observation_tensor` its encoding;
- `resample_from_infostate(player, sampler)` deals a state from the seat's observation with the
  game's own sampler (the expert level's), which OpenSpiel's ISMCTS bot uses; a game without
  a sampler has nothing hidden from a seat that decides, and returns a copy.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]  # a compiled module without stubs

from ..bots import shares
from ..engine import CHANCE, TERMINAL, Action, State
from ..games import MANIFESTS, GameManifest, load_game, manifest
from .encoded import Encoded

MAX_CHANCE_OUTCOMES = 64
"""The most chance outcomes any position of a registered game offers (checked as it plays)."""
MAX_GAME_LENGTH = 100_000
"""A bound on a game's steps that every registered game stays under."""
PREFIX = "mousehole_"


def short_name(game: str) -> str:
    """Return the OpenSpiel name of a game: `mousehole_<game>`."""
    return f"{PREFIX}{game}"


def _hidden(found: GameManifest) -> bool:
    return found.seat_views or bool(found.conformance.secret_keys)


def game_type(found: GameManifest) -> Any:
    """Return the `pyspiel.GameType` of a registered game."""
    info = pyspiel.GameType.Information
    default_seats = load_game(found.name).seat_count
    return pyspiel.GameType(
        short_name=short_name(found.name),
        long_name=f"Mousehole {found.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info.IMPERFECT_INFORMATION if _hidden(found) else info.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=found.max_seats,
        min_num_players=found.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"seats": default_seats},
    )


class MouseholeGame(pyspiel.Game):  # type: ignore[misc]  # untyped base
    """A registered game at one seat count, as OpenSpiel sees it."""

    def __init__(self, name: str, params: dict[str, Any] | None = None):
        found = manifest(name)
        kind = game_type(found)
        seats = int((params or {}).get("seats", kind.parameter_specification["seats"]))
        self.encoded = Encoded(name, seats)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.encoded.actions),
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=seats,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(kind, info, {"seats": seats})
        self.manifest = found

    def new_initial_state(self) -> MouseholeState:
        """Return the position before the first step."""
        return MouseholeState(self, self.encoded.game.new_initial_state())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        """Return the observer of a seat's observation (its encoding and its JSON)."""
        return Observer(self.encoded)


class MouseholeState(pyspiel.State):  # type: ignore[misc]  # untyped base
    """A position of a registered game, as OpenSpiel sees it."""

    def __init__(self, game: MouseholeGame, state: State):
        super().__init__(game)
        self._encoded = game.encoded
        self._manifest = game.manifest
        self.state = state
        """The engine's position (`mousehole.State`)."""

    def current_player(self) -> int:
        """Return the seat to act, or OpenSpiel's CHANCE or TERMINAL."""
        actor = self.state.current_player()
        if actor == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if actor == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return actor

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.state.current_player():
            return []
        return sorted(self._encoded.index[action] for action in self.state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Return (index, probability) of every chance outcome here."""
        outcomes = self.state.chance_outcomes()
        if len(outcomes) > MAX_CHANCE_OUTCOMES:
            raise ValueError(f"{len(outcomes)} chance outcomes, over {MAX_CHANCE_OUTCOMES}")
        return [(index, probability) for index, (_, probability) in enumerate(outcomes)]

    def _engine_action(self, action: int) -> Action:
        if self.state.is_chance_node():
            return self.state.chance_outcomes()[action][0]
        return self._encoded.actions[action]

    def _apply_action(self, action: int) -> None:
        self.state = self.state.apply(self._engine_action(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            outcomes = self.state.chance_outcomes()
            if 0 <= action < len(outcomes):
                return outcomes[action][0].to_text()
            return f"chance:{action}"
        return self._encoded.actions[action].to_text()

    def is_terminal(self) -> bool:
        """Return True once the game is over."""
        return self.state.is_terminal()

    def returns(self) -> list[float]:
        """Return each seat's share of the win (zeros until the end)."""
        if not self.state.is_terminal():
            return [0.0] * self._encoded.seats
        return shares(self.state)

    def information_state_string(self, player: int | None = None) -> str:
        """Return the JSON of `player`'s observation (the seat to act by default)."""
        return self.observation_string(player)

    def observation_string(self, player: int | None = None) -> str:
        """Return the JSON of `player`'s observation (the seat to act by default)."""
        seat = self.current_player() if player is None else player
        return json.dumps(self.state.observation(seat), sort_keys=True)

    def resample_from_infostate(self, player: int, sampler: Any) -> MouseholeState:
        """Return a state `player` cannot tell from this one, dealt by the game's sampler from
        its observation; the random numbers come from OpenSpiel's `sampler` (a callable that
        returns a uniform number in [0, 1), such as `pyspiel.UniformProbabilitySampler`)."""
        expert = self._manifest.expert
        if expert is None:
            return MouseholeState(self.get_game(), self.state)
        seed = int(sampler() * 2**52) ^ (int(sampler() * 2**52) << 52)  # uniform [0, 1) each
        world = expert.sampler(
            self._encoded.game, self.state.observation(player), player, random.Random(seed)
        )
        return MouseholeState(self.get_game(), world)

    def __str__(self) -> str:
        return json.dumps(self.state.observation(None), sort_keys=True)


class Observer:
    """OpenSpiel's Python observer of a seat's observation: `tensor` is the game's encoding."""

    def __init__(self, encoded: Encoded):
        self.encoded = encoded
        self.tensor = np.zeros(encoded.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MouseholeState, player: int) -> None:
        """Fill `tensor` with `player`'s encoded observation of `state`."""
        self.tensor[:] = self.encoded.observe(state.state, player)

    def string_from(self, state: MouseholeState, player: int) -> str:
        """Return `player`'s observation of `state` as JSON."""
        return json.dumps(state.state.observation(player), sort_keys=True)


def _game_class(name: str) -> type[MouseholeGame]:
    """Return a subclass of MouseholeGame for one game (OpenSpiel registers a class, which it
    calls with the parameters alone)."""

    def __init__(self: MouseholeGame, params: dict[str, Any] | None = None) -> None:
        MouseholeGame.__init__(self, name, params)

    return type(f"Mousehole_{name}", (MouseholeGame,), {"__init__": __init__})


def register() -> list[str]:
    """Register every game with an encoding that OpenSpiel does not know yet; return the
    OpenSpiel names of all of them."""
    known = set(pyspiel.registered_names())
    names = []
    for found in MANIFESTS:
        if found.encoding is None:
            continue
        names.append(short_name(found.name))
        if short_name(found.name) not in known:
            pyspiel.register_game(game_type(found), _game_class(found.name))
    return names


GAMES = register()
"""The OpenSpiel names of the registered games (`pyspiel.load_game(name, {"seats": n})`)."""

__all__ = [
    "GAMES",
    "MAX_CHANCE_OUTCOMES",
    "MouseholeGame",
    "MouseholeState",
    "Observer",
    "game_type",
    "register",
    "short_name",
]
