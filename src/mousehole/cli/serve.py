"""`mousehole serve`: the web app under uvicorn, its logging and its garbage collector."""

from __future__ import annotations

import argparse
import gc
import logging
import os

from .common import REDIS_VARIABLE, database_url, env_seconds, fail

LOG_VARIABLE = "MOUSEHOLE_LOG_LEVEL"
"""The environment variable that stands for `serve --log-level`."""

LOG_LEVELS = ("debug", "info", "warning", "error")

LOG_FORMAT = "%(asctime)s.%(msecs)03d %(levelname)s %(name)s: %(message)s"
"""The server's own log lines: when (to the millisecond, local time), how bad, from where."""


def setup_logging(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """Send the `mousehole` loggers' lines to standard error, stamped, at the chosen level."""
    level = args.log_level or os.environ.get(LOG_VARIABLE, "").strip().lower() or "warning"
    if level not in LOG_LEVELS:
        parser.error(f"${LOG_VARIABLE} must be one of {', '.join(LOG_LEVELS)}, not {level!r}")
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter(LOG_FORMAT, datefmt="%Y-%m-%d %H:%M:%S"))
    logger = logging.getLogger("mousehole")
    logger.handlers[:] = [handler]
    logger.setLevel(level.upper())
    logger.propagate = False


def run_serve(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    import uvicorn

    from ..server import create_app
    from ..server.rooms.hub import OnlineSettings
    from ..server.rooms.wire import MAX_FRAME
    from ..server.store import DEFAULT_SYNC, StorageError

    if not 1 <= args.port <= 65535:
        parser.error(f"--port must be 1..65535, not {args.port}")
    setup_logging(args, parser)
    database = database_url(args, parser)
    if database is not None and args.sync is not None:
        parser.error(
            "--sync is SQLite's setting; PostgreSQL's is its own synchronous_commit "
            "(docs/storage.md)"
        )
    # Online timings from the environment (docs/online.md); the tests shorten or lengthen them.
    defaults = OnlineSettings()
    online = OnlineSettings(
        grace=env_seconds("MOUSEHOLE_ONLINE_GRACE", defaults.grace, parser),
        computer_delay=env_seconds("MOUSEHOLE_COMPUTER_DELAY", defaults.computer_delay, parser),
        replays_window=env_seconds(
            "MOUSEHOLE_REPLAYS_WINDOW", defaults.replays_window, parser, positive=True
        ),
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
            fail(parser, str(error))
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
