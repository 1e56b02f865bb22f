"""Room codes, private room ids and invitation links: the names a room is reached by.

A code is what people read aloud or type (docs/online.md); a private room (a local match)
has an id of another shape, so the two never collide.
"""

from __future__ import annotations

import secrets

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Room code letters: no 0/O, 1/I/L, so a code read aloud or copied by hand stays right."""
CODE_LENGTH = 6


def new_code() -> str:
    """Return a random room code (31**6, about 887 million codes)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def is_code(text: str) -> bool:
    """Return True when `text` has the shape of a room code."""
    return len(text) == CODE_LENGTH and all(c in CODE_ALPHABET for c in text)


def join_link(code: str) -> str:
    """Return the path of a room's invitation page."""
    return f"/join/{code}"


def new_private_id() -> str:
    """Return the id of a new private room: 16 hex digits, never the shape of a code."""
    return secrets.token_hex(8)


def is_room_id(text: str) -> bool:
    """Return True when `text` has the shape of a room code or of a private room's id."""
    if is_code(text):
        return True
    return len(text) == 16 and all(c in "0123456789abcdef" for c in text)
