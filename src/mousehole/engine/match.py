"""The match runner: the only owner of randomness, and the writer of the record."""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from typing import Protocol

from .chance import sample_outcome
from .errors import IllegalActionError, InvalidRecordError, NotYourTurnError
from .fairness import check_secret, commitment, uniform_from_key
from .game import CHANCE, TERMINAL, Action, Game, State
from .record import Move, Moves, Record


class Player(Protocol):
    """Anything that picks an action for the seat to act (a bot, a scripted test player)."""

    def choose(self, state: State) -> Action:
        """Return one of `state.legal_actions()`."""
        ...


class Match:
    """A game in progress: applies actions, samples chance with a seeded RNG, records both.

    With `secret` (fairness.py) instead of a seed, the secret decides every chance outcome and
    the record carries its commitment: a provably fair match. `seed` is then None.
    """

    def __init__(
        self,
        game: Game,
        *,
        seed: int | None = None,
        state: State | None = None,
        secret: str | None = None,
    ):
        self.game = game
        self._key: bytes | None = None
        self.seed: int | None
        if secret is None:
            self.seed = secrets.randbits(63) if seed is None else seed
        elif seed is not None:
            raise ValueError("a match takes a seed or a secret, not both: either decides chance")
        else:
            self.seed = None
            self._key = bytes.fromhex(check_secret(secret))
        self._rng = random.Random(self.seed)
        self._state = game.new_initial_state() if state is None else state
        initial = None if state is None else state.to_json()
        self.record = Record(game.name, game.options(), Moves(), initial, self.seed)
        if secret is not None:
            self.record.commitment, self.record.secret = commitment(secret), secret

    @classmethod
    def resumed(
        cls,
        game: Game,
        record: Record,
        state: State,
        *,
        seed: int | None = None,
        drawn: int = 0,
    ) -> Match:
        """Return a match that carries on from a replayed `record` whose last state is `state`.

        Only the future is decided by the new `seed`: the recorded outcomes stay as they were.
        `drawn` skips that many numbers of the seed's stream (one is drawn per chance outcome),
        so a match rebuilt with its own seed continues its stream instead of repeating rolls
        already seen.
        A committed record carries on with its own secret, so that one commitment covers the
        whole match; without its secret (a player's view of it) it cannot carry on.
        """
        if record.commitment is None and record.secret is None:
            match = cls(game, seed=seed)
        elif record.secret is None:
            raise InvalidRecordError(
                "secret: a committed match can only carry on with its secret, "
                "and this record has its commitment alone"
            )
        elif record.commitment not in (None, commitment(record.secret)):
            raise InvalidRecordError("secret: it does not match the record's commitment")
        else:
            match = cls(game, seed=seed, secret=record.secret)
        if match._key is None:
            for _ in range(drawn):
                match._rng.random()
        match._state = state
        match.record = Record(
            record.game,
            dict(record.options),
            record.moves[:],  # a copy: the new match appends to its own
            record.initial,
            match.seed,
            match.record.commitment,
            match.record.secret,
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
        if self._key is None:
            u = self._rng.random()
        else:  # the outcome at index i of the moves is decided by the secret and i alone
            u = uniform_from_key(self._key, len(self.record.moves))
        outcome = sample_outcome(outcomes, u)
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
