"""Mouse Trap's rules as a bare loop: the yardstick for the engine's random games.

`play` plays one random game with the rules of state.py written as one function over local
lists, changed in place: no state objects, no actions, no events, no legality checks, no API
calls. It draws one `rnd()` per step and turns it into a choice exactly as a driver of the
public API does (`sample_outcome` on the same outcome lists at a chance node, a uniform index
into the same legal list at a decision), so from the same random numbers both play the same
games, step for step: tests/games/mousetrap/test_bare_loop.py checks that they agree, so the
ratio of their speeds in docs/benchmarks.md (`benchmarks/engine.py: versus_bare_loop`)
compares the same work. Not used by the rules or the server.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable

from .board import (
    CHEESE_WHEEL,
    COMPONENT_COUNT,
    LOOP_LENGTH,
    LOOP_START,
    SAFE,
    SPACE_COUNT,
    SPACES,
    TOTAL_CHEESE,
    Kind,
)

_NOTHING, _BUILD, _TAKE, _TAKE_RICHEST, _LOSE, _GO_TO, _TURN_CRANK = range(7)
_KINDS = {
    Kind.BUILD: _BUILD,
    Kind.TAKE: _TAKE,
    Kind.CHEESE_WHEEL: _TAKE,
    Kind.TAKE_RICHEST: _TAKE_RICHEST,
    Kind.LOSE: _LOSE,
    Kind.GO_TO: _GO_TO,
    Kind.TURN_CRANK: _TURN_CRANK,
}
KIND = [_KINDS.get(space.kind, _NOTHING) for space in SPACES]
VALUE = [space.value for space in SPACES]


def _cumulative(probabilities: list[float]) -> list[float]:
    """Return the running sums as `mousehole.engine.sample_outcome` adds them up."""
    acc, out = 0.0, []
    for p in probabilities:
        acc += p
        out.append(acc)
    out[-1] = 1.0
    return out


DIE = _cumulative([1 / 6] * 6)
CRANK = _cumulative([0.8, 0.2])


def _parts(k: int, total: int) -> list[tuple[int, ...]]:
    """Return every split of `total` among `k` tied rivals, in the engine's order."""
    if k == 1:
        return [(total,)]
    return [(n, *rest) for n in range(total, -1, -1) for rest in _parts(k - 1, total - n)]


def play(n: int, rnd: Callable[[], float]) -> tuple[list[int], int]:
    """Play one random game of `n` seats drawing from `rnd()`; return its winners (as
    `State.winners()` lists them) and its steps (actions and chance outcomes)."""
    pos = [0] * n
    cheese = [0] * n
    captured = [False] * n
    supply, components = TOTAL_CHEESE, 0
    steps = 1
    seat = bisect_right(_cumulative([1 / n] * n), rnd())  # the starting seat
    splits: dict[tuple[int, int], list[tuple[int, ...]]] = {}
    while True:
        rnd()  # the roll: the only legal action
        die = bisect_right(DIE, rnd()) + 1
        steps += 2
        start = pos[seat]
        end = start + die
        if end >= SPACE_COUNT:
            end = LOOP_START + (end - LOOP_START) % LOOP_LENGTH
        pos[seat] = end
        kind = KIND[end]
        value = VALUE[end]
        trap = False
        if kind == _BUILD:
            if n <= value and components < COMPONENT_COUNT:
                count = 2 if end >= LOOP_START and components < COMPONENT_COUNT - 1 else 1
                paid = count if supply >= count else supply
                components += count
                supply -= paid
                cheese[seat] += paid
        elif kind in (_TAKE, _TAKE_RICHEST):
            got = 0
            if kind == _TAKE:
                got = value if supply >= value else supply
                supply -= got
                cheese[seat] += got
            shortfall = value - got
            if shortfall:
                richest, tied = 0, []
                for t in range(n):
                    if t != seat and not captured[t]:
                        held = cheese[t]
                        if held > richest:
                            richest, tied = held, [t]
                        elif held == richest and held:
                            tied.append(t)
                cap = shortfall if shortfall < richest else richest
                if cap and len(tied) == 1:
                    cheese[tied[0]] -= cap
                    cheese[seat] += cap
                elif cap:
                    options = splits.get((len(tied), cap))
                    if options is None:
                        options = splits[(len(tied), cap)] = _parts(len(tied), cap)
                    chosen = options[int(rnd() * len(options))]
                    steps += 1
                    for rival, amount in zip(tied, chosen, strict=True):
                        cheese[rival] -= amount
                        cheese[seat] += amount
        elif kind == _LOSE:
            held = cheese[seat]
            lost = value if held >= value else held
            cheese[seat] -= lost
            supply += lost
        elif kind == _GO_TO:
            pos[seat] = value
        elif kind == _TURN_CRANK and components == COMPONENT_COUNT:
            trap = True
        while trap:  # spend cheese on rivals, crank or end
            targets = (
                [t for t in range(n) if t != seat and not captured[t] and pos[t] != SAFE]
                if cheese[seat]
                else []
            )
            on_wheel = [
                t for t in range(n) if t != seat and not captured[t] and pos[t] == CHEESE_WHEEL
            ]
            count = len(targets) + (2 if on_wheel else 1)
            choice = int(rnd() * count)
            steps += 1
            if choice < len(targets):
                target = targets[choice]
                cheese[seat] -= 1
                supply += 1
                moved = pos[target] + bisect_right(DIE, rnd()) + 1
                steps += 1
                if moved >= SPACE_COUNT:
                    moved = LOOP_START + (moved - LOOP_START) % LOOP_LENGTH
                pos[target] = moved
                continue
            trap = False
            if on_wheel and choice == len(targets):  # crank
                steps += 1
                if bisect_right(CRANK, rnd()) == 0:  # the cage falls
                    for t in on_wheel:
                        cheese[seat] += cheese[t]
                        cheese[t] = 0
                        captured[t] = True
                    alive = [t for t in range(n) if not captured[t]]
                    if len(alive) == 1:
                        return alive, steps
        seat = (seat + 1) % n
        while captured[seat]:
            seat = (seat + 1) % n
