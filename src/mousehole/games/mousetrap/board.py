"""The Mouse Trap board: 50 spaces (0..43 the approach path, 44..49 the permanent loop) and
the 23-step machine, as data. Source: docs/games/mousetrap.md, "The board" and "The machine"
(the specification's exact path mapping and construction plan)."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

SPACE_COUNT = 50
LOOP_START = 44
LOOP_LENGTH = 6
SAFE = 44
TURN_CRANK = 46
CHEESE_WHEEL = 49
TOTAL_CHEESE = 52
MIN_SEATS = 2
MAX_SEATS = 4


class Kind(Enum):
    """What landing on a space does."""

    START = "start"
    BUILD = "build"
    TAKE = "take"
    TAKE_RICHEST = "take_richest"
    LOSE = "lose"
    GO_TO = "go_to"
    DOG_BONE = "dog_bone"
    SAFE = "safe"
    CHEESE_WHEEL = "cheese_wheel"
    TURN_CRANK = "turn_crank"


class Space(NamedTuple):
    """One board space: its kind, a number (cheese, destination or max seats) and its label."""

    kind: Kind
    value: int
    label: str


def _build(max_seats: int) -> Space:
    label = {2: "Build 2", 3: "Build 2–3", 4: "Build 2–3–4"}[max_seats]
    return Space(Kind.BUILD, max_seats, label)


B2, B23, B234 = _build(2), _build(3), _build(4)


def _go(dest: int, label: str) -> Space:
    return Space(Kind.GO_TO, dest, label)


SPACES: tuple[Space, ...] = (
    Space(Kind.START, 0, "Start"),  # 0
    B2,  # 1
    Space(Kind.TAKE, 2, "Take 2"),  # 2
    B234,  # 3
    B2,  # 4
    _go(3, "Go back 2"),  # 5
    B234,  # 6
    Space(Kind.TAKE, 1, "Take 1"),  # 7
    B234,  # 8
    B23,  # 9
    _go(14, "Move ahead 4"),  # 10
    B234,  # 11
    B2,  # 12
    _go(0, "Go to Start"),  # 13
    B234,  # 14
    _go(9, "Go back 6"),  # 15
    B2,  # 16
    B234,  # 17
    B23,  # 18
    B2,  # 19
    B234,  # 20
    Space(Kind.DOG_BONE, 0, "Dog Bone"),  # 21
    B234,  # 22
    B2,  # 23
    Space(Kind.LOSE, 2, "Lose 2"),  # 24
    B2,  # 25
    B234,  # 26
    _go(21, "Go to Dog Bone"),  # 27
    B234,  # 28
    B23,  # 29
    _go(CHEESE_WHEEL, "Go to Cheese Wheel"),  # 30
    B2,  # 31
    B234,  # 32
    _go(29, "Go back 4"),  # 33
    B2,  # 34
    B234,  # 35
    B23,  # 36
    Space(Kind.TAKE_RICHEST, 3, "Take 3 from the richest rival"),  # 37
    B234,  # 38
    Space(Kind.LOSE, 3, "Lose 3"),  # 39
    B234,  # 40
    B23,  # 41
    _go(36, "Go back 6"),  # 42
    B2,  # 43
    Space(Kind.SAFE, 0, "Safe"),  # 44
    B234,  # 45
    Space(Kind.TURN_CRANK, 0, "Turn Crank"),  # 46
    B234,  # 47
    Space(Kind.TAKE, 2, "Take 2"),  # 48
    Space(Kind.CHEESE_WHEEL, 2, "Cheese Wheel"),  # 49
)

COMPONENTS: tuple[str, ...] = (
    "Base A",
    "Gear support",
    "Gear 3",
    "Crank",
    "Gear 5",
    "Stop sign and rubber band",
    "Lamppost",
    "Shoe",
    "Stairway",
    "Bucket with first metal marble",
    "Base B",
    "Rain gutter",
    "Plumbing",
    "Helping hand",
    "Thing-a-ma-jig",
    "Bathtub",
    "Second metal marble",
    "Diving board",
    "Diver",
    "Cage Base C",
    "Washtub",
    "Cage post",
    "Cage",
)
COMPONENT_COUNT = len(COMPONENTS)


def advance(position: int, steps: int) -> int:
    """Return where a mouse on `position` ends after `steps` forward: past 49 continues at 44."""
    target = position + steps
    if target >= SPACE_COUNT:
        return LOOP_START + (target - LOOP_START) % LOOP_LENGTH
    return target


def is_loop(position: int) -> bool:
    """Return True for the six loop spaces 44..49."""
    return position >= LOOP_START


def builds_in(space: Space, seat_count: int) -> bool:
    """Return True when `space` is a Build space eligible for a game begun with `seat_count`."""
    return space.kind is Kind.BUILD and seat_count <= space.value


def describe_space(index: int, seat_count: int | None = None) -> str:
    """Return a readable sentence of what landing on space `index` does."""
    space = SPACES[index]
    kind = space.kind
    if kind is Kind.BUILD:
        counts = {2: "2", 3: "2 or 3", 4: "2, 3 or 4"}[space.value]
        amount = (
            "the next two components (or the last one)"
            if is_loop(index)
            else ("the next component")
        )
        text = (
            f"{space.label}: in a game begun with {counts} mice, install {amount} and take "
            "one cheese from the supply for each, while the supply lasts."
        )
        if seat_count is not None and not builds_in(space, seat_count):
            text += f" Not eligible in this {seat_count}-mouse game: nothing happens."
        return text
    if kind is Kind.TAKE:
        return (
            f"Take {space.value}: take {space.value} cheese from the supply; any shortfall "
            "comes from the richest rival(s)."
        )
    if kind is Kind.TAKE_RICHEST:
        return "Take up to 3 cheese from the richest rival(s), even while the supply has cheese."
    if kind is Kind.LOSE:
        return f"Lose {space.value}: return {space.value} cheese (or all you have) to the supply."
    if kind is Kind.GO_TO:
        return (
            f"{space.label}: move to space {space.value} and end the turn; that space does "
            "nothing this time."
        )
    return {
        Kind.START: "Start: where every mouse begins. Landing here again does nothing.",
        Kind.DOG_BONE: "Dog Bone: the turn ends with no effect.",
        Kind.SAFE: "Safe: no rival can pay cheese to move you while you stay here.",
        Kind.CHEESE_WHEEL: (
            "Cheese Wheel: take 2 cheese as on a Take space. The cage falls here: mice on the "
            "Wheel can be captured."
        ),
        Kind.TURN_CRANK: (
            "Turn Crank: once all 23 components are installed, landing here by your roll "
            "starts the trap phase; before that, nothing happens."
        ),
    }[kind]
