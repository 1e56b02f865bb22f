"""The engines against the code of an earlier commit, side by side in one run:
`python -m benchmarks.history [COMMIT]` prints the table; `python -m benchmarks` writes it.

A CPU time measured on another day cannot be compared with today's: this machine's speed for
the same code changes by half over a day (docs/benchmarks.md). So the earlier code is checked
out beside this one (`git worktree add`, in a temporary folder, removed afterwards) and both
play the same random games, in turn, in processes of their own, each round the earlier code
first. The loop is every engine benchmark's (`benchmarks/loop.py`), which imports only what
the game contract has always had, so that the earlier code runs it too.
The earlier code runs as the .py files of its commit, this code as `make venv` built it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Final

ROOT: Final = Path(__file__).resolve().parent.parent

BASE: Final = "86bef4b"
"""The commit before the engine-speed work (the code on the day its targets were set, where
"every other game: CPU per step halved" starts from; docs/benchmarks.md)."""

SECONDS: Final = 3.0
"""A repeat of one game at one seat count stops after about this long once a game is complete
(a slow game's earlier code takes about 90 µs a step: its repeats are cut by the clock)."""


def _seat_counts(name: str) -> list[int]:
    import mousehole

    game = type(mousehole.load_game(name))
    return list(range(game.min_seats, game.max_seats + 1))


def _measure(
    src: Path, name: str, seats: list[int], games: int, repeats: int, seconds: float
) -> list[Any]:
    """Run `python -m benchmarks.loop` (this checkout's) on the code in `src` (a checkout's
    src/ folder, first on the path) and return its rows."""
    env = {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{ROOT}"}
    counts = [str(games), str(repeats), str(seconds), *map(str, seats)]
    argv = [sys.executable, "-m", "benchmarks.loop", name, *counts]
    out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True, cwd=src)
    rows: list[Any] = json.loads(out.stdout)
    for row in rows:
        if not row["source"].startswith(str(src)):
            raise RuntimeError(f"the loop for {src} imported mousehole from {row['source']}")
    return rows


def versus(
    base: str = BASE,
    games: int = 200,
    repeats: int = 5,
    rounds: int = 3,
    names: tuple[str, ...] | None = None,
    seconds: float = SECONDS,
) -> dict[str, Any]:
    """Return the CPU per step of each game of `names` (every registered game by default) at
    every seat count on `base` and on this code: the best of `rounds` rounds of both (a game
    `base` does not have: why not); or, when the commit cannot be checked out, why not."""
    if names is None:
        from mousehole.games import MANIFESTS

        names = tuple(manifest.name for manifest in MANIFESTS)
    with tempfile.TemporaryDirectory(prefix="mousehole-base-") as folder:
        checkout = Path(folder) / "base"
        added = subprocess.run(
            ["git", "worktree", "add", "--detach", str(checkout), base],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        if added.returncode:
            return {"base": base, "error": added.stderr.strip() or "git worktree add failed"}
        try:
            rows: list[dict[str, Any]] = []
            for name in names:
                seats = _seat_counts(name)
                best: dict[str, list[float]] = {
                    "before": [float("inf")] * len(seats),
                    "now": [float("inf")] * len(seats),
                }
                missing = None
                for _ in range(rounds):
                    for label, src in (("before", checkout / "src"), ("now", ROOT / "src")):
                        measured = _measure(src, name, seats, games, repeats, seconds)
                        if "error" in measured[0]:
                            missing = f"{label}: {measured[0]['error']}"
                            break
                        for i, row in enumerate(measured):
                            best[label][i] = min(best[label][i], row["cpu_us"])
                    if missing:
                        break
                if missing:
                    rows.append({"game": name, "error": missing})
                    continue
                for i, count in enumerate(seats):
                    before, now = best["before"][i], best["now"][i]
                    rows.append({"game": name, "seats": count, "before_us": before, "now_us": now})
            return {
                "base": base,
                "rows": rows,
                "games": games,
                "repeats": repeats,
                "rounds": rounds,
                "seconds": seconds,
            }
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(checkout)],
                cwd=ROOT,
                capture_output=True,
            )


def section(result: dict[str, Any] | None, titles: dict[str, str]) -> str:
    """Return the docs/benchmarks.md section for `versus`'s result."""
    if result is None:
        return ""
    head = f"""## Engines against the code of commit `{result["base"]}`

Issue 28's target: every game's CPU per step **halved** from the code of the day the target
was set (commit `{result["base"]}`; a game with a target of its own for a step, in the first
table, is held to that one as well). A CPU time measured on another day says
little (this machine's speed changes by half over a day), so `benchmarks/history.py` checks that
commit out beside this one and runs both in turn, in processes of their own, over the same
random games (the loop of the first table; the earlier code as its .py files, this code as
`make venv` built it).
"""
    if "error" in result:
        return head + f"\nNot measured: {result['error']}\n"
    lines = [
        f"| {titles.get(r['game'], r['game'])} | – | – | – | – | not measured ({r['error']}) |"
        if "error" in r
        else f"| {titles.get(r['game'], r['game'])} | {r['seats']} | {r['before_us']:.2f} µs | "
        f"{r['now_us']:.2f} µs | {r['now_us'] / r['before_us']:.2f} | "
        f"{'met' if r['now_us'] <= r['before_us'] / 2 else 'NOT met'} |"
        for r in result["rows"]
    ]
    table = "\n".join(lines)
    sample = (
        f"Each number is the best of {result['rounds']} round(s), each the best of "
        f"{result['repeats']} repeats of {result['games']} games (seeds 0, 1, ...), a repeat cut "
        f"short after about {result['seconds']:g} s of CPU once a game is complete."
    )
    return f"""{head}
{sample}

| game | seats | CPU per step, `{result["base"]}` | CPU per step, now | now / then | halved |
|---|---|---|---|---|---|
{table}
"""


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.history")
    parser.add_argument("base", nargs="?", default=BASE, help=f"the earlier commit ({BASE})")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of both (3)")
    args = parser.parse_args()
    from mousehole.games import MANIFESTS

    titles = {m.name: m.title for m in MANIFESTS}
    print(section(versus(args.base, rounds=args.rounds), titles))
    return 0


if __name__ == "__main__":
    sys.exit(main())
