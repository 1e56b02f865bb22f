"""What a real `mousehole serve` answers to WebSocket frames that are no valid command: each
gets a named error and the socket plays on (issue 13). Junk, numbers of thousands of digits,
nesting thousands deep, lone surrogates, binary frames, frames over 64 KiB; a first message
that is no hello; and a client that vanishes while the server writes to it, which is a normal
event and no traceback in the server's log.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from mousehole.games import load_game
from mousehole.server.rooms.wire import MAX_DEPTH, MAX_DIGITS, MAX_MESSAGE
from mousehole.simulation import play_one
from tests.processes import ServerProcess, post_json
from tests.server import scenes
from tests.sockets import next_message

SETUP = {
    "game": scenes.NAME,
    "options": {"seats": 2, "start_seat": 0},
    "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}],
}

HUGE_NUMBER = '{"type": "sync", "version": ' + "9" * 5000 + "}"
DEEP_NESTING = "[" * 30_000 + "]" * 30_000
DEEP_OBJECTS = '{"type": "sync", "a": ' * 2000 + "1" + "}" * 2000
TOO_LARGE = json.dumps({"type": "sync", "pad": "x" * MAX_MESSAGE})


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("wire")
    started = ServerProcess(folder / "db.sqlite3", folder / "server.log").start()
    yield started
    started.kill()


def _room(server: ServerProcess, setup: dict[str, Any] = SETUP) -> dict[str, Any]:
    room: dict[str, Any] = post_json(f"{server.url}/api/rooms", setup)
    return room


def _receive(ws: ClientConnection, timeout: float = 10) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(next_message(ws, timeout))
    return message


@contextmanager
def _hello(server: ServerProcess, room: dict[str, Any]) -> Iterator[ClientConnection]:
    """Open a socket to the room and say hello; yield it once its snapshot came."""
    url = f"ws://127.0.0.1:{server.port}/ws/rooms/{room['room']}"
    with connect(url, close_timeout=1) as ws:
        ws.send(json.dumps({"type": "hello", "token": room["token"]}))
        assert _receive(ws)["type"] == "snapshot"
        yield ws


def _answer(ws: ClientConnection) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Read one answer: the errors that come first, then the snapshot (or update) that ends it."""
    errors = []
    while True:
        message = _receive(ws)
        if message["type"] == "error":
            errors.append(message)
            continue
        snapshot = message["snapshot"] if message["type"] == "update" else message
        assert snapshot["type"] == "snapshot", message
        return errors, snapshot


@contextmanager
def _no_traceback(server: ServerProcess) -> Iterator[None]:
    """Check that the server logs no traceback while the block runs (and a moment after)."""
    start = server.log.stat().st_size
    yield
    with server.log.open("rb") as log:
        log.seek(start)
        written = log.read().decode(errors="replace")
    assert "Traceback" not in written and "Exception in ASGI" not in written, written[-4000:]


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        pytest.param(HUGE_NUMBER, "bad_message", id="a number of 5,000 digits"),
        pytest.param(DEEP_NESTING, "bad_message", id="30,000 nested arrays"),
        pytest.param(DEEP_OBJECTS, "bad_message", id="2,000 nested objects"),
        pytest.param(b"\x00\x01binary", "bad_message", id="a binary frame"),
        pytest.param('{"type": "sync", "id": "\\ud800"}', "bad_message", id="a lone surrogate"),
        pytest.param('{"type": "sync", "\\udfff": 1}', "bad_message", id="a lone surrogate key"),
        pytest.param('{"type": "sync", "version": NaN}', "bad_json", id="NaN"),
        pytest.param('{"type": "act", "id": "' + "i" * 65 + '"}', "bad_message", id="a long id"),
        pytest.param(TOO_LARGE, "too_large", id="a frame over 64 KiB"),
        pytest.param("{not json", "bad_json", id="junk"),
    ],
)
def test_a_frame_that_is_no_command_gets_a_named_error_and_the_socket_plays_on(
    server: ServerProcess, frame: str | bytes, code: str
) -> None:
    room = _room(server)
    with _no_traceback(server), _hello(server, room) as ws:
        ws.send(frame)
        errors, snapshot = _answer(ws)
        assert [error["code"] for error in errors] == [code], errors
        assert snapshot["version"] == 0
        ws.send(json.dumps({"type": "sync"}))
        assert _answer(ws) == ([], snapshot)


