"""The cluster modules' tests: a Redis of their own (tests/redis_server.py), and PostgreSQL's from
tests/pg.py (the root conftest). Each runs its module in this process; whole instances as real
processes are tested in tests/cluster/."""

from tests.redis_server import redis_server, redis_url  # noqa: F401 (fixtures)
