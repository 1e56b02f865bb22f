"""A room's table: its one match, the seats' kinds and names, and the computer players.

`Room` (room.py) owns one and sends it every move: each is checked in a fixed order (seat, game
not over, seat's turn, action parses, action legal, client's version current), then applied,
chance resolved by the server, and only then are the committed moves returned, for the room to
store and publish. Local matches are rooms too: a private room whose seats all belong to one
browser, so local and online play share this code.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from ...engine import (
    CHANCE,
    JSON,
    TERMINAL,
    Action,
    Game,
    IllegalActionError,
    MalformedActionError,
    Match,
    MouseholeError,
    Player,
    State,
    redraw_hidden,
    replay,
)
from ...games import BOTS, load_game, make_bot
from ..store import StoredMove, StoredRoom
from ..text import name_problem

SeatKind = Literal["human", "computer"]

OWNER: Final = "owner"
"""The viewer of a private room's owner token: every human seat of the room is theirs."""

Viewer = int | Literal["owner"] | None
"""Who a socket speaks for: a seat, a private room's owner, or None (a spectator)."""
RECENT_ACTION_IDS = 64


class RoomError(Exception):
    """A refused command: `code` is stable (for clients), `message` says what and why."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        reason: str | None = None,
        details: dict[str, int | str] | None = None,
    ):
        super().__init__(message)
        self.code = code
        self.message = message
        self.reason = reason
        """Why, in the game's stable code, for an `illegal_action` whose rules say (or None)."""
        self.details = dict(details or {})

    def to_json(self) -> JSON:
        """Return the error as the protocol sends it (`reason` and `details` when known)."""
        error: JSON = {"type": "error", "code": self.code, "message": self.message}
        if self.reason is not None:
            error["reason"] = self.reason
            error["details"] = self.details
        return error


@dataclass
class Seat:
    """One seat of a room: who plays it."""

    index: int
    kind: SeatKind
    name: str
    level: str | None = None
    """The computer level (easy, normal, hard) when `kind` is "computer"."""

    def to_json(self) -> JSON:
        """Return the seat as the protocol shows it to everyone."""
        return {"seat": self.index, "kind": self.kind, "name": self.name, "level": self.level}


@dataclass(frozen=True)
class Committed:
    """One move the room committed: its index in the record, who made it and what it did."""

    index: int
    seat: int | None
    action: JSON
    events: list[JSON]
    before: State | None = None
    """The position the move was made in (what `State.action_view` needs), when known."""
    parsed: Action | None = None

    def to_json(self, viewer: Viewer = OWNER) -> JSON:
        """Return the move as the protocol sends it ("version" is the count after it).

        A seat (or None, a spectator) sees the action through `State.action_view`; the
        owner of a private room, the default, sees it whole.
        """
        seat: int | str = "chance" if self.seat is None else self.seat
        action: JSON | None = self.action
        if viewer != OWNER and self.before is not None and self.parsed is not None:
            action = self.before.action_view(self.parsed, viewer)
        return {
            "version": self.index + 1,
            "seat": seat,
            "action": action,
            "events": self.events,
        }


