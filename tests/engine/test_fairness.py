"""Provably fair chance: a committed secret decides every outcome, and `verify` checks them all.
Matches are played on test games (tests/engine/dice_game.py, coin_game.py), never a real game's
rules.

The known answers below (the commitment and the first numbers of the all-zero secret) pin the
scheme itself: a verifier written in another language is checked against the same values in
docs/fairness.md, so they must never change. They were computed once with this module and
checked against `sha256sum` and `openssl dgst -sha256 -mac HMAC` run by hand.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
from typing import Any

import pytest

import mousehole
from mousehole.engine import (
    InvalidRecordError,
    Match,
    Verdict,
    commitment,
    new_secret,
    record_view,
    replay,
    sample_outcome,
    uniform,
    verify,
)
from mousehole.games import REGISTRY, make_bot

from .coin_game import CoinAction, CoinGame
from .dice_game import DICE, ROLL, DiceGame


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the dice game (its one manifest): `mousehole.replay` and `make_bot` find it."""
    monkeypatch.setitem(REGISTRY, DICE.name, DICE)


SECRET = "5e" * 32
OTHER_SECRET = "a7" * 32
ZERO = "00" * 32
ZERO_COMMITMENT = "sha256:009707d0c7d5af70a07151a469e6fd9d5cf3d58e5bff9c942f5017e0f1ec208c"


def _finished(secret: str = SECRET, seats: int = 3) -> tuple[mousehole.Game, dict[str, Any]]:
    """Return a game and the JSON record of a committed match played to its end by bots."""
    game = DiceGame(seats=seats)
    match = Match(game, secret=secret)
    match.play_out({seat: make_bot("dice", "random", seed=seat) for seat in range(seats)})
    return game, match.record.to_json()


def _chance_indexes(data: dict[str, Any], kind: str) -> list[int]:
    return [
        i
        for i, move in enumerate(data["moves"])
        if move["seat"] == "chance" and move["action"]["type"] == kind
    ]


# -- the scheme --------------------------------------------------------------------------------


def test_the_commitment_and_the_numbers_of_a_known_secret_are_the_published_known_answers() -> None:
    assert commitment(ZERO) == ZERO_COMMITMENT
    assert uniform(ZERO, 0) == 0.865359193084155
    assert uniform(ZERO, 1) == 0.4249574736592163


def test_uniform_is_the_top_53_bits_of_an_hmac_of_the_index_keyed_with_the_secret() -> None:
    for index in (0, 1, 17, 10**9):
        message = f"mousehole-chance-v1:{index}".encode()
        mac = hmac.new(bytes.fromhex(SECRET), message, hashlib.sha256).digest()
        assert uniform(SECRET, index) == (int.from_bytes(mac[:8], "big") >> 11) / 2**53


def test_uniform_stays_in_0_1_and_falls_evenly_into_six_buckets() -> None:
    # 6000 draws, 1000 expected per bucket; chi-square with 5 degrees of freedom exceeds 30
    # with probability about 1e-5, so a fair function passes and a biased one does not.
    counts = [0] * 6
    for index in range(6000):
        u = uniform(SECRET, index)
        assert 0.0 <= u < 1.0
        counts[int(u * 6)] += 1
    chi_square = sum((count - 1000) ** 2 / 1000 for count in counts)
    assert chi_square < 30, counts


def test_new_secrets_are_64_hex_digits_and_differ_each_time() -> None:
    secrets = {new_secret() for _ in range(20)}
    assert len(secrets) == 20
    assert all(len(s) == 64 and int(s, 16) >= 0 for s in secrets)


@pytest.mark.parametrize("bad", ["", "5e" * 31, "5E" * 32, "zz" * 32, "5e " * 32])
def test_a_secret_that_is_not_64_lowercase_hex_digits_is_refused_without_being_repeated(
    bad: str,
) -> None:
    with pytest.raises(InvalidRecordError, match=r"^secret: expected 64 lowercase hex") as error:
        commitment(bad)
    assert bad.strip() == "" or bad not in str(error.value)
    with pytest.raises(InvalidRecordError):
        Match(DiceGame(seats=2), secret=bad)


# -- the match ---------------------------------------------------------------------------------


