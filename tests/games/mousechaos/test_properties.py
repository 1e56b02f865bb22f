"""Properties of random Mouse Chaos games (issue 17, item 5): the 16 mice are always
somewhere, no two pieces share a square unless the rules allow it, skipped steps really had
no move, every game ends (by a nest, the phantom or the 300-round cap), and every position
of random and computer-played games reads back from its JSON (issue 25, item 2: the checks
that refuse impossible positions refuse none that play reaches)."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from mousehole.engine import Match
from mousehole.games.mousechaos import MouseChaosGame, MouseChaosState
from mousehole.games.mousechaos import moves as M
from mousehole.games.mousechaos.board import FLOOR_SET, LYING, NEST_OF, TABLE
from mousehole.games.mousechaos.bots import BOTS
from tests.samples import SOAK

from .knowledge import chaos, random_match, start

SEEDS = range(8)


def problems(state: MouseChaosState) -> list[str]:
    """Return what is wrong with the pieces of `state` (empty when all is well)."""
    found = []
    if len(state.mice) != 16:
        found.append("not 16 mice")
    for m, at in enumerate(state.mice):
        if at != TABLE and at not in FLOOR_SET and NEST_OF[at] < 0:
            found.append(f"mouse {m} is off the board")
    for name, nodes in (("mice", state.mice), ("holders", state.holders), ("cats", state.cats)):
        doubled = [n for n, k in Counter(nodes).items() if k > 1 and n != TABLE]
        if doubled:
            found.append(f"two {name} on {doubled}")
    chairs = dict(state.chairs)
    if len(chairs) != 4:
        found.append("two chairs on one square")
    holders = {h for h in state.holders if h != TABLE}
    cats = {c for c in state.cats if c != TABLE}
    mice = {m for m in state.mice if m != TABLE}
    # allowed together: a holder over a mouse; an upright chair with a mouse under it and/or
    # a cat on top; nothing else shares a square
    if holders & set(chairs) or holders & cats:
        found.append("a holder shares a square with a chair or a cat")
    for sq in cats & mice:
        if chairs.get(sq, LYING) == LYING:
            found.append(f"a cat and a mouse on {sq} without an upright chair")
    for sq, pose in chairs.items():
        if pose == LYING and (sq in mice or sq in cats):
            found.append(f"a lying chair on {sq} shares its square")
    for k in range(4):
        if len(state.nest_mice(k)) > 4:
            found.append(f"nest {k} holds more than four mice")
    return found


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_games_keep_every_mouse_somewhere_and_pieces_apart(seats: int) -> None:
    for seed in SEEDS:
        match = random_match(seats, seed)
        state = start(match)
        for _, action in match.record.moves:
            state = chaos(state.apply(action))
            assert not problems(state), (seed, state.turn, problems(state))
        assert state.is_terminal() and state.ending in ("win", "phantom", "cap")
        assert state.round <= 300


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_skipped_step_really_had_no_move_of_exactly_n(seats: int) -> None:
    skipped = stuck = 0
    for seed in SEEDS:
        match = random_match(seats, seed)
        state = start(match)
        for _, action in match.record.moves:
            before, state = state, chaos(state.apply(action))
            kinds = [e["type"] for e in state.events]
            if "no_move" in kinds:
                skipped += 1
                # nothing moved after the holder: the pieces are as the step found them
                assert all(not state.piece_ends(M.CAT, c) for c in range(4))
                assert all(not state.piece_ends(M.MOUSE, m) for m in state.movable_mice())
            if "stuck" in kinds:
                stuck += 1
                assert state.holders == before.holders  # it stayed where it was
    assert stuck > 0, "random games meet stuck holders, so the check above ran"


def test_problems_are_found_in_a_broken_position() -> None:
    """The property checker can fail: two mice on one square are reported."""
    state = chaos(random_match(4, 0, 60).state)
    broken = MouseChaosState.__new__(MouseChaosState)
    for name in MouseChaosState.__slots__:
        setattr(broken, name, getattr(state, name))
    broken.mice = (state.mice[1], *state.mice[1:])
    assert problems(broken)


ROUND_TRIP_GAMES = int(os.environ.get("MOUSEHOLE_MOUSECHAOS_ROUND_TRIPS", "4"))
"""Games per seat count and kind of player in the quick round trip; the slow test plays more."""


def round_trips(seats: int, seed: int, level: str | None) -> Counter[str]:
    """Play one game (random legal actions, or every seat at `level`) and read every position
    back from its JSON; return the kinds of event the game met."""
    game = MouseChaosGame(seats=seats)
    rng = random.Random(seed)
    players = {s: BOTS[level](seed * 4 + s) for s in range(seats)} if level else {}
    match = Match(game, seed=seed)
    met: Counter[str] = Counter()
    while True:
        state = match.state
        assert game.state_from_json(state.to_json()) == state, (seed, state.turn)
        if state.is_terminal():
            met[f"end: {chaos(state).ending}"] += 1
            return met
        if state.is_chance_node():
            match.sample_chance()
        elif level:
            match.apply(players[state.current_player()].choose(state))
        else:
            actions = state.legal_actions()
            match.apply(actions[rng.randrange(len(actions))])
        met.update(event["type"] for event in match.state.events)


def check_round_trips(seats: int, games: int) -> Counter[str]:
    met: Counter[str] = Counter()
    for seed in range(games):
        met += round_trips(seats, seed, None)
        met += round_trips(seats, seed, "normal")
    # the games reached what the newest checks look at: numbered holders on the floor, peeks,
    # mice turned over (right and wrong, sent home) and finished games
    assert met["peek"] and met["turned"] and met["ejected"] and met["end: win"], met
    return met


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_position_of_random_and_computer_games_reads_back_equal(seats: int) -> None:
    check_round_trips(seats, ROUND_TRIP_GAMES)


@pytest.mark.skipif(not SOAK, reason="400 games a seat count: run it with make soak")
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_position_of_many_games_reads_back_equal(seats: int) -> None:
    met = check_round_trips(seats, 400)
    assert met["end: cap"] or seats > 2, met  # random two-seat games do reach the cap
