"""Mouse Chaos positions as JSON both ways (reading checks every field, and positions.py
refuses what play cannot make) and its events as JSON. It imports the states (state.py), never
the reverse: a state asks its game (game.py) for them."""

# `make venv` compiles the module marked so with mypyc where it can (docs/testing.md):
# mousehole: mypyc
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import JSON, InvalidStateError
from ...engine.fields import json_object, one_of, same_game, true_or_false, whole_number
from ...engine.formats import FormattedGame
from . import ends as E
from . import moves as M
from .board import COLOURS, HOLDERS, MICE, POSES, TABLE, node_json, parse_node
from .observer import NAME, colour_json, public_json, ranking_json
from .phases import CAP, ENDINGS, OVER, PHASES
from .positions import check_position
from .standings import ranking
from .state import MouseChaosState


def state_to_json(state: MouseChaosState) -> JSON:
    """Return the omniscient position (never sent to a player: `colours`, `cards` and
    `peeks` are the secrets)."""
    data = public_json(state)
    data["colours"] = [colour_json(c) for c in state.colours]
    data["cards"] = [colour_json(c) for c in state.cards]
    data["peeks"] = [
        [[m, turn] for m, turn in enumerate(known) if turn >= 0] for known in state.knows
    ]
    return data


# -- reading a position --------------------------------------------------------------------


def _node(value: Any, where: str, table: bool = True) -> int:
    node = parse_node(value)
    if node is None or (node == TABLE and not table):
        raise InvalidStateError(where, f'expected [row, col] (0..9 each) or "table", got {value!r}')
    return node


def _colours(value: Any, where: str, size: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != size:
        raise InvalidStateError(where, f"expected a list of {size} colours (or null)")
    out = []
    for i, c in enumerate(value):
        if c is not None and c not in COLOURS:
            raise InvalidStateError(f"{where}[{i}]", f"{c!r} is not one of {', '.join(COLOURS)}")
        out.append(-1 if c is None else COLOURS.index(c))
    return tuple(out)


def _list(data: Mapping[str, Any], key: str, size: int) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list) or len(value) != size:
        raise InvalidStateError(key, f"expected a list of {size}")
    return value


def _item(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InvalidStateError(where, "expected a JSON object")
    return value


def state_from_json(game: FormattedGame[Any, Any], data: Mapping[str, Any]) -> MouseChaosState:
    """Return the position `data` describes; raise InvalidStateError naming the bad field.

    The position is `to_json`'s: every field is required except `game`, `round`, `dealt`,
    `winners` and `ranking` (derived; checked when given). positions.py refuses what play
    cannot make.
    """
    data = json_object(data)
    same_game(data, NAME, "a Mouse Chaos position")
    n = whole_number(data.get("seats"), "seats", 2, 4)
    if n != game.seat_count:
        raise InvalidStateError("seats", f"{n} does not match this game's {game.seat_count} seats")
    state = MouseChaosState(game)
    state.phase = one_of(data.get("phase"), "phase", PHASES)
    state.current = whole_number(data.get("current"), "current", 0, n - 1)
    state.turn = whole_number(data.get("turn"), "turn")
    draws = data.get("draws")
    if not isinstance(draws, list) or len(draws) > n:
        raise InvalidStateError("draws", f"expected a list of at most {n} numbers")
    state.draws = tuple(whole_number(v, f"draws[{i}]", 1, HOLDERS) for i, v in enumerate(draws))
    mice = [_item(v, f"mice[{i}]") for i, v in enumerate(_list(data, "mice", MICE))]
    state.mice = tuple(_node(m.get("at"), f"mice[{i}].at") for i, m in enumerate(mice))
    state.revealed = tuple(
        true_or_false(m.get("revealed"), f"mice[{i}].revealed") for i, m in enumerate(mice)
    )
    holders = [_item(v, f"holders[{i}]") for i, v in enumerate(_list(data, "holders", HOLDERS))]
    state.holders = tuple(_node(h.get("at"), f"holders[{i}].at") for i, h in enumerate(holders))
    state.numbers = tuple(
        0 if h.get("number") is None else whole_number(h["number"], f"holders[{i}].number", 1, 6)
        for i, h in enumerate(holders)
    )
    state.cats = tuple(_node(c, f"cats[{i}]") for i, c in enumerate(_list(data, "cats", 4)))
    chairs = [_item(v, f"chairs[{i}]") for i, v in enumerate(_list(data, "chairs", 4))]
    state.chairs = tuple(
        (
            _node(c.get("at"), f"chairs[{i}].at", table=False),
            POSES.index(one_of(c.get("pose"), f"chairs[{i}].pose", POSES)),
        )
        for i, c in enumerate(chairs)
    )
    picked, steps, reveal = data.get("picked"), data.get("steps"), data.get("reveal")
    state.picked = -1 if picked is None else whole_number(picked, "picked", 0, HOLDERS - 1)
    state.steps = 0 if steps is None else whole_number(steps, "steps", 1, HOLDERS)
    if reveal is not None:
        reveal = _item(reveal, "reveal")
        state.reveal = whole_number(reveal.get("nest"), "reveal.nest", 0, 3)
        state.revealer = whole_number(reveal.get("seat"), "reveal.seat", 0, n - 1)
    state.complete = tuple(
        true_or_false(v, f"complete[{i}]") for i, v in enumerate(_list(data, "complete", 4))
    )
    state.shown = tuple(
        true_or_false(v, f"shown[{i}]") for i, v in enumerate(_list(data, "shown", 4))
    )
    ending = data.get("ending")
    if ending is not None and ending not in ENDINGS:
        raise InvalidStateError("ending", f"{ending!r} is not null or one of {', '.join(ENDINGS)}")
    state.ending = ending
    state.colours = _colours(data.get("colours"), "colours", MICE)
    state.cards = _colours(data.get("cards"), "cards", 4)
    state.knows = _peeks(data.get("peeks"), n, state.turn)
    winners = data.get("winners")
    if state.phase is OVER and ending == "win":
        if not isinstance(winners, list) or len(winners) != 1:
            raise InvalidStateError("winners", "a won game names its one winning seat")
        state.winner = whole_number(winners[0], "winners[0]", 0, n - 1)
    check_position(state)
    if winners is not None and winners != state.winners():
        raise InvalidStateError(
            "winners", f"the position's winners are {state.winners()}, not {winners!r}"
        )
    given = data.get("ranking")
    derived = ranking_json(ranking(state)) if state.ending == CAP else None
    if given is not None and given != derived:
        raise InvalidStateError("ranking", f"the position's ranking at the cap is {derived}")
    return state


def _peeks(value: Any, n: int, turn: int) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, list) or len(value) != n:
        raise InvalidStateError("peeks", f"expected {n} lists of [mouse, turn], one per seat")
    knows = []
    for seat, pairs in enumerate(value):
        known = [-1] * MICE
        if not isinstance(pairs, list):
            raise InvalidStateError(f"peeks[{seat}]", "expected a list of [mouse, turn]")
        for i, pair in enumerate(pairs):
            where = f"peeks[{seat}][{i}]"
            if not isinstance(pair, list) or len(pair) != 2:
                raise InvalidStateError(where, "expected [mouse, turn]")
            m = whole_number(pair[0], f"{where}[0]", 0, MICE - 1)
            if known[m] >= 0:
                raise InvalidStateError(where, f"mouse {m} is listed twice")
            known[m] = whole_number(pair[1], f"{where}[1]", 1, max(1, turn))
        knows.append(tuple(known))
    return tuple(knows)


