"""Depth-limited expectimax over one seat's own turn, through the engine's public contract.

The search expands the acting seat's decisions and the chance nodes between them (exact
expectation: every outcome weighted by its probability) and stops where another seat would act,
at the end, or at the depth limit; there a game-specific evaluator scores the position for the
searching seat. Iterative deepening under a node budget keeps the answer deterministic (the same
position always gets the same choice) and bounded in time.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Protocol

from ..engine import CHANCE, Action, State


class Evaluator(Protocol):
    """Scores a position for `seat`: higher is better (e.g. an estimated win probability)."""

    def __call__(self, state: State, seat: int) -> float: ...


class _BudgetSpent(Exception):
    pass


class Expectimax:
    """Chooses the action of highest expected value within the seat's own turn."""

    def __init__(
        self,
        evaluate: Evaluator,
        *,
        max_depth: int = 4,
        node_budget: int = 20_000,
        key: Callable[[State], Hashable] | None = None,
    ):
        self.evaluate = evaluate
        self.max_depth = max_depth
        self.node_budget = node_budget
        self._key = key
        self.nodes = 0
        """Nodes expanded by the last `choose` (for benchmarks)."""

    def choose(self, state: State) -> Action:
        """Return the best action for the seat to act in `state`."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if not actions:
            raise ValueError("Expectimax was asked to act where no seat decides")
        seat = state.current_player()
        best = actions[0]
        self.nodes = 0
        for depth in range(1, self.max_depth + 1):
            try:
                best = self._best_at(state, seat, depth)
            except _BudgetSpent:
                break  # keep the answer of the deepest search that finished
        return best

    def scores(self, state: State, depth: int | None = None) -> list[tuple[Action, float]]:
        """Return each legal action with its expected value at `depth` (for tests and tools)."""
        seat = state.current_player()
        self.nodes = 0
        memo: dict[Hashable, float] = {}
        limit = self.max_depth if depth is None else depth
        return [
            (a, self._value(state.apply(a), seat, limit - 1, memo)) for a in state.legal_actions()
        ]

    def _best_at(self, state: State, seat: int, depth: int) -> Action:
        memo: dict[Hashable, float] = {}
        best_action, best_value = None, float("-inf")
        for action in state.legal_actions():
            value = self._value(state.apply(action), seat, depth - 1, memo)
            if value > best_value + 1e-12:  # ties keep the first listed action: deterministic
                best_action, best_value = action, value
        assert best_action is not None  # legal_actions was not empty
        return best_action

    def _value(self, state: State, seat: int, depth: int, memo: dict[Hashable, float]) -> float:
        actor = state.current_player()
        if actor != CHANCE and (actor != seat or depth <= 0):
            return self.evaluate(state, seat)  # another seat acts, the end, or the horizon
        key = None
        if self._key is not None:
            key = (self._key(state), depth)
            cached = memo.get(key)
            if cached is not None:
                return cached
        self.nodes += 1
        if self.nodes > self.node_budget:
            raise _BudgetSpent
        if actor == CHANCE:
            value = sum(
                p * self._value(state.apply(o), seat, depth, memo)
                for o, p in state.chance_outcomes()
            )
        else:
            value = max(
                self._value(state.apply(a), seat, depth - 1, memo) for a in state.legal_actions()
            )
        if key is not None:
            memo[key] = value
        return value
