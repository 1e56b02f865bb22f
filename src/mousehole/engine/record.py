"""Match records: the save format, the replay format and the audit trail.

A record is the game name, its options, an optional starting position and every action and
chance outcome in order (scalachess `Replay`, boardgame.io's log). Replaying it reproduces every
state; a bad record replays up to its first error, which is returned rather than raised.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, overload

from .errors import IllegalActionError, InvalidRecordError, MouseholeError, NotYourTurnError
from .game import CHANCE, JSON, TERMINAL, Action, Game, State

RECORD_FORMAT = "mousehole-record/1"


def record_json(
    game: str,
    options: Mapping[str, JSON],
    initial: JSON | None,
    seed: int | None,
    moves: Iterable[tuple[int | None, JSON | None]],
    **fairness: str | None,
) -> JSON:
    """Return record JSON, the one shape every record takes (`mousehole.replay` reads it).

    `moves` are (seat, action JSON) pairs, seat None for chance; `fairness` holds the keys of a
    committed match (`commitment`, `secret`), given only where they apply.
    """
    return {
        "format": RECORD_FORMAT,
        "game": game,
        "options": dict(options),
        "initial": initial,
        "seed": seed,
        **fairness,
        "moves": [
            {"seat": "chance" if seat is None else seat, "action": action} for seat, action in moves
        ],
    }


class Move(NamedTuple):
    """One step of a match: the seat that acted (None for chance) and what it did."""

    seat: int | None
    action: Action


class Moves(Sequence[Move]):
    """A record's moves in order: a sequence of `Move` (a slice is a `Moves` too).

    They are kept as two flat lists, of seats and of actions, not as one `Move` per step: a
    server holds every running match's record, and a tuple per step was one more object for
    Python's garbage collector to walk in every collection (under load they were the only
    objects a server accumulated, docs/benchmarks.md). Two lists are two objects, whatever the
    length of the match. Games intern their actions, so the lists only hold references.
    """

    __slots__ = ("_actions", "_seats")

    def __init__(self, moves: Iterable[Move] = ()):
        self._seats: list[int | None] = []
        self._actions: list[Action] = []
        self.extend(moves)

    def append(self, move: Move) -> None:
        """Add one move at the end."""
        seat, action = move
        self._seats.append(seat)
        self._actions.append(action)

    def extend(self, moves: Iterable[Move]) -> None:
        """Add moves at the end, in order."""
        for move in moves:
            self.append(move)

    def __len__(self) -> int:
        return len(self._actions)

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> Moves: ...
    def __getitem__(self, index: int | slice) -> Move | Moves:
        if isinstance(index, slice):
            part = Moves()
            part._seats = self._seats[index]
            part._actions = self._actions[index]
            return part
        return Move(self._seats[index], self._actions[index])

    def __iter__(self) -> Iterator[Move]:
        return map(Move, self._seats, self._actions)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Moves):
            return self._seats == other._seats and self._actions == other._actions
        if isinstance(other, list | tuple):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, like the list it stands for

    def __repr__(self) -> str:
        return repr(list(self))


@dataclass
class Record:
    """Everything needed to reproduce a match."""

    game: str
    options: JSON
    moves: Moves = field(default_factory=Moves)
    initial: JSON | None = None
    """The starting position when the match began from a loaded state; None for a new game."""
    seed: int | None = None
    """The chance seed: a secret while the match runs (see `record_view`)."""
    commitment: str | None = None
    """The published hash of `secret` (fairness.py), for a match whose chance a secret decides."""
    secret: str | None = None
    """The secret that decides every chance outcome: hidden until the end (see `record_view`)."""

    def to_json(self) -> JSON:
        """Return the record as JSON (`mousehole.replay` reads it back).

        This is the server's own copy: it holds the secret, if any. Players get `record_view`.
        """
        # Only committed records carry these keys: a seeded record's JSON has neither.
        fairness = {
            key: value
            for key, value in (("commitment", self.commitment), ("secret", self.secret))
            if value is not None
        }
        return record_json(
            self.game,
            self.options,
            self.initial,
            self.seed,
            ((seat, action.to_json()) for seat, action in self.moves),
            **fairness,
        )


class ReplayResult(NamedTuple):
    """What replaying a record gave: the last good state and the first error, if any."""

    state: State
    record: Record
    """The valid prefix of the replayed record."""
    error: MouseholeError | None
    error_index: int | None
    """Index in `moves` of the first move that failed (None when all were good)."""


def record_header(data: Any) -> tuple[str, JSON]:
    """Return (game name, options) of a record's JSON; raise InvalidRecordError if unreadable."""
    if not isinstance(data, Mapping):
        raise InvalidRecordError(f"a record is a JSON object, not {type(data).__name__}")
    fmt = data.get("format", RECORD_FORMAT)
    if fmt != RECORD_FORMAT:
        raise InvalidRecordError(f"format: expected {RECORD_FORMAT!r}, got {fmt!r}")
    game = data.get("game")
    if not isinstance(game, str):
        raise InvalidRecordError("game: missing or not a string")
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise InvalidRecordError("options: must be a JSON object")
    if not isinstance(data.get("moves", []), list):
        raise InvalidRecordError("moves: must be a list")
    return game, dict(options)


