"""Helpers for the Mouse Trap scenario tests: set up a position, play actions, read it back.

Positions go through the public API only (`Game.state_from_json`, `State.apply`, `to_json`), so
the tests check what a client of `mousehole` sees. The `table` fixture carries the helpers.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import cache
from typing import Any

import pytest

import mousehole
from mousehole import Game, State

TOTAL_CHEESE = 52
COMPONENT_COUNT = 23


@cache
def _game(seats: int) -> Game:
    return mousehole.load_game("mousetrap", seats=seats, start_seat=0)


class Table:
    """Builds Mouse Trap positions and plays text actions on them."""

    def game(self, seats: int) -> Game:
        """Return the Mouse Trap game for `seats` seats (seat 0 starts)."""
        return _game(seats)

    def position_json(
        self,
        at: Sequence[int],
        cheese: Sequence[int] | None = None,
        *,
        captured: Collection[int] = (),
        supply: int | None = None,
        components: int = 0,
        current: int = 0,
        phase: str | None = None,
        pending: Any = None,
        winner: int | None = None,
        turn: int = 0,
    ) -> dict[str, Any]:
        """Return position JSON: one mouse per entry of `at`; supply defaults to the rest of 52."""
        held = list(cheese) if cheese is not None else [0] * len(at)
        data: dict[str, Any] = {
            "seat_count": len(at),
            "current": current,
            "pending": pending,
            "supply": TOTAL_CHEESE - sum(held) if supply is None else supply,
            "components": components,
            "winner": winner,
            "turn": turn,
            "mice": [
                {"seat": seat, "position": p, "cheese": c, "captured": seat in captured}
                for seat, (p, c) in enumerate(zip(at, held, strict=True))
            ],
        }
        if phase is not None:
            data["phase"] = phase
        return data

    def position(
        self,
        at: Sequence[int],
        cheese: Sequence[int] | None = None,
        **fields: Any,
    ) -> State:
        """Return the state of `position_json(at, cheese, **fields)`, loaded by state_from_json."""
        data = self.position_json(at, cheese, **fields)
        return self.game(len(at)).state_from_json(data)

    def action(self, state: State, text: str) -> mousehole.Action:
        """Return the action written as `text` (e.g. "die:4", "split:1=2")."""
        return state.game.action_from_text(text)

    def play(self, state: State, *texts: str) -> State:
        """Return the state after applying each text action in turn."""
        for text in texts:
            state = state.apply(self.action(state, text))
        return state

    def roll(self, state: State, die: int) -> State:
        """Return the state after the current seat rolls and the die shows `die`."""
        return self.play(state, "roll", f"die:{die}")

    def texts(self, actions: Sequence[mousehole.Action]) -> list[str]:
        """Return the text forms of `actions`, in order."""
        return [a.to_text() for a in actions]

    def summary(self, state: State) -> dict[str, Any]:
        """Return the position in compact form (everything but the turn counter)."""
        data = state.to_json()
        return {
            "at": [m["position"] for m in data["mice"]],
            "cheese": [m["cheese"] for m in data["mice"]],
            "captured": [m["seat"] for m in data["mice"] if m["captured"]],
            "supply": data["supply"],
            "components": data["components"],
            "current": data["current"],
            "phase": data["phase"],
            "pending": data["pending"],
            "winner": data["winner"],
        }

    def expect(
        self,
        *,
        at: Sequence[int],
        cheese: Sequence[int],
        supply: int,
        components: int,
        current: int,
        phase: str,
        captured: Sequence[int] = (),
        pending: Any = None,
        winner: int | None = None,
    ) -> dict[str, Any]:
        """Return the `summary` of the position described; every main field is required."""
        assert supply + sum(cheese) == TOTAL_CHEESE, "the expected position loses cheese"
        return {
            "at": list(at),
            "cheese": list(cheese),
            "captured": list(captured),
            "supply": supply,
            "components": components,
            "current": current,
            "phase": phase,
            "pending": pending,
            "winner": winner,
        }


@pytest.fixture(scope="session")
def table() -> Table:
    """Return the position helpers (stateless, so one instance serves every test)."""
    return Table()
