"""Don't Cut the Cheese positions as JSON both ways (reading checks every field and refuses
what play cannot reach) and its events as JSON. It imports the states (state.py), never the
reverse: a state asks its game (game.py) for them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import JSON, InvalidStateError
from ...engine.fields import json_object, one_of, same_game, true_or_false, whole_number
from ...engine.formats import FormattedGame
from . import actions as A
from .bag import TOKENS_PER_COLOUR
from .observer import NAME, observation
from .paper import (
    COLS,
    ROWS,
    from_rows,
    strength,
    unreachable,
)
from .phases import (
    BITE,
    DRAW,
    OVER,
    PAPER,
    PHASES,
    SPIN,
    SPIN_OFF,
    SPIN_OFF_REASONS,
    SPIN_OFF_SPINNER,
    SPINNER,
    START,
    around,
)
from .state import CheeseState

_ON_THE_TRAP = (SPIN, SPINNER, BITE)
"""Phases with a paper on the trap that has not snapped (its threshold drawn and secret)."""
_AFTER_SNAP = (DRAW, SPIN_OFF, SPIN_OFF_SPINNER, OVER)


def state_to_json(state: CheeseState) -> JSON:
    """Return the omniscient position: the observation plus the paper's threshold."""
    data = observation(state, None)
    del data["viewer"]
    data["threshold"] = state.threshold
    return data


# -- reading a position -------------------------------------------------------------------


def _paper(value: Any) -> int:
    if not isinstance(value, list) or len(value) != ROWS:
        raise InvalidStateError("paper", f"expected {ROWS} strings of {COLS} characters")
    for r, line in enumerate(value):
        if not isinstance(line, str) or len(line) != COLS or set(line) - {"#", "."}:
            raise InvalidStateError(
                f"paper[{r}]", f"expected {COLS} characters, '#' paper or '.' eaten"
            )
    eaten = from_rows(value)
    why = unreachable(eaten)
    if why is not None:
        raise InvalidStateError("paper", why)
    return eaten


def _tokens(value: Any, where: str) -> tuple[int, int, int]:
    if not isinstance(value, Mapping) or set(value) != set(A.COLOURS):
        raise InvalidStateError(where, f"expected an object with {', '.join(A.COLOURS)}")
    o, w, y = (whole_number(value[c], f"{where}.{c}", 0, TOKENS_PER_COLOUR) for c in A.COLOURS)
    return (o, w, y)


def _seat_or_null(value: Any, where: str, n: int) -> int | None:
    return None if value is None else whole_number(value, where, 0, n - 1)


def _threshold(value: Any, where: str) -> int | None:
    return None if value is None else whole_number(value, where, 1, 3)


def _seats(value: Any, where: str, n: int) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise InvalidStateError(where, "expected a list of seats")
    seats = tuple(whole_number(s, f"{where}[{i}]", 0, n - 1) for i, s in enumerate(value))
    if len(set(seats)) != len(seats):
        raise InvalidStateError(where, "a seat is listed twice")
    return seats


