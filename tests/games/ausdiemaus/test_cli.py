"""`mousehole simulate ausdiemaus` reports how games end and how long they last."""

from __future__ import annotations

import re

import pytest

from mousehole.cli import main


def test_simulate_reports_endings_and_game_length(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "ausdiemaus", "--seats", "3", "--games", "50", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ausdiemaus: 50 games, 3 seats, players auto,auto,auto, seed 1")
    assert "Game length (turns)" in out
    endings = dict(re.findall(r"^  end: ([a-z -]+?) +(\d+) ", out, re.M))
    assert set(endings) <= {"last chip", "run-out", "safety stop"}
    assert sum(int(n) for n in endings.values()) == 50
    for label in ("chases", "catches (chips)", "escapes"):
        assert re.search(rf"^  {re.escape(label)} +\d+ ", out, re.M)


def test_simulate_refuses_a_level_the_game_does_not_have(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "ausdiemaus", "--players", "easy,easy"])
    assert "unknown level 'easy' (choose auto)" in capsys.readouterr().err