def hash_token(token: str) -> str:
    """Return the stored form of a seat or owner token (rooms never keep the token itself)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    """Return a long random secret (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def check_name(value: Any, where: str, code: str = "bad_name") -> str:
    """Return `value` as a name (trimmed); raise RoomError(`code`) saying why it is not one
    (the rules of `text.name_problem`: docs/online.md, Names)."""
    problem = name_problem(value)
    if problem is not None:
        raise RoomError(code, f"{where}: {problem}")
    name: str = value.strip()
    return name


def parse_seats(game_name: str, data: Any, count: int) -> list[Seat]:
    """Return the `count` seats described by `data`: [{"kind", "name", "level"?}, ...]."""
    if not isinstance(data, list):
        raise RoomError("bad_seats", f"seats: expected a list of {count} seats")
    if len(data) != count:
        given = f"{len(data)} {'was' if len(data) == 1 else 'were'} given"
        message = f"seats: the game is set up for {count} seats (options.seats), but {given}"
        raise RoomError("bad_seats", message)
    seats = []
    levels = BOTS[game_name]
    for index, entry in enumerate(data):
        where = f"seats[{index}]"
        if not isinstance(entry, dict):
            raise RoomError("bad_seats", f"{where}: expected an object")
        kind = entry.get("kind")
        if kind not in ("human", "computer"):
            raise RoomError("bad_seats", f"{where}.kind: expected 'human' or 'computer'")
        name = check_name(entry.get("name", f"Seat {index + 1}"), f"{where}.name", "bad_seats")
        level = entry.get("level")
        if kind == "computer" and (not isinstance(level, str) or level not in levels):
            raise RoomError(
                "bad_seats", f"{where}.level: choose {', '.join(levels)} for a computer seat"
            )
        seats.append(Seat(index, kind, name, level if kind == "computer" else None))
    return seats


@dataclass
class Table:
    """One match and its seats; every change goes through `act` or `advance`."""

    room_id: str
    match: Match
    seats: list[Seat]
    owner_hash: str
    _bots: dict[int, Player] = field(default_factory=dict)
    _recent: OrderedDict[str, int] = field(default_factory=OrderedDict)
    _thought: tuple[int, int, Action] | None = None
    """(version, seat, action): a computer seat's choice made by `think`, for `advance`."""
    _thinking: tuple[int, int, asyncio.Future[Action]] | None = None
    """(version, seat, choice): the choice `think` or `think_ahead` is making in a worker
    thread, which a later `think` at that version waits for instead of deciding again."""

    @classmethod
    def create(
        cls,
        game_name: str,
        options: Any,
        seats: Any,
        *,
        record: Any = None,
        room_id: str | None = None,
        secret: str | None = None,
    ) -> tuple[Table, str]:
        """Return a new room and its owner token; `record` resumes a saved match.

        With `secret` (a new match only) the secret decides chance: a provably fair match.
        """
        if not isinstance(options, dict):
            raise RoomError("bad_options", "options: expected a JSON object")
        try:
            game = load_game(game_name, **options)
        except MouseholeError as error:
            raise RoomError("bad_options", str(error)) from None
        parsed = parse_seats(game_name, seats, game.seat_count)
        match = Match(game, secret=secret) if record is None else _resume(game, record)
        token = new_token()
        room = cls(room_id or secrets.token_hex(8), match, parsed, hash_token(token))
        room._seat_bots()
        if record is None:
            room.match.resolve_chance()  # a random starting seat is decided at once
        return room, token

    @classmethod
    def from_stored(cls, stored: StoredRoom) -> Table:
        """Return the room rebuilt from storage: its stored moves replayed, its seed carried on.

        Raise RoomError("bad_record") when the stored data no longer replays (a corrupt file,
        or rules changed under a stored match).
        """
        try:
            game = load_game(stored.game, **stored.options)
            result = replay(game, stored.record_json())
            if result.error is not None:
                raise result.error
            drawn = sum(1 for move in stored.moves if move.seat is None)
            match = Match.resumed(game, result.record, result.state, seed=stored.seed, drawn=drawn)
        except (MouseholeError, TypeError, ValueError) as error:
            raise RoomError("bad_record", f"room {stored.room_id}: {error}") from None
        seats = parse_seats(stored.game, stored.seats, game.seat_count)
        room = cls(stored.room_id, match, seats, stored.owner_hash)
        room._seat_bots()
        return room

    def stored(self) -> StoredRoom:
        """Return the room as the store keeps it: setup, seed or secret, every committed move."""
        record = self.match.record.to_json()  # the server's copy: with the secret, if any
        secret = record.get("secret")
        return StoredRoom(
            room_id=self.room_id,
            game=self.game.name,
            options=self.game.options(),
            seats=[seat.to_json() for seat in self.seats],
            owner_hash=self.owner_hash,
            seed=self.match.seed,
            secret=secret if isinstance(secret, str) else None,
            initial=record["initial"],
            moves=[
                StoredMove(i, None if m["seat"] == "chance" else m["seat"], m["action"])
                for i, m in enumerate(record["moves"])
            ],
            finished=self.finished,
        )

    def set_seat(self, index: int, kind: SeatKind, name: str, level: str | None = None) -> None:
        """Change who plays seat `index` (online rooms: a seat joined, replaced or reopened)."""
        self.seats[index] = Seat(index, kind, name, level if kind == "computer" else None)
        self._bots.pop(index, None)
        self._thought = None
        self._thinking = None  # a choice in the making is the seat's previous player's
        if kind == "computer" and level is not None:
            self._bots[index] = make_bot(self.game.name, level, secrets.randbits(63))

    def _seat_bots(self) -> None:
        for seat in self.seats:
            if seat.kind == "computer" and seat.level is not None:
                self._bots[seat.index] = make_bot(self.game.name, seat.level, secrets.randbits(63))

    @property
    def game(self) -> Game:
        """Return the room's game."""
        return self.match.game

    @property
    def finished(self) -> bool:
        """Return True when the match is over."""
        return self.match.state.current_player() == TERMINAL

    @property
    def version(self) -> int:
        """Return how many moves are committed (it only grows)."""
        return len(self.match.record.moves)

    def owns(self, token: Any) -> bool:
        """Return True when `token` is this room's owner token."""
        return isinstance(token, str) and secrets.compare_digest(hash_token(token), self.owner_hash)

    def act(self, seat: Any, action: Any, version: Any, action_id: Any = None) -> list[Committed]:
        """Apply a human seat's action, then the chance it leads to; return what was committed."""
        if isinstance(action_id, str) and action_id in self._recent:
            return []  # a retry of a committed action: never applied twice
        state = self.match.state
        if state.current_player() == TERMINAL:
            raise RoomError("game_over", "the game is over")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.seats):
            raise RoomError("bad_seat", f"seat: expected a seat index 0..{len(self.seats) - 1}")
        actor = state.current_player()
        if actor != seat:
            due = "chance" if actor == CHANCE else f"seat {actor}"
            raise RoomError("not_your_turn", f"seat {seat} cannot act now: {due} is due")
        if self.seats[seat].kind != "human":
            raise RoomError("not_your_turn", f"seat {seat} is played by the computer")
        try:
            parsed = self.game.action_from_json(action)
        except MalformedActionError as error:
            raise RoomError("malformed_action", str(error)) from None
        if parsed not in state.legal_actions():
            try:
                state.apply(parsed)  # for the rules' own explanation of why not
            except IllegalActionError as error:
                raise RoomError(
                    "illegal_action", str(error), reason=error.reason, details=error.details
                ) from None
            raise RoomError("illegal_action", f"seat {seat} cannot {parsed.to_text()} now")
        self._check_version(version)
        committed = self._commit(seat, parsed)
        if isinstance(action_id, str):
            self._remember(action_id)
        return committed

    def advance(self, version: Any) -> list[Committed]:
        """Let the computer seat to act make one decision (then chance); return the moves."""
        state = self.match.state
        if state.current_player() == TERMINAL:
            raise RoomError("game_over", "the game is over")
        actor = state.current_player()
        if actor == CHANCE:
            self._check_version(version)
            return self._resolve_chance()
        if self.seats[actor].kind != "computer":
            raise RoomError("not_computer_turn", f"seat {actor} is a human seat: it must act")
        self._check_version(version)
        thought, self._thought = self._thought, None
        if thought is not None and thought[:2] == (self.version, actor):
            return self._commit(actor, thought[2])
        return self._commit(actor, self._bots[actor].choose(state))

    async def think(self) -> None:
        """Let the computer seat to act make its choice in a worker thread, for the next
        `advance` at this version: a search that takes a second (the expert level) then
        holds up only this room (its gate), not the event loop every room shares. A choice
        `think_ahead` began is waited for, not made again."""
        choice = self._choice()
        if choice is None:
            return
        version, actor, future = choice
        action = await asyncio.shield(future)
        if self.version == version and self._current(future):
            self._thought = (version, actor, action)

    def think_ahead(self) -> None:
        """Start the computer seat to act on its choice at once, in a worker thread, while the
        pages show the last moves: the next `advance` (a local page's, or an online room's
        timer) then finds it made and answers without waiting (docs/web.md, "Pace")."""
        choice = self._choice()
        if choice is None:
            return
        version, actor, future = choice

        def keep(done: asyncio.Future[Action]) -> None:
            if done.cancelled() or done.exception() is not None:
                return  # `advance` decides again (and says what went wrong)
            if self.version == version and self._thought is None and self._current(done):
                self._thought = (version, actor, done.result())

        future.add_done_callback(keep)

    def _current(self, future: asyncio.Future[Action]) -> bool:
        """Whether `future` is still the choice in the making (no seat changed hands since)."""
        return self._thinking is not None and self._thinking[2] is future

    def _choice(self) -> tuple[int, int, asyncio.Future[Action]] | None:
        """The choice in the making for the computer seat to act at this version (started
        now if it was not yet), or None: a person or chance is to act, or it is made."""
        state = self.match.state
        actor = state.current_player()
        if actor < 0 or self.seats[actor].kind != "computer":
            return None
        if self._thought is not None and self._thought[:2] == (self.version, actor):
            return None
        if self._thinking is not None and self._thinking[:2] == (self.version, actor):
            return self._thinking
        future = asyncio.ensure_future(asyncio.to_thread(self._bots[actor].choose, state))
        self._thinking = (self.version, actor, future)
        return self._thinking

    def play_for(self, seat: int, version: Any) -> list[Committed]:
        """Play an absent human seat's turn with the game's first computer level (games that
        allow it: their manifest's `absent_autoplay`); return the moves."""
        state = self.match.state
        if state.current_player() != seat or self.seats[seat].kind != "human":
            raise RoomError("not_your_turn", f"seat {seat} is not a human seat to act")
        self._check_version(version)
        level = next(iter(BOTS[self.game.name]))
        bot = make_bot(self.game.name, level, secrets.randbits(63))
        return self._commit(seat, bot.choose(state))

    def _check_version(self, version: Any) -> None:
        if version != self.version:
            raise RoomError(
                "stale_version", f"version {version!r} is not current ({self.version}): resync"
            )

    def _commit(self, seat: int, action: Action) -> list[Committed]:
        index = self.version
        before = self.match.state
        state = self.match.apply(action, seat=seat)
        events = list(state.events)
        committed = [Committed(index, seat, action.to_json(), events, before, action)]
        return committed + self._resolve_chance()

    def _resolve_chance(self) -> list[Committed]:
        committed = []
        while self.match.state.current_player() == CHANCE:
            index = self.version
            before = self.match.state
            outcome = self.match.sample_chance()
            events = list(self.match.state.events)
            committed.append(Committed(index, None, outcome.to_json(), events, before, outcome))
        return committed

    def _remember(self, action_id: str) -> None:
        self._recent[action_id] = self.version
        while len(self._recent) > RECENT_ACTION_IDS:
            self._recent.popitem(last=False)


def _resume(game: Game, record: Any) -> Match:
    """Return a match that continues a saved record (a fresh seed decides the future).

    A browser's record is its seats' view: a chance outcome it hides from every seat (the
    tear threshold of the paper on the trap) is drawn again (`redraw_hidden`), so a match
    whose seats all see the same comes back whole (docs/local-play.md).
    """
    if not isinstance(record, dict):
        raise RoomError("bad_record", "record: expected a match record object")
    try:
        result = replay(game, record)
        moves, at = record.get("moves"), result.error_index
        failed = moves[at] if at is not None and isinstance(moves, list) else None
        hidden = isinstance(failed, dict) and failed.get("seat") == "chance"
        if hidden and record.get("seed") is None:
            result = replay(game, redraw_hidden(game, record, secrets.SystemRandom()))
    except MouseholeError as error:
        raise RoomError("bad_record", f"record: {error}") from None
    if result.error is not None:
        raise RoomError("bad_record", f"record: {result.error}")
    if result.record.options != game.options():
        raise RoomError("bad_record", "record: its options differ from the room's")
    return Match.resumed(game, result.record, result.state)
