"""An online room's replay in a real browser (docs/replays.md): a room played over real sockets
and stored by a real server, replayed step by step for each viewer, each step showing the
engine's view for that viewer and nothing a seat may not see (helpers in replays.py).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Response, expect
from websockets.sync.client import connect

from mousehole.engine import State, replay
from mousehole.games import MANIFESTS, load_game, make_bot
from mousehole.server.store import SQLiteStore
from tests.processes import ServerProcess

from .conftest import FAST, NewPage, screenshot
from .fixtures import two_seat_room
from .replays import (
    PAGES,
    _at,
    _loaded,
    _prompt_is,
    _receive,
    _shown,
)

SECRET_PAGE = next((m for m in PAGES if m.seat_views), PAGES[0])
"""The game whose online room is replayed: one whose seats know different things (its
manifest's `seat_views`), where there is one."""


@pytest.fixture(scope="module")
def stored_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A server of this module's own, whose SQLite file the test reads (the whole record)."""
    folder = tmp_path_factory.mktemp("replay-server")
    server = ServerProcess(folder / "mousehole.sqlite3", folder / "server.log").start()
    yield server.url, folder / "mousehole.sqlite3"
    server.stop()


def _whole_state(store: SQLiteStore, code: str) -> State:
    """The room's position as the server holds it (secrets and all), from its stored record."""
    stored = store.load(code)
    assert stored is not None, code
    record = stored.record_json()
    return replay(load_game(stored.game, **stored.options), record).state


def _play_online(url: str, db: Path, game: str, tokens: list[str]) -> None:
    """Play online room `game` of two seats to its end over its WebSocket, each seat choosing
    as the game's second computer level would in the server's position (a short match), at
    most 18 actions a second per seat after the first 30 (the room's rate limit)."""
    levels = next(m for m in MANIFESTS if m.name == game).levels
    level = levels[min(1, len(levels) - 1)]
    store = SQLiteStore(db)
    bots = [make_bot(game, level, seat) for seat in (0, 1)]
    path = url.replace("http", "ws", 1) + f"/ws/online/{tokens[2]}"
    with connect(path) as ann, connect(path) as bo:
        sockets = [ann, bo]
        for ws, token in zip(sockets, tokens[:2], strict=True):
            ws.send(json.dumps({"type": "hello", "token": token}))
            _receive(ws)
        ann.send(json.dumps({"type": "start"}))
        latest: list[dict[str, Any]] = []
        for ws in sockets:
            while not _receive(ws).get("started"):
                pass
            ws.send(json.dumps({"type": "sync"}))
            latest.append(_receive(ws))
        sent = [0, 0]
        last = [0.0, 0.0]
        while (seat := latest[0]["to_act"]) is not None:
            action = bots[seat].choose(_whole_state(store, latest[0]["room"])).to_json()
            assert action in latest[seat]["legal"], action
            if sent[seat] >= 30:
                time.sleep(max(0.0, last[seat] + 1 / 18 - time.monotonic()))
            message = {"type": "act", "seat": seat, "action": action}
            sockets[seat].send(json.dumps(message | {"version": latest[seat]["version"]}))
            sent[seat] += 1
            last[seat] = time.monotonic()
            for i, ws in enumerate(sockets):
                update = _receive(ws)
                assert update["type"] == "update", update
                latest[i] = update["snapshot"]
    assert latest[0]["winners"] or latest[0]["state"], "played to its end"


def _watch_the_replay(page: Page, server: str, game: str, code: str) -> dict[str, Any]:
    """Open the finished room's page, then its result dialog's "Watch the replay"; return the
    replay the server sent this browser (the JSON answer, as it came)."""
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/{game}?room={code}")
    link = page.locator("dialog[open]").get_by_test_id("watch-replay")
    expect(link).to_be_visible(timeout=20_000)

    def asked(response: Response) -> bool:
        return response.url.endswith(f"/api/replay/{code}")

    with page.expect_response(asked) as answer:
        link.click()
    page.wait_for_url(f"**/replay/{game}?room={code}")
    _loaded(page)
    data: dict[str, Any] = answer.value.json()
    return data


def _engine_views(state: State, moves: list[Any], viewer: int | None) -> tuple[Any, Any]:
    """Each step's view and each move's view of the whole record, for `viewer`."""
    steps, seen = [state.observation(viewer)], []
    for move in moves:
        seen.append(state.action_view(move.action, viewer))
        state = state.apply(move.action)
        steps.append(state.observation(viewer))
    return json.loads(json.dumps(steps)), json.loads(json.dumps(seen))


def test_each_seat_of_an_online_room_replays_its_own_view_and_a_spectator_the_public_one(
    new_page: NewPage, stored_server: tuple[str, Path]
) -> None:
    server, db = stored_server
    game = SECRET_PAGE.name
    made, joined = two_seat_room(server, game)
    code = made["code"]
    _play_online(server, db, game, [made["token"], joined["token"], code])

    stored = SQLiteStore(db).load(code)
    assert stored is not None and stored.finished
    rules = load_game(game, **stored.options)
    whole = replay(rules, stored.record_json())
    start = rules.new_initial_state()

    sockets: list[str] = []
    answers: dict[int | None, dict[str, Any]] = {}
    pages: dict[int | None, Page] = {}
    for seat, held in ((0, made), (1, joined)):
        page = new_page(1280 if seat == 0 else 390, 800 if seat == 0 else 844)
        page.goto(server)
        kept = {"token": held["token"], "seat": seat, "name": ["Ann", "Bo"][seat], "game": game}
        page.evaluate(
            "([key, value]) => localStorage.setItem(key, value)",
            [f"mousehole.online.{code}", json.dumps(kept)],
        )
        answers[seat] = _watch_the_replay(page, server, game, code)
        pages[seat] = page
    spectator = new_page(1280, 800)
    spectator.context.add_init_script(FAST)
    spectator.on("websocket", lambda ws: sockets.append(ws.url))
    with spectator.expect_response(lambda r: r.url.endswith(f"/api/replay/{code}")) as answer:
        spectator.goto(f"{server}/replay/{game}?room={code}")
    _loaded(spectator)
    answers[None] = answer.value.json()
    pages[None] = spectator

    for viewer, data in answers.items():
        # each browser was sent its own seat's view (and may ask for the public one), the
        # spectator the public view only: every step and move as the engine shows that viewer
        assert data["viewer"] == viewer and data["source"] == "room", viewer
        assert data["viewers"] == ([None] if viewer is None else [None, viewer])
        steps, moves = _engine_views(start, list(whole.record.moves), viewer)
        assert [s["state"] for s in data["steps"]] == steps, viewer
        assert [m["action"] for m in data["moves"]] == moves, viewer
        page = pages[viewer]
        page.keyboard.press("End")
        _at(page, len(moves))
        assert _shown(page, game, "snapshot.state") == steps[-1]
        whose = "The public view" if viewer is None else f"{['Ann', 'Bo'][viewer]}'s view"
        _prompt_is(page, data, len(moves), whose)
        # the spectator has one view, so nothing to choose; a seat chooses its own or the public
        choose = expect(page.get_by_test_id("replay-view"))
        choose.to_be_hidden() if viewer is None else choose.to_be_visible()
    # the seats knew different things, and the spectator less than either
    if SECRET_PAGE.seat_views:
        assert answers[0]["steps"] != answers[1]["steps"]
        assert answers[None]["steps"] not in (answers[0]["steps"], answers[1]["steps"])
    assert not sockets, f"the replay page opened a socket: {sockets}"
    screenshot(pages[1], f"replay-online-{game}-390")
