"""Run every benchmark and write docs/benchmarks.md: `python -m benchmarks [--quick] [--online]`."""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from mousehole.games import MANIFESTS

from . import (
    bots,
    cluster,
    engine,
    history,
    notes,
    online_load,
    online_report,
    parallel,
    shield,
    web,
)

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


TOURNAMENT_SECONDS = 120.0
"""A tournament stops after 1,000 games or about this long (a clock, not a result, stops it)."""


def run(quick: bool) -> dict[str, Any]:
    """Run the benchmarks (smaller samples with `quick`) over every registered game and return
    their numbers."""
    scale = 10 if quick else 1
    print("engine: random games of every game and seat count ...", file=sys.stderr)
    results: dict[str, Any] = {"engines": engine.every_game(200 // scale)}
    print("engine: apply cost, memory ...", file=sys.stderr)
    results["costs"] = engine.costs(200_000 // scale, 20_000 // scale)
    print("engine: the driver's sample_action loop ...", file=sys.stderr)
    results["sampled"] = engine.every_game_sampled(100 // scale, 3)
    print("engine: the public API against the bare loops of the rules ...", file=sys.stderr)
    results["bare"] = engine.every_bare_loop(300 // scale, 5)
    print(f"engine: against the code of commit {history.BASE} ...", file=sys.stderr)
    results["history"] = history.versus(games=200 // scale, rounds=1 if quick else 3)
    print("simulate: one process against one per core ...", file=sys.stderr)
    results["parallel"] = parallel.simulate_speedup(parallel.GAMES // scale)
    print("bots: every level's decision time ...", file=sys.stderr)
    results["decisions"] = bots.every_level(1000 // scale, 100 // scale)
    print("web: every game page's weight and layout shift ...", file=sys.stderr)
    results["pages"] = web.every_page(seconds=4.0 if quick else 12.0)
    print("bots: tournaments ...", file=sys.stderr)
    results["tournaments"] = bots.tournaments(1000 // scale, TOURNAMENT_SECONDS / scale)
    return results


TITLES = {m.name: m.title for m in MANIFESTS}


def _rate(value: float) -> str:
    """Return a rate for a table: whole numbers, or two decimals below 10."""
    return f"{value:,.0f}" if value >= 10 else f"{value:.2f}"


def _us(value: float | None) -> str:
    return "no such steps" if value is None else f"{value:.2f} µs"


ENGINE_HEADER = (
    "| game | seats | complete random games per second (one core; target ≥ 1,000) "
    "| games per repeat | steps per game (actions + chance outcomes) "
    "| cost per step, all API calls included | CPU per step | build |\n"
    "|---|---|---|---|---|---|---|---|"
)


def _bare_rows(bare: list[dict[str, Any]]) -> str:
    rows = []
    for b in bare:
        game, per_step = TITLES[b["game"]], 1e6 / b["steps_per_game"]
        for loop, rate, ratio in (
            ("the public API, the loop above", b["api_games_per_second"], b["ratio"]),
            ("the public API, `sample_action`", b["sampled_games_per_second"], b["sampled_ratio"]),
        ):
            rows.append(
                f"| {game} | {b['seats']} | {loop} | {rate:,.0f} | {per_step / rate:.2f} µs | "
                f"{ratio:.2f}x ({_met(ratio >= 0.5)}) | {b.get('build', 'pure Python')} |"
            )
        rate = b["bare_games_per_second"]
        rows.append(
            f"| {game} | {b['seats']} | the bare loop | {rate:,.0f} | {per_step / rate:.2f} µs | "
            "1x | pure Python |"
        )
    return "\n".join(rows)


def _driver_section(sampled: list[dict[str, Any]], bare: list[dict[str, Any]]) -> str:
    rows = "\n".join(
        f"| {TITLES[r['game']]} | {r['seats']} | {r['loop_us']:.2f} µs | "
        f"{r['sampled_us']:.2f} µs | {r['loop_us'] / r['sampled_us']:.2f}x | {r['build']} |"
        for r in sampled
    )
    games = bare[0]["games"] if bare else 0
    repeats = bare[0]["repeats"] if bare else 0
    return f"""
A random driver can take each step with one call, `state.apply(state.sample_action(u))`
(docs/api.md, Chance), instead of `current_player()`, `legal_actions()` or
`chance_outcomes()` with a choice, and `apply()`: the same games from the same random numbers
(tests/conformance checks every game's `sample_action` against the contract's default). CPU
time of this thread per step, the two loops over the same games, best of 3 repeats of 100
games (`benchmarks/engine.py: sampled_steps`):

| game | seats | the loop above | `sample_action` | faster by | build |
|---|---|---|---|---|---|
{rows}

**The public API against a bare loop of the rules.** A game's manifest may offer its rules as
a bare loop (`bare_loop`, usually the game's `bare.py`): one function over local lists changed
in place, with no state objects, actions, events or checks, drawing the same random numbers
the same way as the loops above, so from the same seed it plays the same games step for step
(the run checks it, and so does the game's test_bare_loop.py). At the game's most seats,
{games} games per repeat from seeds 0 to {repeats - 1}, the three loops one after the other in
this process, each rate its best repeat of CPU time (`benchmarks/engine.py:
versus_bare_loop`):

| game | seats | loop | games per CPU second | CPU per step | against the bare loop \
(target ≥ 0.5x) | build |
|---|---|---|---|---|---|---|
{_bare_rows(bare)}
"""


def _engine_section(engines: list[dict[str, Any]], costs: list[dict[str, Any]]) -> str:
    rows = "\n".join(
        f"| {TITLES[r['game']]} | {r['seats']} | {_rate(r['games_per_second'])} "
        f"({_met(r['games_per_second'] >= 1000)}) | {r['games']} | {r['steps_per_game']:.0f} | "
        f"{r['microseconds_per_step']:.2f} µs | {r['cpu_microseconds_per_step']:.2f} µs | "
        f"{r['build']} |"
        for r in engines
    )
    cost_rows = "\n".join(
        f"| {TITLES[c['game']]} | {c['seats']} | {_us(c['decision_us'])} | "
        f"{_us(c['chance_us'])} | {c['bytes_per_state']:.0f} bytes |"
        for c in costs
    )
    return f"""## Engines, through the public API

Every registered game (`mousehole.games.MANIFESTS`) at every seat count it takes. The random
game loop is `benchmarks/engine.py: random_games_per_second`: `current_player()`, then
`chance_outcomes()` with `mousehole.engine.sample_outcome` or `legal_actions()` with a uniform
choice, then `apply()`, until `TERMINAL`. Random players choose at random, so their games can
be longer than games between computer players. The rate is the best of 5 repeats of 200 games,
a repeat cut short by the clock after about {engine.SECONDS:g} s (then it counts the games
completed by then: the "games per repeat" column). The cost per step is wall-clock time, so
on a shared machine it also counts the time the process waited for a core; the CPU per step is
the same games' CPU time (`time.thread_time`, best repeat), what a step costs. The build is
the one the rules ran as: pure Python, or a compiled module.

{ENGINE_HEADER}
{rows}

The cost of one `apply`, averaged over the steps of random games at the game's most seats (a
player's decisions and chance outcomes apart), and the memory each retained state holds (each
sample also stops after about {engine.SECONDS:g} s):

| game | seats | `apply` of a decision | `apply` of a chance outcome | memory per retained state |
|---|---|---|---|---|
{cost_rows}
"""


TIMES_HEADER = (
    "| game | level | seats | games | decisions | p50 ms | p99 ms | max ms "
    "| CPU p50 / p99 / max ms | p99 target | build |\n" + "|---" * 11 + "|"
)


def _bots_section(decisions: list[dict[str, Any]], tournaments: list[dict[str, Any]]) -> str:
    def timing(r: dict[str, Any]) -> str:
        if not r["decisions"]:
            return f"| – | – | – | – | every action forced | {r.get('build', '–')} |"
        return (
            f"| {r['p50_ms']:.2f} | {r['p99_ms']:.2f} | {r['max_ms']:.2f} | "
            f"{r['cpu_p50_ms']:.2f} / {r['cpu_p99_ms']:.2f} / {r['cpu_max_ms']:.2f} | "
            f"{r['target_ms']:g} ms: {_met(r['cpu_p99_ms'] <= r['target_ms'])} | "
            f"{r.get('build', '–')} |"
        )

    rows = "\n".join(
        f"| {TITLES[r['game']]} | {r['level']} | {r['seats']} | {r['games']} | "
        f"{r['decisions']} {timing(r)}"
        for r in decisions
    )
    pairings = "\n".join(
        f"| {TITLES[r['game']]} | {r['strong']} vs {r['weak']} | {r['seats']} | {r['games']} | "
        f"{r['strong_wins']:g} | {r['share']:.1%} | {r['low']:.1%} – {r['high']:.1%} | "
        f"{r['seconds']:.0f} s |"
        for r in tournaments
    )
    return f"""## Computer players

Decision time of every level of every game (`benchmarks/bots.py: decision_time`), over its
real decisions (forced moves, where only one action is legal, excluded) in games at the game's
most seats with every seat at that level, stopping after 1,000 decisions or 100 games. The
p50, p99 and max are wall-clock times; the CPU column is the same decisions' CPU time (the
deciding thread's, `time.thread_time`), which is what a decision costs: on this shared
machine the wall clock also counts the time the process waited for a core, so the target,
the game's own (`GameManifest.decision_ms`: 100 ms unless its manifest says more), is checked
on the CPU p99. The build is the one the rules ran as (pure Python, or the compiled modules):

{TIMES_HEADER}
{rows}

Tournaments between every two levels of a game (`benchmarks/bots.py: tournament`): games at
its fewest and its most even seat counts with half the seats at each level, seat order
alternating (SWSW, WSWS) to cancel any first-player advantage, so an even match is 50%. Each
stops after 1,000 games or about {TOURNAMENT_SECONDS:g} s, whichever comes first (the clock
stops it, never the results). The interval is the 95% Wilson score interval of the stronger
level's share of wins (a shared win counts as a fraction); the levels differ only in
decisions, the chance comes from the match seed (game *i* uses seed *i* for every pairing). A
game with one level has no tournament; a game's page in docs/games/ gives more seat counts.

| game | pairing | seats | games | wins of the first | share | 95% interval | time |
|---|---|---|---|---|---|---|---|
{pairings}
"""


def _pages_section(pages: list[dict[str, Any]]) -> str:
    rows = "\n".join(
        f"| `/play/{r['game']}` | {r['first_load_bytes'] / 1000:.0f} kB | {r['files']} | "
        f"{_met(r['first_load_bytes'] <= 300_000)} | {r['updates']} | "
        f"{r['layout_shift']:.4f} |"
        for r in pages
    )
    seconds = pages[0]["seconds"] if pages else 0
    return f"""## The game pages in the browser

For every registered game with a page (`manifest.page`), headless Chromium (Debian's package,
driven by Playwright) loads `/play/<game>` from a fresh `mousehole serve` with an empty cache and
counts the bytes transferred, all JavaScript, CSS, SVG and fonts included, gzip as served
(target ≤ 300 kB). Then it starts the default match with every seat a computer player (the
setup dialog's first seat switched to Computer) and watches {seconds:g} s of play at the fastest
playback with reduced motion: the updates (committed moves) the page was sent meanwhile, and
the cumulative layout shift (target: no layout shift when turns change; 0.1 is the web's
"good" threshold, and shifts right after a click are excluded, as the standard does).

| page | first load | responses | ≤ 300 kB | updates watched | layout shift |
|---|---|---|---|---|---|
{rows}
"""


def render(results: dict[str, Any], command: str) -> str:
    """Return docs/benchmarks.md for these results."""
    online = online_report.section(results.get("online")) + cluster.section(results.get("cluster"))
    if results.get("carried") and not results.get("online"):
        online = results["carried"]
    driver = _driver_section(results["sampled"], results["bare"])
    hand = results.get("blockade") or ""
    return f"""# Benchmarks

Written by `{command}` on {datetime.now(UTC):%Y-%m-%d %H:%M} UTC at commit `{_commit()}`.
Machine: {_machine()}.

Speed targets are checked here, never in timed unit tests. Rates are the best of several
repeats (the machine is shared; the best run is the least disturbed). Every table covers every
game of the registry (`mousehole.games.MANIFESTS`): a game registered there is measured here
with no change to the benchmarks. A measurement made by hand inside a section stands between
the comments `<!-- by hand -->` and `<!-- end by hand -->` (see the source of this page); a run
writes the tables anew and keeps those notes (`benchmarks/notes.py`).

{_engine_section(results["engines"], results["costs"])}{driver}
{history.section(results.get("history"), TITLES)}{parallel.section(results["parallel"])}
{_bots_section(results["decisions"], results["tournaments"])}
{results.get("expert") or ""}{hand}{_pages_section(results["pages"])}{results.get("pace") or ""}\
{online}
## How to reproduce

```
make bench                    # all of the above (python -m benchmarks --online), rewrites this file
.venv/bin/python -m benchmarks --quick   # a tenth of the samples, prints only
.venv/bin/python -m benchmarks           # all but the online rooms under load
.venv/bin/python -m benchmarks.cluster   # the several-instances section alone, printed
.venv/bin/python -m benchmarks.parallel  # simulate on one core and on every core, printed
.venv/bin/python -m benchmarks.history   # the engines against an earlier commit, printed
# every run takes a CPU cgroup of its own when run as root (benchmarks/shield.py);
# add --no-shield to share the CPU with whatever else runs
```
"""


def _met(ok: bool) -> str:
    return "met" if ok else "NOT met"


ONLINE_HEADING = "\n## Online rooms under load\n"
REPRODUCE_HEADING = "\n## How to reproduce\n"


EXPERT_HEADING = "## The expert level"


BLOCKADE_HEADING = "## Against a blockade"


def carried_expert(previous: str, heading: str = EXPERT_HEADING) -> str | None:
    """Return the expert level's section of a previous docs/benchmarks.md as it stands (its
    searches of up to a second a decision make it a run of its own, `python -m
    benchmarks.expert`, whose tables and notes are written into the section by hand); or,
    by `heading`, another section run on its own the same way (BLOCKADE_HEADING: a game's scripted
    staller, whole games, run from its tests' folder; PACE_HEADING: `python -m
    benchmarks.pace`, phone pages in Chromium)."""
    start = previous.find(heading)
    if start < 0:
        return None
    end = previous.find("\n## ", start + len(heading))
    return previous[start : end + 1 if end >= 0 else len(previous)]


PACE_HEADING = "## Pace on a phone"
"""The pace section: `python -m benchmarks.pace` (minutes of play in a browser) is a run of its
own, its numbers written into the section by hand and carried over like the expert's."""


def carried_online(previous: str) -> str | None:
    """Return the online sections (rooms under load and what follows them, up to "How to
    reproduce") of a previous docs/benchmarks.md, marked as carried over from the run that
    measured them; None if it has none measured."""
    start = previous.find(ONLINE_HEADING)
    end = previous.find(REPRODUCE_HEADING)
    if start < 0 or end < start or "Not measured in this run" in previous[start:end]:
        return None
    written = next((line for line in previous.splitlines() if line.startswith("Written by")), "")
    block = previous[start + len(ONLINE_HEADING) : end].rstrip("\n")
    note = (
        "*Carried over unchanged from the last run that measured the online rooms (this run "
        "did not: `--online`). That run's header said: "
        + (written.removeprefix("Written by ").rstrip(".") or "nothing")
        + ".*"
    )
    if note.split("That run")[0] in block:  # carried before: keep the first run's note
        return ONLINE_HEADING + block + "\n"
    return ONLINE_HEADING + "\n" + note + "\n" + block + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks")
    parser.add_argument("--quick", action="store_true", help="a tenth of the samples")
    parser.add_argument("--no-write", action="store_true", help="print, do not write the doc")
    parser.add_argument(
        "--online", action="store_true", help="also online rooms under load (about 20 minutes)"
    )
    parser.add_argument(
        "--no-shield", action="store_true", help="share the CPU with whatever else runs"
    )
    args = parser.parse_args()
    if not args.no_shield:
        shield.shield()  # before anything starts: every process of the run inherits it
    results = run(args.quick)
    if args.online:
        results["online"] = online_load.online_load(
            [(r, c) for r, c in online_load.CONFIGS if not args.quick or r <= 250],
            duration=10.0 if args.quick else 30.0,
        )
        shipped = {r["rooms"]: r for r in results["online"] if r["mode"] == "shipped"}
        results["cluster"] = cluster.cluster_runs(
            shipped,
            sizes=(250,) if args.quick else cluster.SIZES,
            duration=10.0 if args.quick else 30.0,
        )
    previous = DOC.read_text(encoding="utf-8") if DOC.exists() else ""
    if previous:
        results["expert"] = carried_expert(previous)
        pace = carried_expert(previous, PACE_HEADING)
        results["pace"] = f"\n{pace.rstrip()}\n" if pace else None
        results["blockade"] = carried_expert(previous, BLOCKADE_HEADING)
        if not args.online:
            results["carried"] = carried_online(previous)
    command = "python -m benchmarks" + (" --quick" if args.quick else "")
    if args.online:
        command = "make bench" if not args.quick else "python -m benchmarks --online --quick"
    text = render(results, command)
    text = notes.keep(text, previous)  # what was measured by hand stays (benchmarks/notes.py)
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