def test_every_chance_outcome_of_a_committed_match_is_reproducible_from_the_secret() -> None:
    game, data = _finished()
    state = game.new_initial_state()
    chance = 0
    for index, move in enumerate(data["moves"]):
        action = game.action_from_json(move["action"])
        if move["seat"] == "chance":
            drawn = sample_outcome(state.chance_outcomes(), uniform(SECRET, index))
            assert drawn == action, f"moves[{index}]"
            chance += 1
        state = state.apply(action)
    assert state.is_terminal() and chance > 50


def test_the_same_secret_and_the_same_players_give_the_same_record() -> None:
    assert _finished()[1] == _finished()[1]
    assert _finished()[1]["moves"] != _finished(OTHER_SECRET)[1]["moves"]


def test_a_committed_record_carries_the_commitment_and_the_secret_but_no_seed() -> None:
    _, data = _finished()
    assert list(data) == [
        "format", "game", "options", "initial", "seed", "commitment", "secret", "moves"
    ]  # fmt: skip
    assert data["seed"] is None
    assert data["commitment"] == commitment(SECRET) and data["secret"] == SECRET


def test_a_seeded_match_record_has_the_same_keys_as_ever_and_no_commitment() -> None:
    game = DiceGame(seats=2, start_seat=0)
    match = Match(game, seed=11)
    match.apply(ROLL)
    match.sample_chance()
    expected = ["format", "game", "options", "initial", "seed", "moves"]
    assert list(match.record.to_json()) == expected
    assert list(record_view(game, match.record, 0)) == expected
    assert list(replay(game, match.record.to_json()).record.to_json()) == expected


def test_a_match_refuses_both_a_seed_and_a_secret() -> None:
    game = DiceGame(seats=2)
    with pytest.raises(ValueError, match="a seed or a secret, not both"):
        Match(game, seed=1, secret=SECRET)


def test_a_committed_record_round_trips_through_replay() -> None:
    _, data = _finished()
    text = json.dumps(data)
    result = mousehole.replay(json.loads(text))
    assert result.error is None and result.state.is_terminal()
    assert result.record.to_json() == data


@pytest.mark.parametrize(("field", "value"), [("commitment", 12), ("secret", ["5e"])])
def test_a_record_whose_commitment_or_secret_is_not_a_string_is_refused(
    field: str, value: object
) -> None:
    _, data = _finished()
    with pytest.raises(InvalidRecordError, match=f"^{field}: must be a string or null$"):
        mousehole.replay({**data, field: value})


def test_a_resumed_committed_match_carries_on_with_its_secret_and_verifies_whole() -> None:
    game, whole = _finished()
    cut = {**whole, "moves": whole["moves"][:60]}
    result = replay(game, cut)
    match = Match.resumed(game, result.record, result.state)
    assert match.seed is None and match.record.commitment == commitment(SECRET)
    match.play_out({seat: make_bot("dice", "random", seed=seat) for seat in range(3)})
    assert verify(game, match.record.to_json()).ok


def test_a_committed_match_without_its_secret_cannot_carry_on() -> None:
    game, whole = _finished()
    shown = {**whole, "moves": whole["moves"][:60]}
    del shown["secret"]
    result = replay(game, shown)
    with pytest.raises(InvalidRecordError, match="its commitment alone"):
        Match.resumed(game, result.record, result.state)


# -- what each seat sees -----------------------------------------------------------------------


def test_a_seat_sees_the_commitment_from_the_start_but_the_secret_only_at_the_end() -> None:
    game = CoinGame()
    match = Match(game, secret=SECRET)
    [deal] = match.resolve_chance()
    assert isinstance(deal, CoinAction)
    for viewer in (None, 0, 1):
        view = record_view(game, match.record, viewer)
        assert view["commitment"] == commitment(SECRET)
        assert view["secret"] is None and view["seed"] is None
        assert SECRET not in json.dumps(view)
    match.apply(CoinAction("guess", "heads"), seat=0)
    for viewer in (None, 0, 1):
        assert record_view(game, match.record, viewer)["secret"] == SECRET


def test_a_view_shown_mid_match_cannot_be_verified_until_the_secret_is_revealed() -> None:
    game = DiceGame(seats=2, start_seat=0)
    match = Match(game, secret=SECRET)
    match.apply(ROLL)
    match.sample_chance()
    result = verify(game, record_view(game, match.record, 1))
    assert result.verdict is Verdict.SECRET_NOT_REVEALED and not result.ok
    assert result.message == "cannot verify yet: the secret is revealed when the match ends"


# -- verify ------------------------------------------------------------------------------------


