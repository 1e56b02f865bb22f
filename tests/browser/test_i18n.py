"""The platform's pages in German in a real browser (docs/translating.md): the home page, the
invitation page and an error page at 1280 x 800 and 390 x 844 with no page wider than the
screen, and the language switch: the browser's language decides the first visit, a click on
the switch changes it, and the choice is remembered on the next pages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from mousehole.games import MANIFESTS

from .conftest import screenshot, watch_errors

SIZES = [(1280, 800), (390, 844)]
OVERFLOW = """() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"""


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    opened: list[BrowserContext] = []
    yield opened
    for context in opened:
        context.close()


def open_page(
    browser: Browser, contexts: list[BrowserContext], locale: str, width: int, height: int
) -> tuple[Page, list[str]]:
    context = browser.new_context(locale=locale, viewport={"width": width, "height": height})
    contexts.append(context)
    page = context.new_page()
    errors: list[str] = []
    # The error page's 404 is the page's own answer: Chromium logs it as a failed resource.
    watch_errors(page, errors, lambda message: "404" in message.text)
    page.on(
        "console",
        lambda message: errors.append(message.text) if "no message" in message.text else None,
    )
    return page, errors


def fits(page: Page, name: str) -> None:
    scroll, client = page.evaluate(OVERFLOW)
    assert scroll <= client, f"{name}: the page is {scroll - client} px wider than the screen"


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_platform_pages_in_german_fit_the_screen(
    browser: Browser, contexts: list[BrowserContext], server: str, width: int, height: int
) -> None:
    page, errors = open_page(browser, contexts, "de-DE", width, height)
    page.goto(server)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#games-heading")).to_have_text("Spiele")
    expect(page.get_by_test_id("code-submit")).to_have_text("Beitreten")
    expect(page.get_by_test_id("settings-toggle")).to_contain_text("Optionen")
    expect(page.get_by_test_id("lang-de")).to_have_attribute("aria-current", "true")
    fits(page, f"home {width}")
    screenshot(page, f"de-home-{width}")

    page.get_by_test_id("code-input").fill("AB")
    page.get_by_test_id("code-submit").click()
    expect(page.get_by_test_id("code-error").first).to_contain_text("ist kein Raumcode")

    page.goto(f"{server}/join/ZZZZZZ")
    expect(page.get_by_test_id("join-error")).to_contain_text("Es gibt keinen Raum ZZZZZZ.")
    fits(page, f"join {width}")
    screenshot(page, f"de-join-{width}")

    page.goto(f"{server}/nirgends")
    expect(page.locator("h1")).to_have_text("Seite nicht gefunden")
    fits(page, f"404 {width}")
    screenshot(page, f"de-404-{width}")
    assert not errors, errors


def test_the_switch_changes_the_language_and_it_is_remembered(
    browser: Browser, contexts: list[BrowserContext], server: str
) -> None:
    page, errors = open_page(browser, contexts, "en-US", 1280, 800)
    page.goto(server)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#games-heading")).to_have_text("Games")
    page.get_by_test_id("lang-de").click()
    page.wait_for_url(f"{server}/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#games-heading")).to_have_text("Spiele")
    page.goto(f"{server}/join/K7QM4X")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#join-heading")).to_contain_text("Raum")
    page.get_by_test_id("lang-en").click()
    page.wait_for_url(f"{server}/join/K7QM4X")
    expect(page.locator("#join-heading")).to_contain_text("Join room")
    assert not errors, errors


COVERED = """() => {
  const box = (e) => e.getBoundingClientRect();
  const sw = box(document.querySelector('.play-head > .lang-switch'));
  return [...document.querySelectorAll('.play-head a, .play-head button')]
    .filter((e) => !e.closest('.lang-switch') && e.checkVisibility())
    .filter((e) => {
      const r = box(e);
      return r.left < sw.right && sw.left < r.right && r.top < sw.bottom && sw.top < r.bottom;
    })
    .map((e) => e.dataset.testid || e.textContent.trim());
}"""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", [m.name for m in MANIFESTS if m.page is not None])
def test_the_match_headers_language_switch_covers_no_control(
    browser: Browser, contexts: list[BrowserContext], server: str, game: str, size: tuple[int, int]
) -> None:
    """The switch floats in the match page's header: the header's links and buttons (three on
    some pages, which wrap on a phone) keep clear of it, in English and in German."""
    for locale in ("en-GB", "de-DE"):
        page, _ = open_page(browser, contexts, locale, *size)
        page.goto(f"{server}/play/{game}")
        expect(page.locator(".play-head > .lang-switch")).to_be_visible()
        assert page.evaluate(COVERED) == [], (game, locale, size)
