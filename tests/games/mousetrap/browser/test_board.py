"""The Mouse Trap board in a real browser: inspecting spaces by click and keyboard, the views,
the machine's pose after a crank, the list of mice, the toolbar's row and the faded build
spaces' numbers (helpers in match_page.py).
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.fixtures import FAST, screenshot

from .match_page import (
    CAGE,
    WHEEL_TILE,
    _cage_covers_the_wheel_number,
    _cage_state,
    _contrast,
    _inside,
    _open_saved,
    _record,
    _rect,
    _settled,
)


def test_inspect_a_space_by_click_and_by_keyboard(page: Page, server: str) -> None:
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/mousetrap")
    page.get_by_test_id("seat-count").select_option("3")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("setup")).to_be_hidden()
    page.get_by_test_id("space-14").click()
    dialog = page.get_by_test_id("inspect-dialog")
    expect(dialog).to_be_visible()
    expect(page.get_by_test_id("inspect-title")).to_have_text("Space 14: Build 2–3–4")
    expect(page.get_by_test_id("inspect-text")).to_contain_text("install the next component")
    page.get_by_test_id("inspect-close").click()
    expect(dialog).to_be_hidden()
    label = page.get_by_test_id("space-1").get_attribute("aria-label") or ""
    assert label.startswith("Space 1: Build 2: ")
    assert "Not eligible in this 3-mouse game" in label
    page.get_by_test_id("space-36").focus()
    # The first turn's tips (shown at once, or once the dialog has closed) never take the focus
    # from the space the player moved to.
    expect(page.get_by_test_id("coach")).to_be_visible()
    expect(page.get_by_test_id("space-36")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_test_id("space-37")).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    expect(page.get_by_test_id("inspect-text")).to_contain_text("richest rival")
    screenshot(page, "play-inspect")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_every_view_changes_the_board_viewbox(page: Page, server: str) -> None:
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/mousetrap")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("setup")).to_be_hidden()
    board = page.get_by_test_id("board")
    boxes = {}
    for view in ("trap", "path", "zoom", "overview"):
        page.get_by_test_id(f"view-{view}").click()
        expect(page.get_by_test_id(f"view-{view}")).to_have_attribute("aria-pressed", "true")
        boxes[view] = board.get_attribute("viewBox")
        screenshot(page, f"play-view-{view}")
    assert len(set(boxes.values())) == 4, boxes
    page.keyboard.press("2")
    assert board.get_attribute("viewBox") == boxes["trap"]
    page.keyboard.press("1")
    assert board.get_attribute("viewBox") == boxes["overview"]


def test_after_a_crank_the_machine_keeps_its_final_pose_until_the_next_turn(
    page: Page, server: str
) -> None:
    seats = [
        {"kind": "human", "name": "Ann"},
        {"kind": "human", "name": "Bo"},
        {"kind": "human", "name": "Cy"},
    ]
    record = _record(
        3,
        {
            "current": 0,
            "phase": "trap",
            "supply": 40,
            "components": 23,
            "mice": [
                {"position": 46, "cheese": 4},
                {"position": 49, "cheese": 5},
                {"position": 30, "cheese": 3},
            ],
        },
    )
    _open_saved(page, server, seats, record)
    page.get_by_test_id("pass-ready").click()
    expect(page.get_by_test_id("crank")).to_be_enabled()
    assert _cage_state(page) == "up"
    page.keyboard.press("2")  # the trap close-up
    page.get_by_test_id("crank").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=log]').innerText.match(/cage (falls|sticks)/)",
        timeout=20_000,
    )
    falls = "cage falls" in page.get_by_test_id("log").inner_text()
    # The crank ended Ann's turn; the next human is handed the device, and meanwhile the
    # machine shows how the crank ended: the cage down over the Wheel, or stuck halfway.
    expect(page.get_by_test_id("pass-to")).to_be_visible()
    expect(page.get_by_test_id("pass-to")).to_contain_text("Pass to Cy" if falls else "Pass to Bo")
    assert _cage_state(page) == ("down" if falls else "stuck")
    # The cage comes down over Cheese Wheel (49) and leaves its number readable.
    cage, tile = _rect(page, CAGE), _rect(page, WHEEL_TILE)
    assert not _cage_covers_the_wheel_number(page)
    assert tile["left"] <= (cage["left"] + cage["right"]) / 2 <= tile["right"]
    if falls:
        # resting on the tile's lower edge (the bottom hoop a little past it)
        tile_height = tile["bottom"] - tile["top"]
        assert tile["top"] + tile_height / 2 < cage["bottom"] <= tile["bottom"] + tile_height / 5
        expect(page.get_by_test_id("caught-pen")).to_be_visible()
        expect(page.get_by_test_id("mouse-1")).to_have_class("mouse captured")
    page.get_by_test_id("pass-ready").click()
    page.wait_for_timeout(300)
    assert _cage_state(page) == ("down" if falls else "stuck")  # still: nobody has acted yet
    assert not _cage_covers_the_wheel_number(page)
    screenshot(page, "play-cage-" + ("down" if falls else "stuck"))
    page.get_by_test_id("roll").click()
    # The next turn has begun: the machine stands built and ready again.
    page.wait_for_function(
        "() => document.querySelector('[data-testid=machine] .mousetrap-machine')"
        ".dataset.cage === 'up'",
        timeout=10_000,
    )
    expect(page.get_by_test_id("components")).to_have_text("23 / 23")


def test_the_list_of_mice_draws_only_its_cards(page: Page, server: str) -> None:
    """The list behind the mice's cards has no fill or frame of its own (the home page's
    pill once leaked into it as a yellow band between the cards)."""
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/mousetrap")
    page.get_by_test_id("start-match").click()
    _settled(page)
    seats = page.get_by_test_id("seats")
    style = seats.evaluate(
        "(e) => { const s = getComputedStyle(e);"
        " return [s.backgroundColor, s.borderTopStyle, s.borderBottomStyle]; }"
    )
    assert style == ["rgba(0, 0, 0, 0)", "none", "none"], style


def test_the_toolbar_is_one_steady_row_at_1280_and_wraps_on_narrow_screens(
    page: Page, server: str
) -> None:
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/mousetrap")
    page.get_by_test_id("seat-count").select_option("2")
    page.get_by_test_id("start-seat").select_option("0")
    page.get_by_test_id("start-match").click()
    _settled(page)
    chips = page.locator(".toolbar button:visible")  # the Panel button is not on narrow screens
    assert chips.count() == 8

    def tops() -> set[int]:
        boxes = [chips.nth(i).bounding_box() for i in range(chips.count())]
        assert all(boxes), "a toolbar button is not laid out"
        return {round(box["y"]) for box in boxes if box}

    assert len(tops()) == 1, tops()  # one row at 1280 px
    for key, view in zip("1234", ("overview", "trap", "path", "zoom"), strict=True):
        expect(page.get_by_test_id(f"view-{view}")).to_be_visible()
        expect(page.get_by_test_id(f"view-{view}").locator("kbd")).to_have_text(key)
    toolbar = page.locator(".toolbar").bounding_box()
    board = page.get_by_test_id("board").bounding_box()
    page.get_by_test_id("roll").click()
    _settled(page)  # the computer's turn went by, the human's is back: nothing moved
    assert page.locator(".toolbar").bounding_box() == toolbar
    assert page.get_by_test_id("board").bounding_box() == board
    assert len(tops()) == 1
    for width, height in ((1440, 900), (1024, 768), (600, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, (width, overflow)
        boxes = [chips.nth(i).bounding_box() for i in range(chips.count())]
        right = page.locator(".toolbar").bounding_box()
        assert right is not None
        for box in boxes:
            assert box is not None and box["x"] + box["width"] <= right["x"] + right["width"] + 1
        if width >= 1024:
            assert len(tops()) <= 2, (width, tops())
            assert _inside(_rect(page, "[data-testid=action-bar]"), _rect(page, "main"))
        screenshot(page, f"play-{width}x{height}")


def test_faded_build_spaces_keep_readable_numbers_and_captions(page: Page, server: str) -> None:
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/mousetrap")
    page.get_by_test_id("seat-count").select_option("4")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("setup")).to_be_hidden()
    faded = page.locator(".space.ineligible")
    assert faded.count() > 0
    expect(faded.first).to_have_class("space kind-build ineligible")
    found = page.evaluate(
        """() => {
          const hatch = document.querySelector("#mt-hatch");
          const backs = [hatch.querySelector("rect").getAttribute("fill"),
                         hatch.querySelector("path").getAttribute("stroke")];
          const space = document.querySelector(".space.ineligible");
          const opacity = (node) => {
            let o = 1;
            for (let n = node; n && n !== space.parentNode; n = n.parentNode) {
              o *= Number(getComputedStyle(n).opacity);
            }
            return o;
          };
          const text = [".num", ".cap"].map((s) => space.querySelector(s));
          return {backs, tile: getComputedStyle(space.querySelector(".tile")).strokeDasharray,
                  texts: text.map((t) => ({fill: getComputedStyle(t).fill, opacity: opacity(t)}))};
        }"""
    )
    assert found["tile"] not in ("", "none")  # still visibly faded: a dashed, hatched tile
    for text in found["texts"]:
        assert text["opacity"] == 1, found
        for back in found["backs"]:
            assert _contrast(text["fill"], back) >= 4.5, (text, back)
