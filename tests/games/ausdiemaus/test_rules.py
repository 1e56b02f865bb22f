"""Aus die Maus! rules, one scenario per rule line and ruling.

Each test builds a position with `state_from_json` (scenes.position), turns cards (a card that
nobody has seen yet is a chance outcome the test picks: "turn", then "card:cat"), and checks
the result. Docstrings quote the game's rulebook ("rulebook") or Mousehole's rulings
("ruling"), which docs/games/ausdiemaus.md tells in full.
"""

from __future__ import annotations

import math

import pytest

import mousehole
from mousehole import CHANCE, TERMINAL, IllegalActionError, InvalidOptionError
from mousehole.games.ausdiemaus import AusDieMausState
from mousehole.games.ausdiemaus.state import MAX_TURNS

from .scenes import game_for, kinds, play, position

# -- setup --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "cards", "chips"),
    [(2, 45, 5), (3, 45, 5), (4, 90, 9), (5, 90, 9), (6, 90, 9)],
)
def test_two_or_three_players_use_the_red_back_half_and_five_chips(
    seats: int, cards: int, chips: int
) -> None:
    """rulebook: "With 2 or 3 players, only the cards with a red back are used. Only five
    mouse chips are used as well." ruling: red back = 29 cheese, 9 mice (3 of each), 7 cats."""
    game = game_for(seats)
    expected = (29, 7, 3, 3, 3) if seats <= 3 else (58, 14, 6, 6, 6)
    assert game.deck.counts == expected
    assert game.deck.size == cards and game.deck.chips == chips
    state = game.new_initial_state()
    assert state.observation(None)["chips_left"] == chips


@pytest.mark.parametrize(
    ("seats", "sizes"),
    [
        (2, [22, 22]),
        (3, [15, 15, 14]),
        (4, [23, 22, 22, 22]),
        (5, [18, 18, 18, 18, 17]),
        (6, [15, 15, 15, 15, 15, 14]),
    ],
)
def test_the_deal_gives_one_card_at_a_time_from_the_starting_seat_until_one_remains(
    seats: int, sizes: list[int]
) -> None:
    """ruling: "Deal one card at a time from the starting player until one card remains":
    the starting seat and the seats after it get the extra cards."""
    for start in range(seats):
        state = play(game_for(seats).new_initial_state(), f"start:{start}")
        expected = [sizes[(seat - start) % seats] for seat in range(seats)]
        assert state.observation(None)["stacks"] == expected
        assert sum(expected) == game_for(seats).deck.size - 1
        assert state.current_player() == CHANCE and state.current == start


def test_chance_draws_the_starting_seat_then_the_undealt_card_from_the_whole_deck() -> None:
    """The first chance node is the starting seat (uniform), the second the pile's first
    card, weighted by the deck's counts."""
    state = game_for(4).new_initial_state()
    assert [(a.to_text(), p) for a, p in state.chance_outcomes()] == [
        (f"start:{s}", 0.25) for s in range(4)
    ]
    dealt = play(state, "start:2")
    assert dealt.events == [{"type": "start", "seat": 2, "stacks": [22, 22, 23, 22]}]
    assert [(a.to_text(), p) for a, p in dealt.chance_outcomes()] == [
        ("card:cheese", 58 / 90),
        ("card:cat", 14 / 90),
        ("card:mouse1", 6 / 90),
        ("card:mouse2", 6 / 90),
        ("card:mouse3", 6 / 90),
    ]
    begun = play(dealt, "card:mouse3")
    assert begun.events == [{"type": "pile_start", "seat": None, "card": "mouse3"}]
    assert begun.current_player() == 2 and begun.phase == "turn"


