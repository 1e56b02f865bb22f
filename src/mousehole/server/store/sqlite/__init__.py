"""The SQLite store: one embedded file, the default (docs/storage.md)."""

from .store import DEFAULT_DB_PATH, DEFAULT_SYNC, SYNC_MODES, SQLiteStore, prepare_sqlite

__all__ = ["DEFAULT_DB_PATH", "DEFAULT_SYNC", "SYNC_MODES", "SQLiteStore", "prepare_sqlite"]
