"""Provably fair chance: a committed secret decides every chance outcome, and anyone can check.

Before the first chance outcome the server publishes `commitment(secret)`, a SHA-256 hash of a
random secret it keeps. The outcome at position `index` of the record's moves is
`sample_outcome(state.chance_outcomes(), uniform(secret, index))`, where `uniform` is an
HMAC-SHA256 of the index keyed with the secret. When the match ends the secret is revealed, and
`verify` checks that it hashes to the commitment and that it gives every recorded outcome.

One HMAC per index rather than a seeded generator: nothing carries over from one outcome to the
next, so any single outcome can be checked on its own, in any order, without replaying a random
number generator's state (and without trusting its implementation). docs/fairness.md says more.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .chance import sample_outcome
from .errors import InvalidRecordError
from .game import Action, Game
from .record import replay

COMMIT_PREFIX = "mousehole-commit-v1:"
"""Hashed in front of the secret, so that a commitment cannot be mistaken for another hash."""

CHANCE_PREFIX = "mousehole-chance-v1:"
"""HMAC message prefix: the message for the outcome at index 7 is `mousehole-chance-v1:7`."""

_SECRET = re.compile(r"[0-9a-f]{64}")
_COMMITMENT = re.compile(r"sha256:[0-9a-f]{64}")


def new_secret() -> str:
    """Return a fresh secret: 32 random bytes from the operating system, as 64 hex digits."""
    return secrets.token_hex(32)


def check_secret(secret: Any) -> str:
    """Return `secret` if it is 64 lowercase hex digits; raise InvalidRecordError if not.

    The message never repeats the value: a secret is not something to print.
    """
    if not isinstance(secret, str) or _SECRET.fullmatch(secret) is None:
        raise InvalidRecordError("secret: expected 64 lowercase hex digits (32 bytes)")
    return secret


def commitment(secret: str) -> str:
    """Return the public commitment to `secret`: "sha256:" and 64 hex digits."""
    digest = hashlib.sha256((COMMIT_PREFIX + check_secret(secret)).encode("ascii"))
    return "sha256:" + digest.hexdigest()


def uniform(secret: str, index: int) -> float:
    """Return the number in [0, 1) that decides the chance outcome at `index` of the moves."""
    return uniform_from_key(bytes.fromhex(check_secret(secret)), index)


def uniform_from_key(key: bytes, index: int) -> float:
    """Return `uniform(key.hex(), index)` without re-reading the hex (the match's hot path)."""
    mac = hmac.digest(key, f"{CHANCE_PREFIX}{index}".encode("ascii"), "sha256")  # one-shot, in C
    # The top 53 bits of the first 8 bytes: exactly what a float holds, so never 1.0.
    return (int.from_bytes(mac[:8], "big") >> 11) / 2**53


class Verdict(Enum):
    """How a verification ended."""

    VERIFIED = "verified"
    """The secret matches the commitment and gives every recorded chance outcome."""
    SECRET_NOT_REVEALED = "secret_not_revealed"
    """The record has a commitment, but the game is not over, so the secret is still hidden."""
    NO_SECRET = "no_secret"
    """The record reveals no secret (a seeded or hand-made record, or a view of one)."""
    NO_COMMITMENT = "no_commitment"
    """The record reveals a secret but no commitment to check it against."""
    COMMITMENT_MISMATCH = "commitment_mismatch"
    """The revealed secret does not hash to the commitment."""
    OUTCOME_MISMATCH = "outcome_mismatch"
    """A recorded chance outcome is not the one the secret gives."""
    ILLEGAL_MOVE = "illegal_move"
    """A move of the record cannot be played (replay's error); the outcomes before it matched."""


@dataclass(frozen=True)
class VerifyResult:
    """What `verify` found: the verdict, a sentence saying it, and where it went wrong."""

    verdict: Verdict
    message: str
    checked: int
    """Chance outcomes recomputed and found equal to the record's (before any failure)."""
    commitment: str | None = None
    index: int | None = None
    """Index in `moves` of the first move that failed (outcome or replay), else None."""
    expected: Action | None = None
    """The outcome the secret gives at `index` (OUTCOME_MISMATCH only)."""
    recorded: Action | None = None
    """The outcome the record holds at `index` (OUTCOME_MISMATCH only)."""

    @property
    def ok(self) -> bool:
        """Return True when every chance outcome was verified against the commitment."""
        return self.verdict is Verdict.VERIFIED


def verify(game: Game, data: Any) -> VerifyResult:
    """Return whether a record's revealed secret matches its commitment and gives its outcomes.

    Raises what `replay` raises for a record that cannot be read at all, and InvalidRecordError
    for a commitment or secret that is not in the format `commitment` and `new_secret` write.
    """
    result = replay(game, data)
    secret, promised = result.record.secret, result.record.commitment
    if promised is not None and _COMMITMENT.fullmatch(promised) is None:
        raise InvalidRecordError("commitment: expected 'sha256:' and 64 lowercase hex digits")
    if secret is None:
        if promised is not None and result.error is None and not result.state.is_terminal():
            message = "cannot verify yet: the secret is revealed when the match ends"
            return VerifyResult(Verdict.SECRET_NOT_REVEALED, message, 0, promised)
        message = "cannot verify: the record has no revealed secret"
        return VerifyResult(Verdict.NO_SECRET, message, 0, promised)
    key = bytes.fromhex(check_secret(secret))
    if promised is None:
        message = "cannot verify: the record reveals a secret but no commitment to check it"
        return VerifyResult(Verdict.NO_COMMITMENT, message, 0)
    if commitment(secret) != promised:
        message = f"not verified: the secret does not match the commitment {promised}"
        return VerifyResult(Verdict.COMMITMENT_MISMATCH, message, 0, promised)
    state = (
        game.new_initial_state()
        if result.record.initial is None
        else game.state_from_json(result.record.initial)
    )
    checked = 0
    for index, move in enumerate(result.record.moves):
        if move.seat is None:
            expected = sample_outcome(state.chance_outcomes(), uniform_from_key(key, index))
            if expected != move.action:
                message = (
                    f"not verified: moves[{index}] (move {index + 1}) is "
                    f"{move.action.to_text()}, but the secret gives {expected.to_text()}"
                )
                return VerifyResult(
                    Verdict.OUTCOME_MISMATCH,
                    message,
                    checked,
                    promised,
                    index,
                    expected,
                    move.action,
                )
            checked += 1
        state = state.apply(move.action)
    if result.error is not None:
        message = f"not verified: {result.error}"
        return VerifyResult(Verdict.ILLEGAL_MOVE, message, checked, promised, result.error_index)
    outcomes = "chance outcome matches" if checked == 1 else "chance outcomes match"
    message = f"verified: {checked} {outcomes} the commitment {promised}"
    return VerifyResult(Verdict.VERIFIED, message, checked, promised)
