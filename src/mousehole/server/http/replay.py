"""Replays of finished matches: a stored room's record, or a record file, as per-step views.

`POST /api/replay/{room}` replays a finished room for the caller: a private room (a local
match) with its owner token shows any of its human seats' views or the public one; an online
room with a seat token shows that seat's view or the public one; without a token, the public
(spectator's) view only. `POST /api/replay` replays a record file (the match page's "Download
record"): the server checks it by replaying it through the engine, refuses a bad one with an
error naming what is wrong, and shows only the views the file itself holds. A downloaded
record is a viewer's record view (`engine.record_view`): its hidden chance outcomes are
recovered from the seed or secret that a finished match's record reveals, and the views it
allows are the viewers whose record view the file is. docs/replays.md says more.

Every step's view is built like a snapshot (`State.observation` of the viewer, the seat to
act, the winners) and every move like an update's move (`State.action_view`, the public
events), so a game's page shows a replay with the same view code it plays with.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ...engine import (
    CHANCE,
    JSON,
    Game,
    MouseholeError,
    Record,
    State,
    record_header,
    record_view,
    replay,
)
from ...engine.chance import sample_outcome
from ...engine.fairness import check_secret, commitment, uniform
from ...games import GAMES, load_game
from ..rooms.endpoint import room_key
from ..rooms.hub import Hub
from ..rooms.limits import AddressLimits, client_host
from ..rooms.room import Room
from ..rooms.table import RoomError
from ..rooms.wire import MAX_FRAME, error_response, json_body, too_many
from ..text import name_problem
from .api import found_room

MAX_REPLAY_MOVES = 4000
"""The longest record replayed (the longest matches so far are about 1,100 moves):
a step's view is sent for every move, so the answer grows with the record."""

MAX_RECORD_BYTES = MAX_FRAME
"""The largest record file accepted (a pretty-printed 1,066-move record is 99 kB)."""

Viewer = int | None
"""Whose view a replay shows: a seat, or None (the public view a spectator has)."""


class ReplayError(Exception):
    """A replay refused: `code` is stable, `message` names what is wrong, `status` is HTTP's."""

    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


@dataclass(frozen=True)
class Replayable:
    """A complete, checked record and the views its caller may watch."""

    game: Game
    record: Record
    viewers: list[Viewer]
    seats: list[JSON]
    source: str
    """"room" or "file"."""


# ---------------------------------------------------------------- the views of each step


def _names_in(text: str, seats: Sequence[JSON]) -> str:
    """Return `text` with "seat 2" written as the seat's name (the engine's texts number seats)."""

    def name(match: re.Match[str]) -> str:
        index = int(match.group(1))
        return str(seats[index]["name"]) if index < len(seats) else match.group(0)

    return re.sub(r"\b[Ss]eat (\d+)\b", name, text)


def _step(state: State, version: int, viewer: Viewer) -> JSON:
    actor = state.current_player()
    return {
        "version": version,
        "state": state.observation(viewer),
        "to_act": None if actor < 0 else actor,
        "winners": state.winners(),
    }


def replay_views(target: Replayable, viewer: Viewer) -> JSON:
    """Return the replay as `viewer` sees it: a view per step and a move between steps.

    `steps[k]` is the position after `k` moves as the viewer saw it then (its `state` is the
    viewer's observation, as in a snapshot); `moves[k]` is the move from step `k` to `k + 1`
    as an update carries it (`version`, `seat`, `action` through `State.action_view`,
    `events`), with `text` and `detail`, the move and what it did in words.
    """
    if viewer not in target.viewers:
        allowed = ", ".join(_viewer_name(v, target.seats) for v in target.viewers)
        raise ReplayError(
            "not_your_view",
            f"view: {_viewer_name(viewer, target.seats)} is not yours to watch "
            f"(choose from: {allowed})",
            403,
        )
    game, record = target.game, target.record
    state = (
        game.new_initial_state() if record.initial is None else game.state_from_json(record.initial)
    )
    steps = [_step(state, 0, viewer)]
    moves: list[JSON] = []
    for index, (seat, action) in enumerate(record.moves):
        shown = state.action_view(action, viewer)
        after = state.apply(action)
        events = list(after.events)
        detail = "; ".join(game.describe_event(e) for e in events)
        if shown == action.to_json():
            text = game.describe_action(action)
        else:
            text = detail or "something this view does not show"
        who = "Chance" if seat is None else str(target.seats[seat]["name"])
        moves.append(
            {
                "version": index + 1,
                "seat": "chance" if seat is None else seat,
                "action": shown,
                "events": events,
                "text": f"{who}: {_names_in(text, target.seats)}",
                "detail": _names_in(detail, target.seats),
            }
        )
        state = after
        steps.append(_step(state, index + 1, viewer))
    return {
        "game": game.name,
        "title": game.title,
        "options": game.options(),
        "source": target.source,
        "seats": target.seats,
        "viewers": target.viewers,
        "viewer": viewer,
        "record": record_view(game, record, viewer),
        "steps": steps,
        "moves": moves,
    }