def replay(game: Game, data: Mapping[str, Any]) -> ReplayResult:
    """Replay a record's JSON on `game`: return the valid prefix and the first error."""
    name, options = record_header(data)
    if name != game.name:
        raise InvalidRecordError(f"game: the record is for {name!r}, not {game.name!r}")
    initial = data.get("initial")
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise InvalidRecordError("seed: must be an integer or null")
    commitment, secret = data.get("commitment"), data.get("secret")
    if commitment is not None and not isinstance(commitment, str):
        raise InvalidRecordError("commitment: must be a string or null")
    if secret is not None and not isinstance(secret, str):
        raise InvalidRecordError("secret: must be a string or null")
    if initial is None:
        state = game.new_initial_state()
    elif isinstance(initial, Mapping):
        state = game.state_from_json(initial)
    else:
        raise InvalidRecordError("initial: must be a position object or null")
    start = None if initial is None else dict(initial)
    record = Record(game.name, options, Moves(), start, seed, commitment, secret)
    for index, entry in enumerate(data.get("moves", [])):
        try:
            move = _parse_move(game, entry, index)
            state = _apply_move(state, move)
        except MouseholeError as error:
            if not str(error).startswith(f"moves[{index}]"):
                error.args = (f"moves[{index}]: {error}", *error.args[1:])
            return ReplayResult(state, record, error, index)
        record.moves.append(move)
    return ReplayResult(state, record, None, None)


