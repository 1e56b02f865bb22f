"""`mousehole verify` on a Mouse Trap record (tests/cli/test_records_verify.py checks the command
on any game): a die changed after the match is caught, naming the move and the die the secret
gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from mousehole.games import REGISTRY
from tests.cli.test_records_verify import committed_record, run, write


def test_verify_of_a_changed_die_names_the_move_and_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = committed_record(entry=REGISTRY["mousetrap"])
    index = [i for i, m in enumerate(data["moves"]) if m["action"]["type"] == "die"][5]
    die = data["moves"][index]["action"]
    was = die["value"]
    die["value"] = was % 6 + 1
    status, out, err = run(["verify", str(write(tmp_path / "forged.json", data))], capsys)
    assert (status, out) == (1, "")
    assert err == (
        f"mousehole verify: not verified: moves[{index}] (move {index + 1}) is "
        f"die:{die['value']}, but the secret gives die:{was}\n"
    )
