"""Storage: the `Store` interface, what stores keep, the SQLite store and the writer thread.

docs/storage.md says what is stored and what survives a crash.
"""

from .base import Store, Write
from .sqlite import DEFAULT_DB_PATH, DEFAULT_SYNC, SYNC_MODES, SQLiteStore, prepare_sqlite
from .stored import MoveLike, RoomSummary, StorageError, StoredLine, StoredMove, StoredRoom
from .writer import Writer

__all__ = [
    "DEFAULT_DB_PATH",
    "DEFAULT_SYNC",
    "SYNC_MODES",
    "MoveLike",
    "RoomSummary",
    "SQLiteStore",
    "StorageError",
    "Store",
    "StoredLine",
    "StoredMove",
    "StoredRoom",
    "Write",
    "Writer",
    "prepare_sqlite",
]
