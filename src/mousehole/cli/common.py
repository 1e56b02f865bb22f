"""What the commands share: failing with one line, the database arguments, environment values."""

from __future__ import annotations

import argparse
import math
import os
import sys
from typing import NoReturn

REDIS_VARIABLE = "MOUSEHOLE_REDIS"
"""The environment variable that stands for `serve --redis`."""

DATABASE_VARIABLE = "MOUSEHOLE_DATABASE"
"""The environment variable that stands for `--database` when neither it nor `--db` is given."""


def database_argument(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "--database",
        default=None,
        metavar="URL",
        help=f"{what}: postgresql://user:password@host:port/name (default ${DATABASE_VARIABLE})",
    )


def database_url(args: argparse.Namespace, parser: argparse.ArgumentParser) -> str | None:
    """Return the PostgreSQL URL to use (`--database`, else $MOUSEHOLE_DATABASE unless `--db`
    names a SQLite file), or None for SQLite."""
    if args.database is not None:
        if args.db is not None:
            parser.error("--db (a SQLite file) and --database (PostgreSQL): choose one")
        return str(args.database)
    if args.db is not None:
        return None
    return os.environ.get(DATABASE_VARIABLE, "").strip() or None


def fail(parser: argparse.ArgumentParser, message: str) -> NoReturn:
    """Exit 2 with one line (no usage: the arguments were fine, the database was not)."""
    print(f"{parser.prog}: error: {message}", file=sys.stderr)
    sys.exit(2)


def env_seconds(
    name: str, default: float, parser: argparse.ArgumentParser, *, positive: bool = False
) -> float:
    """Return the seconds in environment variable `name` (unset or empty: `default`), at
    least 0, or above 0 with `positive`."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not math.isfinite(value) or value < 0 or (positive and value == 0):
        parser.error(
            f"{name} must be a number of seconds {'> 0' if positive else '>= 0'}, not {text!r}"
        )
    return value
