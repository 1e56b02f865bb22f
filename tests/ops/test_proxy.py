"""The shipped nginx configuration (deploy/nginx.conf) in front of two real `mousehole serve`
instances on the tests' own PostgreSQL and Redis (tests/pg.py, tests/redis_server.py), behind
an nginx of our own on a free port (tests/nginx.py).

Through the proxy: /healthz and the API reach both instances (no sticky sessions), the static
files come from the disk exactly as the instances serve them (bytes, types, cache rules,
security headers, gzip, revalidation), an online room is played over WebSockets with its seats
on both instances, and after one instance is SIGKILLed the proxy keeps serving from the other:
health checks, new rooms, and a room's seats reconnecting with their tokens and playing on.
"""

from __future__ import annotations

import gzip
import json
import socket
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from mousehole.games import MANIFESTS, page_directory
from mousehole.server.http.app import SECURITY_HEADERS
from mousehole.server.http.pages import WEB_DIR
from tests.nginx import Nginx, nginx_or_skip
from tests.pg import Cluster
from tests.processes import ServerProcess, post_json
from tests.redis_server import RedisServer
from tests.sockets import next_message

GAME = MANIFESTS[0].name
"""The game the rooms play: the registry's first."""

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="nginx and SIGKILL: POSIX")


@dataclass
class Site:
    proxy: Nginx
    instances: list[ServerProcess]
    redis: RedisServer

    @property
    def url(self) -> str:
        return self.proxy.url

    def requests(self, instance: ServerProcess, what: str) -> int:
        """Return how many access-log lines of `instance` contain `what`."""
        return instance.log.read_text().count(what)


@pytest.fixture
def site(postgres_cluster: Cluster, redis_server: RedisServer, tmp_path: Path) -> Iterator[Site]:
    program = nginx_or_skip()
    database = postgres_cluster.create_database()
    args = ["--database", database, "--redis", redis_server.url]
    instances = [ServerProcess(None, tmp_path / f"instance{i}.log", args=args) for i in (0, 1)]
    proxy: Nginx | None = None
    try:
        for instance in instances:
            instance.start()
        proxy = Nginx(program, [i.port for i in instances], WEB_DIR.parent)
        proxy.start()
        yield Site(proxy, instances, redis_server)
    finally:
        if proxy is not None:
            proxy.remove()
        for instance in instances:
            instance.kill()


