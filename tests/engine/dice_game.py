"""A tiny dice game, Pig to 100, to test the engine's match runner, records and provably fair
chance without any real game's rules (tests/test_one_folder.py: a platform test names no game).

Two to four seats take turns. Chance picks the starting seat when the options leave it open.
On a turn the seat rolls the die (chance draws 1..6): a 1 loses the turn's points and passes the
turn; any other value adds to the turn's points, and the seat rolls again or holds, banking them
and passing the turn. The first seat to bank 100 wins. Holding is legal only after a roll.

Its actions are interned (one object per action, like real games' die faces), so a record's
moves hold no object per move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from mousehole.bots.random import RandomBot
from mousehole.engine import (
    CHANCE,
    JSON,
    TERMINAL,
    Action,
    IllegalActionError,
    InvalidStateError,
    MalformedActionError,
    SeatedGame,
    State,
)
from mousehole.games import Conformance, GameManifest

GOAL = 100


class DiceAction(Action):
    __slots__ = ("kind", "value")

    def __init__(self, kind: str, value: int = 0):
        self.kind = kind  # "roll" or "hold" (a seat's), "die" or "start_seat" (chance)
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DiceAction) and (self.kind, self.value) == (
            other.kind,
            other.value,
        )

    def __hash__(self) -> int:
        return hash((self.kind, self.value))

    def __repr__(self) -> str:
        return f"DiceAction.from_text({self.to_text()!r})"

    def to_json(self) -> JSON:
        if self.kind == "die":
            return {"type": "die", "value": self.value}
        if self.kind == "start_seat":
            return {"type": "start_seat", "seat": self.value}
        return {"type": self.kind}

    def to_text(self) -> str:
        return f"{self.kind}:{self.value}" if self.kind in ("die", "start_seat") else self.kind


ROLL = DiceAction("roll")
HOLD = DiceAction("hold")
DIE = {value: DiceAction("die", value) for value in range(1, 7)}
START = {seat: DiceAction("start_seat", seat) for seat in range(4)}
DIE_OUTCOMES = tuple((die, 1 / 6) for die in DIE.values())


class DiceState(State):
    __slots__ = ("_game", "current", "phase", "scores", "turn")

    def __init__(
        self, game: DiceGame, current: int, phase: str, scores: tuple[int, ...], turn: int = 0
    ):
        self._game, self.current, self.phase = game, current, phase
        self.scores, self.turn = scores, turn

    @property
    def game(self) -> DiceGame:
        return self._game

    def current_player(self) -> int:
        if self.phase in ("start", "die"):
            return CHANCE
        return TERMINAL if self.phase == "over" else self.current

    def legal_actions(self) -> Sequence[Action]:
        if self.phase == "roll":
            return (ROLL,)
        return (ROLL, HOLD) if self.phase == "decide" else ()

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        if self.phase == "start":
            n = len(self.scores)
            return tuple((START[seat], 1 / n) for seat in range(n))
        return DIE_OUTCOMES if self.phase == "die" else ()

    def _with(self, **changes: Any) -> DiceState:
        fields = {"current": self.current, "phase": self.phase, "scores": self.scores}
        return DiceState(self._game, **{**fields, "turn": self.turn, **changes})

    def _pass(self, scores: tuple[int, ...]) -> DiceState:
        return self._with(current=(self.current + 1) % len(scores), phase="roll", scores=scores)

    def apply(self, action: Action) -> DiceState:
        if self.current_player() == CHANCE:
            if action not in [outcome for outcome, _ in self.chance_outcomes()]:
                due = "the starting seat" if self.phase == "start" else "a die roll (1..6)"
                raise IllegalActionError(f"chance cannot {action.to_text()}: {due} is due")
            assert isinstance(action, DiceAction)
            if self.phase == "start":
                return self._with(current=action.value, phase="roll")
            if action.value == 1:
                return self._pass(self.scores)._with(turn=0)
            return self._with(phase="decide", turn=self.turn + action.value)
        if action not in self.legal_actions():
            only = "the only action now is to roll" if self.phase == "roll" else "it is over"
            raise IllegalActionError(
                f"seat {self.current} cannot {action.to_text()}: {only}", seat=self.current
            )
        if action == ROLL:
            return self._with(phase="die")
        scores = list(self.scores)
        scores[self.current] += self.turn
        if scores[self.current] >= GOAL:
            return self._with(phase="over", scores=tuple(scores), turn=0)
        return self._pass(tuple(scores))._with(turn=0)

    def winners(self) -> list[int]:
        return [self.current] if self.phase == "over" else []

    def to_json(self) -> JSON:
        return {
            "seat_count": len(self.scores),
            "current": self.current,
            "phase": self.phase,
            "scores": list(self.scores),
            "turn": self.turn,
        }

    def observation(self, seat: int | None) -> JSON:
        return self.to_json()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DiceState) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash((self.current, self.phase, self.scores, self.turn))


class DiceGame(SeatedGame):
    name: ClassVar[str] = "dice"
    title: ClassVar[str] = "Pig to 100"
    summary: ClassVar[str] = "Roll, or bank your points before a 1 takes them."
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4

    def new_initial_state(self) -> DiceState:
        scores = (0,) * self.seat_count
        if self.start_seat is None:
            return DiceState(self, 0, "start", scores)
        return DiceState(self, self.start_seat, "roll", scores)

    def state_from_json(self, data: Mapping[str, Any]) -> DiceState:
        count = data.get("seat_count")
        if count != self.seat_count:
            raise InvalidStateError("seat_count", f"expected {self.seat_count}, got {count!r}")
        phase = data.get("phase", "roll")
        if phase not in ("start", "roll", "die", "decide", "over"):
            raise InvalidStateError("phase", f"unknown phase {phase!r}")
        current = data.get("current", 0)
        if not isinstance(current, int) or not 0 <= current < count:
            raise InvalidStateError("current", f"no seat {current!r}")
        scores = data.get("scores", [0] * count)
        if not isinstance(scores, list) or len(scores) != count:
            raise InvalidStateError("scores", f"expected {count} scores, got {scores!r}")
        turn = data.get("turn", 0)
        return DiceState(self, current, phase, tuple(scores), turn)

    def action_from_json(self, data: Any) -> DiceAction:
        if not isinstance(data, Mapping):
            raise MalformedActionError(f"expected an action object, got {data!r}")
        kind = data.get("type")
        if kind in ("roll", "hold"):
            return ROLL if kind == "roll" else HOLD
        if kind == "die":
            value = data.get("value")
            if value not in DIE:
                raise MalformedActionError(f"die.value: {value!r} is outside 1..6")
            return DIE[value]
        if kind == "start_seat":
            seat = data.get("seat")
            if seat not in START:
                raise MalformedActionError(f"start_seat.seat: {seat!r} is no seat")
            return START[seat]
        raise MalformedActionError(f"type: not a dice action: {kind!r}")

    def action_from_text(self, text: str) -> DiceAction:
        kind, _, value = text.partition(":")
        if kind in ("die", "start_seat") and value.isdigit():
            return self.action_from_json({"type": kind, "value": int(value), "seat": int(value)})
        return self.action_from_json({"type": kind})


def _invariants(before: State | None, state: State) -> list[str]:
    data = state.to_json()
    return [] if all(0 <= score < GOAL + 6 for score in data["scores"]) else ["a score"]


DICE = GameManifest(
    game=DiceGame,
    blurb=DiceGame.summary,
    bots={"random": RandomBot},
    conformance=Conformance(_invariants),
)
"""The test game's whole registration (tests register it with
`monkeypatch.setitem(REGISTRY, DICE.name, DICE)`)."""
