"""Mouse Trap's How to play page (docs/rules-pages.md): the registry-wide checks of
tests/server/http/test_rules_route.py cover it, and it draws with the match page's own modules:
its board's spaces and tokens (board.js) and the machine (machine.js)."""

from __future__ import annotations

from mousehole.games import REGISTRY
from tests.server.http import test_rules_route

DRAWING = ["./board.js", "./machine.js"]


def test_its_rules_page_is_among_those_the_route_tests_check() -> None:
    assert "mousetrap" in test_rules_route.RULES_GAMES


def test_its_rules_page_draws_with_the_games_own_modules() -> None:
    page = REGISTRY["mousetrap"].page
    assert page is not None
    module = (page.directory / "rules.js").read_text(encoding="utf-8")
    for source in DRAWING:
        assert f'from "{source}"' in module
