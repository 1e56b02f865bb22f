"""Replays in a real browser, for their tests (test_replays.py, test_replay_prompt.py,
test_replay_online.py, test_replay_words.py): finished matches played by the engine and stored
through a real server, saved as a browser saves them, and what the replay page shows at a step
beside the server's view of that step.
"""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Page, expect
from websockets.sync.client import ClientConnection, connect

from mousehole.engine import Match
from mousehole.games import MANIFESTS, load_game, make_bot
from tests.processes import post_json

PAGES = [m for m in MANIFESTS if m.page is not None]


ROOM_GAME = PAGES[0]
"""The game whose finished room is replayed (the first with a page)."""


FILE_GAME = PAGES[1] if len(PAGES) > 1 else PAGES[0]
"""The game whose record file is replayed (another one, where there is another)."""


NAMES = ["Ann", "Whiskers", "Nibbles"]


REPLAY = "window.replayPage"


def _seats(game: str) -> list[dict[str, Any]]:
    """Ann and two computers (the game's first level)."""
    level = next(m for m in MANIFESTS if m.name == game).levels[0]
    return [{"kind": "human", "name": NAMES[0]}] + [
        {"kind": "computer", "name": name, "level": level} for name in NAMES[1:]
    ]


def _played(game: str, seed: int) -> Match:
    """A match of three seats played to its end by the game's first computer level."""
    rules = load_game(game, seats=3)
    match = Match(rules, seed=seed)
    level = _seats(game)[1]["level"]
    match.play_out({s: make_bot(game, level, s) for s in range(3)})
    return match


def _finished_room(server: str, game: str, seed: int) -> dict[str, Any]:
    """Set a match played to its end on the server as a local room (resumed from its record)."""
    match = _played(game, seed)
    body = {
        "game": game,
        "options": match.game.options(),
        "seats": _seats(game),
        "record": match.record.to_json(),
    }
    room: dict[str, Any] = post_json(f"{server}/api/rooms", body)
    assert room["snapshot"]["winners"], "the match is over"
    return room


def _save_as_this_browsers(page: Page, server: str, game: str, room: dict[str, Any]) -> None:
    """Save the finished room as this browser's last match (what the page saves at the end)."""
    seats = _seats(game)
    saved = {
        "room": room["room"],
        "token": room["token"],
        "record": room["snapshot"]["record"],
        "setup": {"seats": seats, "startSeat": 0},
        "log": [],
        "lastHuman": 0,
        "finished": True,
        "winners": [NAMES[w] for w in room["snapshot"]["winners"]],
    }
    page.goto(server)
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)", [f"mousehole.{game}.match", json.dumps(saved)]
    )


def _shown(page: Page, game: str, what: str) -> Any:
    """What the game's page shows now (its controller's peek: the step's snapshot)."""
    return page.evaluate(f"window.{game}Page.{what}")


def _loaded(page: Page, steps: int | None = None) -> None:
    page.wait_for_function(f"() => {REPLAY}?.steps > 0 && {REPLAY}.idle", timeout=20_000)
    if steps is not None:
        assert page.evaluate(f"{REPLAY}.steps") == steps


def _at(page: Page, step: int) -> None:
    page.wait_for_function(f"() => {REPLAY}?.step === {step} && {REPLAY}?.idle", timeout=20_000)


def _server_view(server: str, room: dict[str, Any], view: int | None) -> dict[str, Any]:
    body = {"token": room["token"], "view": view}
    answer: dict[str, Any] = post_json(f"{server}/api/replay/{room['room']}", body)
    return answer


def _played_room(server: str, game: str) -> dict[str, Any]:
    """A solo local room (Ann and two computers) played from its start to its end over its
    WebSocket, Ann taking her first legal action (the room's own seed decided every chance
    outcome, as in a browser's match), at most 18 messages a second after the first 30."""
    body = {"game": game, "options": {"seats": 3, "start_seat": 0}, "seats": _seats(game)}
    room: dict[str, Any] = post_json(f"{server}/api/rooms", body)
    path = server.replace("http", "ws", 1) + f"/ws/rooms/{room['room']}"
    with connect(path) as ws:
        ws.send(json.dumps({"type": "hello", "token": room["token"]}))
        snap = _receive(ws)
        sent, last = 0, 0.0
        while not (snap["winners"] or snap["state"].get("phase") == "over"):
            if sent >= 30:
                time.sleep(max(0.0, last + 1 / 18 - time.monotonic()))
            if snap["legal"]:
                message = {"type": "act", "seat": snap["to_act"], "action": snap["legal"][0]}
                message |= {"id": f"a{sent}"}
            else:
                message = {"type": "advance"}
            ws.send(json.dumps(message | {"version": snap["version"]}))
            sent, last = sent + 1, time.monotonic()
            answer = _receive(ws)
            assert answer["type"] in ("update", "snapshot"), answer
            snap = answer["snapshot"] if answer["type"] == "update" else answer
    room["snapshot"] = snap
    return room


SHARED = sorted({FILE_GAME.name, *(m.name for m in PAGES if m.seat_views)})
"""A game whose seats all see the same, and the games whose seats know different things."""


def _receive(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=10))
    return message


LIVE_WORDS = ("thinking", "your turn", "waiting for", "is moving", "turning over", "rematch")
"""Words of a live match's prompt (a computer thinking, a turn to take): never in a replay's."""


def _prompt_words(replay: dict[str, Any], step: int) -> str:
    """The prompt of `step`: where the replay is and who plays next, or how the match ended."""
    total = len(replay["moves"])
    names = [seat["name"] for seat in replay["seats"]]
    if step >= total:
        winners = [names[w] for w in replay["steps"][-1]["winners"]]
        verb = "win" if len(winners) > 1 else "wins"
        return f"Replay finished: {' and '.join(winners) or 'nobody'} {verb}."
    seat = replay["steps"][step]["to_act"]
    nxt = "chance moves next" if seat is None else f"{names[seat]}'s turn"
    return f"Move {step} of {total}: {nxt}."


def _prompt_is(page: Page, replay: dict[str, Any], step: int, view: str) -> None:
    expect(page.get_by_test_id("prompt")).to_have_text(_prompt_words(replay, step))
    expect(page.get_by_test_id("prompt-sub")).to_have_text(f"Replay · {view}")
    said = page.get_by_test_id("action-bar").inner_text().lower()
    assert not [w for w in LIVE_WORDS if w in said], said
