"""Where the web app keeps its data. For now: check that the SQLite file can be written."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

DEFAULT_DB_PATH = Path("var") / "mousehole.sqlite3"
"""The database used when none is given, relative to the working directory."""


class StorageError(RuntimeError):
    """The database file cannot be created or written."""


def prepare_sqlite(path: Path) -> Path:
    """Return `path` after creating its folder and the database file, proven writable.

    Raise StorageError naming the path and the cause when it cannot be written, so that a bad
    `--db` stops the server at startup rather than at the first move.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with closing(sqlite3.connect(path)) as connection:
            # BEGIN IMMEDIATE takes the write lock: it fails on a read-only file or folder
            # without changing the database (the schema belongs to the storage layer to come).
            connection.execute("BEGIN IMMEDIATE")
            connection.execute("ROLLBACK")
    except (OSError, sqlite3.Error) as error:
        raise StorageError(f"cannot write the SQLite database {str(path)!r}: {error}") from error
    return path