def test_the_undealt_first_card_is_inert_even_when_it_is_a_mouse() -> None:
    """ruling: the undealt card "starts the pile and is inert even if it is a mouse (nobody
    placed it)": no chase starts, and a cat on it catches nothing."""
    state = play(game_for(3, start_seat=1).new_initial_state(), "card:mouse2")
    assert state.chase is None and state.current_player() == 1
    after = play(state, "turn", "card:cat")
    assert kinds(after.events) == ["flip"]
    assert after.chips == (0, 0, 0) and after.pile == (3, 1)  # mouse2 then cat
    assert after.phase == "turn" and after.current_player() == 2


def test_chance_weights_are_the_remaining_unseen_counts_and_sum_to_one() -> None:
    """Lazy deal: a card nobody has seen is drawn from every unseen card, so its chance is
    the deck's count minus what the pile and the won cards show, over the unseen total."""
    state = position(
        3,
        pile=["cheese", "cheese", "cat"],
        won={1: ["mouse1", "mouse1", "mouse1", "cheese"]},
        unseen=[12, 0, None],
    )
    outcomes = play(state, "turn").chance_outcomes()
    got = {a.to_text(): p for a, p in outcomes}
    unseen = 45 - 3 - 4
    assert got == {
        "card:cheese": (29 - 3) / unseen,
        "card:cat": (7 - 1) / unseen,
        "card:mouse2": 3 / unseen,
        "card:mouse3": 3 / unseen,
    }
    assert "card:mouse1" not in got  # all three are seen: it cannot be drawn
    assert math.isclose(sum(got.values()), 1.0)
    with pytest.raises(IllegalActionError, match="a card nobody has seen is due"):
        play(state, "turn", "card:mouse1")


# -- a normal turn ------------------------------------------------------------------------


def test_a_cheese_on_a_normal_turn_just_grows_the_pile() -> None:
    """rulebook: "Cheese: ... nothing happens. The discard pile simply grows, and the next
    player takes their turn." """
    state = play(position(3, current=1), "turn", "card:cheese")
    assert state.pile == (0, 0) and state.current_player() == 2 and state.phase == "turn"
    assert state.events == [{"type": "flip", "seat": 1, "card": "cheese"}]
    assert state.unseen[1] == 9 and state.turns == 1


def test_a_cat_on_a_normal_turn_wins_nothing() -> None:
    """rulebook: "A cat card can only win the discard pile if a mouse card was turned over
    earlier": on a normal turn it just adds to the pile."""
    state = play(position(3, current=2, pile=["cheese", "cat"]), "turn", "card:cat")
    assert state.pile == (0, 1, 1) and state.current_player() == 0
    assert state.chips == (0, 0, 0) and kinds(state.events) == ["flip"]


@pytest.mark.parametrize("paws", [1, 2, 3])
def test_a_mouse_on_a_normal_turn_calls_the_left_neighbour_to_chase_with_its_paws(
    paws: int,
) -> None:
    """rulebook: "the player to the clockwise side ... must turn over 1 to 3 cards"."""
    state = play(position(4, current=3), "turn", f"card:mouse{paws}")
    assert state.events == [
        {"type": "flip", "seat": 3, "card": f"mouse{paws}"},
        {"type": "call", "seat": 3, "paws": paws, "chaser": 0},
    ]
    assert state.phase == "chase" and state.current_player() == 0
    assert state.observation(None)["chase"] == {
        "mouse_owner": 3, "chaser": 0, "paws": paws, "attempts_left": paws,
    }  # fmt: skip


# -- the chase ----------------------------------------------------------------------------


def chasing(paws: int, seats: int = 3) -> AusDieMausState:
    """Return seat 0's mouse with `paws` paws just placed: seat 1 chases."""
    return play(position(seats), "turn", f"card:mouse{paws}")


