"""Don't Cut the Cheese's page in a real browser: a solo match against a computer to the winner
screen (bites by mouse), Max's mouth moved by the arrow keys with the server's preview and a
refused bite's reason, two humans on one device with the hand-over screen, a reload that
continues the saved match, an online match in two browsers with a spectator, the layout at
1280 x 800 and 390 x 844, and that no frame the page receives holds the threshold of the paper
on the trap (docs/games/dontcutthecheese.md: it is shown only when its paper snaps).
"""

from __future__ import annotations

import json
import time
from itertools import pairwise
from typing import Any

from playwright.sync_api import Page, ViewportSize, WebSocket, expect

from tests.browser.fixtures import NewPage, room_code, screenshot
from tests.processes import post_json

SETTINGS = (
    'try { localStorage.setItem("mousehole.settings",'
    ' JSON.stringify({speed: "fast", reducedMotion: "%s", sound: false}));'
    ' localStorage.setItem("mousehole.dontcutthecheese.coach", "done"); } catch (e) {}'
)
WIDE = ViewportSize(width=1280, height=800)
PHONE = ViewportSize(width=390, height=844)
PAGE = "window.dontcutthecheesePage"
IDLE = f"{PAGE}.idle"


def _open(page: Page, server: str, viewport: ViewportSize, reduced: str = "on") -> None:
    page.set_viewport_size(viewport)
    page.context.add_init_script(SETTINGS % reduced)
    page.goto(f"{server}/play/dontcutthecheese")
    expect(page.get_by_test_id("setup")).to_be_visible()


def _start(page: Page, kinds: list[str]) -> None:
    page.get_by_test_id("seat-count").select_option(str(len(kinds)))
    for i, kind in enumerate(kinds):
        page.get_by_test_id(f"seat-{i}-kind").select_option(kind)
    page.get_by_test_id("start-seat").select_option("0")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("setup")).to_be_hidden()
    expect(page.get_by_test_id("table-seat-0")).to_be_attached()


def _watch_frames(page: Page) -> list[str]:
    frames: list[str] = []

    def on_socket(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: frames.append(str(payload)))

    page.on("websocket", on_socket)
    return frames