def test_the_limits_leave_room_for_every_real_message(server: ServerProcess) -> None:
    room = _room(server)
    deepest = '{"type": "sync", "a": ' * (MAX_DEPTH - 1) + "1" + "}" * (MAX_DEPTH - 1)
    longest = '{"type": "sync", "version": ' + "9" * MAX_DIGITS + "}"
    with _hello(server, room) as ws:
        for frame in (deepest, longest, '{"type": "sync", "id": "\\ud83d\\udc2d"}'):
            ws.send(frame)
            assert _answer(ws)[0] == []


FIRST_MESSAGES = [
    pytest.param("hello", id="not JSON"),
    pytest.param('[{"type": "hello"}]', id="a list"),
    pytest.param(TOO_LARGE, id="over 64 KiB"),
    pytest.param(b"hello", id="a binary frame"),
    pytest.param(HUGE_NUMBER, id="a number of 5,000 digits"),
    pytest.param('{"type": "hello", "token": "\\ud800"}', id="a lone surrogate token"),
]


@pytest.mark.parametrize("first", FIRST_MESSAGES)
def test_a_first_message_that_is_no_hello_gets_bad_token_and_close_4401(
    server: ServerProcess, first: str | bytes
) -> None:
    room = _room(server)
    with connect(f"ws://127.0.0.1:{server.port}/ws/rooms/{room['room']}") as ws:
        ws.send(first)
        error = _receive(ws)
        with pytest.raises(ConnectionClosed) as closed:
            next_message(ws, 10)
    assert (error["type"], error["code"]) == ("error", "bad_token")
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401


@pytest.mark.parametrize("first", FIRST_MESSAGES)
def test_a_first_message_that_is_no_hello_is_refused_by_name_and_closed(
    server: ServerProcess, first: str | bytes
) -> None:
    room = _room(server)
    url = f"ws://127.0.0.1:{server.port}/ws/rooms/{room['room']}"
    with _no_traceback(server), connect(url) as ws:
        ws.send(first)
        error = _receive(ws)
        with pytest.raises(ConnectionClosed) as closed:
            next_message(ws, 10)
    assert error["type"] == "error" and error["message"]
    assert closed.value.rcvd is not None  # a close frame: the server did not fall over


# --- a client that vanishes while the server writes to it ----------------------------------


def _frame(payload: bytes) -> bytes:
    """One masked text frame, as a client sends it (RFC 6455, section 5.2)."""
    mask = os.urandom(4)
    size = len(payload)
    if size < 126:
        head = bytes([0x81, 0x80 | size])
    elif size < 1 << 16:
        head = bytes([0x81, 0x80 | 126]) + struct.pack("!H", size)
    else:
        head = bytes([0x81, 0x80 | 127]) + struct.pack("!Q", size)
    masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
    return head + mask + masked


