"""Several instances of the server on one PostgreSQL and one Redis (docs/deploy.md).

`mousehole serve --database postgresql://… --redis redis://…` makes this instance one of a
cluster: each room is driven by one instance at a time under a lease fenced at every commit
(lease.py, store/postgres/fence.py), sockets of other instances are relayed to it (relay.py,
node.py) over Redis pub/sub (bus.py), and the guessing and room-creation limits are counted in
Redis for all (limits.py). Without `--redis` none of this is imported.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from ..rooms.hub import Hub
from ..store import StorageError, Store

if TYPE_CHECKING:
    from .node import Cluster

SCHEMES = ("redis", "rediss", "unix")


def check_cluster(store: Store, url: str) -> None:
    """Check that this instance can join a cluster: the rooms in PostgreSQL, the redis
    package installed and Redis answering at `url`; raise StorageError naming the URL (never
    its password) when not."""
    from ..store.postgres import PostgresStore, redact

    where = redact(url)
    if urlsplit(url).scheme not in SCHEMES:
        raise StorageError(f"expected a redis:// URL, not {where!r}")
    if not isinstance(store, PostgresStore):
        raise StorageError(
            "several instances (--redis) need the rooms in PostgreSQL (--database), not SQLite"
        )
    try:
        import redis
    except ImportError:
        raise StorageError(
            "--redis needs the redis package: pip install 'mousehole[redis]'"
        ) from None
    try:
        probe = redis.Redis.from_url(url, socket_timeout=3, socket_connect_timeout=3)
        probe.ping()
        probe.close()
    except (redis.RedisError, OSError, ValueError) as error:
        raise StorageError(f"cannot use Redis at {where}: {error}") from None


def open_cluster(hub: Hub, store: Store, database: str, url: str) -> Cluster:
    """Return this instance's `Cluster` (started by the app's lifespan); `check_cluster`
    first."""
    from ..store.postgres import PostgresStore
    from .node import Cluster

    assert isinstance(store, PostgresStore)
    return Cluster(hub, store, database, url)
