"""Engine throughput, apply cost and memory per state of every registered game, measured
through the public API (the games and their seat counts come from `mousehole.games.MANIFESTS`).
"""

from __future__ import annotations

import random
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any, Final

import mousehole
from mousehole.engine import CHANCE, TERMINAL, Action, State, sample_outcome
from mousehole.engine import chance as engine_chance
from mousehole.games import MANIFESTS, REGISTRY

from .loop import play

SECONDS: Final = 10.0
"""A repeat of random games, or one `apply_cost` or `memory_per_state` sample, stops after
about this long even if it has not reached its count: a clock, not a result, stops it, so a
slow engine is measured on fewer games rather than for hours."""


def random_games_per_second(
    name: str, seats: int, games: int = 200, repeats: int = 5, seconds: float = SECONDS
) -> dict[str, Any]:
    """Return the best-of-`repeats` rate of complete random games of `name` at `seats` seats
    through the public API; a repeat stops after `games` games or, once a game is complete,
    after `seconds`.

    Each game: `load_game` once, then `new_initial_state`, and per step `current_player`,
    `chance_outcomes` + a sampled outcome or `legal_actions` + a uniform choice, and `apply`.
    """
    game = mousehole.load_game(name, seats=seats)
    best, best_cpu, steps_per_game, played = 0.0, float("inf"), 0.0, 0
    for repeat in range(repeats):
        rng = random.Random(repeat)
        steps = 0
        played = 0
        start = time.perf_counter()
        cpu = time.thread_time()
        for _ in range(games):
            if played and time.perf_counter() - start > seconds:
                break
            played += 1
            steps += play(game, rng.random)[1]
        elapsed = time.perf_counter() - start
        best_cpu = min(best_cpu, (time.thread_time() - cpu) / steps * 1e6)
        best = max(best, played / elapsed)
        steps_per_game = steps / played
    return {
        "game": name,
        "seats": seats,
        "games": played,
        "games_per_second": best,
        "steps_per_game": steps_per_game,
        "microseconds_per_step": 1e6 / (best * steps_per_game),
        "cpu_microseconds_per_step": best_cpu,
        "build": build(name),
    }


def build(name: str) -> str:
    """Return which build of `name`'s rules this process runs: "pure Python" when every
    module of its package is a .py file, else "compiled" and the compiled modules' names
    (an extension module imported instead of its .py: `make venv`, docs/testing.md); and
    the engine's chance sampling when it is compiled (engine/chance.py)."""
    package = type(mousehole.load_game(name).new_initial_state()).__module__.rpartition(".")[0]
    compiled = sorted(
        module_name.rpartition(".")[2]
        for module_name, module in list(sys.modules.items())
        if module_name.startswith(package + ".")
        and not module_name.endswith("__mypyc")  # the compiled code of mypyc's modules
        and Path(getattr(module, "__file__", None) or "x.py").suffix not in (".py", ".pyc")
    )
    rules = f"compiled ({', '.join(compiled)})" if compiled else "pure Python"
    return f"{rules}; engine: compiled (chance)" if engine_chance.COMPILED else rules


def sampled_steps(name: str, seats: int, games: int = 100, repeats: int = 3) -> dict[str, Any]:
    """Return the CPU time a step of `name`'s random games takes with the driver's one call,
    `state.apply(state.sample_action(u))`, and with the loop of `random_games_per_second`,
    over the same games (best of `repeats`; a repeat plays `games` games or stops after about
    `SECONDS` of CPU once a game is complete)."""
    best = {False: float("inf"), True: float("inf")}
    for repeat in range(repeats):
        for sampled in (False, True):
            result = random_games(name, seats, games, repeat, sampled=sampled, seconds=SECONDS)
            best[sampled] = min(best[sampled], result["microseconds_per_step"])
    return {
        "game": name,
        "seats": seats,
        "loop_us": best[False],
        "sampled_us": best[True],
        "build": build(name),
    }


def random_games(
    name: str,
    seats: int,
    games: int,
    seed: int,
    *,
    sampled: bool = False,
    seconds: float | None = None,
) -> dict[str, Any]:
    """Play `games` random games of `name` through the public API, drawing from
    `random.Random(seed)`; return their rate (CPU time of this thread), steps and winners.

    The loop is `random_games_per_second`'s (`current_player`, `chance_outcomes` +
    `sample_outcome` or `legal_actions` + a uniform index, `apply`), or with `sampled` the
    driver's call `state.apply(state.sample_action(u))`, which plays the same games.
    `bare_games` plays the same games with the game's bare loop. With
    `seconds`, the games stop once one is complete after that much CPU time."""
    game = mousehole.load_game(name, seats=seats)
    rnd = random.Random(seed).random
    winners: list[list[int]] = []
    steps = 0
    start = time.thread_time()
    for _ in range(games):
        if seconds is not None and winners and time.thread_time() - start > seconds:
            break
        if sampled:
            state = game.new_initial_state()
            while state.current_player() != TERMINAL:
                state = state.apply(state.sample_action(rnd()))
                steps += 1
        else:
            state, played = play(game, rnd)
            steps += played
        winners.append(state.winners())
    elapsed = time.thread_time() - start
    return {
        "games_per_second": len(winners) / elapsed,
        "steps": steps,
        "winners": winners,
        "microseconds_per_step": elapsed / steps * 1e6,
    }


