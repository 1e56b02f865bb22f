"""Mouse Chaos's sampler of hidden state for the expert level (`mousehole.bots.ISMCTS`).

From one seat's observation alone (docs/games/mousechaos.md, What each seat knows) it deals
again everything that seat does not know, the way the rules deal it:

- the mice's colours dealt so far (`dealt` counts the deal's outcomes, mice 0..15 first, then
  the four cards): a mother takes a colour no known mother has, a baby one of the three of its
  colour that no known baby holds;
- the colour cards dealt so far that the seat has not seen (its own and those shown are kept);
- the other seats' peeks, which no observation shows: none (the rules never read them; only
  their views do).

One more thing a seat knows without being told: a mouse turned over in a nest whose card was
never shown got there by being sent home, so its colour is that nest owner's (with two seats,
one of that owner's two cards). Cards are drawn again until they agree with every such mouse
(rejection sampling, which keeps the draw uniform among the deals that agree).

The result's `observation(seat)` equals the observation it was drawn from.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ...engine import JSON, Game, State
from ..manifest import Expert
from .belief import NEST_DISTANCE
from .board import COLOURS, MICE, MOTHERS, NEST_OF, TABLE, parse_node
from .bots import BOTS
from .deal import slot_owner
from .state import MouseChaosState

CARD_TRIES = 200
"""Card deals tried before giving up on agreeing with the mice sent home (never seen in play:
the true deal always agrees, and a few tries find one)."""


def _sent_home(observation: JSON) -> list[tuple[int, int]]:
    """Return (colour, nest) for every revealed mouse lying in a nest whose card is unshown."""
    found = []
    for mouse in observation["mice"]:
        node = parse_node(mouse["at"])
        if not mouse["revealed"] or node is None or node >= 100 or NEST_OF[node] < 0:
            continue
        nest = NEST_OF[node]
        if not observation["shown"][nest] and mouse["colour"] is not None:
            found.append((COLOURS.index(mouse["colour"]), nest))
    return found


def _agrees(cards: list[int], seats: int, sent_home: list[tuple[int, int]]) -> bool:
    """Return True when every mouse sent home went to a nest of its colour's owner."""
    for colour, nest in sent_home:
        owner = slot_owner(seats, nest)
        slots = [k for k in range(4) if slot_owner(seats, k) == owner]
        if all(cards[k] != colour for k in slots):
            return False
    return True


def _deal_mice(known: list[int], dealt: int, rng: random.Random) -> list[int]:
    """Return the mice's colours with the unknown ones among the first `dealt` dealt again."""
    colours = list(known)
    mothers_left = [c for c in range(4) if c not in colours[:MOTHERS]]
    rng.shuffle(mothers_left)
    for m in range(min(MOTHERS, dealt)):
        if colours[m] < 0:
            colours[m] = mothers_left.pop()
    babies_left = [c for c in range(4) for _ in range(3 - colours[MOTHERS:].count(c))]
    rng.shuffle(babies_left)
    for m in range(MOTHERS, min(MICE, dealt)):
        if colours[m] < 0:
            colours[m] = babies_left.pop()
    return colours


def _deal_cards(
    known: list[int], dealt: int, seats: int, sent_home: list[tuple[int, int]], rng: random.Random
) -> list[int]:
    """Return the cards with the unknown ones among the first `dealt` dealt again, agreeing
    with the mice sent home when a deal can."""
    cards = list(known)
    for _ in range(CARD_TRIES):
        cards = list(known)
        left = [c for c in range(4) if c not in cards]
        rng.shuffle(left)
        for k in range(min(4, dealt)):
            if cards[k] < 0:
                cards[k] = left.pop()
        if _agrees(cards, seats, sent_home):
            break
    return cards


def sample(game: Game, observation: JSON, seat: int, rng: random.Random) -> State:
    """Return a full position `seat` cannot tell from the one it observes."""
    seats = observation["seats"]
    dealt = observation["dealt"]
    known_mice = [
        -1 if m["colour"] is None else COLOURS.index(m["colour"]) for m in observation["mice"]
    ]
    known_cards = [
        -1 if h["colour"] is None else COLOURS.index(h["colour"]) for h in observation["hands"]
    ]
    colours = _deal_mice(known_mice, dealt, rng)
    cards = _deal_cards(known_cards, dealt - MICE, seats, _sent_home(observation), rng)
    data: dict[str, Any] = {
        k: v for k, v in observation.items() if k not in ("hands", "you", "mice")
    }
    data["mice"] = [{"at": m["at"], "revealed": m["revealed"]} for m in observation["mice"]]
    data["colours"] = [COLOURS[c] if c >= 0 else None for c in colours]
    data["cards"] = [COLOURS[c] if c >= 0 else None for c in cards]
    mine = [
        [m, mouse["peeked"]]
        for m, mouse in enumerate(observation["mice"])
        if mouse["peeked"] is not None
    ]
    data["peeks"] = [mine if s == seat else [] for s in range(seats)]
    return game.state_from_json(data)


def evaluate(state: State) -> list[float]:
    """Return each seat's share of the win in a position a search stopped in (all colours
    known: a determinization's): a seat scores each mouse of its colour(s) by how near it is
    to one of its nests (4 inside, 3 one step from entering, ... 0 under the table), and the
    shares follow the scores' exponentials (a seat five mice' worth ahead is almost sure)."""
    assert isinstance(state, MouseChaosState)
    seats = state.n
    if state.is_terminal():
        winners = state.winners()
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(seats)]
    owner_of = [-1] * 4
    for slot, colour in enumerate(state.cards):
        if colour >= 0:
            owner_of[colour] = slot_owner(seats, slot)
    scores = [0.0] * seats
    for mouse, colour in enumerate(state.colours):
        owner = owner_of[colour] if colour >= 0 else -1
        if owner < 0:
            continue
        at = state.mice[mouse]
        if at == TABLE:
            continue
        nests = [k for k in range(4) if slot_owner(seats, k) == owner]
        near = min(NEST_DISTANCE[k][at] for k in nests)
        scores[owner] += max(0.0, 4.0 - near)
    top = max(scores)
    weights = [math.exp((s - top) / 4.0) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


EXPERT = Expert(
    sample,
    iterations=40,
    seconds=0.8,
    rollout=BOTS["hard"],
    rollout_steps=8,
    evaluate=evaluate,
    guide=BOTS["hard"],
    depth=1,
    confidence=2.0,
    paired=True,
)
"""The expert level's settings: an improvement on the hard level, as in the other games. Each
choice is valued by rollouts in which every seat then plays like hard for 8 decisions (a
round or so; a game is too long, and hard's moves too dear, to play to its end), scored by
`evaluate`; the choices are compared on common random numbers (the same deal of the hidden
colours and the same numbers), and hard's choice is kept unless another beats it by two
standard errors. It stops after 40 rollouts, or sooner after 0.8 s of CPU time, a bound that
keeps a decision within its second (docs/bots.md): stopping on a number of rollouts makes
its play, and so its strength, the same on a slower machine wherever the bound is not reached
(with the compiled build on the machine of docs/benchmarks.md, 40 rollouts took 0.41 s of
CPU at the median and 0.74 s at the 90th percentile of 50 decisions)."""


__all__ = ["EXPERT", "evaluate", "sample"]
