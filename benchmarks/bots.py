"""Computer players of every registered game: each level's decision time, and level-against-level
tournaments (the games and their levels come from `mousehole.games.MANIFESTS`)."""

from __future__ import annotations

import itertools
import math
import multiprocessing
import time
from collections.abc import Callable, Sequence
from typing import Any

import mousehole
from mousehole.engine import Action, Match, Player, State
from mousehole.games import MANIFESTS, make_bot
from mousehole.games.manifest import EXPERT_LEVEL
from mousehole.simulation import wilson_interval

from .engine import build


class _Timed:
    """Wraps a player and times its non-forced decisions: the wall-clock time, and the CPU
    time of the deciding thread (what the decision costs, whoever else shares the cores)."""

    def __init__(self, player: Player, times: list[float], cpu: list[float]):
        self.player = player
        self.times = times
        self.cpu = cpu

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        start, start_cpu = time.perf_counter(), time.thread_time()
        action: Action = self.player.choose(state)
        self.cpu.append(time.thread_time() - start_cpu)
        self.times.append(time.perf_counter() - start)
        return action


def decision_time(name: str, level: str, decisions: int = 1000, games: int = 100) -> dict[str, Any]:
    """Return the decision time (ms) of `level` at `name` over its real choices (forced moves
    excluded) in games at the game's most seats, every seat of that level: stop after
    `decisions` timed choices or `games` games, whichever comes first. The `cpu_` figures are
    the deciding thread's CPU time (`time.thread_time`): on a shared machine the wall clock
    also counts the time the process waited for a core."""
    seats = mousehole.games.manifest(name).max_seats
    game = mousehole.load_game(name, seats=seats)
    times: list[float] = []
    cpu: list[float] = []
    played = 0
    while played < games and len(times) < decisions:
        players = {
            seat: _Timed(make_bot(name, level, played * seats + seat), times, cpu)
            for seat in range(seats)
        }
        Match(game, seed=played).play_out(players)
        played += 1
    times.sort()
    cpu.sort()
    n = len(times)
    result: dict[str, Any] = {
        "game": name,
        "level": level,
        "seats": seats,
        "games": played,
        "build": build(name),
        "decisions": n,
        "target_ms": mousehole.games.manifest(name).decision_target_ms[level],
    }
    if n:
        result |= {
            "p50_ms": times[n // 2] * 1e3,
            "p99_ms": times[min(n - 1, int(n * 0.99))] * 1e3,
            "max_ms": times[-1] * 1e3,
            "cpu_p50_ms": cpu[n // 2] * 1e3,
            "cpu_p99_ms": cpu[min(n - 1, int(n * 0.99))] * 1e3,
            "cpu_max_ms": cpu[-1] * 1e3,
        }
    return result


def every_level(decisions: int = 1000, games: int = 100) -> list[dict[str, Any]]:
    """Return `decision_time` of every level of every registered game but the expert, whose
    searches of up to a second each `benchmarks/expert.py` measures on a smaller sample."""
    return [
        decision_time(m.name, level, decisions, games)
        for m in MANIFESTS
        for level in m.bots
        if level != EXPERT_LEVEL
    ]


def _game(name: str, levels: list[str], index: int) -> list[int]:
    """Play game `index` of a tournament (seed `index`, seat s at `levels[s]`, bot seeds from
    the index) and return its winners."""
    game = mousehole.load_game(name, seats=len(levels))
    players = {
        seat: make_bot(name, level, index * len(levels) + seat) for seat, level in enumerate(levels)
    }
    return Match(game, seed=index).play_out(players).winners()


def _game_of(task: tuple[str, list[str], int]) -> list[int]:
    return _game(*task)


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """Return the mean of `values` and its standard error (the sample spread over the root of
    their number; 0 for a single value)."""
    n = len(values)
    mean = sum(values) / n
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, n - 1) / n)


def _side_share(levels: list[str], winners: list[int], side: str) -> float:
    """Return the share of a game's win held by the seats at level `side` (a shared win
    counted as a fraction)."""
    return sum(levels[w] == side for w in winners) / max(1, len(winners))


