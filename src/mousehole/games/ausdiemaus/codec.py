"""Aus die Maus! positions as JSON both ways (reading checks every field and refuses what play
cannot reach) and its events as JSON. It imports the states (state.py), never the reverse: a
state asks its game (game.py) for them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import JSON, InvalidStateError
from ...engine.fields import (
    counts_per_seat,
    json_object,
    one_of,
    same_game,
    true_or_false,
    whole_number,
)
from ...engine.formats import FormattedGame
from .cards import CARD_BY_NAME, CARD_NAMES, CHEESE, MOUSE1, deal_sizes
from .observer import observation
from .piles import ANY_PILE, check_pile, check_won
from .state import (
    CHASE,
    ENDINGS,
    LAST_CHIP,
    MAX_TURNS,
    OVER,
    PHASES,
    RESTART,
    RUN_OUT,
    SAFETY,
    START,
    TURN,
    AusDieMausState,
)


def state_to_json(state: AusDieMausState) -> JSON:
    """Return the omniscient position: the observation plus what lies in each stack."""
    data = observation(state, None)
    del data["stacks"]  # derived from unseen and won
    data["drawing"] = state.drawing
    data["unseen"] = list(state.unseen)
    data["won"] = [[CARD_NAMES[card] for card in cards] for cards in state.won]
    return data


# -- reading a position -------------------------------------------------------------------


def _cards(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise InvalidStateError(where, "expected a list of card names")
    cards = []
    for i, name in enumerate(value):
        if not isinstance(name, str) or name not in CARD_BY_NAME:
            raise InvalidStateError(
                f"{where}[{i}]", f"{name!r} is not a card (one of {', '.join(CARD_NAMES)})"
            )
        cards.append(CARD_BY_NAME[name])
    return tuple(cards)


def _chase(raw: Any, n: int) -> tuple[int, int, int, int]:
    if not isinstance(raw, Mapping):
        raise InvalidStateError("chase", "a chase is {mouse_owner, chaser, paws, attempts_left}")
    owner = whole_number(raw.get("mouse_owner"), "chase.mouse_owner", 0, n - 1)
    chaser = whole_number(raw.get("chaser"), "chase.chaser", 0, n - 1)
    paws = whole_number(raw.get("paws"), "chase.paws", 1, 3)
    left = whole_number(raw.get("attempts_left"), "chase.attempts_left", 1, paws)
    if chaser != (owner + 1) % n:
        raise InvalidStateError(
            "chase.chaser",
            f"the chaser is the mouse owner's left neighbour, seat {(owner + 1) % n}",
        )
    return owner, chaser, paws, left


def state_from_json(
    game: FormattedGame[AusDieMausState, Any], data: Mapping[str, Any]
) -> AusDieMausState:
    """Return the position `data` describes; raise InvalidStateError naming the bad field.

    Optional on input: `game`, `phase` (default "turn"), `drawing` (false), `won` (empty),
    `chips` (none), `chips_left` (the rest), `chase` (null), `ending` (null), `turns` (the
    fewest that put the pile and the won cards on the table) and `winners` (checked when
    given). `unseen` and `pile` are required. A position play cannot reach is refused: see
    `_check_reachable` and piles.py.
    """
    data = json_object(data)
    same_game(data, "ausdiemaus", "an Aus die Maus! position")
    n = whole_number(data.get("seats"), "seats", 2, 6)
    if n != game.seat_count:
        raise InvalidStateError("seats", f"{n} does not match this game's {game.seat_count} seats")
    deck = game.new_initial_state().deck  # the deck this game deals from
    phase = one_of(data.get("phase", TURN), "phase", PHASES)
    unseen = counts_per_seat(data.get("unseen"), "unseen", n)
    won_raw = data.get("won", [[] for _ in range(n)])
    if not isinstance(won_raw, list) or len(won_raw) != n:
        raise InvalidStateError("won", f"expected {n} lists of won cards, one per seat")
    won = tuple(_cards(cards, f"won[{i}]") for i, cards in enumerate(won_raw))
    pile = _cards(data.get("pile"), "pile")
    chips = counts_per_seat(data.get("chips", [0] * n), "chips", n)
    left = data.get("chips_left", deck.chips - sum(chips))
    chips_left = whole_number(left, "chips_left", 0, deck.chips)
    if sum(chips) + chips_left != deck.chips:
        raise InvalidStateError(
            "chips_left", f"{chips_left} left + {sum(chips)} given must be {deck.chips} chips"
        )
    # every card on the pile or won was turned by a player, but the undealt first card
    placed = max(0, len(pile) + sum(map(len, won)) - 1)
    turns = whole_number(data.get("turns", placed), "turns")
    drawing = true_or_false(data.get("drawing", False), "drawing")
    ending = data.get("ending")
    if ending is not None and ending not in ENDINGS:
        raise InvalidStateError("ending", f"{ending!r} is not null or one of {', '.join(ENDINGS)}")
    current = data.get("current")
    if current is not None:
        current = whole_number(current, "current", 0, n - 1)

    # the cards: nothing seen more often than the deck holds it, and every card somewhere
    seen = [0] * len(CARD_NAMES)
    for card in pile + tuple(c for cards in won for c in cards):
        seen[card] += 1
    for kind, count in enumerate(seen):
        if count > deck.counts[kind]:
            where = "pile" if pile.count(kind) > deck.counts[kind] else "won"
            raise InvalidStateError(
                where,
                f"{count} {CARD_NAMES[kind]} cards on the pile and won, "
                f"but the deck has {deck.counts[kind]}",
            )
    held = sum(unseen) + len(pile) + sum(len(cards) for cards in won)
    if phase is START:
        expect = (0,) * n if current is None else deal_sizes(n, current, deck.size - 1)
        if unseen != expect:
            raise InvalidStateError(
                "unseen", f"at the start the stacks must be {list(expect)} (the deal)"
            )
        if pile or any(won) or any(chips) or turns or drawing:
            raise InvalidStateError(
                "phase", "at the start nothing is on the pile, won, given or turned yet"
            )
    elif held != deck.size:
        raise InvalidStateError(
            "unseen",
            f"{sum(unseen)} unseen + {len(pile)} on the pile + {held - sum(unseen) - len(pile)} "
            f"won cards must be the deck's {deck.size}",
        )

    chase = None
    if phase is OVER:
        if ending is None:
            raise InvalidStateError("ending", "a finished game says how it ended")
        if current is not None:
            raise InvalidStateError("current", "nobody turns a card once the game is over")
        if ending == LAST_CHIP and chips_left:
            raise InvalidStateError("ending", "'last_chip' needs every chip given")
    else:
        if ending is not None:
            raise InvalidStateError("ending", "set only once the game is over (phase 'over')")
        if not chips_left:
            raise InvalidStateError("chips_left", "no chip is left: the game would be over")
        if turns >= MAX_TURNS:
            raise InvalidStateError("turns", f"{MAX_TURNS} turns end the game (safety stop)")
    if phase in (TURN, CHASE, RESTART):
        if current is None:
            raise InvalidStateError("current", f"phase '{phase}' needs the seat to turn a card")
        if not unseen[current] and not won[current]:
            raise InvalidStateError(
                "current", f"seat {current} has no card to turn: the game would be over"
            )
        if drawing and not unseen[current]:
            raise InvalidStateError("drawing", f"seat {current} has no unseen card to turn")
    elif drawing:
        raise InvalidStateError("drawing", f"no card is turned in phase '{phase}'")
    if phase is CHASE:
        chase = _chase(data.get("chase"), n)
        _, chaser, paws, left = chase
        if chaser != current:
            raise InvalidStateError(
                "chase.chaser", f"the chaser must be the current seat {current}"
            )
        tries = paws - left
        tail = pile[len(pile) - tries - 1 :] if len(pile) > tries else ()
        if tail != (MOUSE1 + paws - 1,) + (CHEESE,) * tries:
            raise InvalidStateError(
                "pile", f"the pile must end with the chased mouse{paws} and then {tries} cheese"
            )
    elif data.get("chase") is not None:
        raise InvalidStateError("chase", f"phase '{phase}' has no chase")
    if phase is TURN and not pile:
        raise InvalidStateError("pile", "in phase 'turn' the pile holds at least one card")
    if phase is RESTART and pile:
        raise InvalidStateError("pile", "a restart begins a new pile: the pile must be empty")
    if phase is not START:
        _check_reachable(
            phase, current, unseen, won, pile, chips, chase, ending, turns, placed, deck.chips
        )

    state = AusDieMausState(game, n, deck)
    state.phase = phase
    state.current = current
    state.drawing = drawing
    state.unseen = unseen
    state.won = won
    state.pile = pile
    state.pool = tuple(deck.counts[kind] - seen[kind] for kind in range(len(CARD_NAMES)))
    state.chips = chips
    state.chips_left = chips_left
    state.chase = chase
    state.ending = ending
    state.turns = turns
    if "winners" in data and data["winners"] != state.winners():
        raise InvalidStateError(
            "winners", f"the position's winners are {state.winners()}, not {data['winners']!r}"
        )
    return state


def _check_reachable(
    phase: str,
    current: int | None,
    unseen: tuple[int, ...],
    won: tuple[tuple[int, ...], ...],
    pile: tuple[int, ...],
    chips: tuple[int, ...],
    chase: tuple[int, int, int, int] | None,
    ending: str | None,
    turns: int,
    placed: int,
    chips_in_play: int,
) -> None:
    """Refuse a table that play cannot make: its pile, won queues, chips, ending and turns.

    How the cards were dealt and who turned which is not checked: the stack sizes are free
    (as long as every card is accounted for), so a test can set up a scene without playing up
    to it (docs/games/ausdiemaus.md, "The full position").
    """
    if turns < placed:
        raise InvalidStateError(
            "turns",
            f"{turns} turns cannot have put {placed + 1} cards on the pile and in the won "
            "queues: each one but the undealt first card was turned over by a player",
        )
    for seat, queue in enumerate(won):
        check_won(queue, seat, chips[seat], unseen[seat])
    given = [seat for seat, count in enumerate(chips) if count]
    holding = [seat for seat, queue in enumerate(won) if queue]
    opening = None  # ruling: the undealt card starts the first pile; it leaves when one is won
    if given:
        opening = f"seat {given[0]} has a chip, so a pile was won"
    elif holding:
        opening = f"seat {holding[0]} holds won cards, so a pile was won"
    if phase is TURN:
        check_pile(pile, None, opening)
    elif chase is not None:
        check_pile(pile, (chase[2], chase[2] - chase[3]), opening)
    elif phase is RESTART and not won[current]:  # type: ignore[index]  # set in a restart
        raise InvalidStateError(
            "current", f"seat {current} restarts the pile it just won, so it holds won cards"
        )
    if phase is not OVER:
        return
    if ending == LAST_CHIP and pile:
        raise InvalidStateError(
            "pile", "the last chip's catcher took the final pile: the pile must be empty"
        )
    if ending != LAST_CHIP and sum(chips) == chips_in_play:
        raise InvalidStateError(
            "ending", "every chip is given: the catch of the last one ended the game, 'last_chip'"
        )
    if ending == RUN_OUT:
        if not pile:
            raise InvalidStateError(
                "pile", "a run-out leaves the pile on the table (a restart never runs out)"
            )
        if all(u or w for u, w in zip(unseen, won, strict=True)):
            raise InvalidStateError("ending", "'run_out' needs a seat with no card left")
    if ending == SAFETY and pile and turns < MAX_TURNS:
        raise InvalidStateError(
            "ending",
            f"a safety stop before {MAX_TURNS} turns is a repeated restart, with no pile yet",
        )
    if turns > MAX_TURNS:
        raise InvalidStateError("turns", f"{MAX_TURNS} turns end the game (safety stop)")
    if pile:
        check_pile(pile, ANY_PILE, opening)


# -- events ----------------------------------------------------------------

EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "start": ("stacks",),
    "pile_start": ("card",),
    "flip": ("card",),
    "call": ("paws", "chaser"),
    "pass_chase": ("from", "paws", "chaser"),
    "missed": ("attempts_left",),
    "caught": ("cards", "mouse_owner"),
    "escaped": ("cards", "chaser"),
    "restart": (),
    "end": ("reason", "winners"),
}
"""Each event's fields after its type and seat, in the order the rules store them."""


def event_to_json(event: tuple[Any, ...]) -> JSON:
    """Return a compact event tuple as a JSON object with named fields."""
    kind, seat, *values = event
    data: JSON = {"type": kind, "seat": seat}
    for name, value in zip(EVENT_FIELDS[kind], values, strict=True):
        data[name] = value
    if "card" in data:
        data["card"] = CARD_NAMES[data["card"]]
    if kind == "caught":
        data["chip"] = True
    for key in ("stacks", "winners"):
        if key in data:
            data[key] = list(data[key])
    return data