def bare_games(name: str, seats: int, games: int, seed: int) -> dict[str, Any]:
    """Play `games` random games of `name` with its manifest's bare loop (`bare_loop`),
    drawing from `random.Random(seed)`; return what `random_games` returns for them."""
    play = REGISTRY[name].bare_loop
    if play is None:
        raise ValueError(f"{name} has no bare loop in its manifest")
    rnd = random.Random(seed).random
    winners: list[list[int]] = []
    steps = 0
    start = time.thread_time()
    for _ in range(games):
        won, length = play(seats, rnd)
        winners.append(won)
        steps += length
    elapsed = time.thread_time() - start
    return {
        "games_per_second": games / elapsed,
        "steps": steps,
        "winners": winners,
        "microseconds_per_step": elapsed / steps * 1e6,
    }


def versus_bare_loop(name: str, seats: int, games: int = 300, repeats: int = 5) -> dict[str, Any]:
    """Return `name`'s random games through the public API (both loops of `random_games`)
    against the same games played by its bare loop (the manifest's `bare_loop`), in this
    process: each repeat plays `games` games from seed `repeat` the three ways, one right
    after the other, and each rate is its best repeat. Raise AssertionError if the loops
    played different games."""
    best_api, best_sampled, best_bare, steps = 0.0, 0.0, 0.0, 0
    for repeat in range(repeats):
        api = random_games(name, seats, games, repeat)
        sampled = random_games(name, seats, games, repeat, sampled=True)
        bare = bare_games(name, seats, games, repeat)
        for other in (sampled, bare):
            if other["winners"] != api["winners"] or other["steps"] != api["steps"]:
                raise AssertionError(f"{name}, seed {repeat}: two loops played different games")
        best_api = max(best_api, api["games_per_second"])
        best_sampled = max(best_sampled, sampled["games_per_second"])
        best_bare = max(best_bare, bare["games_per_second"])
        steps = api["steps"]
    return {
        "game": name,
        "seats": seats,
        "games": games,
        "repeats": repeats,
        "steps_per_game": steps / games,
        "api_games_per_second": best_api,
        "sampled_games_per_second": best_sampled,
        "bare_games_per_second": best_bare,
        "ratio": best_api / best_bare,
        "sampled_ratio": best_sampled / best_bare,
        "build": build(name),
    }


def every_bare_loop(games: int = 300, repeats: int = 5) -> list[dict[str, Any]]:
    """Return `versus_bare_loop` for every registered game with a bare loop, at its most
    seats."""
    return [
        versus_bare_loop(m.name, m.max_seats, games, repeats)
        for m in MANIFESTS
        if m.bare_loop is not None
    ]


def every_game_sampled(games: int = 100, repeats: int = 3) -> list[dict[str, Any]]:
    """Return `sampled_steps` for every registered game at its fewest and most seats."""
    return [
        sampled_steps(m.name, seats, games, repeats)
        for m in MANIFESTS
        for seats in sorted({m.min_seats, m.max_seats})
    ]


def every_game(games: int = 200, repeats: int = 5) -> list[dict[str, Any]]:
    """Return `random_games_per_second` for every registered game at every seat count."""
    return [
        random_games_per_second(m.name, seats, games, repeats)
        for m in MANIFESTS
        for seats in range(m.min_seats, m.max_seats + 1)
    ]


def _random_steps(name: str, seats: int, count: int, seed: int) -> list[tuple[State, Action]]:
    """Return `count` (state, action) pairs met along random games, in play order."""
    game = mousehole.load_game(name, seats=seats)
    rng = random.Random(seed)
    steps: list[tuple[State, Action]] = []
    state = game.new_initial_state()
    while len(steps) < count:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.current_player() == CHANCE:
            action = sample_outcome(state.chance_outcomes(), rng.random())
        else:
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
        steps.append((state, action))
        state = state.apply(action)
    return steps


def apply_cost(name: str, seats: int, samples: int = 200_000) -> dict[str, Any]:
    """Return the mean cost in microseconds of `apply` at a player's decision and at a chance
    node, over the steps of random games of `name` (each step applied again and again)."""
    steps = _random_steps(name, seats, 4_000, seed=1)
    result: dict[str, Any] = {"game": name, "seats": seats}
    for key, chance in (("decision_us", False), ("chance_us", True)):
        chosen = [(s, a) for s, a in steps if (s.current_player() == CHANCE) == chance]
        if not chosen:
            result[key] = None
            continue
        rounds = max(1, samples // len(chosen))
        done = 0
        start = time.perf_counter()
        while done < rounds and (not done or time.perf_counter() - start < SECONDS):
            for state, action in chosen:
                state.apply(action)
            done += 1
        result[key] = (time.perf_counter() - start) / (done * len(chosen)) * 1e6
    return result


def memory_per_state(name: str, seats: int, count: int = 20_000) -> dict[str, Any]:
    """Return the bytes held per retained state along random games of `name` (tracemalloc)."""
    game = mousehole.load_game(name, seats=seats)
    rng = random.Random(3)
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    kept: list[State] = []
    state = game.new_initial_state()
    start = time.perf_counter()
    while len(kept) < count and (not kept or time.perf_counter() - start < SECONDS):
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
    return {"game": name, "seats": seats, "bytes_per_state": (used - list_overhead) / len(kept)}


def costs(samples: int = 200_000, states: int = 20_000) -> list[dict[str, Any]]:
    """Return `apply_cost` and `memory_per_state` of every registered game at its most seats."""
    return [
        apply_cost(m.name, m.max_seats, samples) | memory_per_state(m.name, m.max_seats, states)
        for m in MANIFESTS
    ]