def tournament(
    name: str,
    strong: str,
    weak: str,
    games: int,
    seats: int | None = None,
    seconds: float = 0,
    jobs: int = 1,
    control: str | None = None,
    first: int = 0,
    progress: Callable[[int, float, float], None] | None = None,
) -> dict[str, Any]:
    """Play games of `name` at `seats` seats (default: its most even seat count) with the seats
    split between two levels, alternating SWSW / WSWS to cancel seat order; return the stronger
    level's share of wins (a shared win counted as a fraction) with its 95% Wilson interval,
    and each game's share in order (`shares`).

    Stops after `games` games, or sooner once `seconds` (if > 0) have passed and an even
    number of games is played (the stop looks only at the clock, never at the results, so the
    interval stays honest). `jobs` processes play the games (results taken in game order, so
    the same games count whatever the number of processes); game i uses seed `first` + i.
    With `control`, every game is also played with `control` in the stronger level's seats:
    `control_share` is that side's share on the same seeds, the tournament's luck without the
    stronger level, and `difference` ± `difference_se` the mean and standard error of the
    stronger level's share less the control's, game by game (each seed's luck cancelled).
    `progress(played, wins, seconds)` is called after each game of the stronger level (a long
    run can then be followed, and reported if it is stopped)."""
    manifest = mousehole.games.manifest(name)
    if seats is None:
        seats = manifest.max_seats - manifest.max_seats % 2
    tasks = []
    for index in range(games):
        pair = [strong, weak] if index % 2 == 0 else [weak, strong]
        tasks.append((name, [pair[seat % 2] for seat in range(seats)], first + index))
    shares: list[float] = []
    played = 0
    start = time.perf_counter()
    pool = multiprocessing.get_context("fork").Pool(jobs) if jobs > 1 else None
    try:
        results = pool.imap(_game_of, tasks) if pool is not None else map(_game_of, tasks)
        for index, winners in enumerate(results):
            shares.append(_side_share(tasks[index][1], winners, strong))
            played += 1
            if progress is not None:
                progress(played, sum(shares), time.perf_counter() - start)
            if seconds and played % 2 == 0 and time.perf_counter() - start > seconds:
                break
        elapsed = time.perf_counter() - start
        if pool is not None and played < len(tasks):
            # stopped by the clock: the pool is still playing the games queued after it,
            # which the control's games would wait behind
            pool.terminate()
            pool = multiprocessing.get_context("fork").Pool(jobs) if control is not None else None
        if control is not None:  # the same games, the control in the stronger level's seats
            controls = [
                (n, [control if lv == strong else lv for lv in levels], i)
                for n, levels, i in tasks[:played]
            ]
            played_out = (
                pool.imap(_game_of, controls) if pool is not None else map(_game_of, controls)
            )
            control_shares = [
                _side_share(levels, winners, strong)
                for (_, levels, _), winners in zip(tasks, played_out, strict=False)
            ]
    finally:
        if pool is not None:
            pool.terminate()
    wins = sum(shares)
    low, high = wilson_interval(wins, played)
    result: dict[str, Any] = {
        "game": name,
        "seats": seats,
        "strong": strong,
        "weak": weak,
        "games": played,
        "strong_wins": wins,
        "share": wins / played,
        "low": low,
        "high": high,
        "seconds": elapsed,
        "shares": shares,
    }
    if control is not None:
        result["control"] = control
        result["control_share"] = sum(control_shares) / played
        result["control_shares"] = control_shares
        differences = [a - b for a, b in zip(shares, control_shares, strict=True)]
        result["difference"], result["difference_se"] = mean_and_error(differences)
    return result


def tournament_seats(name: str) -> list[int]:
    """Return the seat counts a game's tournaments are played at: its fewest and its most
    even seat counts (one of them when they are the same)."""
    manifest = mousehole.games.manifest(name)
    even = [n for n in range(max(2, manifest.min_seats), manifest.max_seats + 1) if n % 2 == 0]
    return sorted({even[0], even[-1]}) if even else []


def tournaments(games: int = 1000, seconds: float = 0) -> list[dict[str, Any]]:
    """Return a `tournament` of up to `games` games (and about `seconds` seconds, if > 0) for
    every two levels of every registered game (the later level in the manifest, the stronger,
    first) at each of its `tournament_seats`; the expert's are `benchmarks/expert.py`'s."""
    return [
        tournament(m.name, strong, weak, games, seats, seconds)
        for m in MANIFESTS
        for seats in tournament_seats(m.name)
        for weak, strong in itertools.combinations(
            [level for level in m.bots if level != EXPERT_LEVEL], 2
        )
    ]