def position_from_observation(
    game: FormattedGame[Any, Any],
    seen: Mapping[str, Any],
    colours: Sequence[int],
    cards: Sequence[int],
) -> MouseChaosState:
    """Return a full position that agrees with the observation `seen`, with `colours` and
    `cards` (colour indexes) filled in for what the viewer does not know: a bot's sample."""
    data = {key: value for key, value in seen.items() if key not in ("hands", "you")}
    data["mice"] = [{"at": m["at"], "revealed": m["revealed"]} for m in seen["mice"]]
    data["colours"] = [colour_json(c) for c in colours]
    data["cards"] = [colour_json(c) for c in cards]
    data["peeks"] = [[] for _ in range(game.seat_count)]
    return state_from_json(game, data)


# -- events --------------------------------------------------------------------------------


def _path(kind: int, piece: int, to: int, steps: int, before: tuple[Any, ...]) -> list[Any]:
    return [node_json(node) for node in E.path(kind, piece, steps, to, *before)]


def event_to_json(event: tuple[Any, ...]) -> JSON:
    """Return a compact event tuple as a JSON object with named fields."""
    kind, seat, *rest = event
    data: JSON = {"type": kind, "seat": seat}
    if kind == "turn":
        data["round"] = rest[0]
    elif kind == "draw":
        data["number"] = rest[0]
    elif kind == "pick":
        data["holder"], data["from"] = rest[0], node_json(rest[1])
    elif kind == "number":
        data["holder"], data["number"] = rest
    elif kind == "peek":
        data["mouse"] = rest[0]
    elif kind == "stuck":
        data["holder"] = rest[0]
    elif kind in ("holder", "mouse", "cat"):
        piece, to, steps, before = rest
        code = {"holder": M.HOLDER, "mouse": M.MOUSE, "cat": M.CAT}[kind]
        data[kind] = piece
        data["to"] = node_json(to)
        data["path"] = _path(code, piece, to, steps, before)
    elif kind == "caught":
        data["mouse"], data["cat"] = rest
    elif kind == "no_move":
        data["steps"] = rest[0]
    elif kind == "chair":
        data["chair"], data["to"], data["pose"] = rest[0], node_json(rest[1]), POSES[rest[2]]
    elif kind == "reveal":
        nest, owner, cards = rest
        data["nest"], data["owner"] = nest, owner if owner >= 0 else None
        data["card_colours"] = [COLOURS[c] for c in cards]
    elif kind == "turned":
        data["mouse"], data["colour"], data["right"] = rest[0], COLOURS[rest[1]], rest[2]
    elif kind == "complete":
        data["nest"], data["owner"] = rest[0], rest[1] if rest[1] >= 0 else None
    elif kind == "ejected":
        data["mouse"], data["nest"], data["to"] = rest[0], rest[1], node_json(rest[2])
    elif kind == "end":
        data["seat"] = seat if seat >= 0 else None
        data["reason"], data["winners"] = rest[0], list(rest[1])
        if rest[0] == CAP:
            data["ranking"] = ranking_json(rest[2])
    return data


__all__ = ["event_to_json", "position_from_observation", "state_from_json", "state_to_json"]
