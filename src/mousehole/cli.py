"""The `mousehole` command: serve | simulate | replay | verify | rooms | migrate | bot."""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import math
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from .engine import CHANCE, MouseholeError, record_header, verify
from .games import BOTS, GAMES, load_game

if TYPE_CHECKING:
    from .server.store import Store


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args, args.parser))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `mousehole replay FILE | head`: the reader left, nothing is wrong
        sys.stderr.close()
        return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mousehole", description="Mouse-and-cheese board games: server and tools."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    serve = sub.add_parser("serve", help="run the web app")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--db", default=None, help="SQLite file (default var/mousehole.sqlite3)")
    _database_argument(serve, "keep the rooms in this PostgreSQL database instead of SQLite")
    serve.add_argument(
        "--redis",
        default=None,
        metavar="URL",
        help="run as one of several instances that share --database, talking through this "
        f"Redis: redis://host:port/0 (default ${REDIS_VARIABLE}; docs/deploy.md)",
    )
    serve.add_argument(
        "--sync",
        choices=("normal", "full"),
        default=None,
        help="when a move counts as stored in SQLite: normal, once written (survives a crash "
        "of the server; default) or full, once flushed to the disk (survives a power cut too; "
        "every update then waits on the disk: see docs/storage.md)",
    )
    serve.add_argument(
        "--gc",
        choices=("tuned", "python"),
        default="tuned",
        help="garbage collector: tuned thresholds after startup (default) or Python's own",
    )
    serve.add_argument(
        "--ws-deflate",
        action="store_true",
        help="compress WebSocket messages (permessage-deflate; off by default: see "
        "docs/benchmarks.md)",
    )
    serve.set_defaults(run=_serve, parser=serve)

    sim = sub.add_parser("simulate", help="play many computer matches and summarise them")
    sim.add_argument("game", help=f"one of: {', '.join(sorted(GAMES))}")
    sim.add_argument("--games", type=int, default=1000, help="how many matches (default 1000)")
    sim.add_argument("--seats", type=int, default=None, help="seats (default: one per player)")
    sim.add_argument(
        "--players", default=None, help="comma-separated levels per seat, e.g. hard,easy,easy,easy"
    )
    sim.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    sim.add_argument("--plot", type=Path, default=None, help="write charts to this PNG file")
    sim.add_argument("--records", type=Path, default=None, help="write JSONL records here")
    sim.add_argument(
        "--jobs",
        type=int,
        default=None,
        help="processes that share the matches (default: one per core); the results do not "
        "depend on it",
    )
    bar = sim.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None)
    bar.add_argument("--no-progress", dest="progress", action="store_false")
    sim.set_defaults(run=_simulate, parser=sim)

    rep = sub.add_parser("replay", help="print a readable play-by-play of a record")
    rep.add_argument("file", type=Path, help="a record (.json) or records (.jsonl)")
    rep.add_argument(
        "--index", type=int, default=0, help="which record of a .jsonl file (default 0)"
    )
    rep.set_defaults(run=_replay, parser=rep)

    ver = sub.add_parser(
        "verify", help="check a finished match's chance outcomes against its commitment"
    )
    ver.add_argument("file", type=Path, help="a record (.json) or records (.jsonl)")
    ver.add_argument(
        "--index", type=int, default=0, help="which record of a .jsonl file (default 0)"
    )
    ver.set_defaults(run=_verify, parser=ver)

    rooms = sub.add_parser(
        "rooms", help="list the rooms a server has stored, or print one room's record"
    )
    rooms.add_argument(
        "room", nargs="?", default=None, help="a room code or id (or the start of one): its record"
    )
    rooms.add_argument("--db", default=None, help="SQLite file (default var/mousehole.sqlite3)")
    _database_argument(rooms, "the PostgreSQL database to read instead of a SQLite file")
    rooms.add_argument("--mode", choices=("local", "online"), default=None)
    rooms.add_argument("--game", default=None, help=f"one of: {', '.join(sorted(GAMES))}")
    rooms.add_argument("--limit", type=int, default=50, help="at most this many (default 50)")
    rooms.add_argument("--json", action="store_true", help="one JSON object per line")
    rooms.set_defaults(run=_rooms, parser=rooms)

    migrate = sub.add_parser(
        "migrate", help="copy every room of a SQLite file into PostgreSQL, checked by replay"
    )
    migrate.add_argument("--db", default=None, help="SQLite file (default var/mousehole.sqlite3)")
    _database_argument(migrate, "the PostgreSQL database to copy the rooms into")
    migrate.set_defaults(run=_migrate, parser=migrate)

    bot = sub.add_parser(
        "bot",
        help="let a program play a seat of an online room (docs/bots.md)",
        description="Join an online room as a bot and let COMMAND play the seat: one JSON line "
        "per turn on its standard input, one action (JSON, or an index into legal) per line "
        "on its standard output.",
    )
    bot.add_argument("--url", required=True, help="the server, e.g. http://127.0.0.1:8000")
    bot.add_argument("--room", required=True, metavar="CODE", help="the room code")
    bot.add_argument("--name", default="Bot", help="the seat's name (default Bot)")
    bot.add_argument("--seat", type=int, default=None, help="the seat (default: the first open)")
    bot.add_argument("--token", default=None, help="take back --seat with its seat token")
    bot.add_argument("command", nargs=argparse.REMAINDER, help="-- the program and its arguments")
    bot.set_defaults(run=_bot, parser=bot)
    return parser