def _threshold_leaks(value: Any, path: str = "") -> list[str]:
    """Where a message holds a paper's threshold: the key itself (only `last_threshold`, the
    snapped paper's, is public), or a threshold outcome with its value, unless the record
    marks it snapped (a snapped paper's threshold is public from the snap on:
    test_resume_hidden.py checks the paper on the trap never shows its own)."""
    found: list[str] = []
    if isinstance(value, dict):
        if "threshold" in value:
            found.append(f"{path}.threshold")
        if value.get("type") == "threshold" and "value" in value and not value.get("snapped"):
            found.append(f"{path} = {value}")
        for key, item in value.items():
            found += _threshold_leaks(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _threshold_leaks(item, f"{path}[{i}]")
    return found


def _assert_no_threshold(frames: list[str]) -> None:
    assert frames, "the page received no frames"
    leaks = [leak for frame in frames for leak in _threshold_leaks(json.loads(frame))]
    assert not leaks, leaks[:5]
    # the page did see papers hooked on: their outcome came without its value
    assert any('"type": "threshold"' in f or '"type":"threshold"' in f for f in frames)


def _version(page: Page) -> int:
    return int(page.evaluate(f"{PAGE}.snapshot.version"))


def _wait_after(page: Page, before: int) -> None:
    page.wait_for_function(f"() => {PAGE}?.snapshot?.version > {before} && {IDLE}")


def _ready(page: Page) -> str | None:
    """What this page may do now: "spin", "bite", "pass", "over", or None (wait)."""
    result: str | None = page.evaluate(
        """() => {
          const q = (id) => document.querySelector(`[data-testid="${id}"]`);
          if (q("winner").open) return "over";
          if (q("pass-to").open) return "pass";
          if (!q("spin").disabled && !q("spin").hidden) return "spin";
          if (!q("bite").disabled && !q("bite").hidden) return "bite";
          return null;
        }"""
    )
    return result


def _mouth_point(page: Page, row: int, col: int) -> tuple[float, float]:
    """The screen point at the middle of the mouth placement (row, col) (its four cells)."""
    point: list[float] = page.evaluate(
        """([row, col]) => {
          const paper = document.querySelector('[data-testid="paper"]');
          const p = new DOMPoint(54 + (col + 1) * 56, 74 + (row + 1) * 56)
            .matrixTransform(paper.getScreenCTM());
          return [p.x, p.y];
        }""",
        [row, col],
    )
    return point[0], point[1]


def _quickest_bite(page: Page) -> dict[str, Any]:
    """The legal bite the server says leaves the weakest paper (short rounds: quick tests)."""
    legal: list[dict[str, Any]] = page.evaluate(f"{PAGE}.snapshot.legal")
    return min(legal, key=lambda a: (a["strength"], a["row"], a["col"]))


def _bite_by_keys(page: Page, target: dict[str, Any]) -> None:
    mouth = page.evaluate(f"{PAGE}.mouth")
    dr, dc = target["row"] - mouth["row"], target["col"] - mouth["col"]
    for _ in range(abs(dr)):
        page.keyboard.press("ArrowDown" if dr > 0 else "ArrowUp")
    for _ in range(abs(dc)):
        page.keyboard.press("ArrowRight" if dc > 0 else "ArrowLeft")
    page.keyboard.press("Enter")


def _play(page: Page, *, seconds: float = 120, by: str = "mouse", until: str = "over") -> list[str]:
    """Play every turn this page may play until `until` happens; return what it did."""
    done: list[str] = []
    deadline = time.monotonic() + seconds
    while True:
        assert time.monotonic() < deadline, f"no {until} after {seconds} s: {done[-10:]}"
        ready = _ready(page)
        if ready == until or (ready == "over"):
            return done
        if ready is None:
            time.sleep(0.05)
            continue
        done.append(ready)
        if ready == "pass":
            page.get_by_test_id("pass-ready").click()
            continue
        before = _version(page)
        if ready == "spin":
            page.get_by_test_id("spin").click()
        elif by == "keys":
            _bite_by_keys(page, _quickest_bite(page))
        else:
            bite = _quickest_bite(page)
            page.mouse.click(*_mouth_point(page, bite["row"], bite["col"]))
        _wait_after(page, before)


def test_a_solo_match_against_a_computer_by_mouse_to_the_winner(page: Page, server: str) -> None:
    frames = _watch_frames(page)
    _open(page, server, WIDE, reduced="off")
    screenshot(page, "dontcutthecheese-setup-1280")
    _start(page, ["human", "computer"])
    expect(page.get_by_test_id("strength")).to_have_text("Strength 5 of 5")
    done = _play(page, seconds=240)
    assert "spin" in done and "bite" in done
    winner = page.get_by_test_id("winner")
    expect(winner).to_be_visible()
    state = page.evaluate(f"{PAGE}.snapshot.state")
    names = page.evaluate(f"{PAGE}.snapshot.seats.map((s) => s.name)")
    expect(page.get_by_test_id("winner-title")).to_have_text(f"{names[state['winner']]} wins!")
    text = page.get_by_test_id("winner-text").inner_text()
    assert names[state["winner"]] in text and len(text) > 30
    assert page.get_by_test_id("winner-list").locator("li").count() == 2
    # the snapped paper's threshold is on the meter, and the log told every snap
    expect(page.get_by_test_id("meter-threshold")).to_be_attached()
    expect(page.get_by_test_id("log")).to_contain_text("SNAP!")
    expect(page.get_by_test_id("log")).to_contain_text("draws a token from the bag")
    screenshot(page, "dontcutthecheese-winner-1280")
    _assert_no_threshold(frames)


def test_max_s_mouth_moves_by_arrow_keys_and_bites_with_enter(page: Page, server: str) -> None:
    frames = _watch_frames(page)
    _open(page, server, WIDE)
    _start(page, ["human", "computer", "computer"])
    _play(page, until="bite")
    legal = page.evaluate(f"{PAGE}.snapshot.legal")
    spots = {(a["row"], a["col"]): a for a in legal}
    start = page.evaluate(f"{PAGE}.mouth")
    # The mouth walks over the paper; each spot shows the server's preview, legal or not.
    for key, (dr, dc) in [("ArrowRight", (0, 1)), ("ArrowDown", (1, 0)), ("ArrowLeft", (0, -1))]:
        page.keyboard.press(key)
        mouth = page.evaluate(f"{PAGE}.mouth")
        expected = (min(3, max(0, start["row"] + dr)), min(10, max(0, start["col"] + dc)))
        assert (mouth["row"], mouth["col"]) == expected
        start = mouth
        page.wait_for_function(f"() => {IDLE}")
        box = page.get_by_test_id("mouth-box")
        entry = spots.get(expected)
        expect(box).to_have_attribute("data-legal", "true" if entry else "false")
        sub = page.get_by_test_id("prompt-sub")
        # a player counts rows and columns from 1 (the rules and the actions from 0)
        expect(sub).to_contain_text(f"Row {expected[0] + 1}, column {expected[1] + 1}:")
        if entry:
            strength = page.evaluate(f"{PAGE}.snapshot.state.strength")
            expect(sub).to_contain_text(f"strength {strength} → {entry['strength']}")
        else:
            expect(sub).to_contain_text("Max cannot bite here")
    # A spot the server does not list: Enter asks anyway, and the table's reason is shown.
    illegal = next(
        (r, c) for r in range(4) for c in range(11) if (r, c) not in spots and 0 < c < 10
    )
    mouth = page.evaluate(f"{PAGE}.mouth")
    before = _version(page)
    _bite_by_keys(page, {"row": illegal[0], "col": illegal[1]})
    expect(page.get_by_test_id("prompt-sub")).to_contain_text("Max cannot bite there:")
    assert _version(page) == before
    # A listed spot: Enter bites there, and the server's bite event names it.
    target = legal[0]
    _bite_by_keys(page, target)
    _wait_after(page, before)
    # the player's (seat 0's) first bite after `before`: the computers may have bitten since
    bites = page.evaluate(
        f"""() => {PAGE}.received.filter((m) => m.type === "update")
              .flatMap((m) => m.moves)
              .filter((m) => m.action.type === "bite" && m.seat === 0 && m.version > {before})"""
    )
    assert bites[0]["action"] == {"type": "bite", "row": target["row"], "col": target["col"]}
    assert bites[0]["events"][0]["strength"] == target["strength"]
    where = f"at row {target['row'] + 1}, column {target['col'] + 1}: strength {target['strength']}"
    expect(page.locator("#log")).to_contain_text(where)
    assert mouth is not None
    _assert_no_threshold(frames)


def test_two_humans_on_one_device_hand_over_and_a_reload_continues(page: Page, server: str) -> None:
    _open(page, server, WIDE)
    _start(page, ["human", "human"])
    passes: list[str] = []
    deadline = time.monotonic() + 120
    while len(passes) < 3:
        assert time.monotonic() < deadline, f"only {passes} hand-overs"
        done = _play(page, until="pass", by="keys")
        if _ready(page) == "over":
            break
        assert done is not None
        title = page.locator("#pass-title").inner_text()
        passes.append(title)
        if len(passes) == 1:
            screenshot(page, "dontcutthecheese-pass-to-1280")
        page.get_by_test_id("pass-ready").click()
        if len(passes) == 1:
            # The autosave, checked right after the first hand-over, while the match surely
            # goes on (quick bites can end it before a third hand-over): a reload goes
            # straight back to the same position, and play goes on from there.
            _reload_continues(page)
    assert passes and all(t in ("Pass to Ann", "Pass to Bo") for t in passes)
    # the screen goes to the other player each time (with two, even Reverse passes it on)
    assert all(a != b for a, b in pairwise(passes)), passes


def _reload_continues(page: Page) -> None:
    page.wait_for_function(f"() => {IDLE}")
    version = _version(page)
    tokens = page.evaluate(f"{PAGE}.snapshot.state.tokens")
    page.reload()
    expect(page.get_by_test_id("setup")).to_be_hidden()
    page.wait_for_function(f"() => {PAGE}?.snapshot && {IDLE}")
    assert _version(page) == version
    assert page.evaluate(f"{PAGE}.snapshot.state.tokens") == tokens


def _online_page(new_page: NewPage, width: int = 1280, height: int = 800) -> Page:
    page = new_page(width, height)
    page.context.add_init_script(SETTINGS % "on")
    return page


def test_an_online_match_in_two_browsers_with_a_spectator(
    new_page: NewPage, online_server: str
) -> None:
    server = online_server
    host = _online_page(new_page)
    host.goto(f"{server}/play/dontcutthecheese?online=new")
    expect(host.get_by_test_id("mode-online")).to_be_checked()
    host.get_by_test_id("seat-count").select_option("2")
    host.get_by_test_id("seat-0-name").fill("Ann")
    expect(host.get_by_test_id("seat-1-kind")).to_have_value("open")
    host.get_by_test_id("start-match").click()
    expect(host.get_by_test_id("waiting-room")).to_be_visible()
    code = room_code(host)

    friend = _online_page(new_page, 390, 844)
    frames = _watch_frames(friend)
    friend.goto(f"{server}/join/{code}")
    friend.get_by_test_id("join-name").fill("Bo")
    friend.get_by_test_id("join-submit").click()
    friend.wait_for_url(f"**/play/dontcutthecheese?room={code}")
    expect(host.get_by_test_id("room-seat-1")).to_have_attribute("data-state", "connected")
    host.get_by_test_id("start-online").click()
    for page in (host, friend):
        expect(page.get_by_test_id("waiting-room")).to_be_hidden()

    watcher = _online_page(new_page)
    watched = _watch_frames(watcher)
    watcher.goto(f"{server}/play/dontcutthecheese?room={code}&watch=1")
    expect(watcher.get_by_test_id("prompt")).not_to_have_text("Joining the table…")

    # Each plays on their own page; a bite is a mouse click on the host, keys on the phone.
    acted = 0
    deadline = time.monotonic() + 90
    while acted < 12:
        assert time.monotonic() < deadline, f"only {acted} actions online"
        if any(_ready(p) == "over" for p in (host, friend)):
            break
        for page, by in ((host, "mouse"), (friend, "keys")):
            ready = _ready(page)
            if ready not in ("spin", "bite"):
                continue
            before = _version(page)
            if ready == "spin":
                page.get_by_test_id("spin").click()
            elif by == "keys":
                _bite_by_keys(page, _quickest_bite(page))
            else:
                bite = _quickest_bite(page)
                page.mouse.click(*_mouth_point(page, bite["row"], bite["col"]))
            _wait_after(page, before)
            acted += 1
        time.sleep(0.05)
    version = _version(host)
    for page in (friend, watcher):
        page.wait_for_function(f"() => {PAGE}?.snapshot?.version >= {version} && {IDLE}")
    paper = host.evaluate(f"{PAGE}.snapshot.state.paper")
    assert friend.evaluate(f"{PAGE}.snapshot.state.paper") == paper
    assert watcher.evaluate(f"{PAGE}.snapshot.state.paper") == paper
    expect(watcher.get_by_test_id("spin")).to_be_disabled()
    screenshot(friend, "dontcutthecheese-online-guest-390")
    _assert_no_threshold(frames)
    leaks = [leak for frame in watched for leak in _threshold_leaks(json.loads(frame))]
    assert not leaks, leaks[:5]


def _layout_is_whole(page: Page) -> None:
    """Every control is on screen somewhere (scrolled to), and nothing overflows sideways."""
    width = page.evaluate("document.documentElement.clientWidth")
    overflow = page.evaluate("document.documentElement.scrollWidth")
    assert overflow <= width, f"the page is {overflow} px wide in a {width} px window"
    for testid in (
        "new-match", "skip-animation", "speed-toggle", "table", "strength", "prompt",
        "download-record", "log", "seats",
    ):  # fmt: skip
        target = page.get_by_test_id(testid)
        target.scroll_into_view_if_needed()
        expect(target).to_be_in_viewport()
    box = page.get_by_test_id("table").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width


def test_the_layout_at_1280_and_on_a_phone_shows_every_control(page: Page, server: str) -> None:
    for viewport, name in ((WIDE, "1280"), (PHONE, "390")):
        _open(page, server, viewport, reduced="off")
        _start(page, ["human", "computer", "computer", "computer"])
        _play(page, until="bite")
        _layout_is_whole(page)
        for testid in ("bite", "mouth-box", "meter"):
            expect(page.get_by_test_id(testid)).to_be_visible()
        screenshot(page, f"dontcutthecheese-mouth-{name}")
        page.evaluate("localStorage.removeItem('mousehole.dontcutthecheese.match')")


# Two players who both completed their colours with three tokens each, after the sixth snap: a
# spin-off (the fewest bites shown wins), Ann (seat 0) to spin first.
TOKENS = {"orange": 1, "white": 1, "yellow": 1}
SPIN_OFF = {
    "seat_count": 2,
    "phase": "spin_off",
    "current": 0,
    "paper": ["#..#########"] * 5,
    "paper_bites": 3,
    "tokens": [TOKENS, TOKENS],
    "bag": {"orange": 8, "white": 8, "yellow": 8},
    "round": 6,
    "turns": 9,
    "snapper": 1,
    "threshold": 1,
    "last_threshold": 1,
    "spin_off": {"reason": "complete", "contestants": [0, 1], "values": [None, None]},
}
SPIN_OFF_SEATS = [
    {"kind": "human", "name": "Ann"},
    {"kind": "computer", "name": "Pip", "level": "easy"},
]


def test_a_spin_off_is_played_and_explained_on_the_winner_screen(page: Page, server: str) -> None:
    options = {"seats": 2, "start_seat": 0}
    record = {"game": "dontcutthecheese", "options": options, "initial": SPIN_OFF, "moves": []}
    body = {"game": "dontcutthecheese", "options": options, "seats": SPIN_OFF_SEATS}
    room = post_json(f"{server}/api/rooms", body | {"record": record})
    _open(page, server, WIDE)
    saved = {
        "room": room["room"],
        "token": room["token"],
        "record": room["snapshot"]["record"],
        "setup": {"seats": SPIN_OFF_SEATS, "startSeat": 0},
        "log": [],
    }
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        ["mousehole.dontcutthecheese.match", json.dumps(saved)],
    )
    page.reload()  # a saved match in progress opens at once
    expect(page.get_by_test_id("prompt")).to_contain_text("Spin-off! Ann, spin.")
    expect(page.get_by_test_id("seat-tokens-0")).to_contain_text("1")
    expect(page.get_by_test_id("meter-threshold")).to_be_attached()  # the torn paper's point
    _play(page, seconds=60)
    expect(page.get_by_test_id("winner")).to_be_visible()
    text = page.get_by_test_id("winner-text").inner_text()
    assert "Ann and Pip completed their colours at once with 3 tokens each." in text
    assert "the fewest bites shown wins" in text
    values = page.evaluate(
        f"""() => {PAGE}.received.filter((m) => m.type === "update")
              .flatMap((m) => m.moves.flatMap((move) => move.events))
              .filter((e) => e.type === "spin_off_value")"""
    )
    rounds = len(values) // 2  # two contestants: a round is both their values
    assert rounds >= 1 and text.count("Round ") == (rounds if rounds > 1 else 0)
    for value in values:  # every round's scores, each seat's in the order they spun
        assert f"{['Ann', 'Pip'][value['seat']]} {value['value']}" in text
    winner = ["Ann", "Pip"][page.evaluate(f"{PAGE}.snapshot.state.winner")]
    assert text.endswith(f"{winner} has the lowest value, and nobody else has it.")
    screenshot(page, "dontcutthecheese-spin-off-winner-1280")