def _get(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, {k.lower(): v for k, v in answer.headers.items()}, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


# ------------------------------------------------------------------------- health and the API


def test_healthz_and_the_api_reach_both_instances_through_the_proxy(site: Site) -> None:
    for _ in range(12):
        status, _, body = _get(f"{site.url}/healthz")
        assert status == 200, body
        health = json.loads(body)
        assert health["status"] == "ok" and health["storage"].startswith("postgresql://")
    seen = [site.requests(i, '"GET /healthz HTTP/1.1" 200') for i in site.instances]
    # Each instance answered its own start-up check once; then the proxy shared the rest.
    assert all(n >= 2 for n in seen), f"no sticky sessions: both instances answer ({seen})"
    status, _, body = _get(f"{site.url}/api/games")
    assert status == 200 and json.loads(body)
    status, headers, body = _get(f"{site.url}/")
    assert status == 200 and headers["content-type"].startswith("text/html"), body[:200]


# ------------------------------------------------------------------------- the static files


def _static_files() -> dict[str, Path]:
    """Return every file the front end serves, by its path below /static/: the shared ones
    (web/) and each game's page folder (`/static/<folder>/`, its package's web/)."""
    folders = {"": WEB_DIR} | {
        f"{m.page.folder}/": page_directory(m.page.folder) for m in MANIFESTS if m.page is not None
    }
    return {
        f"{prefix}{path.relative_to(folder).as_posix()}": path
        for prefix, folder in folders.items()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def _same_type(a: str, b: str) -> bool:
    """Return whether two Content-Types name the same type (JavaScript has two names)."""
    javascript = {"application/javascript", "text/javascript"}

    def kind(value: str) -> str:
        name = value.split(";")[0].strip().lower()
        return "javascript" if name in javascript else name

    return kind(a) == kind(b)


def test_the_proxy_serves_every_static_file_as_the_instances_do(site: Site) -> None:
    direct = site.instances[0].url
    files = _static_files()
    assert len(files) > 20 and any(f.startswith("fonts/") for f in files)
    pages = [m.page.folder for m in MANIFESTS if m.page is not None]
    assert pages and all(any(f.startswith(f"{p}/") for f in files) for p in pages)
    security = {name.decode(): value.decode() for name, value in SECURITY_HEADERS}
    for name, path in files.items():
        status, ours, body = _get(f"{site.url}/static/{name}")
        status_direct, theirs, body_direct = _get(f"{direct}/static/{name}")
        assert status == status_direct == 200, name
        assert body == body_direct == path.read_bytes(), name
        assert _same_type(ours["content-type"], theirs["content-type"]), (name, ours, theirs)
        assert ours["cache-control"] == theirs["cache-control"], name
        for header, value in security.items():
            assert ours[header] == theirs[header] == value, (name, header)
        assert "etag" in ours, name
        again, _, _ = _get(f"{site.url}/static/{name}", {"If-None-Match": ours["etag"]})
        assert again == 304, f"{name}: a browser's revalidation costs no body"
    assert not any(site.requests(i, "GET /static/") for i in site.instances[1:]), (
        "the proxy serves the static files itself"
    )
    fonts = [f for f in files if f.startswith("fonts/")]
    assert _get(f"{site.url}/static/{fonts[0]}")[1]["cache-control"].endswith("immutable")
    script = max((f for f in files if f.endswith(".js")), key=lambda f: len(f))
    status, headers, body = _get(f"{site.url}/static/{script}", {"Accept-Encoding": "gzip"})
    assert status == 200 and headers.get("content-encoding") == "gzip"
    assert gzip.decompress(body) == files[script].read_bytes()
    status, _, _ = _get(f"{site.url}/static/no-such-file.js")
    assert status == 404
    folder = next(m.page.folder for m in MANIFESTS if m.page is not None)
    for path in (f"{folder}/", f"{folder}/../manifest.py", f"{folder}/%2E%2E/manifest.py"):
        status, _, _ = _get(f"{site.url}/static/{path}")
        assert status == 404, f"{path}: only the page folder is served, not its package"


# ------------------------------------------------------------------------- an online room


def _receive(ws: ClientConnection, kind: str, started: bool = False) -> dict[str, Any]:
    """Return the next message of type `kind` (of a started match with `started`); presence
    snapshots and talk in between are skipped."""
    deadline = time.monotonic() + 10
    while True:
        left = max(0.1, deadline - time.monotonic())
        message: dict[str, Any] = json.loads(next_message(ws, left))
        if message.get("type") == "error":
            raise AssertionError(f"refused: {message}")
        snapshot = message.get("snapshot", message)
        if message.get("type") == kind and (snapshot.get("started") or not started):
            return message


def _room(url: str, seats: int) -> tuple[str, list[str]]:
    """Create an online room of `seats` open seats through `url` and join them all."""
    spec = {
        "game": GAME,
        "options": {"seats": seats},
        "seats": [{"kind": "open"}] * seats,
        "host_name": "Ann",
    }
    created = post_json(f"{url}/api/online", spec)
    tokens = [created["token"]]
    for seat in range(1, seats):
        joined = post_json(f"{url}/api/online/{created['code']}/join", {"name": f"P{seat}"})
        tokens.append(joined["token"])
    return created["code"], tokens


def _connect(
    stack: ExitStack, url: str, code: str, token: str
) -> tuple[ClientConnection, dict[str, Any]]:
    """Open a seat's socket (closed with `stack`), say hello; return it and its snapshot."""
    address = url.replace("http://", "ws://") + f"/ws/online/{code}"
    ws = stack.enter_context(connect(address, close_timeout=1))
    ws.send(json.dumps({"type": "hello", "token": token}))
    return ws, _receive(ws, "snapshot")


def _play(sockets: list[ClientConnection], views: list[dict[str, Any]], moves: int) -> int:
    """Let the seat to act play its first legal action `moves` times (`views`: each socket's
    last snapshot, one socket per seat); every socket must hear of each move. Return the
    version reached."""
    version = int(views[0]["version"])
    for _ in range(moves):
        seat = views[0]["to_act"]
        view = views[seat]
        message = {
            "type": "act",
            "action": view["legal"][0],
            "version": view["version"],
            "id": f"{seat}-{view['version']}",
        }
        sockets[seat].send(json.dumps(message))
        updates = [_receive(ws, "update") for ws in sockets]
        views = [update["snapshot"] for update in updates]
        assert {v["version"] for v in views} == {version + len(updates[0]["moves"])}, updates
        version = int(views[0]["version"])
    return version


def _started(sockets: list[ClientConnection]) -> list[dict[str, Any]]:
    """The host starts the match; return each socket's snapshot of the started match."""
    sockets[0].send(json.dumps({"type": "start"}))
    return [_receive(ws, "snapshot", started=True) for ws in sockets]


def test_an_online_room_plays_through_the_proxy_with_its_seats_on_both_instances(
    site: Site,
) -> None:
    code, tokens = _room(site.url, 4)
    with ExitStack() as stack:
        sockets = [_connect(stack, site.url, code, token)[0] for token in tokens]
        accepted = [site.requests(i, f"/ws/online/{code}") for i in site.instances]
        assert all(accepted), f"round robin put seats on both instances: {accepted}"
        assert _play(sockets, _started(sockets), 12) >= 12


# ------------------------------------------------------------------------- one instance dies


def test_killing_an_instance_keeps_the_proxy_serving_from_the_other(site: Site) -> None:
    with ExitStack() as before:  # a room with its seats on both instances, mid-match
        code, tokens = _room(site.url, 2)
        sockets = [_connect(before, site.url, code, token)[0] for token in tokens]
        version = _play(sockets, _started(sockets), 4)
        site.instances[0].kill()
        for _ in range(10):  # the first may find the dead one: nginx retries on the other
            status, _, body = _get(f"{site.url}/healthz")
            assert status == 200, body
        assert "connect() failed (111: Connection refused)" in site.proxy.errors()
    with ExitStack() as after:  # its seats reconnect with their tokens and play on
        reconnected = [_connect(after, site.url, code, token) for token in tokens]
        sockets = [ws for ws, _ in reconnected]
        views = [view for _, view in reconnected]
        assert views[0]["version"] == version, "nothing committed is lost"
        assert _play(sockets, views, 4) >= version + 4
    # New rooms, created and played through the proxy, live on the instance that is left.
    code, tokens = _room(site.url, 2)
    with ExitStack() as stack:
        sockets = [_connect(stack, site.url, code, token)[0] for token in tokens]
        assert _play(sockets, _started(sockets), 6) >= 6
    survivor = site.instances[1]
    assert site.requests(survivor, f"/ws/online/{code}") == 2, "both seats on the survivor"


# ------------------------------------------------------------------------- the client's address


def _first_answer(site: Site, source: str, code: str) -> str:
    """Open a room's socket through the proxy from the address `source` (another loopback
    address than nginx's own), say hello, and return the code of the error it gets."""
    sock = socket.create_connection(("127.0.0.1", site.proxy.port), source_address=(source, 0))
    with connect(f"ws://127.0.0.1:{site.proxy.port}/ws/online/{code}", sock=sock) as ws:
        # A held-back client is refused as soon as its socket opens (the error, then 1008), so
        # its hello may meet a closed socket: the refusal is still read from what arrived.
        with suppress(ConnectionClosed):
            ws.send(json.dumps({"type": "hello", "token": "no-such-token"}))
        return str(_error(ws)["code"])


def _error(ws: ClientConnection) -> dict[str, Any]:
    deadline = time.monotonic() + 10
    while True:
        left = max(0.1, deadline - time.monotonic())
        message: dict[str, Any] = json.loads(next_message(ws, left))
        if message.get("type") == "error":
            return message


def test_the_instances_count_each_socket_by_its_clients_address_not_nginxs(site: Site) -> None:
    # The guessing limit (10 unknown room codes a minute per address) must hold one client
    # back, not everyone behind the proxy: nginx passes X-Forwarded-For on the sockets too.
    unknown = [f"ZZZZ{a}{b}" for a, b in zip("ABCDEFGHJKMN", "23456789ABCD", strict=True)]
    answers = [_first_answer(site, "127.0.0.2", code) for code in unknown]
    assert answers[:10] == ["no_room"] * 10 and answers[-1] == "too_many_attempts", answers
    assert _first_answer(site, "127.0.0.3", "ZZZZZZ") == "no_room", "another client is not held"
    logs = "".join(i.log.read_text() for i in site.instances)
    assert '127.0.0.2:0 - "WebSocket /ws/online/ZZZZA2"' in logs, "the instance saw the client"
