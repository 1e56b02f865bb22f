"""The settings panel on the home page: sound, music, motion and speed, remembered per browser."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from mousehole.games import MANIFESTS, page_directory

from .conftest import screenshot, watch_errors

SETTINGS = "import('/static/shared/settings.js')"
SOUND = "import('/static/shared/sound.js')"
SHARED_EFFECTS = ["click", "cheese", "redirect", "win", "capture"]
"""The effects shared/sound.js has itself (every page and the settings panel)."""
SOUND_FOLDERS = [
    m.page.folder
    for m in MANIFESTS
    if m.page is not None and (m.page.directory / "sounds.js").is_file()
]
"""The web folders of the games that register effects of their own (their sounds.js)."""


def registered_effects(folder: str) -> list[str]:
    """Return the names a game's sounds.js registers, in its order."""
    text = (page_directory(folder) / "sounds.js").read_text(encoding="utf-8")
    return re.findall(r'^register\("([\w-]+)"', text, flags=re.M)


# Some browsers throw on merely reading window.localStorage when storage is blocked.
BLOCK_STORAGE = """
Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});
"""


def stored(page: Page) -> dict[str, Any]:
    """Return what the settings wrote to localStorage (an empty dict when nothing yet)."""
    raw = page.evaluate("localStorage.getItem('mousehole.settings')")
    return {} if raw is None else dict(json.loads(raw))


def open_panel(page: Page, server: str) -> None:
    page.goto(server)
    page.get_by_test_id("settings-toggle").click()
    assert page.get_by_test_id("settings-sound").is_visible()


def audio_state(page: Page) -> dict[str, bool]:
    return dict(page.evaluate(f"{SOUND}.then(m => m.audioState())"))


