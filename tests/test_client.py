"""mousehole.client (docs/bots.md): the in-process client plays a seat like a browser, comes back
after the server is killed and started again, and refuses what it cannot play."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from mousehole.client import (
    ClientError,
    Pace,
    RoomClient,
    Seat,
    Turn,
    join,
    pick,
    play,
    socket_url,
)
from tests.processes import ServerProcess, post_json
from tests.server.scenes import GAME


@pytest.fixture
def server(tmp_path: Path) -> Any:
    env = {"MOUSEHOLE_COMPUTER_DELAY": "0"}
    process = ServerProcess(tmp_path / "db.sqlite3", tmp_path / "server.log", env=env).start()
    yield process
    process.stop()


def create_room(url: str, computers: int = 0) -> dict[str, Any]:
    seats = [{"kind": "open"}, {"kind": "open"}]
    seats += [{"kind": "computer", "level": GAME.levels[0]}] * computers
    body = {
        "game": GAME.name,
        "options": {"seats": len(seats), "start_seat": None},
        "seats": seats,
        "host_name": "Ann",
    }
    answer: dict[str, Any] = post_json(f"{url}/api/online", body)
    return answer


async def start_when_full(url: str, code: str, token: str) -> None:
    """The host's page: once no seat is open, Start."""
    async with connect(socket_url(url, code)) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "snapshot" and all(
                seat["state"] != "open" for seat in message["seats"]
            ):
                await ws.send(json.dumps({"type": "start"}))
                return


def random_player(seed: int) -> Any:
    rng = random.Random(seed)

    def decide(turn: Turn) -> int:  # a bot in two lines
        return rng.randrange(len(turn.legal))

    return decide


def test_the_python_client_plays_a_seat_and_comes_back_after_the_server_is_killed(
    server: ServerProcess,
) -> None:
    room = create_room(server.url, computers=1)
    code = room["code"]

    async def run() -> tuple[dict[str, Any], dict[str, Any], int]:
        seat = await join(server.url, code, "Robo")
        assert seat.seat == 1 and seat.code == code
        await start_when_full(server.url, code, room["token"])
        person = RoomClient(Seat(server.url, code, 0, room["token"]), backoff=0.2)
        bot = RoomClient(seat, backoff=0.2)
        killed = asyncio.Event()

        async def decide(turn: Turn) -> int:
            if bot.turns == 3 and not killed.is_set():  # mid-game: the server dies
                killed.set()
                await asyncio.to_thread(server.kill)
                await asyncio.to_thread(server.start)
            return random.Random(turn.version).randrange(len(turn.legal))

        results = await asyncio.gather(person.play(random_player(1)), bot.play(decide))
        return results[0], results[1], bot.turns

    person_final, bot_final, turns = asyncio.run(run())
    assert turns > 3, "the bot played on after the restart"
    assert person_final["version"] == bot_final["version"]
    assert bot_final["winners"] == person_final["winners"]
    assert bot_final["seats"][1]["bot"] is True and bot_final["you"]["seat"] == 1


def test_play_is_the_same_for_code_that_is_not_asynchronous(server: ServerProcess) -> None:
    room = create_room(server.url)

    async def host() -> dict[str, Any]:
        await start_when_full(server.url, room["code"], room["token"])
        seat = Seat(server.url, room["code"], 0, room["token"])
        return await RoomClient(seat).play(random_player(2))

    async def both() -> dict[str, Any]:
        hosting = asyncio.create_task(host())
        final = await asyncio.to_thread(play, server.url, room["code"], "Sync", random_player(3))
        assert (await hosting)["version"] == final["version"]
        return final

    final = asyncio.run(both())
    assert final["started"] and final["to_act"] is None


def test_joining_a_full_room_or_a_dead_token_is_a_clear_error(server: ServerProcess) -> None:
    room = create_room(server.url)

    async def run() -> None:
        await join(server.url, room["code"], "First")
        with pytest.raises(ClientError, match="room_full"):
            await join(server.url, room["code"], "Second")
        with pytest.raises(ClientError, match="closed 4401: the seat token is not"):
            await RoomClient(Seat(server.url, room["code"], 1, "not-a-token")).play(
                random_player(4)
            )

    asyncio.run(run())


def test_an_answer_is_an_index_into_legal_or_an_action_object() -> None:
    turn = Turn("g", {}, 0, 3, {}, [{"type": "a"}, {"type": "b"}])
    assert pick(turn, 1) == {"type": "b"}
    assert pick(turn, {"type": "c"}) == {"type": "c"}  # the server judges it
    for bad, message in ((2, "no index of the 2"), (True, "neither"), ("b", "neither")):
        with pytest.raises(ClientError, match=message):
            pick(turn, bad)


def test_the_socket_address_follows_the_servers() -> None:
    assert socket_url("http://h:8000/", "k7qm4x") == "ws://h:8000/ws/online/K7QM4X"
    assert socket_url("https://example.org/games", "ABC") == "wss://example.org/games/ws/online/ABC"


def test_the_pace_keeps_under_the_rooms_message_limit() -> None:
    async def run() -> float:
        pace = Pace(rate=50.0, burst=5.0)
        loop = asyncio.get_running_loop()
        start = loop.time()
        for _ in range(15):
            await pace.wait()
        return loop.time() - start

    elapsed = asyncio.run(run())
    assert elapsed >= 10 / 50 * 0.9  # the burst goes at once, the other 10 at 50 a second
