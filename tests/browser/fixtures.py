"""Browser tests: a real server process and Debian's Chromium driven by Playwright (sync API).

These run in their own pytest process (`make test` runs them after the rest, with
MOUSEHOLE_BROWSER_TESTS=1): sync Playwright and asyncio do not mix in one process. They live in
tests/browser/ (the platform's pages, and what every game page shares) and in each game's own
tests/games/<name>/browser/; tests/conftest.py loads this module as a plugin in that process
only, so its fixtures (`server`, `online_server`, `browser`, `page`, `new_page`) serve both.
Screenshots go to artifacts/screenshots/, and every state a test takes a screenshot of is also
audited with axe-core (`screenshot`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import axe_playwright_python  # type: ignore[import-untyped]
import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    expect,
    sync_playwright,
)

from tests.processes import ServerProcess, post_json

CHROMIUM = os.environ.get("MOUSEHOLE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ROOT = Path(__file__).resolve().parents[2]
FAST = (
    'try { localStorage.setItem("mousehole.settings",'
    ' JSON.stringify({speed: "fast", reducedMotion: "on", sound: false})); } catch (e) {}'
)
"""An init script: the fastest playback, reduced motion and no sound (pages settle quickly)."""
SCREENSHOTS = ROOT / "artifacts" / "screenshots"


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Start `mousehole serve` on a free port with its own SQLite file; yield its base URL."""
    yield from _serve(tmp_path_factory, {})


@pytest.fixture(scope="session")
def online_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose online rooms have a 1 s grace period and quick computer seats."""
    yield from _serve(
        tmp_path_factory, {"MOUSEHOLE_ONLINE_GRACE": "1", "MOUSEHOLE_COMPUTER_DELAY": "0.1"}
    )


def _serve(tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("server")
    server = ServerProcess(folder / "mousehole.sqlite3", folder / "server.log", env).start()
    yield server.url
    server.stop()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: run `make test` (it installs it)")
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
    yield browser
    browser.close()


def watch_errors(
    page: Page, errors: list[str], expected: Callable[[ConsoleMessage], bool] | None = None
) -> None:
    """Collect the page's console errors and page errors in `errors`, except the console
    errors `expected` accepts (lines Chromium logs by itself for an answer the page handles)."""

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error" and not (expected and expected(message)):
            errors.append(f"console: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(f"page error: {error}"))


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh page (own storage) that fails the test on any console error or page error."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    errors: list[str] = []
    watch_errors(page, errors)
    yield page
    context.close()
    assert not errors, f"{request.node.name}: " + "; ".join(errors)


NewPage = Callable[..., Page]


@pytest.fixture
def new_page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[NewPage]:
    """Open pages in browser contexts of their own (several players, each with own storage).

    `new_page(width=390, height=844)` opens a phone-sized one, and `touch=True` makes it a
    touch screen (a phone: touch events, no hover, a coarse pointer). Any console or page error
    fails the test, as with `page`.
    """
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def make(width: int = 1280, height: int = 800, touch: bool = False) -> Page:
        context = browser.new_context(
            viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch
        )
        contexts.append(context)
        page = context.new_page()
        watch_errors(page, errors)
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"{request.node.name}: " + "; ".join(errors)


def screenshot(page: Page, name: str, *, full_page: bool = True) -> Path:
    """Save a full-page screenshot (or, `full_page=False`, the window as the player sees it) as
    a test artifact and return its path, after checking the page as it is with axe-core: a
    state worth looking at is one a player meets, so it must pass the automated accessibility
    rules too (a violation fails the test, naming them). Chromium's full-page capture of an
    emulated touch screen draws what only a mouse page shows (its key caps): the window's
    picture is the phone's own."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    found = accessibility_violations(page)
    assert not found, f"{name}: accessibility violations:\n" + "\n".join(found)
    return path


def open_rules(page: Page, server: str, game: str) -> None:
    """Open a game's How to play page and wait until its pictures are drawn."""
    page.goto(f"{server}/rules/{game}")
    expect(page.locator("body[data-drawn=true]")).to_be_attached()


def first_solo_turn(page: Page, action: str) -> None:
    """Start a solo match from the open new-match dialog (its default: one human, computers)
    and wait for the first turn's button (test id `action`) and the first-match tips."""
    expect(page.get_by_test_id("setup")).to_be_visible()
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id(action)).to_be_enabled(timeout=20_000)
    expect(page.get_by_test_id("coach")).to_be_visible()


