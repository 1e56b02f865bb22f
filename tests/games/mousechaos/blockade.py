"""Mouse Chaos's blockade: a scripted staller against a computer level, in 2-seat games.

    python -m tests.games.mousechaos.blockade [--level hard] [--games 100] [--seconds 0]
                                             [--first 0] [--each]

The blockader never moves a mouse into a nest (so it never fills one of its own) and spends
every step keeping the other seat's nest entries shut: a holder or a cat on an open entry, a
chair put there upright with its cross support towards the nest (or lying), a cat parked on
a chair that seals one (so the other seat cannot move that chair), a cat lifted off a chair
on an entry that seals nothing so that the chair step can turn it, re-sealed every turn; mice
it moves go away from the other seat's nests. It reads only public facts (where the pieces
are), so it needs no colours at all.

Before the cap became a ranking (docs/games/mousechaos.md, "The end") this turned a certain
loss into a shared win. The target (issue 25): against the hard level it reaches the 300-round
cap in at most 5% of games, and loses when it does. Prints one Markdown row per level: games,
the cap rate with its 95% Wilson interval, the level's wins, the blockader's wins, the
blockader's results at the cap, and the level's decision times on CPU time (its real choices:
more than one legal action) in these games (docs/benchmarks.md has the numbers).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from typing import Any, Final

from mousehole.engine import Action, IllegalActionError, Match, State
from mousehole.games import make_bot
from mousehole.games.mousechaos import MouseChaosGame
from mousehole.games.mousechaos import actions as A
from mousehole.games.mousechaos import ends as E
from mousehole.games.mousechaos import moves as M
from mousehole.games.mousechaos.belief import NEST_DISTANCE
from mousehole.games.mousechaos.board import LYING, NEST_OF, TABLE
from mousehole.games.mousechaos.deal import slot_owner
from mousehole.games.mousechaos.moves import Chairs
from mousehole.games.mousechaos.worth import ENTRIES, Position, shuts
from mousehole.simulation import wilson_interval

SEAL: Final = 10.0
"""What one shut entry of the other seat's nests is worth to the blockader."""


def open_entries(
    nests: Sequence[int], holders: Sequence[int], cats: Sequence[int], chairs: Chairs
) -> int:
    """Return how many entries of `nests` a mouse could still step in from (worth.shuts)."""
    return sum(
        not shuts(sq, side, holders, cats, chairs) for k in nests for sq, side in ENTRIES[k].items()
    )


class Blockader:
    """The staller (see the module): greedy on the other seat's open nest entries."""

    level: Final = "blockader"

    def __init__(self, seed: int | None = None):
        self._rng = random.Random(seed)
        self._base = 0

    def choose(self, state: State) -> Action:
        """Return the action that leaves the fewest of the other seat's nest entries open."""
        seat = state.current_player()
        actions = state.legal_actions()
        if seat < 0 or not actions:
            raise IllegalActionError("no seat has a decision to make here")
        seen = state.observation(seat)
        position = Position(seen)
        rival = [k for k in range(4) if slot_owner(position.seats, k) not in (seat, -1)]
        entries = {sq: side for k in rival for sq, side in ENTRIES[k].items()}
        self._base = open_entries(rival, position.holders, position.cats, position.chairs)
        scores = [self.score(a, position, entries, rival) for a in actions]
        top = max(scores)
        tied = [a for a, s in zip(actions, scores, strict=True) if s >= top - 1e-9]
        return tied[self._rng.randrange(len(tied))]

    def score(
        self, action: Action, position: Position, entries: dict[int, int], rival: list[int]
    ) -> float:
        assert isinstance(action, A.MouseChaosAction)
        mice, holders, cats, chairs = (
            position.mice,
            position.holders,
            position.cats,
            position.chairs,
        )
        kind = action.kind
        bonus = 0.0
        if kind == A.PICK:
            at = holders[action.a]
            number = position.seen["holders"][action.a]["number"]
            if at in entries:
                return -SEAL  # lifting a sealing holder opens its entry
            if number:
                moved = E.ends(M.HOLDER, action.a, number, mice, holders, cats, chairs)
                return SEAL if any(to in entries for to in moved) else 0.0
            return 0.5
        if kind == A.HOLDER:
            picked = position.seen["picked"]
            holders = _put(holders, picked, action.b)
        elif kind == A.CAT:
            at = cats[action.a]
            pose = dict(chairs).get(at)
            if at in entries and pose is not None and pose not in (LYING, entries[at]):
                bonus += 0.8 * SEAL  # off a chair that seals nothing: the chair step turns it
            cats = _put(cats, action.a, action.b)
            if action.b in dict(chairs) and action.b in entries:
                bonus += 2.0  # a cat on a sealing chair keeps the other seat from moving it
            if action.b != TABLE and action.b not in dict(chairs):
                bonus += sum(
                    3.0 / (1 + min(NEST_DISTANCE[k][at] for k in rival))
                    for at in mice
                    if at == action.b
                )  # a capture near the other seat's nests
        elif kind == A.MOUSE:
            if action.b != TABLE and NEST_OF[action.b] >= 0:
                return -100.0  # never into a nest
            mice = _put(mice, action.a, action.b)
            bonus += 0.1 * min(NEST_DISTANCE[k][action.b] for k in rival)
        elif kind == A.CHAIR:
            chairs = _put(chairs, action.a, (action.b, action.c))
            if action.b in entries and action.c != LYING and action.c != entries[action.b]:
                return -SEAL  # an upright chair that does not face the nest seals nothing
        elif kind == A.TURN:
            return 0.0
        if (holders, cats, chairs) == (position.holders, position.cats, position.chairs):
            return -SEAL * self._base + bonus
        touched = {*position.holders, *position.cats} ^ {*holders, *cats}
        touched |= {sq for sq, _ in set(position.chairs) ^ set(chairs)}
        if not touched & entries.keys():
            return -SEAL * self._base + bonus  # nothing left or reached an entry
        return -SEAL * open_entries(rival, holders, cats, chairs) + bonus


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