@pytest.mark.parametrize("paws", [1, 2, 3])
def test_only_cheese_gives_the_pile_to_the_mouse_owner_without_a_chip(paws: int) -> None:
    """rulebook: "If the following player turns over only cheese cards ... the player who
    placed the mouse card wins all the cards of the discard pile. ... they do not receive a
    mouse chip." The chaser gets exactly `paws` attempts."""
    state = chasing(paws)
    for attempt in range(paws):
        assert state.current_player() == 1 and state.phase == "chase"
        state = play(state, "turn", "card:cheese")
        if attempt < paws - 1:
            assert state.events[-1] == {
                "type": "missed", "seat": 1, "attempts_left": paws - attempt - 1,
            }  # fmt: skip
    cards = 2 + paws  # the first card, the mouse and the cheese
    assert state.events[1:] == [
        {"type": "escaped", "seat": 0, "cards": cards, "chaser": 1},
        {"type": "restart", "seat": 0},
    ]
    assert state.chips == (0, 0, 0) and state.chips_left == 5
    assert state.won[0] == (0, paws + 1, *(0,) * paws)  # oldest first
    assert state.pile == () and state.phase == "restart" and state.current_player() == 0


@pytest.mark.parametrize(
    ("paws", "attempt"), [(paws, attempt) for paws in (1, 2, 3) for attempt in range(1, paws + 1)]
)
def test_a_cat_on_any_attempt_catches_the_mouse_wins_the_pile_and_a_chip(
    paws: int, attempt: int
) -> None:
    """rulebook: "If the following player turns over a cat card ... they win all the cards of
    the discard pile ... In addition, they receive one mouse chip." (Example 1: the cat on the
    second attempt.)"""
    state = chasing(paws)
    for _ in range(attempt - 1):
        state = play(state, "turn", "card:cheese")
    state = play(state, "turn", "card:cat")
    cards = 2 + attempt
    assert state.events[1:] == [
        {"type": "caught", "seat": 1, "cards": cards, "chip": True, "mouse_owner": 0},
        {"type": "restart", "seat": 1},
    ]
    assert state.chips == (0, 1, 0) and state.chips_left == 4
    assert state.won[1] == (0, paws + 1, *(0,) * (attempt - 1), 1)
    assert state.phase == "restart" and state.current_player() == 1


def test_another_mouse_stops_the_chaser_and_passes_the_chase_on_with_its_paws() -> None:
    """rulebook Example 3: Jan's mouse with two paws; Tessa turns a mouse with three paws,
    which ends her turn; Justus has three attempts and catches it with his first card."""
    state = chasing(2, seats=4)  # Jan = seat 0, Tessa = 1, Justus = 2
    state = play(state, "turn", "card:mouse3")
    assert state.events[1] == {
        "type": "pass_chase", "seat": 1, "from": 0, "paws": 3, "chaser": 2,
    }  # fmt: skip
    assert state.chase == (1, 2, 3, 3) and state.current_player() == 2
    state = play(state, "turn", "card:cat")
    assert state.events[1]["type"] == "caught" and state.events[1]["mouse_owner"] == 1
    assert state.chips == (0, 0, 1, 0)


def test_a_chain_of_mice_ending_in_cheese_gives_the_pile_to_the_last_mouse_owner() -> None:
    """rulebook: "This continues until a player has turned over either a cat or only cheese";
    ruling: only cheese gives the pile to the owner of the mouse being chased."""
    state = chasing(3, seats=3)
    state = play(state, "turn", "card:cheese", "turn", "card:mouse1")  # seat 1 passes it on
    assert state.chase == (1, 2, 1, 1)
    state = play(state, "turn", "card:mouse2")  # seat 2 passes it on again: seat 0 chases
    assert state.chase == (2, 0, 2, 2) and state.current_player() == 0
    state = play(state, "turn", "card:cheese", "turn", "card:cheese")
    assert state.events[-2] == {"type": "escaped", "seat": 2, "cards": 7, "chaser": 0}
    assert state.won[2] == (0, 4, 0, 2, 3, 0, 0)
    assert state.chips == (0, 0, 0) and state.current_player() == 2


# -- after a pile is won ------------------------------------------------------------------


