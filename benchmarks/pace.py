"""The pace of a solo match on a phone: how long a player waits between two of their decisions.

`python -m benchmarks.pace [--waits N] [--games a,b] [--seats N]` starts `mousehole serve` on a
free port and plays every game's match page in Debian's Chromium (Playwright) as a phone held
in one hand (390 x 844, touch), with the page's default settings (normal speed, full motion;
only the first-match tips are marked seen), solo against computers at the game's usual seat
count. Each decision the player makes is timed from the moment the page sends it (the socket's
`act` message) to the next moment the page lets the player decide again (the turn's control is
enabled and nothing animates). A wait through which another seat played (the computers' turns)
is the wait the target is about; waits inside the player's own turn (a roll's result, the bites
after a spin) are reported apart. Target (docs/web.md, "Pace"): a median wait of at most 4 s
through the others' turns, for every game.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Page, sync_playwright
from tests.browser.phone import PaceDriver

from mousehole.games import MANIFESTS, REGISTRY

from . import shield
from .web import CHROMIUM, FLAGS, _serve

USUAL_SEATS = 4
"""The usual seat count: four at the table (docs/web.md, "Pace"), or the game's most seats."""


def _driver(name: str) -> PaceDriver | None:
    """The game's pace driver (tests/games/<name>/browser/pages.py), None without one."""
    try:
        pages = importlib.import_module(f"tests.games.{name}.browser.pages")
    except ModuleNotFoundError:
        return None
    driver = getattr(pages, "PACE", None)
    return driver if isinstance(driver, PaceDriver) else None


DRIVERS = {m.name: d for m in MANIFESTS if m.page is not None and (d := _driver(m.name))}
"""Every game with a match page and a pace driver, by name."""
SEATS = {name: min(USUAL_SEATS, REGISTRY[name].max_seats) for name in DRIVERS}
"""The seat count each game is measured at."""

TARGET = 4.0
"""Seconds: the most the median wait through the others' turns may be."""

WATCH_SENDS = """
window.__acts = [];
window.__answered = 0;
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  try {
    if (JSON.parse(data).type === "act") {
      window.__acts.push(performance.now());
      this.addEventListener("message", () => { window.__answered = performance.now(); },
        { once: true });
    }
  } catch (e) {}
  return send.call(this, data);
};
"""
"""An init script: the page time of every `act` message the page sends (a decision), and of
the first message after the last one (its answer)."""


def _wait_ready(page: Page, game: str) -> tuple[float, int] | None:
    """Wait until the player may decide; return that moment (page time) and how many decisions
    the page had sent then, or None at the end."""
    handle = page.wait_for_function(
        f"""() => {{
          const p = window.{game}Page;
          const snap = p && p.snapshot;
          if (!snap || !p.idle) return false;
          if (window.__acts.length && window.__answered < window.__acts.at(-1)) return false;
          if ((snap.winners || []).length || snap.state?.phase === "over") return -1;
          return ({DRIVERS[game].ready}) ? [performance.now(), window.__acts.length] : false;
        }}""",
        polling="raf",
        timeout=180_000,
    )
    value = handle.json_value()
    return None if value == -1 else (float(value[0]), int(value[1]))


def _acts(page: Page) -> int:
    return int(page.evaluate("() => window.__acts.length"))


def _until_sent(
    page: Page, game: str, acts: int, press: Callable[[], None], tries: int = 8
) -> None:
    """Make the UI steps of one decision (`press`) until the page has sent it."""
    for _ in range(tries):
        press()
        deadline = time.monotonic() + 0.4
        while time.monotonic() < deadline:
            if _acts(page) > acts:
                return
            page.wait_for_timeout(20)
    state = page.evaluate(
        f"""() => ({{ legal: window.{game}Page?.snapshot?.legal?.slice(0, 4),
          prompt: document.querySelector('[data-testid=prompt]')?.textContent,
          focus: document.activeElement?.id }})"""
    )
    raise RuntimeError(f"the page sent no decision: {state}")


