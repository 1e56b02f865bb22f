"""Errors raised by the engine: each names who, what and why (python-chess style)."""

from __future__ import annotations


class MouseholeError(Exception):
    """Base class of every error the engine raises on purpose."""


class UnknownGameError(MouseholeError, LookupError):
    """A game name that is not in the registry."""


class InvalidOptionError(MouseholeError, ValueError):
    """A rules option that the game does not have, or a value it does not accept."""


class MalformedActionError(MouseholeError, ValueError):
    """An action that cannot be parsed at all (wrong shape, unknown type, bad field)."""


class IllegalActionError(MouseholeError, ValueError):
    """A well-formed action that the rules do not allow in this position.

    `reason`, when the game gives one, names why in a stable code (a page words it in its
    reader's language, with `details`: the numbers the words need); the message says it in
    English for developers."""

    def __init__(
        self,
        message: str,
        *,
        seat: int | None = None,
        action: str | None = None,
        reason: str | None = None,
        details: dict[str, int | str] | None = None,
    ):
        super().__init__(message)
        self.seat = seat
        self.action = action
        self.reason = reason
        self.details = dict(details or {})


class NotYourTurnError(IllegalActionError):
    """An action sent for a seat that is not the one to act."""


class InvalidStateError(MouseholeError, ValueError):
    """A position (state JSON) that is malformed or impossible; `field` names the culprit."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field


class InvalidRecordError(MouseholeError, ValueError):
    """A match record that cannot be read (not the same as a record with an illegal move)."""
