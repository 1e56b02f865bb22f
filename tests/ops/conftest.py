"""The reverse proxy tests' fixtures: a Redis of their own (tests/redis_server.py); PostgreSQL's
come from tests/conftest.py."""

from tests.redis_server import redis_server, redis_url  # noqa: F401 (fixtures)
