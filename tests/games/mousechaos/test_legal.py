"""What a Mouse Chaos seat may do now (legal.py): `allows` says yes to exactly the actions
`list_actions` lists, a chair's spots are exactly where `chair_ok` lets it go, and `why` says
what the phase wants."""

from __future__ import annotations

import random
from collections.abc import Iterator

from mousehole.games.mousechaos import MouseChaosGame, MouseChaosState
from mousehole.games.mousechaos import actions as A
from mousehole.games.mousechaos.board import CATS, CHAIRS, FLOOR, HOLDERS, MICE, SIZE, TABLE
from mousehole.games.mousechaos.legal import allows, chair_ok, chair_spots, list_actions, why

from .scenes import moving, scene


def _candidates(state: MouseChaosState) -> Iterator[A.MouseChaosAction]:
    """Every action of the kinds the phase could take, legal or not."""
    nodes = (*range(SIZE * SIZE), TABLE)  # the nests too: a mouse may enter one
    yield A.SKIP_ACTION
    for h in range(HOLDERS):
        yield A.make(A.PICK, h)
    for to in FLOOR:
        yield A.make(A.HOLDER, 0, to)
    for m in range(MICE):
        yield A.make(A.TURN, m)
        for to in nodes:
            yield A.make(A.MOUSE, m, to)
    for c in range(CATS):
        for to in nodes:
            yield A.make(A.CAT, c, to)
    if state.phase == "chair":
        for c in range(CHAIRS):
            for to in FLOOR:
                for pose in range(5):
                    yield A.make(A.CHAIR, c, to, pose)


def _decisions(seats: int, seed: int, count: int) -> Iterator[MouseChaosState]:
    rng = random.Random(seed)
    state: MouseChaosState = MouseChaosGame(seats=seats).new_initial_state()
    while count and not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(state.sample_action(rng.random()))
            continue
        yield state
        count -= 1
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])


def test_allows_says_yes_to_exactly_the_listed_actions() -> None:
    phases = set()
    for state in _decisions(3, seed=8, count=40):
        phases.add(state.phase)
        listed = set(list_actions(state))
        assert {a for a in _candidates(state) if allows(state, a)} == listed, state.phase
    assert {"pick", "holder", "piece", "chair"} <= phases


def test_a_free_chair_goes_exactly_where_chair_ok_allows() -> None:
    state = scene(4, cats={1: "table"})
    spots = set(chair_spots(state, 1))
    allowed = {
        A.make(A.CHAIR, 1, sq, pose)
        for sq in FLOOR
        for pose in range(5)
        if chair_ok(state, 1, sq, pose)
    }
    assert spots == allowed and spots
    assert not any(chair_ok(state, 0, sq, 0) for sq in FLOOR)  # cat 0 sits on chair 0


def test_holders_are_picked_from_the_table_while_any_remain() -> None:
    state = scene(4, holders={2: (0, 3)})
    assert [a.a for a in list_actions(state)] == [0, 1, 3, 4, 5]
    assert not allows(state, A.make(A.PICK, 2))


def test_why_names_what_the_phase_wants() -> None:
    pick = scene(4)
    assert why(pick, A.make(A.MOUSE, 4, 44)) == "a holder must be picked first"
    assert why(pick, A.make(A.PICK, 2)) == "no such move here (a holder must be picked first)"
    step = moving(steps=2)
    assert why(step, A.make(A.MOUSE, 4, 0)) == (
        "no such move here (a cat or a visible mouse must move exactly 2 squares)"
    )
