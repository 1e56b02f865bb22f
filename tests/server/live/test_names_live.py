"""Names and other strings from outside, against a real `mousehole serve` (issue 13).

A lone surrogate (`"\\ud800"` in the JSON) once stored as a player's name made every answer
about its room fail: the join answered 500, the summary 500, and every hello was dropped, even
after a restart. Names are now checked (docs/online.md, Names), and rooms stored with such a
name before are repaired as they load.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import connect

from tests.processes import ServerProcess, post_json
from tests.server import scenes
from tests.sockets import next_message

ONLINE = {
    "game": scenes.NAME,
    "options": {"seats": 3},
    "seats": [{"kind": "open"}, {"kind": "open"}, {"kind": "open"}],
    "host_name": "Ann",
}
LOCAL = {
    "game": scenes.NAME,
    "options": {"seats": 2},
    "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}],
}

REFUSED_NAMES = [
    pytest.param("\ud800x", id="a lone surrogate"),
    pytest.param("Bo\udfff", id="a lone low surrogate"),
    pytest.param("A\x00B", id="a NUL"),
    pytest.param("two\nlines", id="a newline"),
    pytest.param("tab\there", id="a tab"),
    pytest.param("\x1b[31mred", id="a terminal escape"),
    pytest.param("\u202eevil", id="a right-to-left override"),
    pytest.param("x\u2028y", id="a line separator"),
    pytest.param("\x85next", id="a C1 control"),
    pytest.param("x" * 25, id="25 characters"),
    pytest.param("   ", id="only spaces"),
    pytest.param(7, id="a number"),
]
KEPT_NAMES = ["Zoë", "🐭 Mimi", "👩‍👩‍👧 family", "李小龙", "سارة", "x" * 24, "  Bo  "]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("names")
    started = ServerProcess(folder / "db.sqlite3", folder / "server.log").start()
    yield started
    started.kill()


def _post(url: str, body: Any) -> tuple[int, Any]:
    """POST `body` as JSON (Python's encoder writes a lone surrogate as a `\\ud800` escape);
    return the status and the JSON answer."""
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    return _answer(request)


def _get(url: str) -> tuple[int, Any]:
    return _answer(urllib.request.Request(url))


def _answer(request: urllib.request.Request) -> tuple[int, Any]:
    """Return the status and the JSON answer (the text of one that is not JSON: a 500)."""
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as error:
        with error:
            status, raw = error.code, error.read()
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw.decode(errors="replace")


def _hello(server: ServerProcess, room: str, token: str) -> dict[str, Any]:
    with connect(f"ws://127.0.0.1:{server.port}/ws/rooms/{room}", close_timeout=1) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        snapshot: dict[str, Any] = json.loads(next_message(ws, 10))
    return snapshot


def test_a_join_with_a_lone_surrogate_is_refused_and_the_room_stays_reachable(
    server: ServerProcess,
) -> None:
    room = post_json(f"{server.url}/api/online", ONLINE)
    code = room["code"]
    status, answer = _post(f"{server.url}/api/online/{code}/join", {"name": "\ud800x", "seat": 1})
    assert (status, answer["error"]["code"]) == (400, "bad_name")
    assert "U+D800" in answer["error"]["message"]
    status, summary = _get(f"{server.url}/api/online/{code}")
    assert status == 200 and summary["seats"][1]["state"] == "open"
    snapshot = _hello(server, code, room["token"])
    assert snapshot["type"] == "snapshot" and snapshot["seats"][0]["name"] == "Ann"
    assert _post(f"{server.url}/api/online/{code}/join", {"name": "Bo", "seat": 1})[0] == 200
    assert _get(f"{server.url}/api/online/{code}")[1]["seats"][1]["name"] == "Bo"


@pytest.mark.parametrize("name", REFUSED_NAMES)
def test_a_name_that_breaks_the_rules_is_refused_wherever_it_enters(
    server: ServerProcess, name: Any
) -> None:
    code = post_json(f"{server.url}/api/online", ONLINE)["code"]
    status, answer = _post(f"{server.url}/api/online/{code}/join", {"name": name})
    assert (status, answer["error"]["code"]) == (400, "bad_name"), answer
    assert answer["error"]["message"].startswith("name: ")
    status, answer = _post(f"{server.url}/api/online", ONLINE | {"host_name": name})
    assert (status, answer["error"]["code"]) == (400, "bad_name"), answer
    seats = [{"kind": "open"}, {"kind": "computer", "level": scenes.LEVEL, "name": name}]
    status, answer = _post(f"{server.url}/api/online", ONLINE | {"seats": seats})
    assert (status, answer["error"]["code"]) == (400, "bad_name"), answer
    assert answer["error"]["message"].startswith("seats[1].name: ")
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": name}]
    status, answer = _post(f"{server.url}/api/rooms", LOCAL | {"seats": seats})
    assert (status, answer["error"]["code"]) == (400, "bad_seats"), answer
    assert answer["error"]["message"].startswith("seats[1].name: ")
    assert _get(f"{server.url}/api/online/{code}")[1]["seats"][1]["state"] == "open"


@pytest.mark.parametrize("name", KEPT_NAMES)
def test_a_name_of_any_script_and_emoji_is_kept_as_typed_but_trimmed(
    server: ServerProcess, name: str
) -> None:
    code = post_json(f"{server.url}/api/online", ONLINE)["code"]
    joined = post_json(f"{server.url}/api/online/{code}/join", {"name": name})
    summary = _get(f"{server.url}/api/online/{code}")[1]
    assert summary["seats"][joined["seat"]]["name"] == name.strip()
    seats = [{"kind": "human", "name": name}, {"kind": "human", "name": "Bo"}]
    local = post_json(f"{server.url}/api/rooms", LOCAL | {"seats": seats})
    assert local["snapshot"]["seats"][0]["name"] == name.strip()


def test_a_room_stored_with_a_broken_name_before_the_rules_loads_with_it_repaired(
    tmp_path: Path,
) -> None:
    server = ServerProcess(tmp_path / "db.sqlite3", tmp_path / "server.log").start()
    try:
        online = post_json(f"{server.url}/api/online", ONLINE)
        post_json(f"{server.url}/api/online/{online['code']}/join", {"name": "Bo", "seat": 1})
        local = post_json(f"{server.url}/api/rooms", LOCAL)
    finally:
        server.stop()
    broken = {online["code"]: ["\ud800x", "B\x07o"], local["room"]: ["   ", "\u202eBo"]}
    with sqlite3.connect(server.db) as db:  # as the server used to store them
        for room_id, names in broken.items():
            (text,) = db.execute("SELECT seats FROM rooms WHERE id = ?", (room_id,)).fetchone()
            seats = json.loads(text)
            for seat, name in zip(seats, names, strict=False):
                seat["name"] = name
            db.execute("UPDATE rooms SET seats = ? WHERE id = ?", (json.dumps(seats), room_id))
    server.start()
    try:
        status, summary = _get(f"{server.url}/api/online/{online['code']}")
        assert status == 200, summary
        names = [seat["name"] for seat in summary["seats"]]
        assert names == ["\ufffdx", "B\ufffdo", "Seat 3"]
        snapshot = _hello(server, online["code"], online["token"])
        assert [seat["name"] for seat in snapshot["seats"]] == names
        snapshot = _hello(server, local["room"], local["token"])
        assert [seat["name"] for seat in snapshot["seats"]] == ["Seat 1", "\ufffdBo"]
        answer = _post(f"{server.url}/api/online/{online['code']}/join", {"name": "Cy"})
        assert answer[0] == 200 and answer[1]["seat"] == 2
    finally:
        server.kill()
    listing = subprocess.run(
        [sys.executable, "-m", "mousehole.cli", "rooms", "--db", str(server.db)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        timeout=60,
    )
    assert listing.returncode == 0, listing.stderr
    assert "\ufffdx" in listing.stdout and "\ufffdBo" in listing.stdout


# --- any strings at all, lone surrogates and controls included ------------------------------

wild_text = st.lists(
    st.sampled_from(["\ud800", "\udc00", "\x00", "\n", "\u202e", "\u2028", " "])
    | st.characters(categories=["Cs", "Cc", "Cf", "L", "N", "Zs"]),
    max_size=10,
).map("".join)
"""Strings whose characters are often ones a name may not hold: lone surrogates above all."""
wild_json = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | wild_text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(wild_text, inner, max_size=3),
    max_leaves=10,
)
some_name = st.just("Ann") | wild_text
options = st.just({"seats": 2}) | st.dictionaries(wild_text, wild_json, max_size=1).map(
    lambda extra: {"seats": 2} | extra
)
local_bodies = st.fixed_dictionaries(
    {
        "game": st.just(scenes.NAME) | wild_text,
        "options": options,
        "seats": st.lists(
            st.fixed_dictionaries({"kind": st.just("human"), "name": some_name}),
            min_size=2,
            max_size=2,
        ),
    },
    optional={"record": wild_json},
)
online_bodies = st.fixed_dictionaries(
    {
        "game": st.just(scenes.NAME) | wild_text,
        "options": options,
        "seats": st.tuples(
            st.fixed_dictionaries({"kind": st.just("open")}, optional={"name": some_name}),
            st.fixed_dictionaries(
                {"kind": st.just("computer"), "level": st.just(scenes.LEVEL) | wild_text},
                optional={"name": some_name},
            ),
        ).map(list),
        "host_name": some_name,
    }
)
join_bodies = st.fixed_dictionaries(
    {"name": some_name}, optional={"seat": st.integers(0, 2) | wild_text}
)
requests = st.one_of(
    st.tuples(st.just("rooms"), local_bodies),
    st.tuples(st.just("online"), online_bodies),
    st.tuples(st.just("join"), join_bodies),
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(request=requests)
def test_any_strings_in_a_body_get_a_room_or_a_named_error_never_a_500(
    server: ServerProcess, request: tuple[str, dict[str, Any]]
) -> None:
    endpoint, body = request
    if endpoint == "join":
        code = post_json(f"{server.url}/api/online", ONLINE)["code"]
        url = f"{server.url}/api/online/{code}/join"
    else:
        url = f"{server.url}/api/{endpoint}"
    status, answer = _post(url, body)
    assert status in (200, 201, 400, 409), answer
    if status >= 400:
        assert answer["error"]["code"] and answer["error"]["message"]
        return
    room = answer.get("code") or answer["room"]
    if endpoint != "rooms":  # (a local match's id is no code: asking would count as a guess)
        assert _get(f"{server.url}/api/online/{room}")[0] == 200
    snapshot = _hello(server, room, answer["token"])
    assert snapshot["type"] == "snapshot"
