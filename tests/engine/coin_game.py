"""A tiny two-seat game with a secret, to test the engine without any real game's rules.

Chance deals seat 1 a secret coin (heads or tails); seat 0 guesses it; a right guess wins for
seat 0, a wrong one for seat 1. Seat 1's coin is its secret: only seat 1 may see the deal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from mousehole.engine import (
    CHANCE,
    JSON,
    TERMINAL,
    Action,
    Game,
    IllegalActionError,
    InvalidStateError,
    MalformedActionError,
    State,
)


class CoinAction(Action):
    __slots__ = ("kind", "side")

    def __init__(self, kind: str, side: str):
        self.kind = kind  # "deal" (chance) or "guess"
        self.side = side

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CoinAction) and (self.kind, self.side) == (other.kind, other.side)

    def __hash__(self) -> int:
        return hash((self.kind, self.side))

    def to_json(self) -> JSON:
        return {"type": self.kind, "side": self.side}

    def to_text(self) -> str:
        return f"{self.kind}:{self.side}"


class CoinState(State):
    __slots__ = ("_game", "coin", "guess")

    def __init__(self, game: CoinGame, coin: str | None = None, guess: str | None = None):
        self._game, self.coin, self.guess = game, coin, guess

    @property
    def game(self) -> CoinGame:
        return self._game

    def current_player(self) -> int:
        if self.coin is None:
            return CHANCE
        return 0 if self.guess is None else TERMINAL

    def legal_actions(self) -> Sequence[Action]:
        if self.current_player() != 0:
            return ()
        return (CoinAction("guess", "heads"), CoinAction("guess", "tails"))

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        if self.coin is not None:
            return ()
        return ((CoinAction("deal", "heads"), 0.5), (CoinAction("deal", "tails"), 0.5))

    def apply(self, action: Action) -> CoinState:
        if self.coin is None:
            if action not in [a for a, _ in self.chance_outcomes()]:
                raise IllegalActionError(f"chance cannot {action.to_text()}: a deal is due")
            assert isinstance(action, CoinAction)
            return CoinState(self._game, action.side)
        if action not in self.legal_actions():
            raise IllegalActionError(f"seat 0 cannot {action.to_text()} now", seat=0)
        assert isinstance(action, CoinAction)
        return CoinState(self._game, self.coin, action.side)

    def winners(self) -> list[int]:
        if self.guess is None:
            return []
        return [0] if self.guess == self.coin else [1]

    def to_json(self) -> JSON:
        return {"coin": self.coin, "guess": self.guess}

    def observation(self, seat: int | None) -> JSON:
        over = self.guess is not None
        return {"coin": self.coin if seat == 1 or over else None, "guess": self.guess}

    def action_view(self, action: Action, viewer: int | None) -> JSON | None:
        assert isinstance(action, CoinAction)
        if action.kind == "deal" and viewer != 1:
            return {"type": "deal", "side": None}  # the deal happened; the side is secret
        return action.to_json()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CoinState) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash((self.coin, self.guess))


class CoinGame(Game):
    name: ClassVar[str] = "coin"
    title: ClassVar[str] = "Hidden coin"
    summary: ClassVar[str] = "Guess the other seat's secret coin."
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2

    @property
    def seat_count(self) -> int:
        return 2

    def options(self) -> JSON:
        return {}

    def new_initial_state(self) -> CoinState:
        return CoinState(self)

    def state_from_json(self, data: Mapping[str, Any]) -> CoinState:
        coin, guess = data.get("coin"), data.get("guess")
        if coin not in (None, "heads", "tails"):
            raise InvalidStateError("coin", f"expected heads, tails or null, got {coin!r}")
        return CoinState(self, coin, guess)

    def action_from_json(self, data: Any) -> CoinAction:
        if not isinstance(data, Mapping) or data.get("type") not in ("deal", "guess"):
            raise MalformedActionError(f"type: not a coin action: {data!r}")
        if data.get("side") not in ("heads", "tails"):
            raise MalformedActionError(f"side: expected heads or tails, got {data.get('side')!r}")
        return CoinAction(data["type"], data["side"])

    def action_from_text(self, text: str) -> CoinAction:
        kind, _, side = text.partition(":")
        return self.action_from_json({"type": kind, "side": side})
