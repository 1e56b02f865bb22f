"""What a Mouse Chaos position is worth to one seat, read from its observation alone: the
public facts as the engine's tuples (`Position`), each mouse's worth on each node given who it
may belong to, and the open entries of the seat's unfilled nests (`Values`). The computer
players in bots.py score their choices with it; tests/games/mousechaos/blockade.py reads the
entries too.
"""

# `make venv` compiles the module marked so with mypyc where it can (docs/testing.md):
# mousehole: mypyc
from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Final

from . import ends as E
from . import moves as M
from .belief import NEST_DISTANCE
from .board import FLOOR_SET, LYING, NEIGHBOURS, NEST_OF, TABLE, WALL, parse_node
from .deal import slot_owner
from .moves import Chairs

PEEK: Final = 0.2
"""What looking under a holder at an unknown mouse is worth (in mouse-value units)."""
RIVAL: Final = 0.6
"""How much a rival's mouse nearing its nest costs, against one's own nearing one's nest."""
OPEN: Final = (0.0, 0.6, 0.85, 1.0, 1.1)
"""What a nest of mine with 0..4 entries open is worth: the first open entry matters most (a
blockade shuts them all; one open lets a mouse in)."""
HOLD: Final = 0.1
"""What a chair holding an entry of mine open is worth (and a cat sitting on such a chair,
which keeps anyone from turning it)."""
STRANDED: Final = 0.05
"""What a mouse of mine in another side's nest is worth: it comes home only when that nest is
filled and revealed and it is the first wrong mouse turned (a side that never fills its nests
keeps it for good), so less than one anywhere on the floor."""
RELEASE: Final = 2.0
"""What another side's mouse entering that side's nest is worth per mouse of mine expected
face down in it (at most one counted): four mice there start a reveal, and the first wrong
mouse turned, mine, is sent to my nest, past whatever shuts my nests' entries. (A mouse of
mine put there would only be stranded too: one wrong mouse leaves per reveal.)"""
FREE: Final = 0.45
"""What lifting a cat off a chair that shuts an entry of mine is worth: the chair step of the
same turn may then move that chair (rulebook: only a chair without a cat moves)."""
CAPTURED: Final = 0.25
"""At the cap, how much a mouse under the table counts against its side, as a share of one at
home: the ranking counts the mice at home first and the mice not under the table only on a tie
(docs/games/mousechaos.md, "The end")."""


def entry_sides(nest: int) -> dict[int, int]:
    """Return the floor squares a mouse enters `nest` from, each with the side the nest is on."""
    out = {}
    for sq in FLOOR_SET:
        for side, beyond in enumerate(NEIGHBOURS[sq]):
            if beyond >= 0 and NEST_OF[beyond] == nest:
                out[sq] = side
    return out


ENTRIES: Final = tuple(entry_sides(k) for k in range(4))
"""ENTRIES[nest]: {entry square: the side the nest lies on}."""


def shuts(sq: int, side: int, holders: Sequence[int], cats: Sequence[int], chairs: Chairs) -> bool:
    """Return True when nothing can step from entry `sq` into the nest on `side`: a holder or
    a cat on the floor there, a lying chair, or an upright chair whose cross support faces
    the nest (a cat perched on a chair blocks no mouse under it)."""
    pose = next((p for at, p in chairs if at == sq), None)
    if pose is not None:
        return pose in (LYING, side)
    return sq in holders or sq in cats


def open_entries(nest: int, holders: Sequence[int], cats: Sequence[int], chairs: Chairs) -> int:
    """Return how many of `nest`'s entries are open (see `shuts`)."""
    return sum(not shuts(sq, side, holders, cats, chairs) for sq, side in ENTRIES[nest].items())


