"""The simulator (simulation.py): many computer-played matches of any registered game, their
statistics, records and text tables. `tests/cli/test_records.py` runs it through
`mousehole simulate`."""

from __future__ import annotations

import json
import math
import os
import time
from pathlib import Path
from typing import Any

import pytest

import mousehole
from mousehole import simulation
from mousehole.games import MANIFESTS, GameManifest
from mousehole.simulation import (
    GameResult,
    Summary,
    format_summary,
    play_one,
    simulate,
    turns_of,
    wilson_interval,
)

FIRST_LEVELS = [pytest.param(m, id=m.name) for m in MANIFESTS]
"""Every registered game, played by its easiest level (fast enough for a dozen matches)."""


def _run(entry: GameManifest, seed: int, games: int = 6, **kwargs: Any) -> Summary:
    """Simulate `games` matches of `entry` at its fewest seats, every seat its first level."""
    seats = entry.min_seats
    players = [entry.levels[0]] * seats
    return simulate(entry.name, games=games, seats=seats, players=players, seed=seed, **kwargs)


def test_the_wilson_interval_of_no_trials_is_everything() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_the_wilson_interval_of_no_successes_starts_at_zero_and_ends_at_its_closed_form() -> None:
    z = 1.96
    for trials in (1, 10, 250):
        low, high = wilson_interval(0, trials)
        assert low == 0.0
        assert math.isclose(high, z * z / (trials + z * z))  # p = 0: centre = half width


@pytest.mark.parametrize(("wins", "trials"), [(1, 3), (7, 10), (500, 1000), (999, 1000)])
def test_the_wilson_interval_holds_the_rate_and_mirrors_for_the_losses(
    wins: int, trials: int
) -> None:
    low, high = wilson_interval(wins, trials)
    mirror_low, mirror_high = wilson_interval(trials - wins, trials)

    assert 0.0 <= low < wins / trials < high <= 1.0
    assert math.isclose(low, 1 - mirror_high) and math.isclose(high, 1 - mirror_low)


def test_the_wilson_interval_narrows_as_the_trials_grow() -> None:
    widths = [high - low for low, high in (wilson_interval(n / 2, n) for n in (10, 100, 1000))]

    assert widths == sorted(widths, reverse=True) and widths[-1] < 0.07


@pytest.mark.parametrize("entry", FIRST_LEVELS)
def test_the_same_seed_plays_the_same_matches_and_another_seed_other_ones(
    entry: GameManifest,
) -> None:
    first, again, other = _run(entry, 11), _run(entry, 11), _run(entry, 12)

    def played(summary: Summary) -> list[tuple[int, list[int], int]]:
        return [(r.seed, r.winners, r.moves) for r in summary.results]

    assert played(first) == played(again)
    assert played(first) != played(other)


@pytest.mark.parametrize("entry", FIRST_LEVELS)
def test_every_match_has_winners_and_the_wins_add_up_to_the_matches(entry: GameManifest) -> None:
    summary = _run(entry, 3)

    assert summary.games == 6 and (summary.game, summary.seats) == (entry.name, entry.min_seats)
    assert all(r.winners and r.moves > 0 for r in summary.results)
    assert math.isclose(sum(summary.wins_by_seat()), 6)
    level = entry.levels[0]
    wins, seats = summary.wins_by_player()[level]
    assert math.isclose(wins, 6) and seats == entry.min_seats


@pytest.mark.parametrize("entry", FIRST_LEVELS)
def test_each_written_record_replays_to_the_winners_it_names(
    entry: GameManifest, tmp_path: Path
) -> None:
    summary = _run(entry, 5, games=4, records=tmp_path / "runs")

    lines = (tmp_path / "runs" / f"{entry.name}-seed5.jsonl").read_text().splitlines()
    assert len(lines) == 4
    for line, result in zip(lines, summary.results, strict=True):
        record = json.loads(line)
        replayed = mousehole.replay(record)
        assert replayed.error is None and replayed.state.is_terminal()
        assert replayed.state.winners() == record["winners"] == result.winners
        assert record["players"] == summary.players


def test_progress_is_told_after_every_match() -> None:
    entry = MANIFESTS[0]
    told: list[tuple[int, int]] = []

    _run(entry, 1, games=3, progress=lambda done, total, seconds: told.append((done, total)))

    assert told == [(1, 3), (2, 3), (3, 3)]


@pytest.mark.parametrize("entry", FIRST_LEVELS)
def test_worker_processes_play_the_same_matches_in_the_same_order(
    entry: GameManifest, tmp_path: Path
) -> None:
    alone = _run(entry, 21, games=7, records=tmp_path / "alone")
    shared = _run(entry, 21, games=7, records=tmp_path / "shared", jobs=3)

    assert shared.results == alone.results  # seeds, winners, lengths and event counters
    name = f"{entry.name}-seed21.jsonl"
    assert (tmp_path / "shared" / name).read_bytes() == (tmp_path / "alone" / name).read_bytes()


