"""Mouse Chaos test positions: build a scene with `scene`, act with `play`.

A scene starts from the position after the deal and the draw (seat 0 to pick on turn 1) with
a fixed deal: mothers red, blue, green, yellow (mice 0..3, one per nest corner), babies 4..6
red, 7..9 blue, 10..12 green, 13..15 yellow on the ring, and card slot k holding colour k.
Keyword arguments move pieces or set fields; squares are written (row, col).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import mousehole
from mousehole.engine import Match, State
from mousehole.games.mousechaos import MouseChaosGame, MouseChaosState
from mousehole.games.mousechaos.board import COLOURS, POSES

Square = tuple[int, int] | str
RING = [[r, c] for r in range(3, 7) for c in range(3, 7) if not (r in (4, 5) and c in (4, 5))]
BABY_COLOURS = [c for c in range(4) for _ in range(3)]


def game_for(seats: int, start_seat: int | None = None) -> MouseChaosGame:
    """Return the game for `seats`."""
    return MouseChaosGame(seats=seats, start_seat=start_seat)


def _node(at: Square) -> Any:
    return "table" if at == "table" else list(at)


def scene(
    seats: int = 4,
    *,
    mice: Mapping[int, Square] | None = None,
    holders: Mapping[int, Square] | None = None,
    numbers: Mapping[int, int | None] | None = None,
    cats: Mapping[int, Square] | None = None,
    chairs: Mapping[int, tuple[Square, str]] | None = None,
    colours: Sequence[int] | None = None,
    cards: Sequence[int] | None = None,
    revealed: Sequence[int] = (),
    **fields: Any,
) -> MouseChaosState:
    """Return a position through `state_from_json` (so every scene is a valid position)."""
    game = game_for(seats)
    mice_at: list[Any] = [[0, 0], [0, 9], [9, 9], [9, 0], *RING]
    for m, at in (mice or {}).items():
        mice_at[m] = _node(at)
    holder_at: list[Any] = ["table"] * 6
    for h, at in (holders or {}).items():
        holder_at[h] = _node(at)
    cat_at: list[Any] = [[2, 2], [2, 7], [7, 7], [7, 2]]
    for c, at in (cats or {}).items():
        cat_at[c] = _node(at)
    chair_at: list[Any] = [
        {"at": [2, 2], "pose": "N"},
        {"at": [2, 7], "pose": "E"},
        {"at": [7, 7], "pose": "S"},
        {"at": [7, 2], "pose": "W"},
    ]
    for c, (at, pose) in (chairs or {}).items():
        assert pose in POSES
        chair_at[c] = {"at": _node(at), "pose": pose}
    # A holder on the floor was picked, so its number is shown: one not given gets the lowest
    # number no other holder shows (a number given as None stays unshown).
    holder_numbers: list[int | None] = [(numbers or {}).get(h) for h in range(6)]
    for h, at in enumerate(holder_at):
        if at != "table" and h not in (numbers or {}):
            holder_numbers[h] = min(set(range(1, 7)) - set(holder_numbers))  # type: ignore[arg-type]
    mouse_colours = list(colours) if colours is not None else [0, 1, 2, 3, *BABY_COLOURS]
    data: dict[str, Any] = {
        "seats": seats,
        "phase": "pick",
        "current": 0,
        "turn": 1,
        "draws": [],
        "mice": [{"at": at, "revealed": m in revealed} for m, at in enumerate(mice_at)],
        "holders": [
            {"at": at, "number": n} for at, n in zip(holder_at, holder_numbers, strict=True)
        ],
        "cats": cat_at,
        "chairs": chair_at,
        "picked": None,
        "steps": None,
        "reveal": None,
        "complete": [False] * 4,
        "shown": [False] * 4,
        "ending": None,
        "colours": [COLOURS[c] for c in mouse_colours],
        "cards": [COLOURS[c] for c in (cards if cards is not None else range(4))],
        "peeks": [[] for _ in range(seats)],
    }
    data.update(fields)
    state = game.state_from_json(data)
    assert isinstance(state, MouseChaosState)
    return state


def moving(state_or_seats: MouseChaosState | int = 4, *, steps: int, **kw: Any) -> MouseChaosState:
    """Return a scene in the piece step with `steps` to move: holder 0 picked (on the table,
    stuck there, its number `steps`)."""
    numbers = dict(kw.pop("numbers", {}))
    numbers[0] = steps
    seats = state_or_seats if isinstance(state_or_seats, int) else state_or_seats.n
    return scene(seats, numbers=numbers, phase="piece", picked=0, steps=steps, **kw)


def play(state: MouseChaosState, *texts: str) -> MouseChaosState:
    """Apply each action written in short text form ("pick:0", "mouse:5:3,4", ...)."""
    for text in texts:
        action = state.game.action_from_text(text)
        nxt = state.apply(action)
        assert isinstance(nxt, MouseChaosState)
        state = nxt
    return state


def at(row: int, col: int) -> int:
    """Return the board node of (row, col)."""
    return row * 10 + col


def ends_of(state: MouseChaosState, kind: str, piece: int = 0) -> set[tuple[int, int] | str]:
    """Return where the legal actions of `kind` move `piece` to, as (row, col) or "table"."""
    out: set[tuple[int, int] | str] = set()
    for action in state.legal_actions():
        data = action.to_json()
        if data["type"] == kind and data.get(kind, 0) == piece:
            to = data["to"]
            out.add(to if to == "table" else (to[0], to[1]))
    return out


def midgame(seats: int, steps: int = 200) -> State:
    """Return the position after `steps` steps of a seeded random game, at a seat's turn."""
    match = Match(mousehole.load_game("mousechaos", seats=seats), seed=6)
    rng = random.Random(6)
    for _ in range(steps):
        state = match.state
        if state.is_chance_node():
            match.sample_chance()
        else:
            actions = state.legal_actions()
            match.apply(actions[rng.randrange(len(actions))])
    while match.state.current_player() < 0:
        match.sample_chance()
    return match.state
