"""Front-end budgets in a real browser: first-load weight of every game's page and layout shift.

Starts `mousehole serve` on a free port and drives Debian's Chromium with Playwright: for every
registered game with a page (`manifest.page`), the bytes transferred for the first load of
`/play/<game>` (every response, compressed as sent), and the cumulative layout shift while
computer players take turns.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from mousehole.games import MANIFESTS

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


def page_budget(name: str, seconds: float = 12.0) -> dict[str, Any]:
    """Return the first-load bytes of `/play/<name>`, then the layout shift over `seconds` of
    the default match with every seat a computer player (the shared setup dialog's seat kinds),
    and how many updates (committed moves) the page was sent meanwhile."""
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

            def finished(request: Any) -> None:
                measured = request.sizes()
                sizes.append(measured["responseBodySize"] + measured["responseHeadersSize"])

            page.on("requestfinished", finished)
            updates = [0]

            def frames(socket: Any) -> None:
                def received(payload: str | bytes) -> None:
                    message = json.loads(payload)
                    if isinstance(message, dict) and message.get("type") == "update":
                        updates[0] += 1

                socket.on("framereceived", received)

            page.on("websocket", frames)
            page.goto(f"{url}/play/{name}", wait_until="networkidle")
            first_load, files = sum(sizes), len(sizes)
            page.get_by_test_id("setup").wait_for()
            page.get_by_test_id("seat-0-kind").select_option("computer")
            page.get_by_test_id("start-match").click()
            page.get_by_test_id("setup").wait_for(state="hidden")
            page.evaluate("window.__cls = 0")
            updates[0] = 0
            page.wait_for_timeout(seconds * 1000)
            shift = float(page.evaluate("window.__cls"))
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)
    return {
        "game": name,
        "first_load_bytes": first_load,
        "files": files,
        "layout_shift": shift,
        "seconds": seconds,
        "updates": updates[0],
    }


def every_page(seconds: float = 12.0) -> list[dict[str, Any]]:
    """Return `page_budget` of every registered game that has a page."""
    return [page_budget(m.name, seconds) for m in MANIFESTS if m.page is not None]