def _silent_socket(server: ServerProcess, path: str) -> socket.socket:
    """A WebSocket client that never reads after the handshake (a tiny receive buffer), so
    that the server's writes to it pile up until it waits to write."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    key = base64.b64encode(os.urandom(16)).decode()
    request = (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    sock.sendall(request.encode())
    answer = b""
    while not answer.endswith(b"\r\n\r\n"):
        answer += sock.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return sock


def _long_match() -> dict[str, Any]:
    """A local match of the server tests' game (tests/server/scenes.py) resumed from a long
    record, the longest of 30 seeded four-seat computer matches (some 1,300 moves, snapshots of
    some 70 KB, with the registry's first game today): `_busy_hello` fails if its snapshots
    ever stop keeping the server writing."""
    game = load_game(scenes.NAME, seats=4)
    matches = [play_one(game, [scenes.LEVEL] * 4, seed)[0] for seed in range(30)]
    record = max(matches, key=lambda match: len(match.record.moves)).record.to_json()
    return {
        "game": scenes.NAME,
        "options": record["options"],
        "seats": [{"kind": "human", "name": f"P{seat}"} for seat in range(4)],
        "record": record,
    }


@contextmanager
def _busy_hello(server: ServerProcess, path: str, token: str) -> Iterator[ClientConnection]:
    """Yield a socket whose hello waits: the room is busy writing to a client that does not
    read (it holds the room's turn while it waits to write)."""
    for _ in range(60):
        with connect(f"ws://127.0.0.1:{server.port}{path}", close_timeout=1) as other:
            other.send(json.dumps({"type": "hello", "token": token}))
            try:
                next_message(other, 0.5)
            except TimeoutError:
                yield other
                return
            # answered: the server is not waiting yet
    raise AssertionError("the server never waited to write to the client that does not read")


def test_a_client_that_vanishes_while_the_server_writes_to_it_leaves_no_traceback(
    server: ServerProcess,
) -> None:
    room = _room(server, _long_match())
    path = f"/ws/rooms/{room['room']}"
    with _no_traceback(server):
        victim = _silent_socket(server, path)
        victim.sendall(_frame(json.dumps({"type": "hello", "token": room["token"]}).encode()))
        for _ in range(150):  # within the burst of a local match: some 10 MB of snapshots
            victim.sendall(_frame(b'{"type": "sync"}'))
        with _busy_hello(server, path, room["token"]) as other:
            victim.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            victim.close()  # a reset: gone without a close frame, mid-write
            assert _receive(other)["type"] == "snapshot"
            other.send(json.dumps({"type": "sync"}))
            assert _receive(other)["type"] == "snapshot"


# --- any frames at all, interleaved with valid commands ------------------------------------

ACT = None
"""Stands for the first legal action of the current snapshot, made when its turn comes."""

junk_frames = st.one_of(
    st.text(max_size=40),
    st.binary(max_size=40),
    st.integers(MAX_DEPTH + 1, 40_000).map(lambda n: "[" * n + "]" * n),
    st.integers(MAX_DEPTH + 1, 5_000).map(lambda n: '{"a": ' * n + "0" + "}" * n),
    st.integers(MAX_DIGITS + 1, 6_000).map(lambda n: '{"type": "sync", "v": ' + "7" * n + "}"),
    st.sampled_from(["\\ud800", "\\udbff\\u0041", "x\\udfff", "\\ud83d"]).flatmap(
        lambda s: st.sampled_from(
            [
                f'{{"type": "sync", "id": "{s}"}}',
                f'{{"type": "hello", "token": "{s}"}}',
                f'{{"{s}": "sync"}}',
                f'["{s}"]',
            ]
        )
    ),
    st.integers(MAX_MESSAGE + 1, MAX_MESSAGE + 4096).map(lambda n: '"' + "y" * n + '"'),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
        max_leaves=8,
    ).map(json.dumps),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["act", "advance", "sync", "start", "hello", "nope"])},
        optional={
            "seat": st.integers(-2, 5) | st.text(max_size=3),
            "version": st.integers(-1, 3) | st.none(),
            "action": st.dictionaries(st.text(max_size=6), st.integers(0, 9), max_size=2),
        },
    ).map(json.dumps),
)
frames = st.lists(st.none() | st.just('{"type": "sync"}') | junk_frames, max_size=8)


@pytest.fixture(scope="module")
def fuzzed_room(server: ServerProcess) -> dict[str, Any]:
    return _room(server)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequence=frames)
def test_any_frames_between_valid_commands_each_get_an_answer_and_the_socket_stays_open(
    server: ServerProcess, fuzzed_room: dict[str, Any], sequence: list[str | bytes | None]
) -> None:
    with _no_traceback(server), _hello(server, fuzzed_room) as ws:
        ws.send(json.dumps({"type": "sync"}))
        _, snapshot = _answer(ws)
        for frame in sequence:
            if frame is ACT:
                if not snapshot["legal"]:
                    continue
                act = {"type": "act", "seat": snapshot["to_act"], "version": snapshot["version"]}
                frame = json.dumps(act | {"action": snapshot["legal"][0]})
            ws.send(frame)
            errors, answer = _answer(ws)
            assert all(error["code"] and error["message"] for error in errors), errors
            assert answer["version"] >= snapshot["version"]
            snapshot = answer
        ws.send(json.dumps({"type": "sync"}))
        errors, answer = _answer(ws)
        assert (errors, answer["version"]) == ([], snapshot["version"])