def test_verify_accepts_a_finished_committed_match_and_counts_its_chance_outcomes() -> None:
    game, data = _finished()
    result = verify(game, data)
    chance = sum(move["seat"] == "chance" for move in data["moves"])
    assert result.ok and result.verdict is Verdict.VERIFIED
    assert result.checked == chance and result.index is None
    assert result.message == (
        f"verified: {chance} chance outcomes match the commitment {commitment(SECRET)}"
    )


def test_a_changed_die_is_caught_at_its_own_index_even_when_the_rest_is_cut_to_stay_legal() -> None:
    game, data = _finished()
    index = _chance_indexes(data, "die")[10]
    forged = copy.deepcopy(data)
    die = forged["moves"][index]["action"]
    recorded = die["value"] = die["value"] % 6 + 1
    forged["moves"] = forged["moves"][: index + 1]
    assert replay(game, forged).error is None, "the forgery is a legal record"
    result = verify(game, forged)
    assert result.verdict is Verdict.OUTCOME_MISMATCH and result.index == index
    assert result.recorded is not None and result.recorded.to_json()["value"] == recorded
    assert result.expected == game.action_from_json(data["moves"][index]["action"])
    assert result.checked == sum(m["seat"] == "chance" for m in data["moves"][:index])
    assert result.message.startswith(f"not verified: moves[{index}] (move {index + 1}) is die:")


def test_a_changed_outcome_is_reported_before_the_illegal_moves_it_leads_to() -> None:
    game, data = _finished()
    index = next(
        i
        for i in _chance_indexes(data, "die")
        if data["moves"][i]["action"]["value"] == 1 and data["moves"][i + 1]["seat"] != "chance"
    )  # a 1 passed the turn: a 6 instead keeps it, so the next seat's move no longer fits
    forged = copy.deepcopy(data)
    forged["moves"][index]["action"]["value"] = 6
    assert replay(game, forged).error_index is not None, "the moves after it no longer fit"
    result = verify(game, forged)
    assert result.verdict is Verdict.OUTCOME_MISMATCH and result.index == index


def test_a_secret_that_does_not_match_the_commitment_is_caught() -> None:
    game, data = _finished()
    result = verify(game, {**data, "secret": OTHER_SECRET})
    assert result.verdict is Verdict.COMMITMENT_MISMATCH and not result.ok
    assert result.message == (
        f"not verified: the secret does not match the commitment {commitment(SECRET)}"
    )


def test_a_record_recommitted_to_another_secret_fails_on_its_outcomes() -> None:
    game, data = _finished()
    forged = {**data, "secret": OTHER_SECRET, "commitment": commitment(OTHER_SECRET)}
    result = verify(game, forged)
    assert result.verdict is Verdict.OUTCOME_MISMATCH
    assert result.index is not None and data["moves"][result.index]["seat"] == "chance"


def test_a_record_with_an_illegal_move_fails_after_the_outcomes_before_it_matched() -> None:
    game, data = _finished()
    forged = copy.deepcopy(data)
    player = next(i for i, move in enumerate(forged["moves"]) if move["seat"] != "chance")
    forged["moves"][player]["action"] = {"type": "hold"}
    result = verify(game, forged)
    assert result.verdict is Verdict.ILLEGAL_MOVE and result.index == player
    assert result.message.startswith(f"not verified: moves[{player}]: ")


def test_a_seeded_record_has_no_secret_to_verify() -> None:
    game = DiceGame(seats=2)
    match = Match(game, seed=3)
    match.play_out({0: make_bot("dice", "random", seed=0), 1: make_bot("dice", "random")})
    result = verify(game, match.record.to_json())
    assert result.verdict is Verdict.NO_SECRET
    assert result.message == "cannot verify: the record has no revealed secret"


def test_a_secret_without_a_commitment_is_not_verified() -> None:
    game, data = _finished()
    del data["commitment"]
    assert verify(game, data).verdict is Verdict.NO_COMMITMENT


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("secret", "5E" * 32, "^secret: expected 64 lowercase hex digits"),
        ("commitment", "md5:abc", "^commitment: expected 'sha256:' and 64 lowercase hex"),
    ],
)
def test_a_secret_or_commitment_in_the_wrong_format_is_an_unreadable_record(
    field: str, value: str, message: str
) -> None:
    game, data = _finished()
    with pytest.raises(InvalidRecordError, match=message):
        verify(game, {**data, field: value})