def _bot(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from .bot_command import run  # the client's packages load only for this command
    from .client import ClientError

    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        _fail(parser, "give the program to run after --, e.g. -- python3 mybot.py")
    try:
        final = asyncio.run(
            run(args.url, args.room, args.name, command, seat=args.seat, token=args.token)
        )
    except ClientError as error:
        _fail(parser, str(error))
    print(json.dumps({"winners": final.get("winners", []), "version": final.get("version")}))
    return 0


REDIS_VARIABLE = "MOUSEHOLE_REDIS"
"""The environment variable that stands for `serve --redis`."""

DATABASE_VARIABLE = "MOUSEHOLE_DATABASE"
"""The environment variable that stands for `--database` when neither it nor `--db` is given."""


def _database_argument(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "--database",
        default=None,
        metavar="URL",
        help=f"{what}: postgresql://user:password@host:port/name (default ${DATABASE_VARIABLE})",
    )


def _database(args: argparse.Namespace, parser: argparse.ArgumentParser) -> str | None:
    """Return the PostgreSQL URL to use (`--database`, else $MOUSEHOLE_DATABASE unless `--db`
    names a SQLite file), or None for SQLite."""
    if args.database is not None:
        if args.db is not None:
            parser.error("--db (a SQLite file) and --database (PostgreSQL): choose one")
        return str(args.database)
    if args.db is not None:
        return None
    return os.environ.get(DATABASE_VARIABLE, "").strip() or None


def _fail(parser: argparse.ArgumentParser, message: str) -> NoReturn:
    """Exit 2 with one line (no usage: the arguments were fine, the database was not)."""
    print(f"{parser.prog}: error: {message}", file=sys.stderr)
    sys.exit(2)


def _serve(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    import uvicorn

    from .server import create_app
    from .server.rooms.hub import OnlineSettings
    from .server.rooms.wire import MAX_FRAME
    from .server.store import DEFAULT_SYNC, StorageError

    if not 1 <= args.port <= 65535:
        parser.error(f"--port must be 1..65535, not {args.port}")
    database = _database(args, parser)
    if database is not None and args.sync is not None:
        parser.error(
            "--sync is SQLite's setting; PostgreSQL's is its own synchronous_commit "
            "(docs/storage.md)"
        )
    # Online timings from the environment (docs/online.md); the browser tests shorten them.
    defaults = OnlineSettings()
    online = OnlineSettings(
        grace=_env_seconds("MOUSEHOLE_ONLINE_GRACE", defaults.grace, parser),
        computer_delay=_env_seconds("MOUSEHOLE_COMPUTER_DELAY", defaults.computer_delay, parser),
    )
    redis = args.redis or os.environ.get(REDIS_VARIABLE, "").strip() or None
    if redis is not None and database is None:
        parser.error(
            "--redis (several instances) needs the rooms in PostgreSQL: add --database "
            "postgresql://... (SQLite is one server's file)"
        )
    try:
        app = create_app(
            args.db,
            online=online,
            sync=args.sync or DEFAULT_SYNC,
            database=database,
            redis=redis,
        )
    except StorageError as error:
        if database is not None:
            _fail(parser, str(error))
        parser.error(str(error))
    if args.gc == "tuned":
        tune_gc()
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        ws_per_message_deflate=args.ws_deflate,
        ws_max_size=MAX_FRAME,
    )
    return 0


GC_THRESHOLDS = (50_000, 50, 100)
"""The server's collector thresholds: a young collection every 50,000 allocations, not 700."""


def tune_gc() -> None:
    """Tune the garbage collector for a long-running server (docs/benchmarks.md).

    Python's default thresholds (700, 10, 10) make the collector walk every young object
    every 700 allocations, and the full collections they trigger walk every room and socket:
    at thousands of connections that stalls the event loop for hundreds of milliseconds. What
    is loaded at startup is frozen (never scanned again), and collections are made rarer.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def _env_seconds(name: str, default: float, parser: argparse.ArgumentParser) -> float:
    """Return the seconds in environment variable `name` (unset or empty: `default`)."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not math.isfinite(value) or value < 0:
        parser.error(f"{name} must be a number of seconds >= 0, not {text!r}")
    return value


def _simulate(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from .simulation import default_jobs, format_summary, plot_summary, progress_bar, simulate

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
    # normal by default (the level most matches are played at), else the game's only level
    # ("auto" for Aus die Maus!); the expert's searches would make a run hundreds of times slower
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


def _read_record(path: Path, index: int, parser: argparse.ArgumentParser) -> Any:
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


def _replay(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    data = _read_record(args.file, args.index, parser)
    try:
        name, options = record_header(data)
        game = load_game(name, **options)
        from .engine import replay as replay_record

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
        who = "chance" if actor == CHANCE else _seat_name(actor, names)
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
            + ", ".join(_seat_name(s, names) for s in winners)
        )
    else:
        print(f"The record stops after {turn_line} moves; the game is not over.")
    return 0


def _verify(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    data = _read_record(args.file, args.index, parser)
    try:
        name, options = record_header(data)
        result = verify(load_game(name, **options), data)
    except MouseholeError as error:
        print(f"mousehole verify: {error}", file=sys.stderr)
        return 1
    if not result.ok:
        print(f"mousehole verify: {result.message}", file=sys.stderr)
        return 1
    print(result.message)
    return 0


def _rooms(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """List stored rooms (newest change first), or print one room's record as JSON."""
    from .server.store import StorageError

    if args.game is not None and args.game not in GAMES:
        parser.error(f"unknown game {args.game!r}: choose one of {', '.join(sorted(GAMES))}")
    if args.limit < 1:
        parser.error(f"--limit must be at least 1, not {args.limit}")
    store, where = _open_store(args, parser)
    try:
        if args.room is None:
            found = store.rooms(mode=args.mode, game=args.game, limit=args.limit)
            if args.json:
                for room in found:
                    print(json.dumps(room.to_json(), ensure_ascii=False))
            else:
                print(_rooms_table(found))
            return 0
        key = args.room.strip()
        ids = store.room_ids(key) or store.room_ids(key.upper())  # codes are upper case
        if not ids:
            print(f"mousehole rooms: no room {key!r} in {where}", file=sys.stderr)
            return 1
        if len(ids) > 1:
            print(f"mousehole rooms: {key!r} starts more than one room id", file=sys.stderr)
            return 1
        stored = store.load(ids[0])
        assert stored is not None  # ids came from the same file
        record = stored.record_json()
        if not stored.finished and record.pop("secret", None) is not None:
            print(
                f"mousehole rooms: {ids[0]} is still being played: its fairness secret is "
                "left out (it is revealed when the match ends)",
                file=sys.stderr,
            )
        print(json.dumps(record, ensure_ascii=False, indent=1))
        return 0
    except StorageError as error:
        print(f"mousehole rooms: {error}", file=sys.stderr)
        return 1
    finally:
        store.close()


def _open_store(args: argparse.Namespace, parser: argparse.ArgumentParser) -> tuple[Store, str]:
    """Return the store that `--db` or `--database` names, and how to name it in messages."""
    from .server.http.app import open_store
    from .server.store import DEFAULT_DB_PATH, StorageError

    database = _database(args, parser)
    if database is not None:
        try:
            store = open_store(database=database)
        except StorageError as error:
            _fail(parser, str(error))
        return store, store.describe()
    path = Path(args.db) if args.db else DEFAULT_DB_PATH
    if not path.is_file():  # never create an empty database by looking for one
        parser.error(f"no database at {str(path)!r} (mousehole serve --db {path} makes one)")
    try:
        return open_store(str(path)), repr(str(path))
    except StorageError as error:
        parser.error(str(error))


def _migrate(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Copy every room of a SQLite file into PostgreSQL; check each copy by replay."""
    from .server.store import DEFAULT_DB_PATH, SQLiteStore, StorageError

    database = args.database or os.environ.get(DATABASE_VARIABLE, "").strip()
    if not database:
        parser.error(f"--database: which PostgreSQL database? (a URL, or ${DATABASE_VARIABLE})")
    path = Path(args.db) if args.db else DEFAULT_DB_PATH
    if not path.is_file():
        parser.error(f"no database at {str(path)!r}")
    try:
        source = SQLiteStore(path)
    except StorageError as error:
        parser.error(str(error))
    try:
        try:
            from .server.store.transfer import PostgresStore, copy_rooms
        except ImportError:
            _fail(parser, "PostgreSQL needs psycopg: pip install 'mousehole[postgres]'")
        try:
            target = PostgresStore(database)
        except StorageError as error:
            _fail(parser, str(error))
        try:
            copied = copy_rooms(source, target)
            print(copied.summary(repr(str(path)), target.describe()))
            return 0
        except StorageError as error:
            print(f"mousehole migrate: {error}", file=sys.stderr)
            return 1
        finally:
            target.close()
    finally:
        source.close()


def _rooms_table(rooms: Sequence[Any]) -> str:
    """Return the rooms as an aligned text table (long private ids shortened)."""
    if not rooms:
        return "no rooms"
    header = ("ROOM", "GAME", "MODE", "STATUS", "MOVES", "UPDATED (UTC)", "SEATS")
    rows = [header]
    for room in rooms:
        seats = []
        for seat in room.seats:
            state = seat.get("state", seat.get("kind"))
            if state == "open":
                seats.append("(open)")
            elif seat.get("kind") == "computer":
                seats.append(f"{seat.get('name')} (computer {seat.get('level')})")
            else:
                seats.append(f"{seat.get('name')}" + (f" ({state})" if state == "assisted" else ""))
        rows.append(
            (
                room.room_id if len(room.room_id) <= 20 else room.room_id[:18] + "…",
                room.game,
                room.mode,
                room.status,
                str(room.moves),
                room.updated_at[:16].replace("T", " "),
                ", ".join(seats),
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header) - 1)]
    lines = []
    for row in rows:
        cells = [
            cell.rjust(widths[i]) if i == 4 else cell.ljust(widths[i])
            for i, cell in enumerate(row[:-1])
        ]
        lines.append("  ".join([*cells, row[-1]]))
    return "\n".join(lines)


def _seat_name(seat: int, names: Sequence[str]) -> str:
    return f"seat {seat} ({names[seat]})" if seat < len(names) else f"seat {seat}"


if __name__ == "__main__":
    sys.exit(main())