@pytest.fixture
def watched(browser: Browser) -> Iterator[tuple[list[BrowserContext], list[str]]]:
    """Contexts the test makes itself, closed afterwards; console errors fail the test."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []
    yield contexts, errors
    for context in contexts:
        context.close()
    assert not errors, "; ".join(errors)


def new_page(
    browser: Browser, watched: tuple[list[BrowserContext], list[str]], **options: Any
) -> Page:
    contexts, errors = watched
    context = browser.new_context(viewport={"width": 1280, "height": 860}, **options)
    contexts.append(context)
    page = context.new_page()
    watch_errors(page, errors)
    return page


def test_the_panel_opens_from_the_header_with_every_control(page: Page, server: str) -> None:
    open_panel(page, server)

    for name in ("Sound effects", "Sound volume", "Music", "Music volume"):
        assert page.get_by_label(name, exact=True).is_visible()
    assert page.get_by_label("Reduced motion").input_value() == "system"
    assert page.get_by_label("Playback speed").input_value() == "normal"
    assert page.get_by_role("switch", name="Sound effects").is_checked()
    assert not page.get_by_role("switch", name="Music").is_checked()
    assert page.get_by_test_id("settings-sound-volume").input_value() == "70"
    assert page.get_by_test_id("settings-music-volume").input_value() == "35"
    assert not page.get_by_test_id("settings-storage-note").is_visible()
    assert page.locator('link[href$="settings-panel.css"]').count() == 1  # not added twice
    page.wait_for_function("() => document.getAnimations().length === 0")
    screenshot(page, "home-settings")


def test_each_control_writes_its_setting_to_local_storage(page: Page, server: str) -> None:
    open_panel(page, server)

    page.get_by_test_id("settings-sound").uncheck()
    assert stored(page)["sound"] is False
    page.get_by_test_id("settings-sound-volume").fill("40")
    assert stored(page)["soundVolume"] == 0.4
    page.get_by_test_id("settings-music").check()
    assert stored(page)["music"] is True
    page.get_by_test_id("settings-music-volume").fill("85")
    assert stored(page)["musicVolume"] == 0.85
    page.get_by_test_id("settings-motion").select_option("on")
    assert stored(page)["reducedMotion"] == "on"
    page.get_by_test_id("settings-speed").select_option("fast")
    assert stored(page)["speed"] == "fast"
    assert page.evaluate(f"{SETTINGS}.then(m => m.playbackFactor())") == 0.4
    assert page.evaluate("document.documentElement.dataset.motion") == "reduced"


def test_settings_persist_across_a_reload(page: Page, server: str) -> None:
    open_panel(page, server)
    page.get_by_test_id("settings-sound").uncheck()
    page.get_by_test_id("settings-music-volume").fill("10")
    page.get_by_test_id("settings-speed").select_option("fast")

    page.reload()
    page.get_by_test_id("settings-toggle").click()

    assert not page.get_by_test_id("settings-sound").is_checked()
    assert page.get_by_test_id("settings-music-volume").input_value() == "10"
    assert page.get_by_test_id("settings-speed").input_value() == "fast"
    assert page.evaluate(f"{SETTINGS}.then(m => m.getSetting('musicVolume'))") == 0.1


def test_a_change_in_another_tab_shows_in_this_one(page: Page, server: str) -> None:
    open_panel(page, server)
    other = page.context.new_page()
    other.goto(server)

    other.evaluate(f"{SETTINGS}.then(m => m.setSetting('speed', 'fast'))")

    page.wait_for_function(
        "() => document.querySelector('[data-testid=settings-speed]').value === 'fast'"
    )


def test_set_setting_refuses_an_unknown_key_or_a_bad_value_by_name(page: Page, server: str) -> None:
    page.goto(server)
    errors = page.evaluate(f"""{SETTINGS}.then(m => {{
        const attempts = [["volume", 1], ["soundVolume", 2], ["speed", "slow"], ["music", 1]];
        return attempts.map(([key, value]) => {{
            try {{ m.setSetting(key, value); return null; }}
            catch (error) {{ return `${{error.name}}: ${{error.message}}`; }}
        }});
    }})""")

    assert errors[0].startswith("TypeError") and '"volume"' in errors[0]
    assert errors[1].startswith("TypeError") and '"soundVolume"' in errors[1]
    assert errors[2].startswith("TypeError") and '"speed"' in errors[2]
    assert errors[3].startswith("TypeError") and '"music"' in errors[3]
    assert stored(page) == {}


def test_reduced_motion_follows_the_system_unless_the_player_chooses(
    browser: Browser, server: str, watched: tuple[list[BrowserContext], list[str]]
) -> None:
    calm = new_page(browser, watched, reduced_motion="reduce")
    lively = new_page(browser, watched, reduced_motion="no-preference")
    question = f"{SETTINGS}.then(m => m.reducedMotion())"
    for page in (calm, lively):
        page.goto(server)

    assert calm.evaluate(question) is True
    assert lively.evaluate(question) is False
    calm.evaluate(f"{SETTINGS}.then(m => m.setSetting('reducedMotion', 'off'))")
    lively.evaluate(f"{SETTINGS}.then(m => m.setSetting('reducedMotion', 'on'))")
    assert calm.evaluate(question) is False
    assert lively.evaluate(question) is True
    assert lively.evaluate("document.documentElement.dataset.motion") == "reduced"


def test_with_storage_blocked_the_panel_works_for_the_session_and_says_so(
    page: Page, server: str
) -> None:
    page.context.add_init_script(BLOCK_STORAGE)
    open_panel(page, server)

    assert page.evaluate(f"{SETTINGS}.then(m => m.storageAvailable())") is False
    note = page.get_by_test_id("settings-storage-note")
    assert note.is_visible()
    assert "this browser blocks storage" in note.inner_text()
    page.get_by_test_id("settings-speed").select_option("fast")
    page.get_by_test_id("settings-sound").uncheck()
    assert page.evaluate(
        f"{SETTINGS}.then(m => [m.getSetting('speed'), m.getSetting('sound')])"
    ) == [
        "fast",
        False,
    ]
    assert page.get_by_role("heading", name=MANIFESTS[0].title).is_visible()
    screenshot(page, "home-settings-no-storage")


def test_audio_unlocks_on_the_first_click_and_not_before(page: Page, server: str) -> None:
    page.goto(server)
    assert audio_state(page) == {"unlocked": False, "music": False}
    page.evaluate(f"{SOUND}.then(m => m.play('cheese'))")  # silent, and no error

    page.get_by_test_id("settings-toggle").click()

    page.wait_for_function(f"() => {SOUND}.then(m => m.audioState().unlocked)")


def test_there_are_games_with_effects_of_their_own() -> None:
    assert len(SOUND_FOLDERS) >= 2
    assert all(registered_effects(folder) for folder in SOUND_FOLDERS)


@pytest.mark.parametrize("folder", SOUND_FOLDERS)
def test_every_effect_plays_and_an_unknown_one_warns_once(
    page: Page, server: str, folder: str
) -> None:
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    open_panel(page, server)
    page.wait_for_function(f"() => {SOUND}.then(m => m.audioState().unlocked)")
    # The shared effects are the engine's; each game's folder registers its own (sounds.js),
    # and a page holds one game's: two games may use one name for their own sounds.
    names = SHARED_EFFECTS + registered_effects(folder)
    page.evaluate(f"import('/static/{folder}/sounds.js')")

    page.evaluate(f"{SOUND}.then(m => {{ for (const n of {json.dumps(names)}) m.play(n); }})")
    page.evaluate(f"{SOUND}.then(m => {{ m.play('kazoo'); m.play('kazoo'); }})")

    assert sum("kazoo" in text for text in warnings) == 1
    assert [text for text in warnings if "kazoo" not in text] == []


def test_a_game_cannot_register_an_effect_twice(page: Page, server: str) -> None:
    page.goto(server)
    message = page.evaluate(
        f"{SOUND}.then(m => {{ try {{ m.register('click', () => {{}}); return ''; }}"
        " catch (e) { return e.message; } })"
    )
    assert message == 'sound: an effect named "click" is already registered'


def test_the_music_switch_starts_and_stops_the_tune(page: Page, server: str) -> None:
    open_panel(page, server)

    page.get_by_test_id("settings-music").check()
    page.wait_for_function(f"() => {SOUND}.then(m => m.audioState().music)")
    page.get_by_test_id("settings-music").uncheck()

    assert audio_state(page)["music"] is False
    assert stored(page)["music"] is False


def test_the_panel_works_from_the_keyboard_alone(page: Page, server: str) -> None:
    page.goto(server)
    focused = "document.activeElement.dataset.testid ?? document.activeElement.tagName"
    for _ in range(4):  # skip link, brand link, then the settings toggle
        page.keyboard.press("Tab")
        if page.evaluate(focused) == "settings-toggle":
            break
    assert page.evaluate(focused) == "settings-toggle"

    page.keyboard.press("Enter")
    assert page.evaluate("document.querySelector('details.settings').open") is True
    page.wait_for_function(
        "() => document.getAnimations().length === 0"
    )  # the panel has dropped in
    screenshot(page, "home-settings-keyboard")
    page.keyboard.press("Tab")
    assert page.evaluate(focused) == "settings-sound"
    page.keyboard.press("Space")
    assert stored(page)["sound"] is False
    while page.evaluate(focused) != "settings-motion":
        page.keyboard.press("Tab")
    page.keyboard.press("ArrowDown")
    assert stored(page)["reducedMotion"] == "on"
    page.keyboard.press("Tab")
    page.keyboard.press("ArrowDown")
    assert stored(page)["speed"] == "fast"

    page.keyboard.press("Escape")
    assert page.evaluate("document.querySelector('details.settings').open") is False
    assert page.evaluate(focused) == "settings-toggle"


def test_on_a_phone_the_open_panel_fits_the_screen(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    open_panel(page, server)

    box = page.locator(".settings-panel").bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    page.get_by_test_id("settings-motion").focus()
    screenshot(page, "home-settings-phone")
