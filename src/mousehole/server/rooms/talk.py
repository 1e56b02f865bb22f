"""Talk in an online room: reactions, preset phrases, short chat lines and the host's switch.

Everything said in a room is public: every socket of the room (players and spectators) gets the
same `said` message, and it goes through no per-seat view, so talk can never carry a secret
(architecture habit 3 is about the match; talk stays out of it). A line is stored before it is
shown, like a move (persist, then publish: `hub.py` holds the room's gate from the check to the
broadcast). The rules (docs/online.md, Talk):

- a reaction is one id of `REACTIONS` (the page draws it: an emoji, or a preset phrase);
- a chat line is 1 to `MAX_LINE` characters once trimmed, of the characters a name may hold
  (`text.text_problem`: no lone surrogates, controls, line breaks or bidirectional controls),
  sent only while the host has chat on;
- spectators may neither react nor chat, a local match has no talk at all (`room.py`);
- a connection may say `TALK_BURST` lines at once, then one every `1 / TALK_RATE` seconds
  (`hub.py`: refusals there are not strikes against the play messages' flood limit);
- a room keeps its last `KEPT_LINES` lines stored (older ones are deleted as new ones come),
  and a full snapshot carries the last `RECENT_LINES`.
"""

from __future__ import annotations

from collections import deque
from datetime import UTC, datetime
from typing import Any

from ...engine import JSON
from ..store import StoredLine
from ..text import text_problem
from .table import RoomError

REACTIONS = (
    "cheese",
    "laugh",
    "wow",
    "clap",
    "nice_trap",
    "your_turn",
    "good_game",
    "well_played",
    "oops",
)
"""The reactions and preset phrases a player may send (web/shared/talk.js draws each one)."""

TALK_TYPES = ("react", "chat", "chat_mode")
"""The message types of talk: a reaction, a chat line, the host's chat switch."""

MAX_LINE = 200
"""The longest chat line, in characters (Unicode code points) once trimmed."""

RECENT_LINES = 50
"""Lines a full snapshot carries, so that a reload or a late joiner sees the recent talk."""

KEPT_LINES = 500
"""Lines a room keeps stored; each new line past this deletes the oldest."""

TALK_RATE = 0.5
TALK_BURST = 5
"""A connection may say 5 lines at once, then one every 2 s (`OnlineSettings` holds them)."""


class TalkError(RoomError):
    """A refused reaction, chat line or switch: its JSON says `"about": "talk"`, so that a
    page shows it beside its chat rather than as a refused move."""

    def to_json(self) -> JSON:
        return super().to_json() | {"about": "talk"}


Line = StoredLine
"""One thing said in a room: its number in the room (0, 1, 2, ...: never reused, also after
older lines are deleted), the seat and its name then (a reopened seat may change hands),
`react` or `chat`, the reaction's id or the trimmed chat line, and when (ISO 8601, UTC)."""


def line_json(line: Line) -> JSON:
    """Return a line as snapshots (`chat`) and `said` messages show it."""
    return {
        "index": line.index,
        "seat": line.seat,
        "name": line.name,
        "kind": line.kind,
        "text": line.text,
        "at": line.at,
    }


def said(line: Line) -> JSON:
    """Return the message every socket of the room gets once `line` is stored."""
    return {"type": "said"} | line_json(line)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class Talk:
    """A room's recent lines, the number of the next one, and whether chat is on."""

    def __init__(self, lines: list[Line] | None = None, *, on: bool = True, count: int = 0):
        self.recent: deque[Line] = deque(lines or [], maxlen=RECENT_LINES)
        self.on = on
        self.count = max(count, self.recent[-1].index + 1 if self.recent else 0)
        """How many lines the room has had (the index of the next one)."""

    def say(self, seat: int, name: str, kind: str, message: JSON) -> Line:
        """Return the new line of `seat` for a `react` or `chat` message, kept in memory
        (the caller stores it); raise TalkError saying why it is refused."""
        if kind == "react":
            text = _reaction(message.get("what"))
        else:
            if not self.on:
                raise TalkError("chat_off", "the host has switched chat off: reactions only")
            text = _line(message.get("text"))
        line = Line(self.count, seat, name, "react" if kind == "react" else "chat", text, _now())
        self.recent.append(line)
        self.count += 1
        return line

    def switch(self, on: Any) -> bool:
        """Switch chat on or off (the host's `chat_mode`); return True when that changed it."""
        if not isinstance(on, bool):
            raise TalkError("bad_message", "on: expected true or false")
        changed = on != self.on
        self.on = on
        return changed

    def lines_json(self) -> list[JSON]:
        """Return the recent lines, oldest first, as a snapshot's `chat` holds them."""
        return [line_json(line) for line in self.recent]


def _reaction(what: Any) -> str:
    if not isinstance(what, str) or what not in REACTIONS:
        raise TalkError("bad_reaction", f"what: choose one of {', '.join(REACTIONS)}")
    return what


def _line(text: Any) -> str:
    problem = text_problem(text, "a chat line", MAX_LINE)
    if problem is not None:
        raise TalkError("bad_chat", f"text: {problem}")
    line: str = text.strip()
    return line
