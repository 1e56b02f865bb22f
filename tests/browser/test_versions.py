"""The room socket (shared/net.js) never steps back: a snapshot older than what it showed.

A real server and a real page; between them Playwright's WebSocket route passes every message
on, and can also hand the page a snapshot the server really sent earlier, as an instance that
served a stale copy would (docs/deploy.md, Faults). The page must keep what it shows, ask for a
`sync`, and reconnect when the answer is older still.
"""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Page, WebSocketRoute

from tests.processes import post_json
from tests.server import scenes

OPEN = """async ([room, token]) => {
  const net = await import('/static/shared/net.js');
  window.seen = [];
  window.statuses = [];
  window.room = new net.RoomSocket(`/ws/rooms/${room}`, {type: 'hello', token}, {
    onSnapshot: (s) => window.seen.push(['snapshot', s.version]),
    onUpdate: (u) => window.seen.push(['update', u.snapshot.version]),
    onStatus: (status) => window.statuses.push(status),
  });
}"""


def _until(page: Page, check: Any, what: str, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"not within {timeout} s: {what}"
        page.wait_for_timeout(50)


def test_an_older_snapshot_is_refused_and_a_resync_asked(page: Page, server: str) -> None:
    setup = {"game": scenes.NAME, "options": scenes.OPTIONS, "seats": scenes.HUMANS}
    room = post_json(f"{server}/api/rooms", setup)
    to_server: list[dict[str, Any]] = []
    from_server: list[str] = []
    routes: list[WebSocketRoute] = []

    def route(ws: WebSocketRoute) -> None:
        real = ws.connect_to_server()
        routes.append(ws)

        def up(message: str | bytes) -> None:
            to_server.append(json.loads(message))
            real.send(message)

        def down(message: str | bytes) -> None:
            from_server.append(str(message))
            ws.send(message)

        ws.on_message(up)
        real.on_message(down)

    page.route_web_socket("**/ws/rooms/*", route)
    page.goto(server)
    page.evaluate(OPEN, [room["room"], room["token"]])
    _until(page, lambda: page.evaluate("window.seen.length") == 1, "the first snapshot")
    first = from_server[0]
    old = int(json.loads(first)["version"])

    snapshot = json.loads(first)
    page.evaluate(
        "msg => window.room.send(msg)",
        {"type": "act", "seat": snapshot["to_act"], "action": snapshot["legal"][0], "version": old},
    )
    _until(page, lambda: page.evaluate("window.seen.length") == 2, "the update")
    shown = page.evaluate("window.room.version")
    assert shown > old, page.evaluate("window.seen")

    syncs = sum(1 for m in to_server if m.get("type") == "sync")
    routes[-1].send(first)  # the server's own first snapshot, older than what is shown
    _until(
        page,
        lambda: sum(1 for m in to_server if m.get("type") == "sync") == syncs + 1,
        "a sync after the older snapshot",
    )
    _until(page, lambda: page.evaluate("window.seen.length") == 3, "the sync's snapshot")
    seen = page.evaluate("window.seen")
    assert [version for _, version in seen] == [old, shown, shown], seen
    assert page.evaluate("window.room.version") == shown

    # older a second time on the same socket: it reconnects, and is answered from the store
    sockets = len(routes)
    routes[-1].send(first)
    _until(page, lambda: len(routes) == sockets + 1, "a new socket", timeout=15)
    _until(page, lambda: page.evaluate("window.seen.length") == 4, "the new socket's snapshot")
    seen = page.evaluate("window.seen")
    versions = [version for _, version in seen]
    assert versions == sorted(versions) and versions[-1] == shown, seen
    assert "retrying" in page.evaluate("window.statuses")
