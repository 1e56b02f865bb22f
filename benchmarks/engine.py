"""Engine throughput, apply cost and memory per state, measured through the public API."""

from __future__ import annotations

import random
import time
import tracemalloc
from typing import Any

import mousehole
from mousehole.engine import CHANCE, TERMINAL, sample_outcome


def random_games_per_second(
    games: int = 200, repeats: int = 5, seats: int = 4, name: str = "mousetrap"
) -> dict[str, Any]:
    """Return the best-of-`repeats` rate of complete random games of `name` through the public
    API.

    Each game: `load_game` once, then `new_initial_state`, and per step `current_player`,
    `chance_outcomes` + a sampled outcome or `legal_actions` + a uniform choice, and `apply`.
    """
    game = mousehole.load_game(name, seats=seats)
    best, steps_per_game = 0.0, 0.0
    for repeat in range(repeats):
        rng = random.Random(repeat)
        steps = 0
        start = time.perf_counter()
        for _ in range(games):
            state = game.new_initial_state()
            while (actor := state.current_player()) != TERMINAL:
                if actor == CHANCE:
                    action = sample_outcome(state.chance_outcomes(), rng.random())
                else:
                    actions = state.legal_actions()
                    action = actions[int(rng.random() * len(actions))]
                state = state.apply(action)
                steps += 1
        elapsed = time.perf_counter() - start
        best = max(best, games / elapsed)
        steps_per_game = steps / games
    return {
        "games_per_second": best,
        "steps_per_game": steps_per_game,
        "microseconds_per_step": 1e6 / (best * steps_per_game),
    }


def ausdiemaus_games_per_second(
    games: int = 1000, repeats: int = 5, seats: int = 4
) -> dict[str, Any]:
    """Return `random_games_per_second` for Aus die Maus! (same loop, same result keys).

    Its players have one action, so only the chance outcomes (the lazily dealt cards) vary.
    """
    return random_games_per_second(games, repeats, seats, name="ausdiemaus")


def apply_cost(samples: int = 200_000) -> dict[str, float]:
    """Return the mean cost in microseconds of `apply` for a roll and for a die outcome."""
    game = mousehole.load_game("mousetrap", seats=4, start_seat=0)
    rolling = game.new_initial_state()
    roll = rolling.legal_actions()[0]
    moving = rolling.apply(roll)
    dice = [a for a, _ in moving.chance_outcomes()]
    result = {}
    start = time.perf_counter()
    for _ in range(samples):
        rolling.apply(roll)
    result["apply_roll_us"] = (time.perf_counter() - start) / samples * 1e6
    start = time.perf_counter()
    for i in range(samples):
        moving.apply(dice[i % 6])
    result["apply_die_us"] = (time.perf_counter() - start) / samples * 1e6
    return result


def memory_per_state(count: int = 20_000) -> dict[str, float]:
    """Return the bytes held per retained state along random games (tracemalloc)."""
    game = mousehole.load_game("mousetrap", seats=4)
    rng = random.Random(3)
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    kept = []
    state = game.new_initial_state()
    while len(kept) < count:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.current_player() == CHANCE:
            action = sample_outcome(state.chance_outcomes(), rng.random())
        else:
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
        state = state.apply(action)
        kept.append(state)
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    list_overhead = 8 * len(kept)
    return {"bytes_per_state": (used - list_overhead) / len(kept)}
