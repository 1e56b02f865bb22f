"""The "How to play" pages in a real browser, on every game whose page folder has one (read
from the registry, as tests/server/http/test_rules_route.py does).

Each rules page has its game's title, draws its pictures as labelled images that are legible
(not thumbnails) and keep to the screen at desktop and phone width, and is linked from the home
card, the match page and the new-match dialog. What each game's pictures hold (counted by the
markup only its own modules make) and its first-match tips are tested in its folder
(tests/games/<name>/browser/test_rules_page.py).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from mousehole.games import REGISTRY
from tests.server.http.test_rules_route import RULES_GAMES

from .fixtures import FAST, NewPage, open_rules, screenshot
from .phone import MIN_TEXT, TEXTS

GAMES = {name: REGISTRY[name].title for name in RULES_GAMES}
WIDTHS = [(1280, 800), (390, 844)]


def test_the_rules_pages_include_every_game_with_a_rules_page() -> None:
    assert len(GAMES) >= 2, "the registry lists games with a How to play page"


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize(("width", "height"), WIDTHS)
def test_a_rules_page_draws_every_picture_as_a_legible_labelled_image(
    new_page: NewPage, server: str, game: str, width: int, height: int
) -> None:
    page = new_page(width=width, height=height)
    page.context.add_init_script(FAST)
    open_rules(page, server, game)

    expect(page.get_by_role("heading", level=1)).to_have_text(f"How to play {GAMES[game]}")
    pictures = page.locator("svg[data-pic]").all()
    assert pictures, "the page draws its pictures"
    for picture in pictures:
        assert picture.get_attribute("role") == "img"
        assert picture.get_attribute("aria-label")
        box = picture.bounding_box()
        assert box and box["width"] > 150 and box["height"] > 60, "legible, not a thumbnail"
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"the page scrolls sideways ({scroll}px)"
    screenshot(page, f"rules-{game}-{width}")


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize(("width", "height"), WIDTHS)
def test_a_rules_page_draws_no_word_under_11_px_in_its_pictures_or_its_text(
    new_page: NewPage, server: str, game: str, width: int, height: int
) -> None:
    page = new_page(width=width, height=height, touch=width < 600)
    page.context.add_init_script(FAST)
    open_rules(page, server, game)
    small = [t for t in page.evaluate(TEXTS) if t["px"] < MIN_TEXT - 0.05]
    assert not small, f"{len(small)} words under {MIN_TEXT} px: {small[:8]}"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_rules_are_linked_from_the_home_card_the_match_page_and_the_setup_dialog(
    page: Page, server: str, game: str
) -> None:
    page.context.add_init_script(FAST)
    page.goto(server)
    page.get_by_test_id(f"rules-{game}").click()
    page.wait_for_url(f"**/rules/{game}")
    expect(page.get_by_role("heading", level=1)).to_have_text(f"How to play {GAMES[game]}")

    page.goto(f"{server}/play/{game}")
    in_dialog = page.get_by_test_id("setup-rules")
    expect(in_dialog).to_be_visible()
    expect(in_dialog).to_have_attribute("href", f"/rules/{game}")
    expect(in_dialog).to_have_accessible_name("How to play (opens in a new tab)")
    with page.expect_popup() as opened:
        in_dialog.click()
    popup = opened.value
    popup.wait_for_load_state()
    assert popup.url.endswith(f"/rules/{game}")
    expect(popup.get_by_role("heading", level=1)).to_have_text(f"How to play {GAMES[game]}")
    popup.close()
    expect(page.get_by_test_id("setup")).to_be_visible()  # the form waits where it was

    page.get_by_test_id("start-match").click()
    on_page = page.get_by_test_id("rules-link")
    expect(on_page).to_be_visible()
    expect(on_page).to_have_attribute("href", f"/rules/{game}")
    expect(on_page).to_have_attribute("target", "_blank")
