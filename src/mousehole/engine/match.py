"""The match runner: the only owner of randomness, and the writer of the record."""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from typing import Protocol

from .errors import IllegalActionError, NotYourTurnError
from .game import CHANCE, TERMINAL, Action, Game, State, sample_outcome
from .record import Move, Record


class Player(Protocol):
    """Anything that picks an action for the seat to act (a bot, a scripted test player)."""

    def choose(self, state: State) -> Action:
        """Return one of `state.legal_actions()`."""
        ...


class Match:
    """A game in progress: applies actions, samples chance with a seeded RNG, records both."""

    def __init__(self, game: Game, *, seed: int | None = None, state: State | None = None):
        self.game = game
        self.seed = secrets.randbits(63) if seed is None else seed
        self._rng = random.Random(self.seed)
        self._state = game.new_initial_state() if state is None else state
        initial = None if state is None else state.to_json()
        self.record = Record(game.name, game.options(), [], initial, self.seed)

    @classmethod
    def resumed(cls, game: Game, record: Record, state: State, *, seed: int | None = None) -> Match:
        """Return a match that carries on from a replayed `record` whose last state is `state`.

        Only the future is decided by the new `seed`: the recorded outcomes stay as they were.
        """
        match = cls(game, seed=seed)
        match._state = state
        match.record = Record(
            record.game, dict(record.options), list(record.moves), record.initial, match.seed
        )
        return match

    @property
    def state(self) -> State:
        """Return the current state."""
        return self._state

    def apply(self, action: Action, seat: int | None = None) -> State:
        """Apply a player's action (for `seat`, if given, which must be the seat to act)."""
        actor = self._state.current_player()
        if actor == CHANCE:
            raise NotYourTurnError(
                f"{action.to_text()}: a chance outcome is due, not a player's action",
                seat=seat,
                action=action.to_text(),
            )
        if actor == TERMINAL:
            raise IllegalActionError(
                f"{action.to_text()}: the game is over", seat=seat, action=action.to_text()
            )
        if seat is not None and seat != actor:
            raise NotYourTurnError(
                f"seat {seat} cannot {action.to_text()}: it is seat {actor}'s turn",
                seat=seat,
                action=action.to_text(),
            )
        self._state = self._state.apply(action)
        self.record.moves.append(Move(actor, action))
        return self._state

    def sample_chance(self) -> Action:
        """Sample and apply one chance outcome; return it."""
        outcomes = self._state.chance_outcomes()
        if not outcomes:
            raise IllegalActionError("no chance outcome is due here")
        outcome = sample_outcome(outcomes, self._rng.random())
        self._state = self._state.apply(outcome)
        self.record.moves.append(Move(None, outcome))
        return outcome

    def resolve_chance(self) -> list[Action]:
        """Sample chance outcomes until a seat must decide or the game ends; return them."""
        sampled = []
        while self._state.current_player() == CHANCE:
            sampled.append(self.sample_chance())
        return sampled

    def play_out(self, players: Mapping[int, Player], max_moves: int = 1_000_000) -> State:
        """Play to the end with `players[seat]` deciding for each seat; return the final state."""
        state = self._state
        for _ in range(max_moves):
            actor = state.current_player()
            if actor == TERMINAL:
                return state
            if actor == CHANCE:
                self.sample_chance()
            else:
                self.apply(players[actor].choose(state))
            state = self._state
        raise RuntimeError(f"the match did not end within {max_moves} moves")
