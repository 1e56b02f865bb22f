"""The simulator: many computer-played matches of one game, their statistics, records and plots.

Game-agnostic: it needs only the registry (`load_game`, `make_bot`) and each game's `tally` of
events. Used by `mousehole simulate` and by the benchmarks' tournaments.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import multiprocessing.process
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import IO, Any

from .engine import CHANCE, TERMINAL, Game, Match
from .games import load_game, make_bot


@dataclass
class GameResult:
    """One finished simulated match."""

    seed: int
    winners: list[int]
    turns: int
    moves: int
    counters: dict[str, int]


@dataclass
class Summary:
    """What a batch of simulated matches showed."""

    game: str
    seats: int
    players: list[str]
    seed: int
    results: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def games(self) -> int:
        """Return how many matches were played."""
        return len(self.results)

    def wins_by_seat(self) -> list[float]:
        """Return each seat's wins (a shared win counts as a fraction)."""
        wins = [0.0] * self.seats
        for result in self.results:
            for seat in result.winners:
                wins[seat] += 1 / len(result.winners)
        return wins

    def wins_by_player(self) -> dict[str, tuple[float, int]]:
        """Return, per player kind, (wins, seats of that kind) summed over its seats."""
        by_seat = self.wins_by_seat()
        table: dict[str, tuple[float, int]] = {}
        for seat, player in enumerate(self.players):
            wins, seats = table.get(player, (0.0, 0))
            table[player] = (wins + by_seat[seat], seats + 1)
        return table

    def lengths(self) -> list[int]:
        """Return each match's length in turns, in play order."""
        return [r.turns for r in self.results]

    def counters(self) -> Counter[str]:
        """Return the game's event counters summed over all matches."""
        total: Counter[str] = Counter()
        for result in self.results:
            total.update(result.counters)
        return total


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """Return the Wilson score interval (95% by default) of a success rate."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def turns_of(state: Any) -> int:
    """Return a state's turn counter when the game keeps one, else 0."""
    turn = getattr(state, "turn", 0)
    return turn if isinstance(turn, int) else 0


def play_one(
    game: Game, players: Sequence[str], seed: int, *, collect_events: bool = True
) -> tuple[Match, GameResult]:
    """Play one match with computer players of the given levels; return it and its result."""
    bot_rng = random.Random(seed ^ 0x5EED)
    bots = {
        seat: make_bot(game.name, level, bot_rng.getrandbits(63))
        for seat, level in enumerate(players)
    }
    match = Match(game, seed=seed)
    counters: dict[str, int] = {}
    state = match.state
    while (actor := state.current_player()) != TERMINAL:
        if actor == CHANCE:
            match.sample_chance()
        else:
            match.apply(bots[actor].choose(state))
        state = match.state
        if collect_events:
            events = state.events
            if events:
                game.tally(events, counters)
    result = GameResult(seed, state.winners(), turns_of(state), len(match.record.moves), counters)
    return match, result


def _record_line(match: Match, players: Sequence[str], result: GameResult) -> str:
    """Return one JSONL line of `--records`: the match record plus its players and winners."""
    line = match.record.to_json()
    line["players"] = list(players)
    line["winners"] = result.winners
    return json.dumps(line, separators=(",", ":"))


_Chunk = tuple[str, int, tuple[str, ...], tuple[int, ...], bool]
"""A worker's share of a run: game name, seats, players, the games' seeds, and whether to
return their record lines."""

_worker_games: dict[tuple[str, int], Game] = {}
"""A worker process's games, loaded once per (name, seats) for every chunk it plays."""


def _play_chunk(chunk: _Chunk) -> list[tuple[GameResult, str | None]]:
    """Play the matches of `chunk` in seed order; return each result and its record line."""
    name, seats, players, seeds, with_records = chunk
    game = _worker_games.get((name, seats))
    if game is None:
        game = _worker_games[(name, seats)] = load_game(name, seats=seats)
    played: list[tuple[GameResult, str | None]] = []
    for seed in seeds:
        match, result = play_one(game, players, seed)
        played.append((result, _record_line(match, players, result) if with_records else None))
    return played


_START_METHOD = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
"""Workers are forked where the system can (they start at once, with the games loaded);
elsewhere each starts a fresh interpreter and imports this module."""


def _claim(counter: Any) -> int:
    """Return the index of the next chunk nobody has taken, and take it (`counter` is a
    shared `multiprocessing.Value` with its lock)."""
    with counter.get_lock():
        index: int = counter.value
        counter.value = index + 1
    return index


