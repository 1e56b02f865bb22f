"""Train sb3-contrib's MaskablePPO on one game's Gymnasium environment, on the CPU, and print
the learning curve: the learner's share of wins in evaluation games between training chunks.

    python tools/train_maskable_ppo.py GAME [--seats N] [--opponents LEVEL] [--steps N]
        [--chunk N] [--eval-games N] [--seed N]

Not part of `make test`: sb3-contrib and PyTorch are not in the lock (docs/rl.md, Training a
masked policy on the CPU, says how to install them in a venv of their own).
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from sb3_contrib import MaskablePPO  # type: ignore[import-not-found]
from sb3_contrib.common.wrappers import ActionMasker  # type: ignore[import-not-found]

from mousehole.rl import gym_env


def share_of_wins(model: object, game: str, seats: int, opponents: str, games: int) -> float:
    """Play `games` evaluation games with the policy's most likely legal action; return the
    learner's share of the wins (a shared win counted as a fraction)."""
    env = gym_env(game, seats=seats, opponents=opponents)
    total = 0.0
    for index in range(games):
        observation, info = env.reset(seed=1_000_000 + index)
        done = False
        while not done:
            action, _ = model.predict(  # type: ignore[attr-defined]
                observation, action_masks=info["action_mask"], deterministic=True
            )
            observation, reward, done, _, info = env.step(int(action))
            total += reward
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(prog="python tools/train_maskable_ppo.py")
    parser.add_argument("game")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--opponents", default="easy")
    parser.add_argument("--steps", type=int, default=60_000)
    parser.add_argument("--chunk", type=int, default=10_000)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    def masks(env: object) -> np.ndarray:
        return env.action_masks()  # type: ignore[attr-defined, no-any-return]

    env = ActionMasker(gym_env(args.game, seats=args.seats, opponents=args.opponents), masks)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, device="cpu", verbose=0)
    start = time.perf_counter()
    print("| steps | learner's share of wins | seconds |")
    print("|---|---|---|")
    share = share_of_wins(model, args.game, args.seats, args.opponents, args.eval_games)
    print(f"| 0 | {share:.1%} | 0 |", flush=True)
    done = 0
    while done < args.steps:
        model.learn(total_timesteps=args.chunk, reset_num_timesteps=False)
        done += args.chunk
        share = share_of_wins(model, args.game, args.seats, args.opponents, args.eval_games)
        elapsed = time.perf_counter() - start
        print(f"| {done:,} | {share:.1%} | {elapsed:.0f} |", flush=True)


if __name__ == "__main__":
    main()
