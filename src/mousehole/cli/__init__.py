"""The `mousehole` command: serve | simulate | replay | verify | rooms | migrate | bot.

This module reads the arguments; each group of commands runs in a module of its own (serve.py,
records.py, rooms.py, bot.py), with what they share in common.py.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from ..games import GAMES
from .bot import run_bot
from .common import REDIS_VARIABLE, database_argument
from .records import run_replay, run_simulate, run_verify
from .rooms import run_migrate, run_rooms
from .serve import GC_THRESHOLDS, LOG_LEVELS, LOG_VARIABLE, run_serve

__all__ = ["GC_THRESHOLDS", "main"]


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
    database_argument(serve, "keep the rooms in this PostgreSQL database instead of SQLite")
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
    serve.add_argument(
        "--log-level",
        choices=LOG_LEVELS,
        default=None,
        help="what the server logs: warning (default: takeovers, lost connections, failed "
        "timers), info, or debug (every relayed socket and timer move; default "
        f"${LOG_VARIABLE})",
    )
    serve.set_defaults(run=run_serve, parser=serve)

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
    sim.set_defaults(run=run_simulate, parser=sim)

    rep = sub.add_parser("replay", help="print a readable play-by-play of a record")
    rep.add_argument("file", type=Path, help="a record (.json) or records (.jsonl)")
    rep.add_argument(
        "--index", type=int, default=0, help="which record of a .jsonl file (default 0)"
    )
    rep.set_defaults(run=run_replay, parser=rep)

    ver = sub.add_parser(
        "verify", help="check a finished match's chance outcomes against its commitment"
    )
    ver.add_argument("file", type=Path, help="a record (.json) or records (.jsonl)")
    ver.add_argument(
        "--index", type=int, default=0, help="which record of a .jsonl file (default 0)"
    )
    ver.set_defaults(run=run_verify, parser=ver)

    rooms = sub.add_parser(
        "rooms", help="list the rooms a server has stored, or print one room's record"
    )
    rooms.add_argument(
        "room", nargs="?", default=None, help="a room code or id (or the start of one): its record"
    )
    rooms.add_argument("--db", default=None, help="SQLite file (default var/mousehole.sqlite3)")
    database_argument(rooms, "the PostgreSQL database to read instead of a SQLite file")
    rooms.add_argument("--mode", choices=("local", "online"), default=None)
    rooms.add_argument("--game", default=None, help=f"one of: {', '.join(sorted(GAMES))}")
    rooms.add_argument("--limit", type=int, default=50, help="at most this many (default 50)")
    rooms.add_argument("--json", action="store_true", help="one JSON object per line")
    rooms.set_defaults(run=run_rooms, parser=rooms)

    migrate = sub.add_parser(
        "migrate", help="copy every room of a SQLite file into PostgreSQL, checked by replay"
    )
    migrate.add_argument("--db", default=None, help="SQLite file (default var/mousehole.sqlite3)")
    database_argument(migrate, "the PostgreSQL database to copy the rooms into")
    migrate.set_defaults(run=run_migrate, parser=migrate)

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
    bot.set_defaults(run=run_bot, parser=bot)
    return parser