def _work(chunks: list[_Chunk], counter: Any, results: Connection) -> None:
    """A worker process: play chunks as long as there are some left, sending each chunk's
    index and results to the parent; a failure is sent as its words, then the worker ends."""
    try:
        while (index := _claim(counter)) < len(chunks):
            results.send((index, _play_chunk(chunks[index])))
    except BaseException as error:  # the parent names it and stops the run
        results.send((-1, f"{type(error).__name__}: {error}"))
    finally:
        results.close()


class _Shared:
    """The chunks of a run shared between this process and `jobs - 1` worker processes.

    Every process, this one included, takes the next chunk nobody has taken from a shared
    counter, so a fast process is never left waiting for a slow one and the run uses exactly
    `jobs` processes (no process only hands out work and gathers it). This process also
    gathers what the workers played and gives back every chunk in index order.
    """

    def __init__(self, chunks: list[_Chunk], jobs: int) -> None:
        context = (
            multiprocessing.get_context("fork")
            if _START_METHOD == "fork"
            else multiprocessing.get_context("spawn")
        )
        self.chunks = chunks
        self.counter = context.Value("q", 0)
        self.done: dict[int, list[tuple[GameResult, str | None]]] = {}
        self.pipes: list[Connection] = []
        self.workers: list[multiprocessing.process.BaseProcess] = []
        for _ in range(jobs - 1):
            ours, theirs = context.Pipe(duplex=False)
            worker = context.Process(target=_work, args=(chunks, self.counter, theirs), daemon=True)
            worker.start()
            theirs.close()
            self.pipes.append(ours)
            self.workers.append(worker)

    def _gather(self, timeout: float | None) -> None:
        """Take what the workers sent (waiting up to `timeout`; None: until one sends)."""
        for pipe in wait(self.pipes, timeout):
            assert isinstance(pipe, Connection)
            try:
                index, played = pipe.recv()
            except EOFError:  # the worker ended: it has sent all it played
                self.pipes.remove(pipe)
                continue
            if index < 0:
                raise RuntimeError(f"a simulation worker failed: {played}")
            self.done[index] = played

    def __iter__(self) -> Iterator[list[tuple[GameResult, str | None]]]:
        """Yield every chunk's results, in index order, as soon as each is played."""
        for index in range(len(self.chunks)):
            while index not in self.done:
                self._gather(0)
                if index in self.done:
                    break
                mine = _claim(self.counter)
                if mine < len(self.chunks):
                    self.done[mine] = _play_chunk(self.chunks[mine])
                elif self.pipes:
                    self._gather(None)  # every chunk is taken: wait for the workers
                else:
                    raise RuntimeError(f"a simulation worker ended before chunk {index}")
            yield self.done.pop(index)

    def close(self) -> None:
        """Stop the workers (at once if the run was cut short) and release the pipes."""
        for worker in self.workers:
            if worker.is_alive():
                worker.terminate()
            worker.join()
        for pipe in self.pipes:
            pipe.close()