def state_from_json(game: FormattedGame[CheeseState, Any], data: Mapping[str, Any]) -> CheeseState:
    """Return the position `data` describes; raise InvalidStateError naming the bad field.

    Optional on input: `game`, `direction` (1), `paper_bites` (0 for an uneaten paper, else
    the fewest bites that eat it), `bites_left` (0), `spin_again` (false), `round` (1),
    `snapper`, `last_threshold`, `winner` and `spin_off` (null), `drawing` ([]), `turns` (0),
    and `strength` (checked when given). A position play cannot reach is refused.
    """
    data = json_object(data)
    same_game(data, NAME, "a Don't Cut the Cheese position")
    n = whole_number(data.get("seat_count"), "seat_count", A.MIN_SEATS, A.MAX_SEATS)
    if n != game.seat_count:
        raise InvalidStateError(
            "seat_count", f"{n} does not match this game's {game.seat_count} seats"
        )
    state = CheeseState(game, n, 0, START)
    state.phase = one_of(data.get("phase"), "phase", PHASES)
    state.current = whole_number(data.get("current"), "current", 0, n - 1)
    direction = data.get("direction", 1)
    if direction not in (1, -1) or isinstance(direction, bool):
        raise InvalidStateError("direction", f"expected 1 or -1, got {direction!r}")
    state.direction = direction
    state.eaten = eaten = _paper(data.get("paper"))
    if "strength" in data and data["strength"] != strength(eaten):
        raise InvalidStateError(
            "strength", f"this paper's strength is {strength(eaten)}, not {data['strength']!r}"
        )
    cells = eaten.bit_count()
    state.paper_bites = whole_number(data.get("paper_bites", (cells + 3) // 4), "paper_bites")
    if (state.paper_bites == 0) != (eaten == 0):
        raise InvalidStateError("paper_bites", "a paper is eaten exactly when it was bitten")
    # The first bite of a paper eats all four cells of its mouth and every later bite at least
    # two (no nibbling); scraps that fall away only add eaten cells. So b bites eat at least
    # 4 + 2 * (b - 1) cells: at most (cells - 2) // 2 bites explain `cells` eaten cells.
    most = max(0, (cells - 2) // 2)
    if state.paper_bites > most:
        raise InvalidStateError(
            "paper_bites",
            f"{state.paper_bites} bites cannot have eaten only {cells} cells: the first bite of"
            f" a paper eats 4 and every later one at least 2, so at most {most}",
        )
    state.bites_left = whole_number(data.get("bites_left", 0), "bites_left", 0, 3)
    state.spin_again = true_or_false(data.get("spin_again", False), "spin_again")
    raw = data.get("tokens")
    if not isinstance(raw, list) or len(raw) != n:
        raise InvalidStateError("tokens", f"expected {n} objects of token counts, one per seat")
    state.tokens = tuple(_tokens(held, f"tokens[{i}]") for i, held in enumerate(raw))
    state.bag = _tokens(data.get("bag"), "bag")
    for c, colour in enumerate(A.COLOURS):
        held = sum(t[c] for t in state.tokens)
        if held + state.bag[c] != TOKENS_PER_COLOUR:
            raise InvalidStateError(
                f"bag.{colour}",
                f"{state.bag[c]} in the bag + {held} held must be {TOKENS_PER_COLOUR}",
            )
    state.round = whole_number(data.get("round", 1), "round", 1)
    state.turns = whole_number(data.get("turns", 0), "turns")
    state.snapper = _seat_or_null(data.get("snapper"), "snapper", n)
    state.winner = _seat_or_null(data.get("winner"), "winner", n)
    state.threshold = _threshold(data.get("threshold"), "threshold")
    state.last_threshold = _threshold(data.get("last_threshold"), "last_threshold")
    state.drawing = _seats(data.get("drawing", []), "drawing", n)
    _spin_off(state, data.get("spin_off"))
    _check_phase(state)
    _check_history(state)
    return state


def _spin_off(state: CheeseState, raw: Any) -> None:
    if raw is None:
        return
    if not isinstance(raw, Mapping):
        raise InvalidStateError("spin_off", "expected {reason, contestants, values} or null")
    state.spin_off_reason = one_of(raw.get("reason"), "spin_off.reason", SPIN_OFF_REASONS)
    state.contest = contest = _seats(raw.get("contestants"), "spin_off.contestants", state.n)
    if len(contest) < 2:
        raise InvalidStateError("spin_off.contestants", "a spin-off needs two or more seats")
    values = raw.get("values")
    if not isinstance(values, list) or len(values) != len(contest):
        raise InvalidStateError("spin_off.values", "expected one value (or null) per contestant")
    state.scores = tuple(
        None if v is None else whole_number(v, f"spin_off.values[{i}]", 0)
        for i, v in enumerate(values)
    )


def _check_phase(state: CheeseState) -> None:
    """Refuse fields that disagree with the phase."""
    phase, s = state.phase, strength(state.eaten)
    if phase is not BITE and state.bites_left:
        raise InvalidStateError("bites_left", f"bites are taken only in phase '{BITE}'")
    if phase is not DRAW and state.drawing:
        raise InvalidStateError("drawing", f"tokens are drawn only in phase '{DRAW}'")
    if (phase is OVER) != (state.winner is not None):
        raise InvalidStateError("winner", "set exactly when the game is over (phase 'over')")
    if phase in (SPIN_OFF, SPIN_OFF_SPINNER) and not state.contest:
        raise InvalidStateError("spin_off", f"phase '{phase}' needs the spin-off")
    if state.contest and phase not in (SPIN_OFF, SPIN_OFF_SPINNER, OVER):
        raise InvalidStateError("spin_off", f"phase '{phase}' has no spin-off")
    if phase in (START, PAPER):
        if state.eaten or state.threshold is not None or state.spin_again:
            raise InvalidStateError(
                "phase", f"in phase '{phase}' the paper is new: uneaten, no threshold yet"
            )
    elif state.threshold is None:
        raise InvalidStateError("threshold", f"phase '{phase}' needs the paper's threshold")
    if phase in _ON_THE_TRAP and s < state.threshold:  # type: ignore[operator]
        raise InvalidStateError(
            "threshold", f"strength {s} is below the threshold {state.threshold}: it snapped"
        )
    if phase is BITE and not state.bites_left:
        raise InvalidStateError("bites_left", f"phase '{BITE}' needs 1..3 bites left")
    if phase is BITE and state.spin_again and state.bites_left != 1:
        raise InvalidStateError("spin_again", "the spin-again face gives exactly 1 bite")
    if phase in (SPIN, SPINNER) and state.spin_again:
        raise InvalidStateError("spin_again", "the spin itself is due: nothing is pending")
    if phase in _AFTER_SNAP:
        if state.snapper is None or s >= state.threshold:  # type: ignore[operator]
            raise InvalidStateError(
                "threshold", f"phase '{phase}' comes after a snap: strength below threshold"
            )
        if state.last_threshold != state.threshold:
            raise InvalidStateError("last_threshold", "the snapped paper's threshold is shown")
    if phase is DRAW:
        order = around(state.snapper, state.n, state.direction)[1:]  # type: ignore[arg-type]
        if not state.drawing or state.drawing != order[len(order) - len(state.drawing) :]:
            raise InvalidStateError(
                "drawing",
                f"the seats still to draw, in order, end the list {list(order)}",
            )
        if state.current != state.snapper:
            raise InvalidStateError("current", "the snapper holds the spinner while others draw")
        if not sum(state.bag):
            raise InvalidStateError("bag", "no token is left to draw")
    if state.contest:
        _check_contest(state)


def _check_contest(state: CheeseState) -> None:
    contest, scores = state.contest, state.scores
    if state.phase is OVER:
        if state.winner not in contest:
            raise InvalidStateError("winner", "a spin-off's winner is one of its contestants")
        return
    if state.current not in contest:
        raise InvalidStateError("current", "the seat to spin is a contestant of the spin-off")
    index = contest.index(state.current)
    done, later = scores[:index], scores[index + 1 :]
    if None in done or any(v is not None for v in later):
        raise InvalidStateError(
            "spin_off.values", "the contestants before the current one have spun, the rest not"
        )
    mine = scores[index]
    if state.spin_again != (mine is not None) or (mine is not None and mine < 1):
        raise InvalidStateError(
            "spin_off.values",
            "the current contestant has a value only while a spin-again chain runs (>= 1)",
        )
    tokens = state.tokens
    seats = range(state.n)
    if state.spin_off_reason == "complete":
        complete = [s for s in seats if all(tokens[s])]
        most = max((sum(tokens[s]) for s in complete), default=0)
        if any(not all(tokens[s]) or sum(tokens[s]) != most for s in contest):
            raise InvalidStateError(
                "spin_off.contestants", "they completed their colours with the most tokens"
            )
    else:
        if sum(state.bag) or any(all(t) for t in tokens):
            raise InvalidStateError(
                "spin_off.reason", "'bag_empty': the bag is empty and nobody holds every colour"
            )
        rank = [(state.colours(s), sum(tokens[s])) for s in seats]
        if any(rank[s] != max(rank) for s in contest):
            raise InvalidStateError(
                "spin_off.contestants", "they rank first by colours, then tokens"
            )


def _check_history(state: CheeseState) -> None:
    """Refuse tokens, rounds and snaps that play cannot have led to."""
    n, phase = state.n, state.phase
    snapped = phase in _AFTER_SNAP
    rounds_done = state.round - 1 + snapped  # papers that snapped
    if (state.snapper is None) != (rounds_done == 0):
        raise InvalidStateError("snapper", "set exactly once a paper has snapped")
    if (state.last_threshold is None) != (rounds_done == 0):
        raise InvalidStateError("last_threshold", "set exactly once a paper has snapped")
    if phase is PAPER and rounds_done and state.current != state.snapper:
        raise InvalidStateError("current", "the snapper starts the new paper")
    if phase is START and (state.round != 1 or state.turns or state.direction != 1):
        raise InvalidStateError("phase", "'start' is before the first spin")
    drawn = 3 * TOKENS_PER_COLOUR - sum(state.bag)
    waiting = len(state.drawing)
    for seat, held in enumerate(state.tokens):
        if sum(held) > rounds_done:
            raise InvalidStateError(
                f"tokens[{seat}]", f"{sum(held)} tokens, but only {rounds_done} papers snapped"
            )
    if phase not in (SPIN_OFF, SPIN_OFF_SPINNER, OVER):
        expected = rounds_done * (n - 1) - waiting
        if drawn != expected:
            raise InvalidStateError(
                "bag", f"{drawn} tokens drawn, but {rounds_done} snapped papers give {expected}"
            )
        if phase is not DRAW and any(all(held) for held in state.tokens):
            # completing counts once the round's draws are done (ruling: "at once")
            raise InvalidStateError("tokens", "a seat holding every colour would have won")
        if phase is not DRAW and not sum(state.bag):
            raise InvalidStateError("bag", "an empty bag ends the game after the draws")
    if state.turns < rounds_done:
        raise InvalidStateError("turns", "every snap ends a turn")
    if phase is OVER and state.winner is not None and not state.contest:
        winner = state.winner
        complete = [s for s in range(n) if all(state.tokens[s])]
        if complete and winner not in complete:
            raise InvalidStateError("winner", "a seat that completed its colours won")
        if not complete and any(state.bag):
            raise InvalidStateError("winner", "nobody holds every colour and the bag is not empty")


# -- events ----------------------------------------------------------------

EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "start": (),
    "paper": ("round",),
    "spun": ("face",),
    "reverse": ("direction",),
    "turn": (),
    "bite": ("row", "col", "cells", "strength"),
    "fell": ("cells",),
    "snap": ("strength", "last_threshold", "paper_bites"),
    "draw": ("colour",),
    "bag_empty": ("without",),
    "complete": ("seats",),
    "spin_off": ("reason", "contestants"),
    "spin_off_value": ("value",),
    "won": ("how",),
}
"""Each event's fields after its type and seat, in the order the rules store them."""


def event_to_json(event: tuple[Any, ...]) -> JSON:
    """Return a compact event tuple as a JSON object with named fields."""
    kind, seat, *values = event
    data: JSON = {"type": kind, "seat": seat}
    for name, value in zip(EVENT_FIELDS[kind], values, strict=True):
        data[name] = value
    return data
