"""Computer players: hard-player decision latency and level-against-level tournaments."""

from __future__ import annotations

import time
from typing import Any

import mousehole
from mousehole.engine import Action, Match, State
from mousehole.games import make_bot
from mousehole.simulation import wilson_interval


class _Timed:
    """Wraps a player and times its non-forced decisions."""

    def __init__(self, player: Any, times: list[float]):
        self.player = player
        self.times = times

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        start = time.perf_counter()
        action: Action = self.player.choose(state)
        self.times.append(time.perf_counter() - start)
        return action


def hard_latency(games: int = 100) -> dict[str, float]:
    """Return the hard player's decision latency (ms) over real choices in 4-seat games."""
    times: list[float] = []
    game = mousehole.load_game("mousetrap", seats=4)
    for seed in range(games):
        players = {
            seat: _Timed(make_bot("mousetrap", "hard"), times)
            if seat % 2 == 0
            else make_bot("mousetrap", "normal", seed * 4 + seat)
            for seat in range(4)
        }
        Match(game, seed=seed).play_out(players)
    times.sort()
    n = len(times)
    return {
        "decisions": n,
        "p50_ms": times[n // 2] * 1e3,
        "p99_ms": times[min(n - 1, int(n * 0.99))] * 1e3,
        "max_ms": times[-1] * 1e3,
    }


def tournament(strong: str, weak: str, games: int) -> dict[str, Any]:
    """Play 4-seat games with two seats of each level, alternating SWSW / WSWS to cancel seat
    order; return the stronger level's share of wins with its 95% Wilson interval."""
    game = mousehole.load_game("mousetrap", seats=4)
    wins = 0
    start = time.perf_counter()
    for index in range(games):
        levels = [strong, weak] * 2 if index % 2 == 0 else [weak, strong] * 2
        players = {
            seat: make_bot("mousetrap", level, index * 4 + seat)
            for seat, level in enumerate(levels)
        }
        [winner] = Match(game, seed=index).play_out(players).winners()
        wins += levels[winner] == strong
    low, high = wilson_interval(wins, games)
    return {
        "strong": strong,
        "weak": weak,
        "games": games,
        "strong_wins": wins,
        "share": wins / games,
        "low": low,
        "high": high,
        "seconds": time.perf_counter() - start,
    }