def test_the_winner_restarts_the_pile_then_the_left_neighbour_plays() -> None:
    """rulebook: "they must start the new discard pile with the top card of their stack. Then
    the next player takes their turn." """
    state = play(chasing(1), "turn", "card:cat")  # seat 1 wins
    assert state.phase == "restart" and state.current_player() == 1
    state = play(state, "turn", "card:cheese")
    assert state.pile == (0,) and state.phase == "turn" and state.current_player() == 2
    assert kinds(state.events) == ["flip"]


def test_a_mouse_as_the_restart_card_starts_a_chase() -> None:
    """ruling: the restart card "is their placement (a mouse starts a chase)"."""
    state = play(chasing(1), "turn", "card:cat", "turn", "card:mouse3")
    assert state.events[-1] == {"type": "call", "seat": 1, "paws": 3, "chaser": 2}
    assert state.chase == (1, 2, 3, 3) and state.pile == (4,)


def test_won_cards_go_under_the_stack_in_order_and_are_turned_later_in_that_order() -> None:
    """ruling: "Won cards go face down under the winner's stack in placement order (oldest
    first), never reshuffled." Seat 1 has no unseen card left, so its turns come from the
    won queue, with no chance node, oldest card first; a later win goes under the earlier."""
    state = position(
        3,
        current=0,
        pile=["cat"],
        won={1: ["cheese", "mouse1", "cheese"]},  # the end of a pile its mouse1 won
        unseen=[10, 0, None],
    )
    state = play(state, "turn", "card:mouse2")  # seat 1 chases from its won cards
    state = play(state, "turn")
    assert state.events[0] == {"type": "flip", "seat": 1, "card": "cheese"}
    state = play(state, "turn")  # mouse1 from the queue: passes the chase to seat 2
    assert state.events[0]["card"] == "mouse1" and state.current_player() == 2
    state = play(state, "turn", "card:cheese")  # seat 1's mouse escapes
    assert state.won[1] == (0, 1, 3, 0, 2, 0)
    assert state.phase == "restart" and state.current_player() == 1
    turned = []
    for _ in range(6):
        assert state.current_player() == 1, "seat 1 turns from its queue: no chance node"
        state = play(state, "turn")
        turned.append(state.events[0]["card"])
        while state.current_player() not in (1, TERMINAL):
            state = play(state, "turn", "card:cheese")
    assert turned == ["cheese", "cat", "mouse2", "cheese", "mouse1", "cheese"]


# -- the end ------------------------------------------------------------------------------


def test_the_last_chip_ends_the_game_at_once_and_the_final_pile_counts_for_the_catcher() -> None:
    """ruling: "The game ends when the last chip in play is given ... the final pile counts
    for the catcher and no new card is turned"."""
    caught = {0: ["mouse2", "cat", "mouse2", "cat"], 1: ["mouse3", "cat"], 2: ["mouse3", "cat"]}
    state = position(3, chips=[2, 1, 1], won=caught, unseen=[10, 10, None])
    state = play(state, "turn", "card:mouse1", "turn", "card:cat")
    assert state.is_terminal() and state.ending == "last_chip"
    assert state.pile == () and state.won[1] == (4, 1, 0, 2, 1)
    assert state.observation(None)["stacks"] == [13, 14, 18]
    assert state.chips == (2, 2, 1) and state.chips_left == 0
    assert state.events[-1] == {
        "type": "end", "seat": 1, "reason": "last_chip", "winners": [2],
    }  # fmt: skip
    assert state.winners() == [2] and not state.legal_actions()


def test_a_player_who_must_turn_on_a_normal_turn_with_no_cards_ends_the_game() -> None:
    """ruling: the game ends "when a player must turn a card and has none (immediately; the
    pile on the table belongs to nobody)"."""
    state = position(3, current=0, unseen=[1, 0, None], won={1: []})
    state = play(state, "turn", "card:cheese")
    assert state.is_terminal() and state.ending == "run_out"
    assert state.pile == (0, 0), "the pile stays on the table"
    assert state.events[-1]["type"] == "end" and state.events[-1]["seat"] == 1
    assert state.winners() == [2]


