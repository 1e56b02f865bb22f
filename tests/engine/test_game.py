"""The game contract's shared parts: explicit chance sampled from `u`, the default
`sample_action`, the seat options of a SeatedGame, and the defaults a game may override."""

from __future__ import annotations

import math
import random

import pytest

from mousehole.engine import (
    CHANCE,
    TERMINAL,
    IllegalActionError,
    InvalidOptionError,
    cumulative_probabilities,
    sample_outcome,
)
from tests.engine.coin_game import CoinAction, CoinGame
from tests.engine.dice_game import DIE, DIE_OUTCOMES, HOLD, ROLL, START, DiceGame

HEADS, TAILS = CoinAction("deal", "heads"), CoinAction("deal", "tails")


def test_sample_outcome_picks_the_interval_that_holds_u() -> None:
    outcomes = ((HEADS, 0.25), (TAILS, 0.75))
    assert sample_outcome(outcomes, 0.0) is HEADS
    assert sample_outcome(outcomes, 0.2499) is HEADS
    assert sample_outcome(outcomes, 0.25) is TAILS
    assert sample_outcome(outcomes, 0.9999) is TAILS


def test_sample_outcome_gives_each_die_face_a_sixth_of_the_unit_interval() -> None:
    faces = [sample_outcome(DIE_OUTCOMES, (i + 0.5) / 60) for i in range(60)]
    assert faces == [DIE[value] for value in range(1, 7) for _ in range(10)]


def _long(p: float) -> tuple[tuple[CoinAction, float], ...]:
    """Return an outcome list too long to scan (`_SCAN_LIMIT`): heads `p`, then tails `1 - p`
    in nine equal parts."""
    return ((HEADS, p), *[(TAILS, (1 - p) / 9)] * 9)


def test_sample_outcome_keeps_caching_after_many_outcome_lists() -> None:
    from mousehole.engine import chance as engine_chance

    assert len(_long(0.5)) > engine_chance._SCAN_LIMIT
    lists = [_long(i / 20_000) for i in range(1, 3 * 4096)]
    for outcomes in lists:
        sample_outcome(outcomes, 0.5)
    late = lists[-1]
    sample_outcome(_long(0.5), 0.1)  # another list sampled in between
    entry = engine_chance._CUMULATIVE.get(id(late))
    # The list sampled last before the other is still cached: the cache did not stop growing
    # after its first lists, and what it answers for `late` is that list's own sums.
    assert entry is not None and entry[0] is late
    assert entry[1] == cumulative_probabilities(late)
    assert len(engine_chance._CUMULATIVE) <= engine_chance._CUMULATIVE_LIMIT
    assert sample_outcome(late, 0.0) is HEADS and sample_outcome(late, 0.7) is TAILS


def test_short_outcome_lists_are_scanned_to_the_same_outcome_and_never_cached() -> None:
    """A list of at most `_SCAN_LIMIT` outcomes is summed up to `u` instead of searched in
    cached sums: the answer is the one a search of `cumulative_probabilities` gives, at every
    boundary and for sums that round below one, and the cache is left alone."""
    from bisect import bisect_right

    from mousehole.engine import chance as engine_chance

    engine_chance._CUMULATIVE.clear()
    rng = random.Random(7)
    faces = [CoinAction("deal", f"face{i}") for i in range(engine_chance._SCAN_LIMIT)]
    for size in range(1, engine_chance._SCAN_LIMIT + 1):
        for _ in range(200):
            weights = [rng.random() + 0.01 for _ in range(size)]
            total = sum(weights)
            outcomes = tuple((faces[i], w / total) for i, w in enumerate(weights))
            sums = cumulative_probabilities(outcomes)
            probes = [rng.random() for _ in range(20)] + [0.0, 0.9999999999999999]
            probes += [s for s in sums[:-1]] + [math.nextafter(s, 0.0) for s in sums[:-1]]
            for u in probes:
                expected = outcomes[bisect_right(sums, u)][0]
                assert sample_outcome(outcomes, u) is expected, (outcomes, u)
    rounded = tuple((START[s], 0.333) for s in range(3))  # sums to 0.999
    assert sample_outcome(rounded, 0.9995) is START[2]
    assert engine_chance._CUMULATIVE == {}


def test_cumulative_probabilities_end_at_one_despite_rounding() -> None:
    third = 1 / 3
    sums = cumulative_probabilities(tuple((START[s], third) for s in range(3)))
    assert sums[:2] == pytest.approx([1 / 3, 2 / 3])
    assert sums[-1] == 1.0
    # Even a u just below 1 finds the last outcome instead of running off the end.
    assert sample_outcome(tuple((START[s], 0.333) for s in range(3)), 0.9999) is START[2]


def test_sample_action_follows_chance_then_the_uniform_legal_choice() -> None:
    state = CoinGame().new_initial_state()
    assert state.is_chance_node()
    assert state.sample_action(0.7) == TAILS
    dealt = state.apply(TAILS)
    # Two guesses: u below one half takes the first, from one half on the second.
    assert dealt.sample_action(0.49) == dealt.legal_actions()[0]
    assert dealt.sample_action(0.5) == dealt.legal_actions()[1]


def test_sample_action_refuses_u_outside_the_unit_interval_and_a_finished_game() -> None:
    state = CoinGame().new_initial_state()
    for u in (-0.1, 1.0):
        with pytest.raises(ValueError, match="u: expected a number in"):
            state.sample_action(u)
    over = state.apply(HEADS).apply(CoinAction("guess", "heads"))
    assert over.is_terminal() and over.current_player() == TERMINAL
    assert over.winners() == [0]
    with pytest.raises(IllegalActionError, match="game is over"):
        over.sample_action(0.5)


def test_a_seated_game_without_a_start_seat_lets_chance_draw_it() -> None:
    game = DiceGame(seats=3)
    assert game.options() == {"seats": 3, "start_seat": None}
    assert game.new_initial_state().current_player() == CHANCE
    assert DiceGame(seats=3, start_seat=2).new_initial_state().current_player() == 2


@pytest.mark.parametrize(
    ("seats", "start_seat", "field"),
    [
        (True, None, "seats"),
        ("2", None, "seats"),
        (1, None, "seats"),
        (5, None, "seats"),
        (3, 3, "start_seat"),
        (3, -1, "start_seat"),
        (3, False, "start_seat"),
    ],
)
def test_a_seated_game_refuses_options_outside_its_range(
    seats: object, start_seat: object, field: str
) -> None:
    with pytest.raises(InvalidOptionError, match=f"^{field}: "):
        DiceGame(seats=seats, start_seat=start_seat)  # type: ignore[arg-type]


def test_the_default_words_and_tally_of_a_game() -> None:
    game = DiceGame(seats=2, start_seat=1)
    assert repr(game) == "load_game('dice', seats=2, start_seat=1)"
    assert game.describe_action(HOLD) == "hold"
    assert game.describe_event({"type": "roll", "value": 3}) == "type=roll, value=3"
    counters = {"roll": 1}
    game.tally([{"type": "roll"}, {"type": "hold"}, {"type": "roll"}], counters)
    assert counters == {"roll": 3, "hold": 1}


def test_the_default_views_show_every_action_in_full() -> None:
    state = DiceGame(seats=2, start_seat=0).new_initial_state()
    assert state.legal_json() == [{"type": "roll"}]
    assert state.action_view(ROLL, None) == {"type": "roll"}
    assert state.hindsight_view(ROLL, state, 1) is None
    assert tuple(state.events) == ()
