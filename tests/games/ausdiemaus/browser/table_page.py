"""The Aus die Maus! table page driven for its browser tests: opening and setting up a match,
taking turns, the events and socket frames it receives (no stack's contents), a chase opened
from a saved position, and pages of an online room played until a moment.
"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, ViewportSize, WebSocket, expect

from tests.browser.fixtures import NewPage

SETTINGS = (
    'try { localStorage.setItem("mousehole.settings",'
    ' JSON.stringify({speed: "fast", reducedMotion: "%s", sound: false})); } catch (e) {}'
)


SAVE_KEY = "mousehole.ausdiemaus.match"


WIDE = ViewportSize(width=1280, height=800)


PHONE = ViewportSize(width=390, height=844)


SECRET_KEYS = {"unseen", "won", "pool", "drawing", "deck", "stack", "order"}


PAGE = "window.ausdiemausPage"


def _open(page: Page, server: str, viewport: ViewportSize, reduced: str = "off") -> None:
    page.set_viewport_size(viewport)
    page.context.add_init_script(SETTINGS % reduced)
    page.goto(f"{server}/play/ausdiemaus")
    expect(page.get_by_test_id("setup")).to_be_visible()


def _setup(page: Page, kinds: list[str], *, start: str = "0", auto: tuple[int, ...] = ()) -> None:
    page.get_by_test_id("seat-count").select_option(str(len(kinds)))
    for i, kind in enumerate(kinds):
        page.get_by_test_id(f"seat-{i}-kind").select_option(kind)
        if i in auto:
            page.get_by_test_id(f"seat-{i}-auto").check()
    page.get_by_test_id("start-seat").select_option(start)


def _start(page: Page) -> None:
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("setup")).to_be_hidden()
    expect(page.get_by_test_id("table-seat-0")).to_be_attached()


def _my_turn_or_over(page: Page, timeout: float = 30_000) -> None:
    """Wait until the Turn over button can be pressed, or the ranking is open."""
    page.wait_for_function(
        """() => {
          const q = (id) => document.querySelector(`[data-testid="${id}"]`);
          return !q("turn-over").disabled || q("ranking").open;
        }""",
        timeout=timeout,
    )


def _version(page: Page) -> int:
    return int(page.evaluate(f"{PAGE}.snapshot.version"))


def _turn(page: Page, key: str | None = None) -> None:
    """Turn over (by `key`, or by the button), then wait until the page has shown the result."""
    before = _version(page)
    if key is None:
        page.get_by_test_id("turn-over").click()
    else:
        page.keyboard.press(key)
    page.wait_for_function(f"() => {PAGE}?.snapshot?.version > {before} && {PAGE}?.idle")
    _my_turn_or_over(page)


def _events(page: Page) -> list[str]:
    """The types of every event the page has received in updates, in order."""
    events: list[str] = page.evaluate(
        f"""() => {PAGE}.received.filter((m) => m.type === "update")
              .flatMap((m) => m.moves.flatMap((move) => move.events.map((e) => e.type)))"""
    )
    return events


def _watch_frames(page: Page) -> list[str]:
    frames: list[str] = []

    def on_socket(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: frames.append(str(payload)))

    page.on("websocket", on_socket)
    return frames


def _walk(value: Any, found: list[str], path: str = "") -> None:
    """Collect every secret-looking key and every state whose stacks are not plain sizes."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in SECRET_KEYS:
                found.append(f"{path}.{key}")
            if key == "stacks" and not (
                isinstance(item, list) and all(isinstance(n, int) for n in item)
            ):
                found.append(f"{path}.stacks = {item!r}")
            _walk(item, found, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _walk(item, found, f"{path}[{i}]")


def _assert_no_stack_contents(messages: list[Any]) -> None:
    found: list[str] = []
    for message in messages:
        _walk(message, found)
    assert not found, found[:5]


def _ranking_is_explained(page: Page) -> None:
    expect(page.get_by_test_id("ranking")).to_be_visible()
    reason = page.get_by_test_id("ranking-reason").inner_text()
    assert reason.startswith("How it ended: ")
    state = page.evaluate(f"{PAGE}.snapshot.state")
    winners = page.evaluate(f"{PAGE}.snapshot.winners")
    names = page.evaluate(f"{PAGE}.snapshot.seats.map((s) => s.name)")
    if state["ending"] == "last_chip":
        assert "the last mouse chip went to" in reason
    elif state["ending"] == "run_out":
        assert "had no card left to turn" in reason
    tiebreak = page.get_by_test_id("ranking-tiebreak").inner_text()
    if len(winners) > 1:
        assert "shared win" in tiebreak
    else:
        assert tiebreak.startswith(f"{names[winners[0]]} wins") or "wins with" in tiebreak
    rows = page.get_by_test_id("ranking-list").locator("li")
    assert rows.count() == len(names)
    first = rows.first.inner_text()
    assert str(max(state["stacks"])) in first
    assert state["stacks"][winners[0]] == max(state["stacks"])


def _post_room(server: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{server}/api/rooms",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())  # type: ignore[no-any-return]


# Three seats in the middle of a chase: Cy (seat 2) turned over a mouse with two paws and
# called; Ann (seat 0, to its left) has two tries to turn up a cat.
CHASE = {
    "seats": 3,
    "phase": "chase",
    "current": 0,
    "unseen": [15, 14, 14],
    "pile": ["cheese", "mouse2"],
    "chase": {"mouse_owner": 2, "chaser": 0, "paws": 2, "attempts_left": 2},
    "turns": 1,
}


SEATS = [
    {"kind": "human", "name": "Ann"},
    {"kind": "computer", "name": "Whiskers", "level": "auto"},
    {"kind": "computer", "name": "Cy", "level": "auto"},
]


def _open_chase(page: Page, server: str, viewport: ViewportSize) -> None:
    record = {
        "game": "ausdiemaus",
        "options": {"seats": 3, "start_seat": 0},
        "initial": CHASE,
        "moves": [],
    }
    body = {"game": "ausdiemaus", "options": record["options"], "seats": SEATS, "record": record}
    room = _post_room(server, body)
    _open(page, server, viewport, reduced="on")
    saved = {
        "room": room["room"],
        "token": room["token"],
        "record": room["snapshot"]["record"],
        "setup": {"seats": SEATS, "startSeat": 0},
        "log": [],
    }
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)", [SAVE_KEY, json.dumps(saved)]
    )
    page.reload()  # a saved match in progress opens at once
    expect(page.get_by_test_id("table-seat-0")).to_be_attached()