@dataclass
class Waits:
    others: list[float]
    """Seconds from a decision to the next, with other seats' moves between."""
    own: list[float]
    """Seconds from a decision to the next one of the same turn."""


def _others_moves(page: Page, game: str) -> int:
    return int(
        page.evaluate(
            f"""() => (window.{game}Page.record?.moves || [])
              .filter((m) => Number.isInteger(m.seat) && m.seat !== 0).length"""
        )
    )


def _start(page: Page, url: str, game: str, seats: int) -> None:
    page.goto(f"{url}/play/{game}")
    page.get_by_test_id("seat-count").select_option(str(seats))
    page.get_by_test_id("start-seat").select_option("0")
    page.get_by_test_id("start-match").click()


def measure(page: Page, url: str, game: str, seats: int, wanted: int) -> Waits:
    """Play solo matches of `game` until `wanted` waits through the others' turns are timed."""
    waits = Waits([], [])
    matches = 0
    while len(waits.others) < wanted and matches < 20:
        matches += 1
        _start(page, url, game, seats)
        ready = _wait_ready(page, game)
        sent, others = 0.0, 0
        while ready is not None and len(waits.others) < wanted:
            page.wait_for_timeout(60)
            acts = _acts(page)
            if acts > ready[1]:
                # The page played a move with no choice in it by itself (a forced one): no
                # decision of the player's, so the wait goes on to their next one.
                ready = _wait_ready(page, game)
                continue
            if sent:
                wait = (ready[0] - sent) / 1000
                (waits.others if _others_moves(page, game) > others else waits.own).append(wait)
            others = _others_moves(page, game)
            _until_sent(page, game, acts, lambda: DRIVERS[game].decide(page))
            sent = float(page.evaluate("() => window.__acts.at(-1)"))
            ready = _wait_ready(page, game)
    return waits


def _summary(waits: list[float]) -> dict[str, Any]:
    if not waits:
        return {"n": 0}
    ordered = sorted(waits)
    return {
        "n": len(waits),
        "median_s": round(statistics.median(waits), 2),
        "p90_s": round(ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))], 2),
        "max_s": round(ordered[-1], 2),
    }


def run(games: list[str], wanted: int, seats: int | None = None) -> dict[str, Any]:
    """Time `wanted` waits through the others' turns in each game; return the numbers."""
    process, url = _serve()
    results: dict[str, Any] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for game in games:
                count = seats or SEATS[game]
                context = browser.new_context(
                    viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
                )
                context.add_init_script(WATCH_SENDS)
                context.add_init_script(
                    f'try {{ localStorage.setItem("mousehole.{game}.coach", "done"); }}'
                    " catch (e) {}"
                )
                page = context.new_page()
                print(f"pace: {game}, {count} seats ...", file=sys.stderr)
                waits = measure(page, url, game, count, wanted)
                results[game] = {
                    "seats": count,
                    "others": _summary(waits.others),
                    "own": _summary(waits.own),
                    "met": bool(waits.others) and statistics.median(waits.others) <= TARGET,
                }
                print(f"pace: {game}: {json.dumps(results[game])}", file=sys.stderr)
                context.close()
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--waits", type=int, default=15, help="waits through others' turns")
    parser.add_argument("--games", default=",".join(SEATS), help="comma-separated game names")
    parser.add_argument("--seats", type=int, default=None, help="seat count for every game")
    parser.add_argument(
        "--no-shield", action="store_true", help="run without a CPU cgroup of its own"
    )
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    unknown = [g for g in games if g not in SEATS]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}: choose from {', '.join(SEATS)}")
    # The server and Chromium inherit the cgroup: other work on a shared machine does not slow
    # the animations' frames (benchmarks/shield.py).
    shielded = None if args.no_shield else shield.shield()
    print(f"pace: shield: {shielded or 'none'}", file=sys.stderr)
    print(json.dumps({"shield": shielded, "games": run(games, args.waits, args.seats)}, indent=2))


if __name__ == "__main__":
    main()
