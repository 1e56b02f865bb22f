"""The Aus die Maus! card table in a real browser: a solo match turned over by button and by
keyboard, a call and a chase, fast-forward to the ranking, two humans with auto-flip, the
chase bubble, Continue after a refresh (and a room the server no longer accepts), and that no
message the page receives holds a stack's contents (only sizes).

A chase that must be on screen starts from a saved record whose `initial` is a position in the
middle of a chase (docs/api.md, "Records and replay"): the server resumes it, the page shows it.
"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, WebSocket, expect

from tests.browser.fixtures import NewPage, screenshot

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
    page.wait_for_function(f"() => {PAGE}.snapshot.version > {before} && {PAGE}.idle")
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


def test_solo_match_by_button_and_keyboard_a_chase_then_fast_forward_to_the_ranking(
    page: Page, server: str
) -> None:
    frames = _watch_frames(page)
    _open(page, server, WIDE)
    _setup(page, ["human", "computer", "computer"])
    screenshot(page, "ausdiemaus-setup-1280")
    _start(page)
    _my_turn_or_over(page)
    # 45 cards dealt from Ann on: one starts the pile.
    assert page.evaluate(f"{PAGE}.snapshot.state.stacks") == [15, 15, 14]

    _turn(page)  # by button
    _turn(page, "t")  # by keyboard
    page.evaluate("document.activeElement.blur()")
    _turn(page, "Space")

    # Keep turning over until a mouse was called and its chase was settled.
    for _ in range(40):
        _my_turn_or_over(page)
        events = _events(page)
        if "call" in events and {"caught", "escaped"} & set(events[events.index("call") :]):
            break
        if page.get_by_test_id("ranking").is_visible():
            break
        _turn(page, "Enter")
    events = _events(page)
    assert "call" in events
    assert {"caught", "escaped"} & set(events[events.index("call") :])
    log = page.get_by_test_id("log").inner_text()
    assert "Mouse, watch out, the cat is coming!" in log
    assert "Caught!" in log or "Only cheese" in log
    for _ in range(12):  # a pile worth looking at for the screenshot
        if page.get_by_test_id("ranking").is_visible():
            break
        if len(page.evaluate(f"{PAGE}.snapshot.state.pile")) >= 3:
            break
        _turn(page)
    if not page.get_by_test_id("ranking").is_visible():
        assert page.get_by_test_id("turn-over").is_enabled()
        screenshot(page, "ausdiemaus-table-1280")
        page.get_by_test_id("fast-forward").click()
    expect(page.get_by_test_id("ranking")).to_be_visible(timeout=60_000)
    _ranking_is_explained(page)
    assert page.get_by_test_id("prompt").inner_text() == "Game over."
    screenshot(page, "ausdiemaus-ranking-1280")

    # Nothing the page received holds a stack's contents: sizes only.
    received = page.evaluate(f"{PAGE}.received")
    assert len(received) > 5
    _assert_no_stack_contents(received)
    _assert_no_stack_contents([json.loads(frame) for frame in frames])
    sizes = page.evaluate(f"{PAGE}.snapshot.state.stacks")
    assert sum(sizes) + len(page.evaluate(f"{PAGE}.snapshot.state.pile")) == 45

    # Rematch: a new room with the same seats.
    room = page.evaluate(f"{PAGE}.snapshot.room")
    page.get_by_test_id("rematch").click()
    page.wait_for_function(f"() => {PAGE}.snapshot.room !== {json.dumps(room)}")
    _my_turn_or_over(page)
    assert page.evaluate(f"{PAGE}.snapshot.state.chips") == [0, 0, 0]


def test_phone_layout_plays_and_fast_forwards(page: Page, server: str) -> None:
    frames = _watch_frames(page)
    _open(page, server, PHONE)
    _setup(page, ["human", "computer", "computer", "computer", "computer", "computer"])
    screenshot(page, "ausdiemaus-setup-390")
    _start(page)
    for _ in range(3):
        _my_turn_or_over(page)
        if page.get_by_test_id("ranking").is_visible():
            break
        page.get_by_test_id("turn-over").click()
    _my_turn_or_over(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways ({width}px)"
    screenshot(page, "ausdiemaus-table-390")
    if not page.get_by_test_id("ranking").is_visible():
        page.get_by_test_id("fast-forward").click()
    expect(page.get_by_test_id("ranking")).to_be_visible(timeout=60_000)
    _ranking_is_explained(page)
    screenshot(page, "ausdiemaus-ranking-390")
    refused = [frame for frame in frames if '"type": "error"' in frame or '"type":"error"' in frame]
    assert not refused, f"fast-forward stays within the message limit: {refused[:2]}"


def test_two_humans_on_one_device_with_auto_flip(page: Page, server: str) -> None:
    _open(page, server, WIDE)
    _setup(page, ["human", "human"], auto=(1,))
    _start(page)
    _my_turn_or_over(page)
    assert page.evaluate(f"{PAGE}.snapshot.to_act") == 0
    page.get_by_test_id("turn-over").click()
    # Bo is set to auto-flip: Bo's cards turn over by themselves, then it is Ann's turn again
    # (or Ann must chase Bo's mouse). No hand-over screen: nobody sees any stack.
    page.wait_for_function(
        f"""() => {PAGE}.record.moves.some((m) => m.seat === 1 && m.action.type === "turn")""",
        timeout=20_000,
    )
    _my_turn_or_over(page)
    expect(page.get_by_test_id("auto-flip-1")).to_be_checked()
    expect(page.get_by_test_id("auto-flip-0")).not_to_be_checked()
    # Ann switches auto-flip on too: the match plays itself.
    version = _version(page)
    page.get_by_test_id("auto-flip-0").check()
    page.wait_for_function(f"() => {PAGE}.snapshot.version > {version + 4}", timeout=20_000)
    saved = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})"))
    assert [s.get("autoFlip") for s in saved["setup"]["seats"]] == [True, True]
    page.get_by_test_id("fast-forward").click()
    expect(page.get_by_test_id("ranking")).to_be_visible(timeout=60_000)
    _ranking_is_explained(page)


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


@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1280", "390"])
def test_a_chase_shows_the_call_bubble_and_the_tries_left(
    page: Page, server: str, viewport: ViewportSize
) -> None:
    _open_chase(page, server, viewport)
    _my_turn_or_over(page)
    bubble = page.get_by_test_id("call-bubble")
    expect(bubble).to_be_visible()
    assert bubble.get_attribute("data-seat") == "2"
    assert "Mouse, watch out," in (bubble.text_content() or "")
    expect(page.get_by_test_id("chase-info")).to_have_text(
        "Ann has 2 of 2 tries left to turn up a cat."
    )
    expect(page.get_by_test_id("prompt")).to_contain_text("Ann chases Cy's mouse!")
    expect(page.get_by_test_id("seat-badge-0")).to_have_text("Chasing")
    assert page.get_by_test_id("pile").get_attribute("data-top") == "mouse2"
    box = page.get_by_test_id("table-wrap").bounding_box()
    shown = bubble.bounding_box()
    assert box and shown
    assert shown["x"] >= box["x"] and shown["x"] + shown["width"] <= box["x"] + box["width"] + 1
    screenshot(page, f"ausdiemaus-chase-{viewport['width']}")
    # The sounds of the table exist (and make no console error).
    page.evaluate(
        "import('/static/shared/sound.js').then((m) => { m.play('flip'); m.play('call'); })"
    )

    page.keyboard.press("t")
    page.wait_for_function(f"""() => {PAGE}.snapshot.version > 0 && {PAGE}.idle""", timeout=20_000)
    events = _events(page)
    assert events[0] == "flip"
    _my_turn_or_over(page)
    state = page.evaluate(f"{PAGE}.snapshot.state")
    if state["phase"] == "chase":
        # Cheese (one try left), or a chase that went round the table: the text follows it.
        chase = state["chase"]
        chaser = ["Ann", "Whiskers", "Cy"][chase["chaser"]]
        tries = "try" if chase["paws"] == 1 else "tries"
        left = chase["attempts_left"]
        expect(page.get_by_test_id("chase-info")).to_have_text(
            f"{chaser} has {left} of {chase['paws']} {tries} left to turn up a cat."
        )
        used = page.get_by_test_id(f"table-seat-{chase['chaser']}").locator(".paw-used")
        expect(used).to_have_count(chase["paws"] - left)


def test_continue_after_a_refresh_and_a_refused_room_is_set_again(page: Page, server: str) -> None:
    _open(page, server, WIDE, reduced="on")
    _setup(page, ["human", "computer", "computer"])
    _start(page)
    _my_turn_or_over(page)
    page.get_by_test_id("turn-over").click()
    _my_turn_or_over(page)
    stacks = page.evaluate(f"{PAGE}.snapshot.state.stacks")
    version = _version(page)

    page.reload()
    expect(page.get_by_test_id("setup")).to_be_hidden()  # straight back to the match
    _my_turn_or_over(page)
    assert page.evaluate(f"{PAGE}.snapshot.state.stacks") == stacks
    assert _version(page) == version

    # The server no longer accepts the saved token (as after a restart with another database):
    # the page sets the table again from the saved record and play goes on.
    room = page.evaluate(f"{PAGE}.snapshot.room")
    page.evaluate(
        """(key) => { const s = JSON.parse(localStorage.getItem(key));
                      s.token = "not-the-token"; localStorage.setItem(key, JSON.stringify(s)); }""",
        SAVE_KEY,
    )
    page.reload()
    page.wait_for_function(f"() => {PAGE}.snapshot && {PAGE}.snapshot.room !== {json.dumps(room)}")
    _my_turn_or_over(page)
    assert page.evaluate(f"{PAGE}.snapshot.state.stacks") == stacks
    expect(page.get_by_test_id("log")).to_contain_text("The table was set again")
    page.get_by_test_id("turn-over").click()
    page.wait_for_function(f"() => {PAGE}.snapshot.version > {version}")


def test_the_home_page_links_the_table(page: Page, server: str) -> None:
    page.goto(server)
    page.get_by_test_id("play-ausdiemaus").click()
    page.wait_for_url("**/play/ausdiemaus")
    expect(page.get_by_test_id("setup")).to_be_visible()
    page.goto(server)
    page.get_by_test_id("play-online-ausdiemaus").click()
    page.wait_for_url("**/play/ausdiemaus?online=new")
    expect(page.get_by_test_id("mode-online")).to_be_checked()
    expect(page.get_by_test_id("start-match")).to_have_text("Create room")


def test_an_online_room_is_started_by_the_host_and_paced_by_the_server(
    page: Page, server: str
) -> None:
    body = {
        "game": "ausdiemaus",
        "options": {"seats": 3, "start_seat": 0},
        "seats": [
            {"kind": "open"},
            {"kind": "computer", "name": "Whiskers", "level": "auto"},
            {"kind": "computer", "name": "Cy", "level": "auto"},
        ],
        "host_name": "Ann",
    }
    request = urllib.request.Request(
        f"{server}/api/online",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        room = json.loads(response.read())
    code = room["code"]
    seat = {"token": room["token"], "seat": 0, "name": "Ann", "game": "ausdiemaus"}
    page.context.add_init_script(SETTINGS % "on")
    page.goto(server)
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"mousehole.online.{code}", json.dumps(seat)],
    )
    page.goto(f"{server}/play/ausdiemaus?room={code}")
    expect(page.get_by_test_id("waiting-room")).to_be_visible()
    expect(page.get_by_test_id("room-code")).to_have_text(code)
    expect(page.get_by_test_id("prompt")).to_have_text("Waiting for the match to start…")
    expect(page.get_by_test_id("fast-forward")).to_be_disabled()
    screenshot(page, "ausdiemaus-online-waiting-1280")
    page.get_by_test_id("start-online").click()
    expect(page.get_by_test_id("waiting-room")).to_be_hidden()
    expect(page.get_by_test_id("room-panel")).to_be_visible()
    _my_turn_or_over(page)
    _turn(page)
    _my_turn_or_over(page)  # the server turned the computers' cards: the page sent no advance
    assert page.evaluate(f"{PAGE}.received.length") > 2
    assert _version(page) >= 5

    watcher = page.context.new_page()
    watcher.goto(f"{server}/play/ausdiemaus?room={code}&watch=1")
    expect(watcher.get_by_test_id("prompt")).to_contain_text("Waiting for Ann")
    expect(watcher.get_by_test_id("turn-over")).to_be_disabled()
    watcher.close()


def test_the_ranking_explains_the_tie_breaks(page: Page, server: str) -> None:
    page.goto(f"{server}/play/ausdiemaus")
    explain = """([stacks, chips, winners]) => import("/static/ausdiemaus/log.js").then((m) => {
        const r = m.ranking(stacks, chips, winners, (s) => ["Ann", "Bo", "Cy"][s]);
        return [r.text, r.rows.map((row) => [row.seat, row.place, row.winner])];
    })"""
    text, rows = page.evaluate(explain, [[31, 31, 12], [3, 2, 4], [0]])
    assert text == "Ann and Bo both have 31 cards; Ann wins with 3 chips to 2."
    assert rows == [[0, 1, True], [1, 2, False], [2, 3, False]]

    text, rows = page.evaluate(explain, [[31, 31, 12], [2, 2, 4], [0, 1]])
    assert text == "Ann and Bo both have 31 cards and 2 chips: a shared win."
    assert rows == [[0, 1, True], [1, 1, True], [2, 3, False]]

    text, _ = page.evaluate(explain, [[10, 40, 4], [0, 0, 5], [1]])
    assert text == "Bo wins with 40 cards (next: Ann with 10)."


def test_the_setup_dialog_creates_an_online_room(page: Page, server: str) -> None:
    _open(page, server, WIDE, reduced="on")
    page.get_by_test_id("mode-online").check()
    expect(page.get_by_test_id("start-match")).to_have_text("Create room")
    page.get_by_test_id("seat-count").select_option("3")
    page.get_by_test_id("seat-0-name").fill("Ann")
    page.get_by_test_id("seat-2-kind").select_option("computer")
    page.get_by_test_id("start-match").click()
    page.wait_for_url("**/play/ausdiemaus?room=*")
    expect(page.get_by_test_id("waiting-room")).to_be_visible()
    expect(page.get_by_test_id("room-seat-1")).to_contain_text("Open")
    expect(page.get_by_test_id("start-online")).to_be_disabled()
    expect(page.get_by_test_id("table-wrap")).to_be_hidden()


def test_a_typed_name_comes_back_after_the_seat_was_open(page: Page, server: str) -> None:
    # The new-match dialog is shared/setup.js, the same on every game page.
    _open(page, server, WIDE, reduced="on")
    page.get_by_test_id("seat-2-name").fill("Zed")
    page.get_by_test_id("mode-online").check()
    expect(page.get_by_test_id("seat-2-kind")).to_have_value("open")
    expect(page.get_by_test_id("seat-2-name")).to_have_value("")
    expect(page.get_by_test_id("seat-2-name")).to_be_disabled()
    page.get_by_test_id("seat-2-kind").select_option("computer")
    expect(page.get_by_test_id("seat-2-name")).to_have_value("Zed")
    page.get_by_test_id("mode-local").check()
    expect(page.get_by_test_id("seat-2-name")).to_have_value("Zed")
    expect(page.get_by_test_id("start-seat").locator("option[value='2']")).to_have_text("Zed")


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
        page.wait_for_function(f"() => {PAGE}.snapshot.version > {before} && {PAGE}.idle")


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
        page.wait_for_function(f"() => {PAGE}.snapshot.version >= {version} && {PAGE}.idle")
    return version


def test_two_browsers_play_online_with_auto_flip_and_an_absent_player_turned_for(
    new_page: NewPage, online_server: str
) -> None:
    server = online_server
    # Ann creates a room for two on the table's page; Bo joins by the link on a phone.
    host = _online_page(new_page)
    host.goto(f"{server}/play/ausdiemaus?online=new")
    expect(host.get_by_test_id("mode-online")).to_be_checked()
    host.get_by_test_id("seat-count").select_option("2")
    host.get_by_test_id("seat-0-name").fill("Ann")
    expect(host.get_by_test_id("seat-1-kind")).to_have_value("open")
    host.get_by_test_id("start-match").click()
    expect(host.get_by_test_id("waiting-room")).to_be_visible()
    code = host.get_by_test_id("room-code").inner_text()
    expect(host.get_by_test_id("start-online")).to_be_disabled()

    friend = _online_page(new_page, 390, 844)
    frames = _watch_frames(friend)
    friend.goto(f"{server}/join/{code}")
    expect(friend.get_by_test_id("join-status")).to_contain_text("Aus die Maus!")
    friend.get_by_test_id("join-name").fill("Bo")
    friend.get_by_test_id("join-submit").click()
    friend.wait_for_url(f"**/play/ausdiemaus?room={code}")
    expect(friend.get_by_test_id("waiting-room")).to_be_visible()
    expect(host.get_by_test_id("room-seat-1")).to_have_attribute("data-state", "connected")
    host.get_by_test_id("start-online").click()
    for page in (host, friend):
        expect(page.get_by_test_id("waiting-room")).to_be_hidden()
        expect(page.get_by_test_id("room-panel")).to_be_visible()

    # They turn over in turn, each on their own page; both tables agree.
    pages = [host, friend]
    _turn_whoever_may(pages, 6)
    version = _same_version(pages)
    assert version >= 6
    sizes = host.evaluate(f"{PAGE}.snapshot.state.stacks")
    assert friend.evaluate(f"{PAGE}.snapshot.state.stacks") == sizes
    expect(friend.get_by_test_id("auto-flip-1")).to_be_visible()
    expect(friend.get_by_test_id("auto-flip-0")).to_have_count(0)  # only your own seat
    screenshot(friend, "ausdiemaus-online-guest-390")

    # Bo switches auto-flip on: his cards turn over by themselves, Ann goes on by hand.
    friend.get_by_test_id("auto-flip-1").check()
    turned_by_bo = (
        f"{PAGE}.record.moves.filter((m) => m.seat === 1 && m.action.type === 'turn').length"
    )
    bo_before = friend.evaluate(turned_by_bo)
    _ann_plays_until(
        host, lambda: friend.evaluate(turned_by_bo) > bo_before + 1, 30, "Bo's auto-flip idles"
    )
    expect(friend.get_by_test_id("auto-flip-1")).to_be_checked()

    # Bo loses the connection with auto-flip off: the server turns his cards over for him
    # after a short timeout (the game's absent autoplay), and Ann plays on.
    friend.get_by_test_id("auto-flip-1").uncheck()
    _same_version(pages)
    friend.context.set_offline(True)
    expect(friend.get_by_test_id("reconnect-banner")).to_be_visible()
    expect(friend.get_by_test_id("room-seat-1")).to_have_attribute("data-state", "reconnecting")
    screenshot(friend, "ausdiemaus-online-reconnecting")
    expect(host.get_by_test_id("room-seat-1")).to_have_attribute("data-state", "absent")
    turned_for_bo = host.evaluate(turned_by_bo)
    _ann_plays_until(
        host, lambda: host.evaluate(turned_by_bo) > turned_for_bo, 40, "nobody turned for Bo"
    )
    screenshot(host, "ausdiemaus-online-host-bo-away")

    # Back online, Bo's page catches up with the table; no message held a stack's contents.
    friend.context.set_offline(False)
    expect(friend.get_by_test_id("reconnect-banner")).to_be_hidden()
    expect(friend.get_by_test_id("room-seat-1")).to_have_attribute("data-state", "connected")
    expect(host.get_by_test_id("room-seat-1")).to_have_attribute("data-state", "connected")
    _same_version(pages)
    assert friend.evaluate(f"{PAGE}.snapshot.state.stacks") == host.evaluate(
        f"{PAGE}.snapshot.state.stacks"
    )
    assert len(frames) > 10
    _assert_no_stack_contents([json.loads(frame) for frame in frames])