def _online_page(new_page: NewPage, width: int = 1280, height: int = 800) -> Page:
    page = new_page(width, height)
    page.context.add_init_script(SETTINGS % "on")
    return page


def _turn_whoever_may(pages: list[Page], turns: int) -> None:
    """Let whichever page may turn over do so, `turns` times (or until the ranking opens);
    each turn waits until that page has shown its own update."""
    for _ in range(turns):
        deadline = time.monotonic() + 30
        while True:
            if any(page.get_by_test_id("ranking").is_visible() for page in pages):
                return
            ready = [page for page in pages if page.get_by_test_id("turn-over").is_enabled()]
            if ready:
                break
            assert time.monotonic() < deadline, "nobody could turn over for 30 s"
            time.sleep(0.05)
        page = ready[0]
        before = _version(page)
        page.get_by_test_id("turn-over").click()
        page.wait_for_function(f"() => {PAGE}?.snapshot?.version > {before} && {PAGE}?.idle")


def _ann_plays_until(host: Page, done: Callable[[], bool], seconds: float, why: str) -> None:
    """Turn over on the host's page whenever it may, until `done()` (or the ranking opens);
    fail with `why` after `seconds`."""
    deadline = time.monotonic() + seconds
    while not done():
        if host.get_by_test_id("ranking").is_visible():
            return
        assert time.monotonic() < deadline, why
        if host.get_by_test_id("turn-over").is_enabled():
            _turn_whoever_may([host], 1)
        time.sleep(0.05)


def _same_version(pages: list[Page]) -> int:
    """Wait until every page shows the version of the first; return it."""
    version = _version(pages[0])
    for page in pages[1:]:
        page.wait_for_function(f"() => {PAGE}?.snapshot?.version >= {version} && {PAGE}?.idle")
    return version
