"""The PostgreSQL store: one database shared by every server instance (docs/storage.md,
docs/deploy.md), with each room's writes fenced by its lease in a cluster (`fence.py`)."""

from .connection import redact
from .store import PostgresStore

__all__ = ["PostgresStore", "redact"]