def default_jobs() -> int:
    """Return the number of cores this process may run on (`--jobs`'s default)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux: sched_getaffinity is missing
        return max(1, os.cpu_count() or 1)


def simulate(
    game_name: str,
    *,
    games: int,
    seats: int,
    players: Sequence[str],
    seed: int,
    records: Path | None = None,
    progress: Callable[[int, int, float], None] | None = None,
    jobs: int = 1,
) -> Summary:
    """Play `games` matches and return their summary (writing JSONL records if asked).

    Match *i* is played from the *i*-th seed that `random.Random(seed)` draws, whichever
    process plays it, and the results are gathered in match order: so `jobs` (how many worker
    processes share the matches; 1 plays them in this process) changes how long a run takes,
    never its results or records.
    """
    if jobs < 1:
        raise ValueError(f"jobs: at least 1 process, not {jobs}")
    load_game(game_name, seats=seats)  # bad names and seat counts fail here, not in a worker
    master = random.Random(seed)
    seeds = [master.getrandbits(63) for _ in range(games)]
    summary = Summary(game_name, seats, list(players), seed)
    jobs = min(jobs, games)
    # One match a chunk in one process (the bar moves after every match); with several, small
    # chunks keep every process busy to the end and the bar moving, at one message a chunk.
    size = 1 if jobs == 1 else max(1, min(16, games // (jobs * 32)))
    chunks: list[_Chunk] = [
        (game_name, seats, tuple(players), tuple(seeds[i : i + size]), records is not None)
        for i in range(0, games, size)
    ]
    out: IO[str] | None = None
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
        out = (records / f"{game_name}-seed{seed}.jsonl").open("w", encoding="utf-8")
    start = time.perf_counter()
    shared = _Shared(chunks, jobs) if jobs > 1 else None
    try:
        played: Iterable[list[tuple[GameResult, str | None]]] = (
            shared if shared is not None else map(_play_chunk, chunks)
        )
        done = 0
        for chunk in played:
            for result, line in chunk:
                summary.results.append(result)
                if out is not None and line is not None:
                    out.write(line + "\n")
            done += len(chunk)
            if progress is not None:
                progress(done, games, time.perf_counter() - start)
    finally:
        if shared is not None:
            shared.close()
        if out is not None:
            out.close()
    summary.seconds = time.perf_counter() - start
    return summary


def progress_bar(
    stream: IO[str] = sys.stderr, width: int = 30
) -> Callable[[int, int, float], None]:
    """Return a progress callback that redraws one line on `stream`."""
    last = [-1]

    def show(done: int, total: int, seconds: float) -> None:
        filled = width * done // total
        if filled == last[0] and done != total:
            return
        last[0] = filled
        rate = done / seconds if seconds > 0 else 0.0
        bar = "#" * filled + "." * (width - filled)
        stream.write(f"\r[{bar}] {done}/{total} games  {rate:,.0f} games/s")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


def _percentile(sorted_values: Sequence[int], q: float) -> int:
    index = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[index]


def format_summary(summary: Summary) -> str:
    """Return the summary as readable text tables."""
    n = summary.games
    lines = [
        f"{summary.game}: {n} games, {summary.seats} seats, players "
        f"{','.join(summary.players)}, seed {summary.seed} ({summary.seconds:.1f} s)",
        "",
        "Wins by seat            wins    rate   95% interval",
    ]
    for seat, wins in enumerate(summary.wins_by_seat()):
        low, high = wilson_interval(wins, n)
        label = f"seat {seat} ({summary.players[seat]})"
        lines.append(f"  {label:<20}{wins:>6.0f}  {wins / n:6.1%}   {low:.1%} – {high:.1%}")
    lines += ["", "Wins by player          wins  per seat  95% interval"]
    for player, (wins, count) in summary.wins_by_player().items():
        low, high = wilson_interval(wins / count, n)
        label = f"{player} (x{count})"
        lines.append(f"  {label:<20}{wins:>6.0f}  {wins / count / n:7.1%}   {low:.1%} – {high:.1%}")
    lengths = sorted(summary.lengths())
    mean = sum(lengths) / n
    lines += [
        "",
        "Game length (turns)     min  median    mean     p90     max",
        f"  {'':<20}{lengths[0]:>5} {_percentile(lengths, 0.5):>7} {mean:>7.1f} "
        f"{_percentile(lengths, 0.9):>7} {lengths[-1]:>7}",
        "",
        "Events                  total  per game",
    ]
    for label, count in sorted(summary.counters().items()):
        lines.append(f"  {label:<20}{count:>8}  {count / n:8.2f}")
    return "\n".join(lines)


def plot_summary(summary: Summary, path: Path) -> None:
    """Write charts of the summary (wins, game lengths, events) to a PNG file."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise RuntimeError("--plot needs matplotlib: pip install 'mousehole[plot]'") from None
    n = summary.games
    fig, axes = plt.subplots(2, 2, figsize=(11, 8))
    fig.suptitle(
        f"{summary.game}: {n} games, players {','.join(summary.players)}, seed {summary.seed}"
    )
    seats = [f"{s}\n{p}" for s, p in enumerate(summary.players)]
    by_seat = summary.wins_by_seat()
    errors = [[], []]  # type: list[list[float]]
    for wins in by_seat:
        low, high = wilson_interval(wins, n)
        errors[0].append(wins / n - low)
        errors[1].append(high - wins / n)
    ax = axes[0][0]
    ax.bar(seats, [w / n for w in by_seat], yerr=errors, color="#e8a33d", capsize=4)
    ax.set_title("Win rate by seat (95% interval)")
    ax.set_ylim(0, 1)
    ax = axes[0][1]
    table = summary.wins_by_player()
    ax.bar(list(table), [w / c / n for w, c in table.values()], color="#6b8e23")
    ax.set_title("Win rate per seat, by player")
    ax.set_ylim(0, 1)
    ax = axes[1][0]
    ax.hist(summary.lengths(), bins=30, color="#4a6fa5")
    ax.set_title("Game length (turns)")
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax = axes[1][1]
    counters = sorted(summary.counters().items())
    ax.barh([k for k, _ in counters], [v / n for _, v in counters], color="#a0522d")
    ax.set_title("Events per game")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)
