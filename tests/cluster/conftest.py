"""The cluster tests' fixtures: a Redis of their own (tests/redis_server.py), and PostgreSQL's
from tests/pg.py (the root conftest)."""

from tests.redis_server import redis_server, redis_url  # noqa: F401 (fixtures)
