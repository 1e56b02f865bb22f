"""The pace of a match page as docs/web.md ("Pace") says it is: the default playback speed, the
factor of each speed, and the factors and pause of shared/match/pace.js, read from the modules
the page loads and compared with the table in the docs (not timed: benchmarks/pace.py measures
the waits, docs/benchmarks.md has them). Also: the settings panel offers every speed."""

from __future__ import annotations

import re

from playwright.sync_api import Page

from mousehole.games import MANIFESTS

from .fixtures import ROOT

DOC = ROOT / "docs" / "web.md"

PAGE_GAME = next(m.name for m in MANIFESTS if m.page is not None)
"""Any match page: the pace is the shared controller's (web/shared/match/pace.js)."""


def _pace_table() -> dict[str, str]:
    """The "Pace" section's table of docs/web.md: its first column (without backticks) to its
    second."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("\n## Pace\n", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, str] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0] not in ("setting", "---"):
            rows[cells[0].replace("`", "")] = cells[1].replace("`", "")
    return rows


def _number(value: str) -> float:
    found = re.match(r"[\d.]+", value)
    assert found, f"no number in {value!r}"
    return float(found.group(0))


def test_the_default_pace_is_the_one_docs_web_md_gives(page: Page, server: str) -> None:
    page.goto(f"{server}/play/{PAGE_GAME}")
    found = page.evaluate(
        """async () => {
          const settings = await import("/static/shared/settings.js");
          const { PACE, computerPause, batchFactor } = await import("/static/shared/match/pace.js");
          const factors = {};
          for (const speed of ["normal", "fast", "instant"]) {
            settings.setSetting("speed", speed);
            factors[speed] = settings.playbackFactor();
          }
          settings.setSetting("speed", settings.DEFAULTS.speed);
          const state = { playback: 1, reduced: false };
          const mine = (seat) => seat === 0;
          return {
            speed: settings.DEFAULTS.speed, factors, pace: { ...PACE },
            pause: computerPause(state),
            pauseReduced: computerPause({ playback: 1, reduced: true }),
            own: batchFactor(state, [{ seat: 0 }, { seat: "chance" }], mine),
            others: batchFactor(state, [{ seat: 2 }, { seat: "chance" }], mine),
            instant: batchFactor({ playback: 0 }, [{ seat: 2 }], mine),
          };
        }"""
    )
    doc = _pace_table()
    assert found["speed"] == doc["speed default"] == "normal"
    for speed in ("normal", "fast", "instant"):
        assert found["factors"][speed] == _number(doc[f"playback {speed}"]), speed
    assert found["pace"]["own"] == _number(doc["PACE.own"])
    assert found["pace"]["others"] == _number(doc["PACE.others"])
    assert found["pace"]["computerPause"] == _number(doc["PACE.computerPause"])
    # The player's own moves at `own`, anyone else's at `others`, nothing at all when instant.
    assert found["own"] == found["pace"]["own"]
    assert found["others"] == found["pace"]["others"] < found["own"] < 1
    assert found["instant"] == 0
    assert found["pause"] == found["pace"]["computerPause"]
    assert found["pauseReduced"] == found["pace"]["computerPause"] * found["pace"]["reduced"]


def test_the_settings_panel_offers_normal_faster_and_instant(page: Page, server: str) -> None:
    page.goto(server)
    page.get_by_test_id("settings-toggle").click()
    options = page.evaluate(
        """() => [...document.querySelector('[data-testid=settings-speed]').options]
          .map((o) => [o.value, o.textContent.trim()])"""
    )
    assert options == [["normal", "Normal"], ["fast", "Faster"], ["instant", "Instant"]]
    page.get_by_test_id("settings-speed").select_option("instant")
    factor = page.evaluate(
        '() => import("/static/shared/settings.js").then((m) => m.playbackFactor())'
    )
    assert factor == 0
