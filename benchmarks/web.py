"""Front-end budgets in a real browser: first-load weight of the match page and layout shift.

Starts `mousehole serve` on a free port and drives Debian's Chromium with Playwright: the bytes
transferred for the first load of /play/mousetrap (every response, compressed as sent), and the
cumulative layout shift while computer players take turns.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LAYOUT_SHIFT_OBSERVER = """
window.__cls = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) window.__cls += entry.value;
  }
}).observe({ type: "layout-shift", buffered: true });
"""


def _serve() -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    db = Path(tempfile.mkdtemp()) / "bench.sqlite3"
    process = subprocess.Popen(
        [sys.executable, "-m", "mousehole.cli", "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=1):
                return process, url
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


def page_budget(turns: int = 12) -> dict[str, Any]:
    """Return the match page's first-load bytes and the layout shift over `turns` turn changes."""
    from playwright.sync_api import sync_playwright

    process, url = _serve()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            context = browser.new_context(viewport={"width": 1280, "height": 860})
            context.add_init_script(
                "localStorage.setItem('mousehole.settings', JSON.stringify("
                "{speed: 'fast', reducedMotion: 'on'}));"
            )
            context.add_init_script(LAYOUT_SHIFT_OBSERVER)
            page = context.new_page()
            sizes: list[tuple[str, int]] = []

            def finished(request: Any) -> None:
                measured = request.sizes()
                body = measured["responseBodySize"]
                sizes.append((request.url, body + measured["responseHeadersSize"]))

            page.on("requestfinished", finished)
            page.goto(f"{url}/play/mousetrap", wait_until="networkidle")
            first_load = sum(size for _, size in sizes)
            files = len(sizes)
            page.get_by_test_id("start-match").click()
            page.get_by_test_id("board").wait_for()
            page.evaluate("window.__cls = 0")
            seen = 0
            deadline = time.monotonic() + 120
            whose_turn = (
                "() => [...document.querySelectorAll('[data-testid^=seat-badge-]')]"
                ".findIndex((badge) => badge.textContent.trim().toUpperCase() === 'TURN')"
            )
            last = page.evaluate(whose_turn)
            while seen < turns and time.monotonic() < deadline:
                roll = page.get_by_test_id("roll")
                if roll.is_visible() and roll.is_enabled():
                    roll.click()
                end = page.get_by_test_id("end-turn")
                if end.is_visible() and end.is_enabled():
                    end.click()
                page.wait_for_timeout(150)
                now = page.evaluate(whose_turn)
                if now != last:
                    seen += 1
                    last = now
            shift = float(page.evaluate("window.__cls"))
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)
    return {"first_load_bytes": first_load, "files": files, "layout_shift": shift, "turns": seen}


def table_budget(turns: int = 30) -> dict[str, Any]:
    """Return the Aus die Maus! page's first-load bytes and the layout shift while `turns`
    cards are turned over (the default match: you and three computer players)."""
    from playwright.sync_api import sync_playwright

    process, url = _serve()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            context = browser.new_context(viewport={"width": 1280, "height": 860})
            context.add_init_script(
                "localStorage.setItem('mousehole.settings', JSON.stringify("
                "{speed: 'fast', reducedMotion: 'on'}));"
            )
            context.add_init_script(LAYOUT_SHIFT_OBSERVER)
            page = context.new_page()
            sizes: list[int] = []
            page.on(
                "requestfinished",
                lambda request: sizes.append(
                    request.sizes()["responseBodySize"] + request.sizes()["responseHeadersSize"]
                ),
            )
            page.goto(f"{url}/play/ausdiemaus", wait_until="networkidle")
            first_load, files = sum(sizes), len(sizes)
            page.get_by_test_id("start-match").click()
            page.get_by_test_id("turn-over").wait_for()
            page.evaluate("window.__cls = 0")
            turned = "() => window.ausdiemausPage.snapshot?.state?.turns ?? 0"
            deadline = time.monotonic() + 120
            while page.evaluate(turned) < turns and time.monotonic() < deadline:
                if page.evaluate("window.ausdiemausPage.snapshot?.to_act === null"):
                    break  # the game ended first
                button = page.get_by_test_id("turn-over")
                if button.is_enabled():
                    button.click()
                page.wait_for_timeout(100)
            shift = float(page.evaluate("window.__cls"))
            seen = int(page.evaluate(turned))
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)
    return {"first_load_bytes": first_load, "files": files, "layout_shift": shift, "turns": seen}
