"""What a computer player believes, built from its own observation alone (never the state).

`Belief.from_observation` reads a seat's observation: its own card(s), the colours it has seen
(peeked at or revealed), the cards shown. `sample` deals the rest again at random, consistent
with all of that (mothers take the colours no known mother has, babies the counts left, the
unknown cards the colours left): one determinization of the information set. `owners` counts,
over many samples, how likely each mouse belongs to each seat (or the phantom).

Distances: how many steps a mouse on a node is from entering each nest, on the empty board.
"""

# `make venv` compiles the module marked so with mypyc where it can (docs/testing.md):
# mousehole: mypyc
from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import permutations
from typing import Any, Final

from .board import COLOURS, FLOOR_SET, MICE, MOTHERS, NEIGHBOURS, NEST_OF, RING, TABLE, parse_node
from .deal import slot_owner


def _nest_distances(nest: int) -> tuple[float, ...]:
    """Return, per node (0..100), the steps to enter `nest` on the empty board (0 inside)."""
    dist = [99.0] * 101
    queue: deque[int] = deque()
    for sq in FLOOR_SET:
        if any(b >= 0 and NEST_OF[b] == nest for b in NEIGHBOURS[sq]):
            dist[sq] = 1.0
            queue.append(sq)
    while queue:
        sq = queue.popleft()
        for b in NEIGHBOURS[sq]:
            if b in FLOOR_SET and dist[b] > dist[sq] + 1:
                dist[b] = dist[sq] + 1
                queue.append(b)
    for sq in range(100):
        if NEST_OF[sq] == nest:
            dist[sq] = 0.0
    dist[TABLE] = 1 + min(dist[r] for r in RING)
    return tuple(dist)


NEST_DISTANCE: Final = tuple(_nest_distances(k) for k in range(4))
"""NEST_DISTANCE[nest][node]: steps for a mouse on `node` to enter the nest (0: inside)."""


@dataclass
class Belief:
    """One seat's knowledge: colour indexes, -1 where unknown."""

    seat: int
    seats: int
    colours: list[int]
    cards: list[int]
    mice: list[int]
    """Each mouse's node, as the observation shows it."""
    revealed: list[bool]
    """Each mouse turned over at a reveal (face up, its colour public)."""

    @classmethod
    def from_observation(cls, seen: Mapping[str, Any]) -> Belief:
        """Return the belief of the seat whose observation `seen` is."""
        colours = [-1 if m["colour"] is None else COLOURS.index(m["colour"]) for m in seen["mice"]]
        cards = [-1 if h["colour"] is None else COLOURS.index(h["colour"]) for h in seen["hands"]]
        mice = [parse_node(m["at"]) for m in seen["mice"]]
        revealed = [bool(m["revealed"]) for m in seen["mice"]]
        return cls(seen["you"], seen["seats"], colours, cards, [m or 0 for m in mice], revealed)

    def my_slots(self) -> list[int]:
        """Return the card slots (= nests) this seat owns."""
        return [k for k in range(4) if slot_owner(self.seats, k) == self.seat]

    def sample(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """Return colours and cards dealt again where unknown, consistent with the belief."""
        colours = list(self.colours)
        mothers_left = [c for c in range(4) if c not in colours[:MOTHERS]]
        rng.shuffle(mothers_left)
        for m in range(MOTHERS):
            if colours[m] < 0:
                colours[m] = mothers_left.pop()
        babies_left = [c for c in range(4) for _ in range(3 - colours[MOTHERS:].count(c))]
        rng.shuffle(babies_left)
        for m in range(MOTHERS, MICE):
            if colours[m] < 0:
                colours[m] = babies_left.pop()
        return colours, self.sample_cards(rng)

    def sample_cards(self, rng: random.Random) -> list[int]:
        """Return the cards dealt again where unknown, consistent with the face-up mice in
        the nests: a mouse turned over lies in a nest of one of its owner's colours (a wrong
        one is sent to its colour's owner), so it tells whose colour it is."""
        unknown = [k for k in range(4) if self.cards[k] < 0]
        left = [c for c in range(4) if c not in self.cards]
        orders = [list(p) for p in permutations(left) if self._fits(unknown, p)]
        cards = list(self.cards)
        for k, c in zip(
            unknown, orders[rng.randrange(len(orders))] if orders else left, strict=True
        ):
            cards[k] = c
        return cards

    def _fits(self, unknown: list[int], order: tuple[int, ...]) -> bool:
        cards = list(self.cards)
        for k, c in zip(unknown, order, strict=True):
            cards[k] = c
        for m, at in enumerate(self.mice):
            if self.revealed[m] and at < len(NEST_OF) and NEST_OF[at] >= 0:
                owner = slot_owner(self.seats, NEST_OF[at])
                if self.colours[m] not in {
                    cards[k] for k in range(4) if slot_owner(self.seats, k) == owner
                }:
                    return False
        return True

    def owners(self, samples: list[tuple[list[int], list[int]]]) -> list[list[float]]:
        """Return, per mouse, the share of samples in which it belongs to each owner: index
        0..3 a seat, 4 the phantom."""
        shares = [[0.0] * 5 for _ in range(MICE)]
        for colours, cards in samples:
            owner_of = [0] * 4
            for k, c in enumerate(cards):
                owner = slot_owner(self.seats, k)
                owner_of[c] = owner if owner >= 0 else 4
            for m, c in enumerate(colours):
                shares[m][owner_of[c]] += 1 / len(samples)
        return shares

    def mine(self) -> list[float]:
        """Return, per mouse, the chance it is one of this seat's colours given only what it
        knows (its cards and the colours it has seen), counting the unknown mice of each
        kind (mothers, babies)."""
        own = {self.cards[k] for k in self.my_slots()}
        out = []
        for m, c in enumerate(self.colours):
            if c >= 0:
                out.append(1.0 if c in own else 0.0)
                continue
            group = range(MOTHERS) if m < MOTHERS else range(MOTHERS, MICE)
            size = 1 if m < MOTHERS else 3
            unknown = sum(1 for i in group if self.colours[i] < 0)
            left = sum(size - [self.colours[i] for i in group].count(c) for c in own)
            out.append(left / unknown if unknown else 0.0)
        return out


__all__ = ["NEST_DISTANCE", "Belief"]
