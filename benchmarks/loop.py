"""The random game every engine benchmark times, and `python -m benchmarks.loop NAME GAMES
REPEATS SECONDS SEATS...`, which prints as JSON the best CPU time a step of that game at each
seat count (benchmarks/history.py runs it on an earlier commit's code and on this one).

It imports only what the game contract has always had (`mousehole.load_game`, `CHANCE`,
`TERMINAL`, `sample_outcome`), so an earlier commit's code runs it unchanged.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import mousehole
from mousehole.engine import CHANCE, TERMINAL, Game, State, sample_outcome


def play(game: Game, rnd: Callable[[], float]) -> tuple[State, int]:
    """Play one random game of `game` from its initial state, drawing from `rnd`: per step
    `current_player`, then `chance_outcomes` with `sample_outcome` or `legal_actions` with a
    uniform index, then `apply`. Return the final state and the steps taken."""
    state = game.new_initial_state()
    steps = 0
    while (actor := state.current_player()) != TERMINAL:
        if actor == CHANCE:
            action = sample_outcome(state.chance_outcomes(), rnd())
        else:
            actions = state.legal_actions()
            action = actions[int(rnd() * len(actions))]
        state = state.apply(action)
        steps += 1
    return state, steps


def cpu_per_step(name: str, seats: int, games: int, repeats: int, seconds: float) -> float:
    """Return the best CPU time (this thread's, µs) a step of `repeats` repeats of `games`
    random games of `name` at `seats` seats, repeat *r* drawing from `random.Random(r)`; a
    repeat stops after about `seconds` of CPU once a game is complete."""
    game = mousehole.load_game(name, seats=seats)
    best = float("inf")
    for repeat in range(repeats):
        rnd = random.Random(repeat).random
        steps = 0
        cpu = time.thread_time()
        for played in range(games):  # games complete so far
            if played and time.thread_time() - cpu > seconds:
                break
            steps += play(game, rnd)[1]
        best = min(best, (time.thread_time() - cpu) / steps * 1e6)
    return best


def main(argv: list[str]) -> int:
    """Print a JSON list: each seat count's best CPU time a step, or the error that stopped
    the measurement (a game this code does not have); each with the file `mousehole` was
    imported from, so the caller can check it ran the code it meant to."""
    name, games, repeats, seconds = argv[0], int(argv[1]), int(argv[2]), float(argv[3])
    source = mousehole.__file__
    rows: list[dict[str, Any]]
    try:
        rows = [
            {"seats": n, "cpu_us": cpu_per_step(name, n, games, repeats, seconds), "source": source}
            for n in map(int, argv[4:])
        ]
    except Exception as error:  # a game this code does not have
        rows = [{"error": f"{type(error).__name__}: {error}", "source": source}]
    print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