def test_a_chaser_who_runs_out_during_the_attempts_ends_the_game() -> None:
    """The chaser must turn again after a cheese and has no card left."""
    state = position(3, current=0, unseen=[5, 1, None])
    state = play(state, "turn", "card:mouse2", "turn", "card:cheese")
    assert state.is_terminal() and state.ending == "run_out"
    assert state.events[-1] == {
        "type": "end", "seat": 1, "reason": "run_out", "winners": [2],
    }  # fmt: skip
    assert state.pile == (0, 3, 0) and state.chase is None


def test_a_chaser_with_no_cards_at_all_ends_the_game_as_the_chase_is_called() -> None:
    state = position(3, current=0, unseen=[5, 0, None])
    state = play(state, "turn", "card:mouse3")
    assert state.is_terminal() and state.ending == "run_out"
    assert kinds(state.events) == ["flip", "call", "end"]


def test_the_restart_never_runs_out_because_the_winner_holds_the_pile_it_won() -> None:
    """A restart needs a card: the winner always has one (the pile it just won), so a run-out
    on the restart cannot happen in play, and a restart position with an empty stack is
    refused. A winner whose stack was empty restarts with the oldest won card."""
    state = position(3, current=0, pile=["cat"], unseen=[5, 0, None])
    state = play(state, "turn", "card:mouse1")
    assert state.is_terminal()  # seat 1 cannot even chase
    state = position(
        3, current=0, pile=["cheese"], unseen=[3, 0, None], won={1: ["mouse1", "cheese"]}
    )
    state = play(state, "turn", "card:cheese", "turn")  # seat 1 turns a mouse, then has a cheese
    state = play(state, "turn", "card:cheese")  # seat 2 misses: seat 1 wins, no unseen card
    assert state.phase == "restart" and state.unseen[1] == 0
    state = play(state, "turn")
    assert state.events[0] == {"type": "flip", "seat": 1, "card": "cheese"}
    with pytest.raises(mousehole.InvalidStateError) as error:
        position(3, phase="restart", current=1, pile=[], unseen=[10, 0, None])
    assert error.value.field == "current"


M1C, M2C, M3C = ["mouse1", "cat"], ["mouse2", "cat"], ["mouse3", "cat"]
"""Piles caught with a cat: each gave its catcher a chip."""


@pytest.mark.parametrize(
    ("unseen", "won", "chips", "winners"),
    [
        ([20, 5, None], {0: M1C, 1: M1C + M2C, 2: M2C + M3C}, [1, 2, 2], [0]),  # most cards
        ([14, 10, None], {0: M1C, 1: M1C + M2C + M3C, 2: M2C}, [1, 3, 1], [1]),  # tied: chips
        ([12, 12, None], {0: M1C + M2C, 1: M1C + M2C, 2: M3C}, [2, 2, 1], [0, 1]),  # shared
        ([0, 0, None], {0: ["cheese"], 1: ["cheese"], 2: M1C * 2 + M2C * 2 + M3C}, [0, 0, 5],
         [2]),
    ],
)  # fmt: skip
def test_winners_have_the_most_cards_then_the_most_chips_then_share_the_win(
    unseen: list[int | None], won: dict[int, list[str]], chips: list[int], winners: list[int]
) -> None:
    """rulebook: "The player who has the most cards in their stack wins. If several players
    have the most cards, the winner is the one among them with the most mouse chips."
    ruling: "then a shared win"."""
    state = position(
        3,
        phase="over",
        current=None,
        pile=[],  # ruling: the last chip's catcher took the final pile
        won=won,
        unseen=unseen,
        chips=chips,
        chips_left=0,
        ending="last_chip",
    )
    if winners == [0, 1]:
        assert state.stacks[0] == state.stacks[1] > state.stacks[2]
    assert state.winners() == winners
    assert state.observation(None)["winners"] == winners