def _viewer_name(viewer: Viewer, seats: Sequence[JSON]) -> str:
    if viewer is None:
        return "the public view"
    if isinstance(viewer, int) and 0 <= viewer < len(seats):
        return f"{seats[viewer]['name']}'s view (seat {viewer})"
    return f"seat {viewer!r}"


def read_viewer(value: Any) -> Viewer:
    """Return the `view` a request asks for (a seat number, or null: the public view)."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
        return value
    raise ReplayError("bad_view", f"view: expected a seat number or null, got {value!r}")


# ---------------------------------------------------------------- a finished room


def from_room(room: Room, token: Any, *, live: bool = False) -> Replayable:
    """Return the finished `room` as the holder of `token` may watch it (None: a spectator).

    `live`: an online room's moves so far, while its match is still being played, for the
    match page's log after a reload or a reconnect; the views are the ones the caller sees
    live (its own seats' and the public one), so nothing comes that its socket would not have
    sent. A private room's page keeps its log in the browser, and same-device seats may know
    different things, so a private room opens only once its match is over.

    Raise ReplayError: `bad_token` for a token that holds nothing here (a private room takes
    only its owner's), `not_finished` while the match is still being played.
    """
    hello: JSON = (
        {"type": "hello", "token": token} if token else {"type": "hello", "spectate": True}
    )
    try:
        holder = room.viewer_of(hello)
    except RoomError:
        if room.private:
            message = "this match is private: only the browser that played it holds its token"
        else:
            message = "token: it holds no seat in this room (leave it out to watch as a spectator)"
        raise ReplayError("bad_token", message, 403) from None
    if not room.table.finished and not (live and not room.private):
        raise ReplayError(
            "not_finished",
            f"room {room.code}: the match is still being played (its replay opens when it ends)",
            409,
        )
    held = room.seats_of(holder)
    viewers: list[Viewer] = [None, *held] if holder is not None else [None]
    seats = [seat.to_json() for seat in room.table.seats]
    return Replayable(room.table.game, room.table.match.record, viewers, seats, "room")


# ---------------------------------------------------------------- a record file


def _seats_from_players(players: Any, count: int) -> list[JSON]:
    """Return the seats a record file names in its `players` (the page writes "Ann",
    "Whiskers, computer" or "Whiskers, normal computer"); "Seat n" where it names none."""
    seats: list[JSON] = []
    given = players if isinstance(players, list) else []
    for index in range(count):
        raw = given[index] if index < len(given) else None
        name, kind, level = f"Seat {index + 1}", "human", None
        if isinstance(raw, str):
            text = raw.strip()
            head, _, tail = text.rpartition(", ")
            if head and tail.endswith("computer"):
                text, kind = head, "computer"
                level = tail.removesuffix("computer").strip() or None
            if name_problem(text) is None:
                name = text
        seats.append({"seat": index, "kind": kind, "name": name, "level": level})
    return seats


class _Chance:
    """What decides a record's chance outcomes: its secret, else its seed (None: neither)."""

    def __init__(self, data: Mapping[str, Any]):
        secret, seed, promised = data.get("secret"), data.get("seed"), data.get("commitment")
        self.secret: str | None = None
        self.rng: random.Random | None = None
        if secret is not None:
            try:
                self.secret = check_secret(secret)
            except MouseholeError as error:
                raise ReplayError("bad_record", str(error)) from None
            if promised is not None and commitment(self.secret) != promised:
                raise ReplayError("bad_record", "secret: it does not match the commitment")
        elif isinstance(seed, int) and not isinstance(seed, bool):
            self.rng = random.Random(seed)
        self.recovered: list[int] = []
        """The moves whose hidden outcome was recovered."""
        self.broken: int | None = None
        """The first move whose visible outcome the seed does not give (then it decides
        nothing: the match went on with another seed, e.g. after a restore)."""

    @property
    def known(self) -> bool:
        return self.secret is not None or self.rng is not None

    def outcome(self, state: State, index: int) -> Any:
        """Return the outcome the secret or seed gives at `moves[index]` (None: nothing due)."""
        outcomes = state.chance_outcomes()
        if self.secret is not None:
            u = uniform(self.secret, index)
        elif self.rng is not None:
            u = self.rng.random()  # one number per chance outcome, in order (engine.Match)
        else:
            return None
        return sample_outcome(outcomes, u) if outcomes else None


def _bad(message: str) -> ReplayError:
    return ReplayError("bad_record", message)


def from_file(data: Any) -> Replayable:
    """Return the record file `data` checked and completed, with the views it allows.

    Raise ReplayError (`bad_record`, `unknown_game`, `too_long`) naming what is wrong.
    """
    try:
        name, options = record_header(data)
    except MouseholeError as error:
        raise _bad(str(error)) from None
    if name not in GAMES:
        raise ReplayError("unknown_game", f"game: {name!r} is not one of {', '.join(GAMES)}")
    try:
        game = load_game(name, **options)
    except (MouseholeError, TypeError) as error:
        raise _bad(f"options: {error}") from None
    moves = data.get("moves", [])
    if len(moves) > MAX_REPLAY_MOVES:
        raise ReplayError(
            "too_long",
            f"moves: a replay is limited to {MAX_REPLAY_MOVES} moves; this record has {len(moves)}",
            413,
        )
    chance = _Chance(data)
    complete, shown = _complete(game, data, moves, chance)
    try:
        result = replay(game, complete)  # the engine's own check of every move
    except MouseholeError as error:
        raise _bad(str(error)) from None
    if result.error is not None:
        hint = ""
        if chance.recovered and chance.recovered[0] < (result.error_index or 0):
            source = "secret" if chance.secret is not None else "seed"
            hint = (
                f" (moves[{chance.recovered[0]}] on were hidden and recovered from the record's "
                f"{source}: is it this match's own?)"
            )
        raise _bad(f"{result.error}{hint}")
    record = result.record
    viewers: list[Viewer] = [None, *range(game.seat_count)]
    if shown != complete["moves"]:  # a viewer's record: the views it is
        viewers = [v for v in viewers if record_view(game, record, v)["moves"] == shown]
        if not viewers:
            first = _first_difference(shown, record_view(game, record, None)["moves"])
            raise _bad(
                f"moves[{first}]: the record is no viewer's record of this match "
                "(it differs from what every seat and the public were shown)"
            )
    seats = _seats_from_players(data.get("players"), game.seat_count)
    return Replayable(game, record, viewers, seats, "file")


def _first_difference(a: list[Any], b: list[Any]) -> int:
    return next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )


def _complete(
    game: Game, data: Mapping[str, Any], moves: list[Any], chance: _Chance
) -> tuple[JSON, list[JSON]]:
    """Return the record's JSON with every hidden chance outcome recovered from its secret or
    seed, and the file's moves as written (each readable action in its canonical JSON); raise
    ReplayError naming the first move that cannot be read or recovered. A move that cannot be
    played ends the record there: the engine's replay names it and why."""
    initial = data.get("initial")
    try:
        state = (
            game.state_from_json(initial)
            if isinstance(initial, Mapping)
            else game.new_initial_state()
        )
    except MouseholeError as error:
        raise _bad(f"initial: {error}") from None
    complete: list[JSON] = []
    shown: list[JSON] = []
    for index, entry in enumerate(moves):
        if not isinstance(entry, Mapping) or "action" not in entry:
            raise _bad(f"moves[{index}]: expected an object with 'seat' and 'action'")
        seat = entry.get("seat")
        due = seat == "chance" and state.current_player() == CHANCE
        expected = chance.outcome(state, index) if due else None
        try:
            action = game.action_from_json(entry["action"])
        except MouseholeError as error:
            if seat != "chance":
                raise _bad(f"moves[{index}].action: {error}") from None
            if not chance.known:
                raise _bad(
                    f"moves[{index}].action: a chance outcome hidden from this record's viewer, "
                    "and the record reveals no seed or secret to recover it (is the match over?)"
                ) from None
            if chance.broken is not None or expected is None:
                where = chance.broken if chance.broken is not None else index
                raise _bad(
                    f"moves[{index}].action: a hidden chance outcome that the record's seed "
                    f"cannot recover (it does not give the outcome at moves[{where}])"
                ) from None
            shown.append({"seat": seat, "action": entry["action"]})
            chance.recovered.append(index)
            action = expected
        else:
            shown.append({"seat": seat, "action": action.to_json()})
            if expected is not None and action != expected and chance.broken is None:
                chance.broken = index
        complete.append({"seat": seat, "action": action.to_json()})
        try:
            state = state.apply(action)
        except MouseholeError:
            break  # the engine's replay names this move and why it cannot be played
    out = {k: v for k, v in data.items() if k in ("format", "game", "options", "seed")}
    out["initial"] = initial if isinstance(initial, Mapping) else None
    if chance.secret is not None:
        out["secret"], out["commitment"] = chance.secret, data.get("commitment")
    out["moves"] = complete
    return out, shown


# ---------------------------------------------------------------- the endpoints


def _refused(error: ReplayError) -> Response:
    return error_response(error.status, error.code, error.message)


def _too_many(request: Request, hub: Hub) -> Response | None:
    """Return the 429 for a client that asked for too many replays lately, or None."""
    limits: AddressLimits = request.app.state.limits
    wait = limits.may_replay(client_host(request))
    if not wait:
        return None
    per = f"{hub.settings.replays_per_address} per {hub.settings.replays_window:g} s"
    return too_many("too_many_replays", "replays", per, wait)


async def room_replay(request: Request) -> Response:
    """POST /api/replay/{room} {token?, view?, live?} -> the finished room's replay for the
    caller (`live: true`: an online room's moves so far, `from_room`)."""
    hub: Hub = request.app.state.hub
    refused = _too_many(request, hub)
    if refused is not None:
        return refused
    data = await json_body(request)
    if isinstance(data, Response):
        return data
    code = room_key(request.path_params["room"])
    try:
        viewer = read_viewer(data.get("view"))
        token = data.get("token")
        if token is not None and not isinstance(token, str):
            raise ReplayError("bad_token", "token: expected a string (or leave it out)", 403)
        live = data.get("live", False)
        if not isinstance(live, bool):
            raise ReplayError("bad_live", f"live: expected true or false, got {live!r}")
        room = found_room(request, code, private=True)
        if isinstance(room, Response):
            return room
        async with hub.gate(room.code):
            target = from_room(room, token, live=live)
        if "view" not in data:
            viewer = target.viewers[1] if len(target.viewers) > 1 else None
        body = await run_in_threadpool(replay_views, target, viewer)
    except ReplayError as error:
        return _refused(error)
    return JSONResponse(body)


async def file_replay(request: Request) -> Response:
    """POST /api/replay {record, view?} -> the record file's replay, for a view it allows."""
    refused = _too_many(request, request.app.state.hub)
    if refused is not None:
        return refused
    data = await json_body(request, MAX_RECORD_BYTES)
    if isinstance(data, Response):
        return data
    try:
        viewer = read_viewer(data.get("view"))
        if "record" not in data:
            raise _bad("record: missing (send the record file's JSON as 'record')")
        target = await run_in_threadpool(from_file, data["record"])
        if "view" not in data:
            seats = [v for v in target.viewers if v is not None]
            viewer = seats[0] if len(seats) == 1 else None
        body = await run_in_threadpool(replay_views, target, viewer)
    except ReplayError as error:
        return _refused(error)
    return JSONResponse(body)


__all__ = [
    "MAX_RECORD_BYTES",
    "MAX_REPLAY_MOVES",
    "ReplayError",
    "Replayable",
    "file_replay",
    "from_file",
    "from_room",
    "replay_views",
    "room_replay",
]