class Timed:
    """A player whose real choices (more than one legal action) are timed on CPU time."""

    def __init__(self, player: Any, cpu: list[float]):
        self.player = player
        self.cpu = cpu

    def choose(self, state: State) -> Action:
        start = time.thread_time()
        action: Action = self.player.choose(state)
        if len(state.legal_actions()) > 1:
            self.cpu.append(time.thread_time() - start)
        return action


def play(
    level: str, seed: int, blockader_seat: int, cpu: list[float] | None = None
) -> tuple[State, float]:
    """Play one 2-seat game of the blockader against `level`; return its end and seconds
    (the level's decision times, CPU seconds, are added to `cpu` when given)."""
    game = MouseChaosGame(seats=2)
    bot = make_bot("mousechaos", level, seed)
    players = {
        blockader_seat: Blockader(seed),
        1 - blockader_seat: bot if cpu is None else Timed(bot, cpu),
    }
    start = time.perf_counter()
    final = Match(game, seed=seed).play_out(players)
    return final, time.perf_counter() - start


def measure(
    level: str, games: int, seconds: float = 0.0, first: int = 0, each: bool = False
) -> dict[str, Any]:
    """Play `games` games (the blockader in seat 0 and seat 1 alternately), or fewer once
    `seconds` have passed (checked only after an even number of games, never on results);
    `each`: print a line per game as it ends (to stderr)."""
    caps = capped_losses = level_wins = blockader_wins = 0
    rounds: list[int] = []
    cpu: list[float] = []
    played = 0
    start = time.perf_counter()
    for index in range(first, first + games):
        if seconds and played % 2 == 0 and played and time.perf_counter() - start > seconds:
            break
        seat = index % 2
        final, took = play(level, index, seat, cpu)
        played += 1
        state: Any = final
        rounds.append(state.round)
        winners = final.winners()
        if each:
            print(
                f"game {index}: blockader seat {seat}, {state.ending} after {state.round}"
                f" rounds, winners {winners}, {took:.0f} s",
                file=sys.stderr,
                flush=True,
            )
        level_wins += winners == [1 - seat]
        blockader_wins += seat in winners
        if state.ending == "cap":
            caps += 1
            capped_losses += seat not in winners
    low, high = wilson_interval(caps, played)
    rounds.sort()
    return {
        "level": level,
        "games": played,
        "caps": caps,
        "cap_rate": caps / max(1, played),
        "low": low,
        "high": high,
        "level_wins": level_wins,
        "blockader_wins": blockader_wins,
        "capped_losses": capped_losses,
        "median_rounds": rounds[len(rounds) // 2] if rounds else 0,
        "decisions": len(cpu),
        "cpu_p50_ms": sorted(cpu)[len(cpu) // 2] * 1e3 if cpu else 0.0,
        "cpu_p99_ms": sorted(cpu)[min(len(cpu) - 1, int(len(cpu) * 0.99))] * 1e3 if cpu else 0.0,
        "cpu_max_ms": max(cpu) * 1e3 if cpu else 0.0,
        "seconds": time.perf_counter() - start,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.games.mousechaos.blockade")
    parser.add_argument("--level", action="append", help="repeat for several; default: hard")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=0.0, help="stop after this long")
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument("--each", action="store_true", help="a line per game, on stderr")
    args = parser.parse_args(argv)
    print(
        "| level | games | reach the cap | 95% interval | level wins | blockader wins"
        " | blockader loses at the cap | median rounds | level's decisions"
        " | CPU p50 / p99 / max ms | time |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for level in args.level or ["hard"]:
        r = measure(level, args.games, args.seconds, args.first, args.each)
        print(
            f"| {level} | {r['games']} | {r['caps']} ({r['cap_rate']:.1%}) |"
            f" {r['low']:.1%} – {r['high']:.1%} | {r['level_wins']} | {r['blockader_wins']} |"
            f" {r['capped_losses']} of {r['caps']} | {r['median_rounds']} | {r['decisions']} |"
            f" {r['cpu_p50_ms']:.1f} / {r['cpu_p99_ms']:.1f} / {r['cpu_max_ms']:.1f} |"
            f" {r['seconds']:.0f} s |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
