"""Mouse Trap positions as JSON both ways (reading checks every field) and its events as
JSON. It imports the states (state.py), never the reverse: a state asks its game (game.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import JSON, InvalidStateError
from ...engine.fields import json_object, one_of, same_game, true_or_false, whole_number
from ...engine.formats import FormattedGame
from .board import (
    CHEESE_WHEEL,
    COMPONENT_COUNT,
    COMPONENTS,
    SPACE_COUNT,
    TOTAL_CHEESE,
    TURN_CRANK,
)
from .phases import CRANK, OVER, PHASES, PUSH, ROLL, SPLIT, TRAP
from .state import MouseTrapState, new_state


def state_to_json(state: MouseTrapState) -> JSON:
    """Return the position as JSON (the fields `state_from_json` reads)."""
    pending: JSON | None = None
    if state.phase is SPLIT:
        tied, amount = state.pending
        pending = {"from": list(tied), "amount": amount}
    elif state.phase is PUSH:
        pending = {"target": state.pending}
    pos, cheese, captured = state.pos, state.cheese, state.captured  # each builds a tuple
    return {
        "game": "mousetrap",
        "seat_count": state.n,
        "current": state.current,
        "phase": state.phase,
        "pending": pending,
        "supply": state.supply,
        "components": state.components,
        "winner": state.winner,
        "turn": state.turn,
        "mice": [
            {
                "seat": seat,
                "position": pos[seat],
                "cheese": cheese[seat],
                "captured": captured[seat],
            }
            for seat in range(state.n)
        ],
    }


def state_from_json(
    game: FormattedGame[MouseTrapState, Any], data: Mapping[str, Any]
) -> MouseTrapState:
    """Return the position `data` describes; raise InvalidStateError naming the bad field.

    `phase` may be left out: the position is then the start of `current`'s turn.
    """
    data = json_object(data)
    same_game(data, "mousetrap", "a Mouse Trap position")
    n = whole_number(data.get("seat_count"), "seat_count", 2, 4)
    if n != game.seat_count:
        raise InvalidStateError(
            "seat_count", f"{n} does not match this game's {game.seat_count} seats"
        )
    mice = data.get("mice")
    if not isinstance(mice, list) or len(mice) != n:
        raise InvalidStateError("mice", f"expected a list of {n} mice, one per seat")
    pos, cheese, captured = [], [], []
    for i, mouse in enumerate(mice):
        where = f"mice[{i}]"
        if not isinstance(mouse, Mapping):
            raise InvalidStateError(where, "expected an object")
        seat = mouse.get("seat", i)
        if isinstance(seat, bool) or seat != i:
            raise InvalidStateError(f"{where}.seat", f"expected {i} (mice are listed by seat)")
        pos.append(whole_number(mouse.get("position"), f"{where}.position", 0, SPACE_COUNT - 1))
        cheese.append(whole_number(mouse.get("cheese"), f"{where}.cheese"))
        taken = true_or_false(mouse.get("captured", False), f"{where}.captured")
        if taken and cheese[i]:
            raise InvalidStateError(f"{where}.cheese", "a captured mouse holds no cheese")
        captured.append(taken)
    supply = whole_number(data.get("supply"), "supply", 0, TOTAL_CHEESE)
    if supply + sum(cheese) != TOTAL_CHEESE:
        raise InvalidStateError(
            "supply",
            f"supply {supply} + the mice's {sum(cheese)} cheese must be {TOTAL_CHEESE}",
        )
    components = whole_number(data.get("components"), "components", 0, COMPONENT_COUNT)
    current = whole_number(data.get("current"), "current", 0, n - 1)
    turn = whole_number(data.get("turn", 0), "turn")
    alive = [s for s in range(n) if not captured[s]]
    if not alive:
        raise InvalidStateError("mice", "at least one mouse must be uncaptured")
    winner = data.get("winner")
    if winner is not None and (isinstance(winner, bool) or not isinstance(winner, int)):
        raise InvalidStateError("winner", f"expected a seat index or null, got {winner!r}")
    phase = data.get("phase", None)
    if len(alive) == 1:
        if winner != alive[0]:
            raise InvalidStateError(
                "winner", f"only seat {alive[0]} is uncaptured, so it must be the winner"
            )
        if phase not in (None, OVER):
            raise InvalidStateError("phase", "the game is over: phase must be 'over'")
        phase = OVER
    elif winner is not None:
        raise InvalidStateError("winner", f"{len(alive)} mice are still free: no winner yet")
    elif phase is None:
        phase = ROLL
    phase = one_of(phase, "phase", PHASES)
    if phase == OVER and len(alive) > 1:
        raise InvalidStateError("phase", "'over' needs exactly one uncaptured mouse")
    if phase != OVER and captured[current]:
        raise InvalidStateError("current", f"seat {current} is captured and cannot act")
    pending = _pending(data.get("pending"), phase, n, current, captured)
    if phase in (TRAP, CRANK) and (components != COMPONENT_COUNT or pos[current] != TURN_CRANK):
        raise InvalidStateError(
            "phase", f"'{phase}' needs all 23 components and the current mouse on Turn Crank"
        )
    if phase == CRANK and not any(
        t != current and not captured[t] and pos[t] == CHEESE_WHEEL for t in range(n)
    ):
        raise InvalidStateError("phase", "'crank' needs an opponent on Cheese Wheel")
    if phase == PUSH and (components != COMPONENT_COUNT or pos[current] != TURN_CRANK):
        raise InvalidStateError("phase", "'push' happens only in a trap phase")
    if phase == SPLIT:
        tied, amount = pending  # type: ignore[misc]
        if any(cheese[t] < amount for t in tied):
            raise InvalidStateError("pending.amount", "a tied rival has less than the amount")
    state = new_state(
        game, n, tuple(pos), tuple(cheese), tuple(captured), supply, components, current,
        phase, pending, None if phase != OVER else alive[0], turn,
    )  # fmt: skip
    return state


def _pending(
    raw: Any, phase: str, n: int, current: int, captured: list[bool]
) -> tuple[tuple[int, ...], int] | int | None:
    if phase == SPLIT:
        if not isinstance(raw, Mapping):
            raise InvalidStateError("pending", "a 'split' needs {'from': [seats], 'amount': n}")
        tied = raw.get("from")
        if (
            not isinstance(tied, list)
            or len(tied) < 2
            or any(isinstance(t, bool) or not isinstance(t, int) for t in tied)
            or sorted(set(tied)) != tied
            or any(not 0 <= t < n or t == current or captured[t] for t in tied)
        ):
            raise InvalidStateError(
                "pending.from", "expected two or more distinct free rival seats, in order"
            )
        return tuple(tied), whole_number(raw.get("amount"), "pending.amount", 1, 3)
    if phase == PUSH:
        if not isinstance(raw, Mapping):
            raise InvalidStateError("pending", "a 'push' needs {'target': seat}")
        target = whole_number(raw.get("target"), "pending.target", 0, n - 1)
        if target == current or captured[target]:
            raise InvalidStateError("pending.target", "expected a free rival's seat")
        return target
    if raw is not None:
        raise InvalidStateError("pending", f"phase '{phase}' has nothing pending")
    return None


EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "start": (),
    "moved": ("from", "to", "die", "paid"),
    "lost": ("cheese",),
    "redirected": ("from", "to"),
    "trap_phase": (),
    "no_build": ("reason",),
    "built": ("first", "count", "cheese"),
    "collected": ("cheese", "asked"),
    "shortfall": ("missing",),
    "took": ("from",),
    "split_needed": ("from", "amount"),
    "trap_ended": (),
    "cranked": (),
    "spent": ("target",),
    "cage_stuck": (),
    "captured": ("victims", "cheese"),
    "won": (),
}
"""Each event's fields after its type and seat, in the order the rules store them."""


def event_to_json(event: tuple[Any, ...]) -> JSON:
    """Return a compact event tuple as a JSON object with named fields."""
    kind, seat, *values = event
    data: JSON = {"type": kind, "seat": seat}
    for name, value in zip(EVENT_FIELDS[kind], values, strict=True):
        data[name] = value
    if kind == "built":
        data["components"] = list(range(data["first"], data["first"] + data["count"]))
        data["names"] = [COMPONENTS[c - 1] for c in data["components"]]
        del data["first"], data["count"]
    elif kind == "took":
        data["from"] = {str(rival): n for rival, n in data["from"]}
    elif kind in ("split_needed", "captured"):
        key = "from" if kind == "split_needed" else "victims"
        data[key] = list(data[key])
    return data
