"""Mousehole's games for reinforcement learning (the `rl` extra: pettingzoo, gymnasium, numpy).

- `aec_env(game, seats=N, **options)`: a PettingZoo AEC environment, one agent per seat;
- `gym_env(game, seats=N, opponents="hard")`: a Gymnasium environment, seat 0 against the
  built-in computer players;
- `Encoded`: a game's fixed-shape observation vectors and action indexes.

Game-agnostic: every game registered with an encoding (`GameManifest.encoding`) is offered,
read from the registry, and registered with Gymnasium as `mousehole/<game>-v0`. docs/rl.md
explains the environments, the rewards and each encoding.
"""

import gymnasium

from ..games import MANIFESTS
from .aec import MouseholeAEC, aec_env
from .encoded import Encoded
from .gym import MouseholeGym, default_level, gym_env


def gym_id(game: str) -> str:
    """Return the Gymnasium id of a game's environment: `gymnasium.make(gym_id(game), ...)`
    takes `gym_env`'s keywords."""
    return f"mousehole/{game}-v0"


for _manifest in MANIFESTS:
    if _manifest.encoding is not None and gym_id(_manifest.name) not in gymnasium.registry:
        gymnasium.register(
            gym_id(_manifest.name),
            entry_point="mousehole.rl.gym:MouseholeGym",
            kwargs={"game": _manifest.name},
        )

__all__ = [
    "Encoded",
    "MouseholeAEC",
    "MouseholeGym",
    "aec_env",
    "default_level",
    "gym_env",
    "gym_id",
]
