"""`mousehole bot` (docs/bots.md): a program written in a few lines of Python plays a whole
online room of every registered game, against a person (a scripted protocol client, who hosts)
and a computer seat, on a real `mousehole serve` process; a spectator watches. Every room rule
applies: the person starts the match, turns and versions are the server's, the messages stay
under the rate limit. The command's own refusals before it plays are in tests/cli/test_bot.py."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from mousehole.client import Pace, game_over, socket_url
from mousehole.games import MANIFESTS, GameManifest
from tests.processes import ServerProcess, post_json

BOT_PROGRAM = """\
import json, random, sys

for line in sys.stdin:
    turn = json.loads(line)
    if turn["type"] == "over":
        break
    print(random.randrange(len(turn["legal"])), flush=True)
"""
"""The whole bot: it answers each turn with the index of a random legal action."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("bot-server")
    env = {"MOUSEHOLE_COMPUTER_DELAY": "0"}
    process = ServerProcess(folder / "db.sqlite3", folder / "server.log", env=env).start()
    yield process
    process.stop()


def create_room(url: str, manifest: GameManifest) -> dict[str, Any]:
    """The person hosts a room of three seats: theirs, one open for the bot, one computer."""
    seats = 3 if manifest.max_seats >= 3 else manifest.max_seats
    body = {
        "game": manifest.name,
        "options": {"seats": seats, "start_seat": None},
        "seats": [
            {"kind": "open"},
            {"kind": "open"},
            *[{"kind": "computer", "level": manifest.levels[0], "name": "Cy"}] * (seats - 2),
        ],
        "host_name": "Ann",
    }
    answer: dict[str, Any] = post_json(f"{url}/api/online", body)
    return answer


async def person(url: str, code: str, token: str, rng: random.Random) -> dict[str, Any]:
    """The host, as a browser would be: waits for the bot's seat to fill, starts, and plays a
    random legal action on each of its turns, paced under the room's limit; returns the final
    snapshot."""
    pace = Pace()
    async with connect(socket_url(url, code)) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        started = False
        answered = None
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "error":
                answered = None
                continue
            if message["type"] not in ("snapshot", "update"):
                continue
            snapshot = message["snapshot"] if message["type"] == "update" else message
            if game_over(snapshot):
                return dict(snapshot)
            if not snapshot["started"] and not started:
                if all(seat["state"] != "open" for seat in snapshot["seats"]):
                    started = True
                    await pace.wait()
                    await ws.send(json.dumps({"type": "start"}))
                continue
            if snapshot["legal"] and answered != snapshot["version"]:
                answered = snapshot["version"]
                action = rng.choice(snapshot["legal"])
                await pace.wait()
                await ws.send(json.dumps({"type": "act", "action": action, "version": answered}))
    raise AssertionError("the socket closed before the end")


async def spectator(url: str, code: str) -> list[dict[str, Any]]:
    """Watch to the end; return every snapshot seen."""
    seen: list[dict[str, Any]] = []
    async with connect(socket_url(url, code)) as ws:
        await ws.send(json.dumps({"type": "hello", "spectate": True}))
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] in ("snapshot", "update"):
                snapshot = message["snapshot"] if message["type"] == "update" else message
                seen.append(snapshot)
                if game_over(snapshot):
                    return seen
    raise AssertionError("the socket closed before the end")


async def match(
    server: ServerProcess, manifest: GameManifest, program: Path
) -> tuple[dict[str, Any], list[dict[str, Any]], subprocess.CompletedProcess[str]]:
    room = create_room(server.url, manifest)
    code = room["code"]
    watching = asyncio.create_task(spectator(server.url, code))
    hosting = asyncio.create_task(person(server.url, code, room["token"], random.Random(1)))
    command = [
        sys.executable, "-m", "mousehole.cli", "bot", "--url", server.url, "--room", code,
        "--name", "Robo", "--", sys.executable, str(program),
    ]  # fmt: skip
    bot = await asyncio.to_thread(
        subprocess.run, command, capture_output=True, text=True, timeout=600
    )
    final = await asyncio.wait_for(hosting, 60)
    seen = await asyncio.wait_for(watching, 60)
    return final, seen, bot


@pytest.mark.slow
@pytest.mark.parametrize("manifest", MANIFESTS, ids=lambda m: m.name)
def test_a_few_lines_of_python_play_a_whole_online_room_against_a_person_and_a_computer(
    server: ServerProcess, manifest: GameManifest, tmp_path: Path
) -> None:
    program = tmp_path / "bot.py"
    program.write_text(BOT_PROGRAM)
    final, seen, bot = asyncio.run(match(server, manifest, program))
    assert bot.returncode == 0, bot.stderr
    assert "take it back with --seat 1 --token" in bot.stderr
    result = json.loads(bot.stdout.strip().splitlines()[-1])
    assert result == {"winners": final["winners"], "version": final["version"]}
    assert [seat["bot"] for seat in final["seats"]][:2] == [False, True]
    assert all(snapshot["seats"][1]["bot"] for snapshot in seen if snapshot["started"])
    record = final["record"]  # the host's view of it
    assert record["secret"] and record["commitment"]  # committed chance, revealed at the end
    assert len(record["moves"]) == final["version"] == seen[-1]["version"]
    assert seen[-1]["winners"] == final["winners"]
    bot_moves = [m for m in record["moves"] if m["seat"] == 1]
    person_moves = [m for m in record["moves"] if m["seat"] == 0]
    assert bot_moves and person_moves


def test_a_program_that_answers_nonsense_is_stopped_with_a_clear_error(
    server: ServerProcess, tmp_path: Path
) -> None:
    program = tmp_path / "bad.py"
    program.write_text("import sys\nfor line in sys.stdin:\n    print('move!', flush=True)\n")
    manifest = MANIFESTS[0]
    room = create_room(server.url, manifest)

    async def run() -> subprocess.CompletedProcess[str]:
        hosting = asyncio.create_task(
            person(server.url, room["code"], room["token"], random.Random(2))
        )
        command = [
            sys.executable, "-m", "mousehole.cli", "bot", "--url", server.url,
            "--room", room["code"], "--", sys.executable, str(program),
        ]  # fmt: skip
        done = await asyncio.to_thread(
            subprocess.run, command, capture_output=True, text=True, timeout=120
        )
        hosting.cancel()  # the host waits for a match the stopped bot never plays
        with contextlib.suppress(asyncio.CancelledError):
            await hosting  # its socket closes here, inside this loop
        return done

    done = asyncio.run(run())
    assert done.returncode == 2
    assert "the program's answer is not JSON: b'move!\\n'" in done.stderr