SAVED = """() => {
  const saved = JSON.parse(localStorage.getItem("mousehole.dontcutthecheese.match") || "null");
  return saved && saved.record;
}"""


def test_a_same_device_match_is_set_again_whole_from_the_record_the_page_saved(
    page: Page, server: str
) -> None:
    # The page keeps a snapped paper's threshold (its snap showed it to everyone) in its saved
    # record, and the server draws the one on the trap again: the room is set again from that
    # record, as when the server has forgotten the match (docs/local-play.md).
    _open(page, server, WIDE)
    _start(page, ["human", "human"])
    deadline = time.monotonic() + 180
    while True:
        assert time.monotonic() < deadline, "no second paper"
        record = page.evaluate(SAVED)
        thresholds = [m["action"] for m in record["moves"] if m["action"]["type"] == "threshold"]
        if len(thresholds) >= 2 and _ready(page) in ("spin", "bite"):
            break
        ready = _ready(page)
        assert ready != "over", "the match ended on its first paper"
        if ready is None:
            time.sleep(0.05)
        elif ready == "pass":
            page.get_by_test_id("pass-ready").click()
        else:
            before = _version(page)
            if ready == "spin":
                page.get_by_test_id("spin").click()
            else:
                _bite_by_keys(page, _quickest_bite(page))
            _wait_after(page, before)
    snapped = thresholds[:-1]
    assert all(isinstance(t.get("value"), int) for t in snapped), thresholds
    assert thresholds[-1].get("value") is None  # the paper on the trap keeps its secret
    saved = page.evaluate(
        """() => JSON.parse(localStorage.getItem("mousehole.dontcutthecheese.match"))"""
    )
    body = {
        "game": "dontcutthecheese",
        "options": record["options"],
        "seats": saved["setup"]["seats"],
        "record": record,
    }
    again = post_json(f"{server}/api/rooms", body)
    assert again["snapshot"]["version"] == len(record["moves"])
    assert again["snapshot"]["state"]["paper"] == page.evaluate(f"{PAGE}.snapshot.state.paper")