class Position:
    """The public facts of an observation, as the engine's tuples (for `ends.ends`)."""

    def __init__(self, seen: Mapping[str, Any]):
        self.seen = seen
        self.seats: int = seen["seats"]
        self.mice = tuple(parse_node(m["at"]) or 0 for m in seen["mice"])
        self.holders = tuple(parse_node(h["at"]) or 0 for h in seen["holders"])
        self.cats = tuple(parse_node(c) or 0 for c in seen["cats"])
        self.chairs = tuple(
            (parse_node(c["at"]) or 0, "NESWL".index(c["pose"])) for c in seen["chairs"]
        )
        self.steps: int = seen["steps"] or 0

    def nests_of(self, owner: int) -> list[int]:
        """Return the nests of a seat (owner 0..3) or of the phantom (owner 4)."""
        if owner == 4:
            return [k for k in range(4) if slot_owner(self.seats, k) < 0]
        return [k for k in range(4) if slot_owner(self.seats, k) == owner]

    def movable(self, holders: tuple[int, ...] | None = None) -> list[int]:
        """Return the visible mice outside the nests."""
        held = self.holders if holders is None else holders
        return [
            m
            for m, at in enumerate(self.mice)
            if (at == TABLE or NEST_OF[at] < 0) and (at == TABLE or at not in held)
        ]

    def best_piece(self, n: int, values: Values, holders: tuple[int, ...] | None = None) -> float:
        """Return the best gain of a mouse or cat move of exactly n (0 if none helps).

        The same as the best of `values.gain` over every movable mouse's ends and of a cat's
        gain (`cat_gain`, `frees`, `opened`) over every cat's ends, found with less work: a
        piece is searched only when its bound (`Values.mouse_bounds`, `Values.cat_bounds`:
        the most it could gain anywhere its move may end, in any position) beats the best
        found so far, mice in the order of their bounds, and the answer is kept per (n,
        holders) for the rest of the decision (a pick asks it for the same numbers again), so
        `values` must be this position's."""
        if values.position is not self:
            raise ValueError("best_piece needs the Values of this position")
        held = self.holders if holders is None else holders
        key = (n, held)
        known = values.best_pieces.get(key)
        if known is not None:
            return known
        best = 0.0
        mice, cats, chairs = self.mice, self.cats, self.chairs
        for bound, m, row in values.mouse_bounds(n):
            if bound <= best:
                break  # the rest are bounded lower still
            at = mice[m]
            if at != TABLE and at in held:
                continue  # under a holder: not movable
            ends = E.ends(M.MOUSE, m, n, mice, held, cats, chairs)
            if ends:
                best = max(best, max(map(row.__getitem__, ends)) - row[at])
        entries = values.entries
        for bound, c, frees in values.cat_bounds(n):
            if bound <= best:
                continue
            at = cats[c]
            for to in E.ends(M.CAT, c, n, mice, held, cats, chairs):
                gain = values.cat_gain_at(to) + frees
                if at in entries or to in entries:
                    moved = (*cats[:c], to, *cats[c + 1 :])
                    gain += values.opened(cats=moved, touched=(at, to))
                else:
                    gain += 0.0
                best = max(best, gain)
        values.best_pieces[key] = best
        return best


@cache
def _mouse_reach(start: int, n: int) -> tuple[int, ...]:
    """Return every node a mouse on `start` might end a move of exactly n steps on, in any
    position (the nodes a walk of at most n steps reaches in the mice's graph with every
    hole open and no cross support, "into nest k" as all of nest k's squares)."""
    return tuple(E.mask_nodes(E._nodes(E._near(M.MOUSE, start)[n], M._NEST_MASKS)))


@cache
def _cat_reach(start: int, n: int) -> tuple[int, ...]:
    """Return every node a cat on `start` might end a move of exactly n steps on, in any
    position (the nodes a walk of at most n steps reaches in the cats' graph)."""
    return tuple(E.mask_nodes(E._near(M.CAT, start)[n] & ~(1 << WALL)))


