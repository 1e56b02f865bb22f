"""Who drives a room (src/mousehole/server/rooms/drivers.py): a server alone drives them all.

The cluster's drivers (a room's lease, the relay and forwarded calls) are tested with real
instances in tests/cluster/."""

from __future__ import annotations

import asyncio
from pathlib import Path

from starlette.testclient import TestClient

from mousehole.server import create_app
from mousehole.server.rooms.drivers import ThisInstance


def test_a_server_alone_drives_every_room_and_names_no_instance() -> None:
    drivers = ThisInstance()
    assert asyncio.run(drivers.driver("ABCDEF")) is None
    assert asyncio.run(drivers.driver("no-such-room")) is None
    assert drivers.instance is None and drivers.problem() is None


def test_an_app_without_redis_is_a_server_alone(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "db.sqlite3"))
    with TestClient(app) as client:
        assert isinstance(client.app.state.drivers, ThisInstance)  # type: ignore[attr-defined]
        assert "instance" not in client.get("/healthz").json()
