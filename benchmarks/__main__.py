"""Run every benchmark and write docs/benchmarks.md: `python -m benchmarks [--quick]`."""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import bots, engine, web

DOC = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"


def _machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()} "
        f"({platform.python_implementation()}), {platform.system()} {platform.release()}"
    )


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        )
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def run(quick: bool) -> dict[str, Any]:
    """Run the benchmarks (smaller samples with `quick`) and return their numbers."""
    scale = 10 if quick else 1
    print("engine: random games ...", file=sys.stderr)
    results: dict[str, Any] = {"throughput": engine.random_games_per_second(200 // scale)}
    print("engine: apply cost, memory ...", file=sys.stderr)
    results["apply"] = engine.apply_cost(200_000 // scale)
    results["memory"] = engine.memory_per_state(20_000 // scale)
    print("bots: hard latency ...", file=sys.stderr)
    results["latency"] = bots.hard_latency(100 // scale)
    print("web: match page weight and layout shift ...", file=sys.stderr)
    results["web"] = web.page_budget(turns=4 if quick else 12)
    print("bots: tournaments ...", file=sys.stderr)
    results["tournaments"] = [
        bots.tournament("normal", "easy", 4000 // scale),
        bots.tournament("hard", "normal", 2000 // scale),
        bots.tournament("hard", "easy", 1000 // scale),
    ]
    return results


def render(results: dict[str, Any], command: str) -> str:
    """Return docs/benchmarks.md for these results."""
    t, a, m, lat = (results[k] for k in ("throughput", "apply", "memory", "latency"))
    w = results["web"]
    weight = "met" if w["first_load_bytes"] <= 300_000 else "NOT met"
    rows = "\n".join(
        f"| {r['strong']} vs {r['weak']} | {r['games']} | {r['strong_wins']} | "
        f"{r['share']:.1%} | {r['low']:.1%} – {r['high']:.1%} | {r['seconds']:.0f} s |"
        for r in results["tournaments"]
    )
    target = "met" if t["games_per_second"] >= 1000 else "NOT met"
    gps = f"{t['games_per_second']:,.0f}"
    latency = "met" if lat["p99_ms"] <= 100 else "NOT met"
    return f"""# Benchmarks

Written by `{command}` on {datetime.now(UTC):%Y-%m-%d %H:%M} UTC at commit `{_commit()}`.
Machine: {_machine()}.

Speed targets are checked here, never in timed unit tests. Rates are the best of several
repeats (the machine is shared; the best run is the least disturbed).

## Mouse Trap engine, through the public API

| measure | value | target |
|---|---|---|
| complete random 4-seat games per second (one core) | {gps} | ≥ 1,000 ({target}) |
| steps per game (actions + chance outcomes) | {t["steps_per_game"]:.0f} | |
| cost per step, all API calls included | {t["microseconds_per_step"]:.2f} µs | |
| `apply` of a roll (decision) | {a["apply_roll_us"]:.2f} µs | |
| `apply` of a die outcome (move + effect) | {a["apply_die_us"]:.2f} µs | |
| memory per retained state | {m["bytes_per_state"]:.0f} bytes | |

The random game loop is `benchmarks/engine.py: random_games_per_second`: `current_player()`,
then `chance_outcomes()` with `mousehole.engine.sample_outcome` or `legal_actions()` with a
uniform choice, then `apply()`, until `TERMINAL`. Random players spend cheese and end trap
phases at random, so these games are longer than games between computer players.

## Computer players

Hard-player decision latency over {lat["decisions"]} real decisions (forced moves excluded) in
4-seat games against normal players: p50 {lat["p50_ms"]:.1f} ms, p99 {lat["p99_ms"]:.1f} ms,
max {lat["max_ms"]:.1f} ms (target p99 ≤ 100 ms: {latency}).

Tournaments: 4-seat games with two seats of each level, seat order alternating (SWSW, WSWS)
to cancel any first-player advantage, so an even match is 50%. The interval is the 95%
Wilson score interval of the stronger level's share of wins; the levels differ only in
decisions, the dice come from the match seed (game *i* uses seed *i* for every pairing).

| pairing | games | wins of the first | share | 95% interval | time |
|---|---|---|---|---|---|
{rows}

## The match page in the browser

Headless Chromium (Debian's package, driven by Playwright) loads `/play/mousetrap` from a fresh
`mousehole serve` with an empty cache: **{w["first_load_bytes"] / 1000:.0f} kB transferred** in
{w["files"]} responses, all JavaScript, CSS, SVG and fonts included, gzip as served (target
≤ 300 kB: {weight}). Then it starts the default solo match (you against three computer players)
and plays {w["turns"]} turn changes at the fastest playback: cumulative layout shift
**{w["layout_shift"]:.4f}** (target: no layout shift when turns change; 0.1 is the web's
"good" threshold, and shifts right after a click are excluded, as the standard does).

## How to reproduce

```
make bench                    # all of the above, rewrites this file
.venv/bin/python -m benchmarks --quick   # a tenth of the samples, prints only
```
"""


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks")
    parser.add_argument("--quick", action="store_true", help="a tenth of the samples")
    parser.add_argument("--no-write", action="store_true", help="print, do not write the doc")
    args = parser.parse_args()
    results = run(args.quick)
    command = "make bench" if not args.quick else "python -m benchmarks --quick"
    text = render(results, command)
    if args.quick or args.no_write:
        print(text)
    else:
        DOC.parent.mkdir(exist_ok=True)
        DOC.write_text(text, encoding="utf-8")
        print(text)
        print(f"written to {DOC}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
