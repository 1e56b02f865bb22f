"""Text from outside the server: the rules every name and every message string follows.

Strings arrive in JSON bodies and WebSocket messages, where a `\\ud800` escape gives Python a
lone surrogate: a string that no encoder can write back out (orjson and UTF-8 refuse it), so
one stored in a room used to break every answer about that room. Names (players, hosts, the
seats of local matches) follow the policy of docs/online.md ("Names"): 1 to `MAX_NAME`
characters once trimmed, and none of `REFUSED_IN_NAMES`. Every other string of a message
must be well-formed Unicode. Rooms stored before these rules had their names repaired as
they are loaded (`repair_name`).
"""

from __future__ import annotations

import re
from typing import Any

MAX_NAME = 24
"""The longest name, in characters (Unicode code points) once trimmed."""

MAX_ACTION_ID = 64
"""The longest action id a client may send (the page sends about 25 characters)."""

REPLACEMENT = "\ufffd"
"""What a refused character of a stored name becomes when the room is loaded."""

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
"""A surrogate code point in a Python string is always a lone one: JSON's escaped pairs
(`\\ud83d\\ude00`) are decoded to the one character they stand for."""

REFUSED_IN_NAMES = re.compile(
    "["
    "\x00-\x1f\x7f-\x9f"  # control characters (C0, DEL, C1): tabs, newlines, escapes
    "\u2028\u2029"  # line and paragraph separators
    "\u202a-\u202e\u2066-\u2069"  # bidirectional embeddings, overrides and isolates
    "\ud800-\udfff"  # lone surrogates: not characters at all
    "]"
)
"""Characters a name may not hold: they break lines and layouts, or reverse the text shown
around the name (a name that makes another player's line read backwards)."""


def code_point(char: str) -> str:
    """Return a character as `U+XXXX`."""
    return f"U+{ord(char):04X}"


def _what(char: str) -> str:
    if _LONE_SURROGATE.match(char):
        return "a lone surrogate, not a character"
    if char in "\u2028\u2029":
        return "a line break"
    if "\u202a" <= char <= "\u202e" or "\u2066" <= char <= "\u2069":
        return "a bidirectional text control"
    return "a control character"


def name_problem(value: Any) -> str | None:
    """Return why `value` is not a valid name, or None when it is one (see `MAX_NAME`)."""
    return text_problem(value, "a name", MAX_NAME)


def text_problem(value: Any, what: str, most: int) -> str | None:
    """Return why `value` is not `what` (a name, a chat line: talk.py) of 1 to `most`
    characters once trimmed and none of `REFUSED_IN_NAMES`, or None when it is one."""
    rule = f"{what} of 1 to {most} characters"
    if not isinstance(value, str):
        return f"expected {rule}, not {type(value).__name__}"
    if len(value) > 4 * most:  # never scan a long string further
        return f"{rule}, not {len(value)}"
    found = REFUSED_IN_NAMES.search(value)
    if found is not None:
        char = found.group()
        return f"{code_point(char)} is {_what(char)}: {rule} of text"
    length = len(value.strip())
    if not 1 <= length <= most:
        return f"{rule}, not {length}"
    return None


def repair_name(value: Any, fallback: str) -> str:
    """Return a stored name made valid: each refused character replaced by U+FFFD, trimmed,
    cut to `MAX_NAME` characters; `fallback` when nothing is left or it is not a string."""
    if not isinstance(value, str):
        return fallback
    name = REFUSED_IN_NAMES.sub(REPLACEMENT, value).strip()[:MAX_NAME].strip()
    return name or fallback


def without_lone_surrogates(text: str) -> str:
    """Return `text` with each lone surrogate replaced by U+FFFD (for messages that quote
    what a client sent)."""
    return _LONE_SURROGATE.sub(REPLACEMENT, text)


def lone_surrogate(data: Any) -> str | None:
    """Return where a string of `data` (keys included) holds a lone surrogate, as
    `U+D800 at action.kind`, or None when every string is well-formed.

    `data` is parsed JSON, already limited in depth: the walk keeps its own stack anyway.
    """
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            found = _LONE_SURROGATE.search(value)
            if found is not None:
                return f"{code_point(found.group())} at {path or 'the top level'}"
        elif isinstance(value, dict):
            for key, item in value.items():
                where = f"{path}.{key}" if path else str(key)
                found = _LONE_SURROGATE.search(key)
                if found is not None:
                    return f"{code_point(found.group())} in a key at {path or 'the top level'}"
                stack.append((item, where[:80]))
        elif isinstance(value, list):
            stack.extend((item, f"{path}[{i}]"[:80]) for i, item in enumerate(value))
    return None