def back_to_the_match(page: Page, action: str) -> None:
    """Reload the match page and get back into the saved match, however the page offers it,
    until the turn's button (test id `action`) can be pressed."""
    page.reload()
    button = page.get_by_test_id(action)
    page.wait_for_function(
        """([action]) => {
          const q = (id) => document.querySelector(`[data-testid="${id}"]`);
          const resume = q("continue");
          return !q(action).disabled || (resume && resume.checkVisibility());
        }""",
        arg=[action],
        timeout=20_000,
    )
    if page.get_by_test_id("continue").is_visible():
        page.get_by_test_id("continue").click()
    expect(button).to_be_enabled(timeout=20_000)


AXE = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
"""axe-core, Deque's accessibility rules engine (the one behind browsers' accessibility
checks), as bundled in the axe-playwright-python wheel: nothing is downloaded at test time."""


def accessibility_violations(page: Page) -> list[str]:
    """Return axe-core's violations on the page as it is now, one readable line each: what
    it checks by machine (names of controls, colour contrast, ARIA roles and states,
    landmarks, duplicate ids, focusable hidden content)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE)
    result: dict[str, Any] = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    lines = []
    for rule in result["violations"]:
        targets = ", ".join(str(node["target"]) for node in rule["nodes"][:5])
        lines.append(f"{rule['id']} ({rule['impact']}): {rule['help']} at {targets}")
    return lines


def two_seat_room(server: str, game: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Create an online room of `game` with two open seats hosted by Ann (seat 0, who starts)
    and join Bo to seat 1; return the host's answer (code, token) and Bo's (seat, token)."""
    body = {
        "game": game,
        "options": {"seats": 2, "start_seat": 0},
        "seats": [{"kind": "open"}, {"kind": "open"}],
        "host_name": "Ann",
    }
    made: dict[str, Any] = post_json(f"{server}/api/online", body)
    joined: dict[str, Any] = post_json(f"{server}/api/online/{made['code']}/join", {"name": "Bo"})
    return made, joined


ROOM_CODE = re.compile(r"^[A-Z2-9]{6}$")
"""A room code as the waiting room shows it (six of the code alphabet's letters and digits)."""


def room_code(page: Page) -> str:
    """Return the code the waiting room shows, once it shows one: the waiting room is drawn
    before the room's first snapshot fills its code in."""
    code = page.get_by_test_id("room-code")
    expect(code).to_have_text(ROOM_CODE)
    return code.inner_text()


OVERFLOW = """() => {
  const root = document.documentElement;
  // An SVG's own shapes are clipped by its viewport: only the svg element itself can overflow.
  const wide = [...document.querySelectorAll("body *")].filter((node) => {
    if (node.parentElement?.closest("svg")) return false;
    const r = node.getBoundingClientRect();
    return r.width && node.checkVisibility() && r.right > root.clientWidth + 1;
  }).map((node) => `${node.tagName.toLowerCase()}.${node.className}`).slice(0, 5);
  return { scroll: root.scrollWidth, client: root.clientWidth, wide };
}"""
"""The page's scroll and window widths, and the first elements wider than the window."""


def fits(page: Page, name: str) -> None:
    """Fail when the page `name` scrolls sideways (wider than its window)."""
    measured = page.evaluate(OVERFLOW)
    assert measured["scroll"] <= measured["client"], f"{name}: {measured}"


class LocalePages:
    """Browser contexts in a language (German unless `open` says another), each page run with
    `script` (FAST unless set); any page error, console error or missing message (i18n.js
    warns "no message …") fails the test (`locale_pages`)."""

    def __init__(self, browser: Browser, script: str = FAST) -> None:
        self.browser = browser
        self.script = script
        self.contexts: list[BrowserContext] = []
        self.errors: list[str] = []

    def open(
        self,
        width: int = 1280,
        height: int = 800,
        *,
        touch: bool = False,
        locale: str = "de-DE",
        script: str | None = None,
    ) -> Page:
        """Open a page in a new context of `locale`, with `script` instead of the usual one
        when given."""
        context = self.browser.new_context(
            locale=locale,
            viewport={"width": width, "height": height},
            has_touch=touch,
            is_mobile=touch,
        )
        context.add_init_script(self.script if script is None else script)
        self.contexts.append(context)
        page = context.new_page()
        watch_errors(page, self.errors)

        def missing(message: ConsoleMessage) -> None:
            if "no message" in message.text:
                self.errors.append(f"console: {message.text}")

        page.on("console", missing)
        return page


@pytest.fixture
def locale_pages(browser: Browser) -> Iterator[LocalePages]:
    """Pages in chosen languages, closed after the test, which fails on any error they had."""
    opened = LocalePages(browser)
    yield opened
    for context in opened.contexts:
        context.close()
    assert not opened.errors, "; ".join(opened.errors)
