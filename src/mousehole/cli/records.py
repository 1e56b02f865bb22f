"""`mousehole simulate`, `replay` and `verify`: matches played, read and checked from records."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..engine import CHANCE, MouseholeError, record_header
from ..engine import verify as verify_record
from ..games import BOTS, GAMES, load_game


def run_simulate(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ..simulation import default_jobs, format_summary, plot_summary, progress_bar, simulate

    if args.game not in GAMES:
        parser.error(f"unknown game {args.game!r}: choose one of {', '.join(sorted(GAMES))}")
    cls = GAMES[args.game]
    levels = list(BOTS[args.game])
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    if args.jobs is not None and args.jobs < 1:
        parser.error(f"--jobs must be at least 1, not {args.jobs}")
    players = args.players.split(",") if args.players else None
    seats = args.seats if args.seats is not None else len(players or []) or cls.max_seats
    if not cls.min_seats <= seats <= cls.max_seats:
        parser.error(
            f"--seats: {cls.title} takes {cls.min_seats} to {cls.max_seats} seats, not {seats}"
        )
    # normal by default (the level most matches are played at), else the game's first level (a
    # game without decisions has one); the expert's searches would make a run far slower
    players = players or ["normal" if "normal" in levels else levels[0]] * seats
    if len(players) != seats:
        parser.error(f"--players names {len(players)} players for {seats} seats")
    for level in players:
        if level not in levels:
            parser.error(f"--players: unknown level {level!r} (choose {', '.join(levels)})")
    if args.plot is not None:
        if args.plot.suffix.lower() != ".png":
            parser.error(f"--plot: the chart file must end in .png, not {args.plot.name!r}")
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            parser.error("--plot needs matplotlib: pip install 'mousehole[plot]'")
    if args.records is not None:
        try:
            args.records.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            parser.error(f"--records: cannot use {args.records} as a folder ({error.strerror})")
    show = sys.stderr.isatty() if args.progress is None else args.progress
    summary = simulate(
        args.game,
        games=args.games,
        seats=seats,
        players=players,
        seed=args.seed,
        records=args.records,
        progress=progress_bar() if show else None,
        jobs=default_jobs() if args.jobs is None else args.jobs,
    )
    print(format_summary(summary))
    if args.plot is not None:
        plot_summary(summary, args.plot)
        print(f"\ncharts written to {args.plot}")
    if args.records is not None:
        print(f"records written to {args.records / f'{args.game}-seed{args.seed}.jsonl'}")
    return 0


def read_record(path: Path, index: int, parser: argparse.ArgumentParser) -> Any:
    """Return the record at `index` of a .json or .jsonl file; usage errors exit 2."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        parser.error(f"cannot read {path}: {error.strerror}")
    except UnicodeDecodeError:
        parser.error(f"{path} is not a text file")
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        parser.error(f"{path} holds no record")
    one_per_line = len(lines) > 1 and all(line.lstrip().startswith("{") for line in lines)
    try:
        if path.suffix == ".jsonl" or one_per_line:
            if not 0 <= index < len(lines):
                parser.error(f"--index {index} is outside 0..{len(lines) - 1} ({path})")
            return json.loads(lines[index])
        if index != 0:
            parser.error(f"--index {index}: {path} holds a single record")
        return json.loads(text)
    except json.JSONDecodeError as error:
        parser.error(f"{path} is not JSON ({error})")


def run_replay(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    data = read_record(args.file, args.index, parser)
    try:
        name, options = record_header(data)
        game = load_game(name, **options)
        from ..engine import replay as replay_record

        result = replay_record(game, data)
    except MouseholeError as error:
        print(f"mousehole replay: {error}", file=sys.stderr)
        return 1
    names = data.get("players") or []
    print(f"{game.title}: {game!r}")
    state = (
        game.new_initial_state()
        if result.record.initial is None
        else game.state_from_json(result.record.initial)
    )
    turn_line = 0
    for number, move in enumerate(result.record.moves, 1):
        actor = state.current_player()
        state = state.apply(move.action)
        who = "chance" if actor == CHANCE else seat_name(actor, names)
        effects = "; ".join(filter(None, (game.describe_event(e) for e in state.events)))
        line = f"{number:5}. {who}: {game.describe_action(move.action)}"
        print(line + (f" -> {effects}" if effects else ""))
        turn_line = number
    if result.error is not None:
        assert result.error_index is not None  # set together with the error
        print(f"error at move {result.error_index + 1}: {result.error}", file=sys.stderr)
        return 1
    winners = state.winners()
    if winners:
        print(
            f"Result after {turn_line} moves: won by "
            + ", ".join(seat_name(s, names) for s in winners)
        )
    else:
        print(f"The record stops after {turn_line} moves; the game is not over.")
    return 0


def run_verify(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    data = read_record(args.file, args.index, parser)
    try:
        name, options = record_header(data)
        result = verify_record(load_game(name, **options), data)
    except MouseholeError as error:
        print(f"mousehole verify: {error}", file=sys.stderr)
        return 1
    if not result.ok:
        print(f"mousehole verify: {result.message}", file=sys.stderr)
        return 1
    print(result.message)
    return 0


def seat_name(seat: int, names: Sequence[str]) -> str:
    return f"seat {seat} ({names[seat]})" if seat < len(names) else f"seat {seat}"