def test_workers_started_afresh_play_the_same_matches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the system cannot fork, each worker is a fresh interpreter importing the
    simulator (the "spawn" start method): the same matches in the same order."""
    entry = MANIFESTS[0]
    monkeypatch.setattr(simulation, "_START_METHOD", "spawn")
    assert _run(entry, 4, games=4, jobs=2).results == _run(entry, 4, games=4).results


def _chunks_played_by_pid(monkeypatch: pytest.MonkeyPatch, folder: Path) -> Path:
    """Make every process that plays a chunk write its process id to a file in `folder` (the
    workers are forked after the patch, so they play the patched chunk player too)."""
    play = simulation._play_chunk

    def recorded(chunk: Any) -> Any:
        with (folder / "pids").open("a", encoding="utf-8") as out:
            out.write(f"{os.getpid()}\n")
        return play(chunk)

    monkeypatch.setattr(simulation, "_play_chunk", recorded)
    return folder / "pids"


def test_every_process_of_a_run_this_one_included_plays_chunks(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    entry = MANIFESTS[0]
    alone = _run(entry, 5, games=120)
    pids = _chunks_played_by_pid(monkeypatch, tmp_path)

    shared = _run(entry, 5, games=120, jobs=2)

    assert shared.results == alone.results
    players = pids.read_text(encoding="utf-8").split()
    assert str(os.getpid()) in players  # this process plays chunks, it does not only wait
    assert len(set(players)) == 2  # and one worker beside it: two processes in all


def test_a_worker_that_fails_stops_the_run_with_its_error(monkeypatch: pytest.MonkeyPatch) -> None:
    parent = os.getpid()
    play = simulation._play_chunk

    def failing_in_a_worker(chunk: Any) -> Any:
        if os.getpid() != parent:
            raise ValueError("no table in this worker")
        time.sleep(0.01)  # leave the worker time to take a chunk
        return play(chunk)

    monkeypatch.setattr(simulation, "_play_chunk", failing_in_a_worker)
    with pytest.raises(RuntimeError, match="a simulation worker failed: ValueError: no table"):
        _run(MANIFESTS[0], 3, games=200, jobs=2)


def test_a_worker_that_dies_stops_the_run_instead_of_losing_matches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    parent = os.getpid()
    play = simulation._play_chunk

    def dying_in_a_worker(chunk: Any) -> Any:
        if os.getpid() != parent:
            os._exit(9)  # killed while holding a chunk nobody else will play
        time.sleep(0.01)
        return play(chunk)

    monkeypatch.setattr(simulation, "_play_chunk", dying_in_a_worker)
    with pytest.raises(RuntimeError, match="a simulation worker ended before chunk"):
        _run(MANIFESTS[0], 3, games=200, jobs=2)


def test_a_run_needs_at_least_one_process() -> None:
    with pytest.raises(ValueError, match="jobs: at least 1 process, not 0"):
        _run(MANIFESTS[0], 1, jobs=0)


@pytest.mark.parametrize("entry", FIRST_LEVELS)
def test_one_match_is_its_record_and_its_events_are_tallied(entry: GameManifest) -> None:
    game = mousehole.load_game(entry.name, seats=entry.min_seats)

    match, result = play_one(game, [entry.levels[0]] * entry.min_seats, seed=9)
    _, quiet = play_one(game, [entry.levels[0]] * entry.min_seats, seed=9, collect_events=False)

    assert match.state.is_terminal() and result.winners == match.state.winners()
    assert result.moves == len(match.record.moves)
    assert mousehole.replay(match.record.to_json()).state.to_json() == match.state.to_json()
    assert quiet.counters == {} and (quiet.winners, quiet.moves) == (result.winners, result.moves)


def test_a_shared_win_counts_as_a_fraction_for_each_winner() -> None:
    summary = Summary("any", 3, ["easy", "easy", "hard"], seed=0)
    summary.results = [
        GameResult(1, [0, 2], turns=10, moves=40, counters={}),
        GameResult(2, [2], turns=20, moves=80, counters={"caught": 1}),
    ]

    assert summary.wins_by_seat() == [0.5, 0.0, 1.5]
    assert summary.wins_by_player() == {"easy": (0.5, 2), "hard": (1.5, 1)}
    assert summary.lengths() == [10, 20] and summary.counters() == {"caught": 1}


def test_the_summary_tables_name_every_seat_the_lengths_and_the_events() -> None:
    summary = Summary("any", 2, ["easy", "hard"], seed=4, seconds=1.5)
    summary.results = [
        GameResult(i, [i % 2], turns=t, moves=t * 3, counters={"rolls": t})
        for i, t in enumerate((10, 30, 20, 40))
    ]

    text = format_summary(summary)

    assert text.splitlines()[0] == "any: 4 games, 2 seats, players easy,hard, seed 4 (1.5 s)"
    assert "seat 0 (easy)" in text and "seat 1 (hard)" in text
    assert "hard (x1)" in text
    lengths = next(line for line in text.splitlines() if line.strip().startswith("10 "))
    assert lengths.split() == ["10", "20", "25.0", "40", "40"]
    assert "rolls" in text and "100" in text and "25.00" in text


def test_a_state_without_a_turn_counter_has_zero_turns() -> None:
    class Counted:
        turn = 7

    assert turns_of(Counted()) == 7
    assert turns_of(object()) == 0
