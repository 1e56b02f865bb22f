"""Mouse Chaos on a phone held in one hand (390 x 844, touch): the mice under the table are
thumb-sized targets (tests/browser/test_phone.py checks every game's turn)."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from tests.browser.fixtures import NewPage, screenshot
from tests.browser.phone import TurnPage, measure, problems
from tests.browser.test_phone import DEVICES


def _post(server: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{server}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        answer: dict[str, Any] = json.loads(response.read())
    return answer


def test_mouse_chaos_mice_under_the_table_are_thumb_sized_targets(
    new_page: NewPage, server: str
) -> None:
    # Ann (seat 0) is to move a cat or a mouse one square, with eight mice under the table.
    from tests.games.mousechaos.scenes import moving

    state = moving(4, steps=1, mice=dict.fromkeys(range(4, 12), "table"))
    seats = [{"kind": "human", "name": "Ann"}] + [
        {"kind": "computer", "name": name, "level": "easy"} for name in ("Bo", "Cy", "Di")
    ]
    options = {"seats": 4, "start_seat": 0}
    record = {"game": "mousechaos", "options": options, "initial": state.to_json(), "moves": []}
    room = _post(
        server,
        "/api/rooms",
        {"game": "mousechaos", "options": options, "seats": seats, "record": record},
    )
    width, height, touch = DEVICES["phone"]
    page = new_page(width=width, height=height, touch=touch)
    page.context.add_init_script(
        'try { localStorage.setItem("mousehole.settings", JSON.stringify({speed: "fast",'
        ' reducedMotion: "on", sound: false}));'
        ' localStorage.setItem("mousehole.mousechaos.coach", "done"); } catch (e) {}'
    )
    page.goto(f"{server}/play/mousechaos")
    saved = {
        "room": room["room"],
        "token": room["token"],
        "record": room["snapshot"]["record"],
        "setup": {"seats": seats, "startSeat": 0},
        "log": [],
    }
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)", ["mousehole.mousechaos.match", json.dumps(saved)]
    )
    page.reload()
    page.wait_for_function(
        "() => window.mousechaosPage?.idle && !window.mousechaosPage?.blocked"
        " && (window.mousechaosPage?.snapshot?.legal || []).length > 0",
        timeout=30_000,
    )
    under = "#kitchen .mc-under[data-choice]"
    assert page.locator(under).count() == 8, "each mouse under the table is a choice"
    turn = TurnPage(start=lambda *a: None, play=lambda p: None, action=under, targets=under)
    found = measure(page, turn, touch)
    screenshot(page, "phone-mousechaos-under-the-table", full_page=False)
    assert found["board_targets"] == 8
    assert not problems(found), problems(found)
    # A tap on one picks that mouse: its squares light up.
    page.locator(under).first.tap()
    page.wait_for_function("() => window.mousechaosPage?.snapshot && true")
    assert page.locator("#choices .mc-reach").count() > 0