class Values:
    """What each mouse on each node is worth to a seat, given who it may belong to."""

    def __init__(
        self,
        position: Position,
        seat: int,
        owners: Sequence[Sequence[float]],
        cap: float = 0.0,
        clogged: bool = False,
    ):
        self.position = position
        self.seat = seat
        self.owners = owners
        self.cap = cap
        """What one mouse of a side at home is worth at the cap's ranking, on top of the rest
        (0: the ranking is not weighed): a mouse of mine in my nests gains it, a rival's in its
        own nests loses it, and one under the table counts CAPTURED of it against its side."""
        self.nests = [position.nests_of(o) for o in range(5)]
        self._cache: dict[tuple[int, int], float] = {}
        self._rows: list[dict[int, float]] = [{} for _ in position.mice]
        self._mouse_bounds: dict[int, list[tuple[float, int, dict[int, float]]]] = {}
        self._cat_bounds: dict[int, list[tuple[float, int, float]]] = {}
        self._cat_gains: dict[int, float] = {}
        self._worths: dict[tuple[int, int], float] = {}
        self.best_pieces: dict[tuple[int, tuple[int, ...]], float] = {}
        """`Position.best_piece`'s answers in this decision, by (n, holders)."""
        seen = position.seen
        full = [sum(1 for at in position.mice if at < TABLE and NEST_OF[at] == k) for k in range(4)]
        self.waiting = [k for k in self.nests[seat] if not seen["complete"][k] and full[k] < 4]
        """My nests still to fill: their open entries are worth keeping open."""
        self.entries = frozenset(sq for k in self.waiting for sq in ENTRIES[k])
        self._now = self.openness(position.holders, position.cats, position.chairs)
        mine = [0.0] * 4
        for m, (at, shown) in enumerate(zip(position.mice, seen["mice"], strict=True)):
            if at < TABLE and NEST_OF[at] >= 0 and not shown["revealed"]:
                mine[NEST_OF[at]] += owners[m][seat]
        gain = RELEASE * (self.clean(full) if clogged else 1.0)
        self.release = [
            0.0 if k in self.nests[seat] or seen["complete"][k] else gain * min(1.0, mine[k])
            for k in range(4)
        ]
        """Per nest: what a mouse entering it is worth for the mice of mine a reveal there
        would send home (see RELEASE; with `clogged`, times `clean`)."""

    def clean(self, full: Sequence[int]) -> float:
        """Return the chance that a mouse of mine sent home now would not start a reveal of my
        nest that sends a rival's mouse home: the nest it goes to (the fuller of my unfilled
        nests) holds fewer than three mice, or only mine face down. A rival's mouse sent home
        is one more at home for that rival, and its nest may then fill and be revealed in
        turn: a chain that can complete the rival's nest."""
        if not self.waiting:
            return 1.0
        nest = max(self.waiting, key=lambda k: (full[k], -k))
        if full[nest] < 3:
            return 1.0
        seen = self.position.seen["mice"]
        chance = 1.0
        for m, at in enumerate(self.position.mice):
            if at < TABLE and NEST_OF[at] == nest and not seen[m]["revealed"]:
                chance *= self.owners[m][self.seat]
        return chance

    def openness(self, holders: Sequence[int], cats: Sequence[int], chairs: Chairs) -> float:
        """Return what the open entries of my unfilled nests are worth (see OPEN)."""
        return sum(OPEN[open_entries(k, holders, cats, chairs)] for k in self.waiting)

    def opened(
        self,
        holders: Sequence[int] | None = None,
        cats: Sequence[int] | None = None,
        chairs: Chairs | None = None,
        touched: Sequence[int] = (),
    ) -> float:
        """Return the change in `openness` when some pieces stand elsewhere (0 at once when
        none of the `touched` squares, where a piece left or arrived, is an entry of mine)."""
        if touched and not any(sq in self.entries for sq in touched):
            return 0.0
        p = self.position
        then = self.openness(
            p.holders if holders is None else holders,
            p.cats if cats is None else cats,
            p.chairs if chairs is None else chairs,
        )
        return then - self._now

    def holds_open(self, square: int, pose: int) -> bool:
        """Return True when a chair upright on `square` in `pose` keeps an entry of my unfilled
        nests open: its cross support faces away from the nest (a mouse passes under it into
        the nest), and no holder or floor cat can stand there while it does."""
        return any(pose != LYING and ENTRIES[k].get(square, pose) != pose for k in self.waiting)

    def frees(self, cat: int, to: int) -> float:
        """Return FREE when cat `cat` leaves a chair that shuts an entry of my unfilled nests
        for a square that shuts none (the chair step can then move the chair), else 0."""
        if to == self.position.cats[cat]:
            return 0.0
        return self._frees(cat)

    def _frees(self, cat: int) -> float:
        """Return `frees` of cat `cat` going anywhere but where it is."""
        at = self.position.cats[cat]
        pose = next((p for sq, p in self.position.chairs if sq == at), None)
        if pose is None:
            return 0.0
        for k in self.waiting:
            if ENTRIES[k].get(at) == pose:
                return FREE
        return 0.0

    def value(self, mouse: int, node: int) -> float:
        """Return the worth of `mouse` standing on `node`."""
        key = (mouse, node)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        worths = self._worths
        total = sum(
            share * (worths.get((owner, node)) or self.worth(owner, node))
            for owner, share in enumerate(self.owners[mouse])
            if share > 0 and self.nests[owner]
        )
        self._cache[key] = total
        return total

    def worth(self, owner: int, node: int) -> float:
        """Return the worth of a mouse of `owner` (a seat, 4 the phantom) standing on `node`:
        near its owner's nests, in them, in another's; a stranger in my nest clogs it, and
        one entering another side's nest may get a reveal there to send mine home."""
        key = (owner, node)
        known = self._worths.get(key)
        if known is None:
            known = self._worths[key] = self._worth(owner, node)
        return known

    def _worth(self, owner: int, node: int) -> float:
        """Return `worth`, worked out."""
        nest_here = NEST_OF[node] if node != TABLE else -1
        if nest_here >= 0 and nest_here in self.nests[owner]:
            worth = 3.0
        elif nest_here >= 0:
            worth = STRANDED if owner == self.seat else 1.0
        else:
            worth = max(1 / (1 + NEST_DISTANCE[k][node]) for k in self.nests[owner])
        total = worth if owner == self.seat else -RIVAL * worth
        if nest_here >= 0 and nest_here in self.nests[self.seat]:
            total -= 0.0 if owner == self.seat else 0.8  # a stranger clogs my nest
        elif nest_here >= 0 and owner != self.seat:
            total += self.release[nest_here]  # one of mine would only be stranded there too
        if self.cap:
            sign = 1.0 if owner == self.seat else -1.0
            if nest_here >= 0 and nest_here in self.nests[owner]:
                total += sign * self.cap
            elif node == TABLE:
                total -= sign * self.cap * CAPTURED
        return total

    def mouse_bounds(self, n: int) -> list[tuple[float, int, dict[int, float]]]:
        """Return, for each mouse outside the nests, (bound, mouse, row), highest bound
        first: row maps each node its move of exactly n might end on (`_mouse_reach`), and
        where it stands, to its `value` there; bound is the best `gain` among them."""
        known = self._mouse_bounds.get(n)
        if known is not None:
            return known
        out = []
        for m, at in enumerate(self.position.mice):
            if at != TABLE and NEST_OF[at] >= 0:
                continue
            row = self._rows[m]
            for node in (at, *_mouse_reach(at, n)):
                if node not in row:
                    row[node] = self.value(m, node)
            here = row[at]
            out.append((max(row[node] for node in _mouse_reach(at, n)) - here, m, row))
        out.sort(key=lambda entry: -entry[0])
        self._mouse_bounds[n] = out
        return out

    def cat_bounds(self, n: int) -> list[tuple[float, int, float]]:
        """Return, for each cat, (bound, cat, `frees` of it): bound is at least the gain of
        any move of exactly n it might make (`_cat_reach`): the best `cat_gain_at` there,
        plus its `frees`, plus what lifting it alone would open (a cat landing opens
        nothing)."""
        known = self._cat_bounds.get(n)
        if known is not None:
            return known
        cats = self.position.cats
        out = []
        for c, at in enumerate(cats):
            frees = self._frees(c)
            reach = _cat_reach(at, n)
            top = max(self.cat_gain_at(to) for to in reach) if reach else 0.0
            lifted = 0.0
            if at in self.entries:
                lifted = self.opened(cats=(*cats[:c], TABLE, *cats[c + 1 :]), touched=(at,))
            out.append(((top + frees) + lifted, c, frees))
        self._cat_bounds[n] = out
        return out

    def cat_gain_at(self, to: int) -> float:
        """Return `cat_gain(to, position.chairs)`, kept for the decision."""
        return self.cat_gain(to, self.position.chairs)

    def gain(self, mouse: int, to: int) -> float:
        """Return the worth gained by moving `mouse` to `to`."""
        return self.value(mouse, to) - self.value(mouse, self.position.mice[mouse])

    def cat_gain(self, to: int, chairs: tuple[tuple[int, int], ...]) -> float:
        """Return the worth gained by a cat landing on `to` (a capture, if any)."""
        if chairs is self.position.chairs:  # the chairs as they stand: kept per square
            known = self._cat_gains.get(to)
            if known is None:
                known = self._cat_gains[to] = self._cat_gain(to, chairs)
            return known
        return self._cat_gain(to, chairs)

    def _cat_gain(self, to: int, chairs: tuple[tuple[int, int], ...]) -> float:
        """Return `cat_gain`, worked out."""
        if to == TABLE or to in dict(chairs):
            return 0.0
        for m, at in enumerate(self.position.mice):
            if at == to:
                return self.gain(m, TABLE)
        return 0.0