def redraw_hidden(game: Game, data: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Return the record `data` with each chance outcome it hides from every seat drawn again.

    A record a browser keeps is its seats' view: a chance outcome that no seat has seen (the
    tear threshold of the paper still on the trap) is there only as its view. Such an outcome
    is drawn again from the outcomes whose view it is, weighted by their chances, among those
    with which the rest of the record still plays and which leave every seat's and the
    public view of the end the same: what no seat knows, and nothing played since tells apart,
    is drawn as chance would. Raise InvalidRecordError naming the move when no outcome fits,
    or when the outcome is not hidden from every seat alike (some seat knows it: it cannot be
    drawn again).
    """
    viewers: list[int | None] = [None, *range(game.seat_count)]
    moves = list(data.get("moves", []))
    initial = data.get("initial")
    state = game.new_initial_state() if initial is None else game.state_from_json(initial)
    for index, entry in enumerate(moves):
        try:
            move = _parse_move(game, entry, index)
        except MouseholeError as error:
            if not isinstance(entry, Mapping) or entry.get("seat") != "chance":
                raise
            if state.current_player() != CHANCE:
                raise InvalidRecordError(f"moves[{index}]: chance is not due here") from error
            fits = _hidden_fits(state, entry.get("action"), moves[index + 1 :], game, viewers)
            if not fits:
                raise InvalidRecordError(
                    f"moves[{index}]: a hidden chance outcome that cannot be drawn again "
                    f"(no outcome fits, or a seat knows it): {error}"
                ) from None
            outcomes, weights = zip(*fits, strict=True)
            chosen = rng.choices(outcomes, weights=weights)[0]
            moves[index] = {"seat": "chance", "action": chosen.to_json()}
            move = Move(None, chosen)
        try:
            state = _apply_move(state, move)
        except MouseholeError as error:
            raise InvalidRecordError(f"moves[{index}]: {error}") from None
    return {**data, "moves": moves}


def _hidden_fits(
    state: State, shown: Any, rest: list[Any], game: Game, viewers: list[int | None]
) -> list[tuple[Action, float]]:
    """Return the chance outcomes (with their chances) that `shown` may be, for every viewer
    alike, with which `rest` plays on to the same views of its end; [] when the end's views
    differ between them (a seat learnt the outcome)."""
    fits: list[tuple[Action, float]] = []
    ends: set[str] = set()
    for action, chance in state.chance_outcomes():
        if any(state.action_view(action, v) != shown for v in viewers):
            continue
        after = state.apply(action)
        try:
            for offset, entry in enumerate(rest):
                try:
                    move = _parse_move(game, entry, offset)
                except MouseholeError:
                    break  # the next hidden outcome: it is drawn in its turn
                after = _apply_move(after, move)
        except MouseholeError:
            continue
        fits.append((action, chance))
        ends.add(repr([after.observation(v) for v in viewers]))
    return fits if len(ends) == 1 else []


def _parse_move(game: Game, entry: Any, index: int) -> Move:
    if not isinstance(entry, Mapping) or "action" not in entry:
        raise InvalidRecordError(f"moves[{index}]: expected an object with 'seat' and 'action'")
    raw_seat = entry.get("seat")
    if raw_seat == "chance":
        seat = None
    elif isinstance(raw_seat, int) and not isinstance(raw_seat, bool):
        seat = raw_seat
    else:
        raise InvalidRecordError(f"moves[{index}].seat: expected a seat index or 'chance'")
    return Move(seat, game.action_from_json(entry["action"]))


def _apply_move(state: State, move: Move) -> State:
    actor = state.current_player()
    expected = None if actor == CHANCE else actor
    if actor == TERMINAL:
        raise NotYourTurnError("the game is already over", seat=move.seat)
    if move.seat != expected:
        who = "chance" if move.seat is None else f"seat {move.seat}"
        due = "a chance outcome" if expected is None else f"seat {expected}"
        raise NotYourTurnError(f"{who} cannot act now, {due} is due", seat=move.seat)
    if expected is None:
        outcomes = [a for a, _ in state.chance_outcomes()]
        if move.action not in outcomes:
            raise IllegalActionError(
                f"{move.action.to_text()} is not a possible chance outcome here",
                action=move.action.to_text(),
            )
    return state.apply(move.action)


def record_view(game: Game, record: Record, viewer: int | None) -> JSON:
    """Return the record as `viewer` may see it (None: a spectator).

    Every move passes through `State.action_view`, the starting position through
    `State.observation`, and the seed stays hidden until the game is over, because the seed
    decides every future chance outcome (boardgame.io leaked secrets through its log: #1159).
    A committed record shows its commitment throughout and its secret, which decides chance
    like a seed, only once the game is over.
    """
    walk = RecordViewWalk(game, record, viewer)
    for move in record.moves:
        walk.add(move)
    return walk.view()


class RecordViewWalk:
    """`record_view` built one move at a time: after `add`ing the first k moves of `record`,
    `view()` is `record_view` of the record cut to those k moves (the same code builds both),
    so every prefix of a record can be viewed in one walk instead of a replay per prefix."""

    def __init__(self, game: Game, record: Record, viewer: int | None) -> None:
        self.record = record
        self.viewer = viewer
        self.state = (
            game.new_initial_state()
            if record.initial is None
            else game.state_from_json(record.initial)
        )
        self.initial = None if record.initial is None else self.state.observation(viewer)
        # each move's seat and view as two flat lists (as `Moves` keeps a record's moves)
        self.seats: list[int | None] = []
        self.shown: list[JSON | None] = []
        self.hidden: list[tuple[int, State, Action]] = []  # moves whose view hid something then

    def __len__(self) -> int:
        """Return how many moves were added."""
        return len(self.seats)

    def add(self, move: Move) -> None:
        """Take the record's next move: its view as the viewer saw it when it was played."""
        shown = self.state.action_view(move.action, self.viewer)
        if shown != move.action.to_json():
            self.hidden.append((len(self.seats), self.state, move.action))
        self.seats.append(move.seat)
        self.shown.append(shown)
        self.state = self.state.apply(move.action)

    def view(self) -> JSON:
        """Return the record view of the moves added so far."""
        state, record = self.state, self.record
        shown = list(self.shown)
        for index, before, action in self.hidden:  # what play has shown since (hindsight_view)
            later = state.hindsight_view(action, before, self.viewer)
            if later is not None:
                shown[index] = later
        moves = zip(self.seats, shown, strict=True)
        over = state.is_terminal()
        fairness: dict[str, str | None] = {}
        if record.commitment is not None:
            fairness = {"commitment": record.commitment, "secret": record.secret if over else None}
        return record_json(
            record.game,
            record.options,
            self.initial,
            record.seed if over else None,
            moves,
            **fairness,
        )