def test_ten_thousand_turns_end_the_game_by_the_safety_stop() -> None:
    """ruling: "Safety stop for simulation only: ... 10,000 turns ends the game as a
    run-out" (reported as "safety" so the simulator can count it apart)."""
    state = position(3, turns=MAX_TURNS - 1)
    state = play(state, "turn", "card:cheese")
    assert state.is_terminal() and state.ending == "safety" and state.turns == MAX_TURNS
    assert state.events[-1]["reason"] == "safety" and state.winners() == [2]


def test_a_repeated_full_state_ends_the_game_by_the_safety_stop() -> None:
    """ruling: "a repeated full state ... ends the game as a run-out". With every card known
    play is deterministic, so a restart position seen before loops for ever. The loop is
    easiest to build on a six-card deck (the check does not depend on the deck): A turns
    cheese, B a mouse, A's one attempt is cheese, so B wins [cheese, mouse1, cheese], which
    mirrors the start; two rounds later the first restart comes back."""
    from mousehole.games.ausdiemaus.cards import Deck

    game = game_for(2)
    game.deck = Deck("tiny", (4, 0, 2, 0, 0), 5)
    state = position(
        2,
        game=game,
        phase="restart",
        pile=[],
        unseen=[0, 0],
        won={0: ["cheese", "cheese", "mouse1", "cheese"], 1: ["mouse1", "cheese"]},
    )
    restarts = 0
    while not state.is_terminal():
        state = play(state, "turn")
        restarts += sum(e["type"] == "restart" for e in state.events)
        assert state.turns < 50
    assert state.ending == "safety" and restarts == 2
    assert state.events[-1] == {"type": "end", "seat": None, "reason": "safety", "winners": [1]}


# -- options and actions ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"seats": 1}, "seats: Aus die Maus! takes 2 to 6 seats, not 1"),
        ({"seats": 7}, "seats: Aus die Maus! takes 2 to 6 seats, not 7"),
        ({"seats": "3"}, "seats: expected a whole number"),
        ({"seats": 3, "start_seat": 3}, "start_seat: expected a seat 0..2"),
        ({"players": 3}, "players: not a rules option of ausdiemaus"),
    ],
)
def test_bad_options_are_refused_naming_the_option(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        mousehole.load_game("ausdiemaus", **options)


def test_the_game_describes_itself_like_every_registered_game() -> None:
    game = mousehole.load_game("ausdiemaus", seats=5)
    assert (game.name, game.title, game.seat_count) == ("ausdiemaus", "Aus die Maus!", 5)
    assert (game.min_seats, game.max_seats) == (2, 6)
    manifest = mousehole.games.manifest("ausdiemaus")
    assert manifest.game is type(game) and manifest.page is not None
    assert manifest.absent_autoplay == 5.0, "ruling 2: an absent player is turned over for"
    assert repr(game) == "load_game('ausdiemaus', seats=5, start_seat=None)"


def test_the_only_player_action_is_turn_and_anything_else_is_illegal() -> None:
    state = position(3, current=1)
    assert [a.to_json() for a in state.legal_actions()] == [{"type": "turn"}]
    assert state.current_player() == 1 and not state.chance_outcomes()
    for text in ("card:cat", "start:0"):
        with pytest.raises(IllegalActionError, match=r"seat 1 cannot .*: the only action now"):
            play(state, text)
    drawing = play(state, "turn")
    assert drawing.current_player() == CHANCE and not drawing.legal_actions()
    with pytest.raises(IllegalActionError, match="chance cannot turn"):
        play(drawing, "turn")
    over = play(position(3, current=0, unseen=[1, 0, None]), "turn", "card:cheese")
    with pytest.raises(IllegalActionError, match="the game is over"):
        play(over, "turn")
