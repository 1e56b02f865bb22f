"""Aus die Maus!'s How to play page (docs/rules-pages.md): the registry-wide checks of
tests/server/http/test_rules_route.py cover it, and it draws with the match page's own modules:
its cards, chips and seat markers (cards.js)."""

from __future__ import annotations

from mousehole.games import REGISTRY
from tests.server.http import test_rules_route

DRAWING = ["./cards.js"]


def test_its_rules_page_is_among_those_the_route_tests_check() -> None:
    assert "ausdiemaus" in test_rules_route.RULES_GAMES


def test_its_rules_page_draws_with_the_games_own_modules() -> None:
    page = REGISTRY["ausdiemaus"].page
    assert page is not None
    module = (page.directory / "rules.js").read_text(encoding="utf-8")
    for source in DRAWING:
        assert f'from "{source}"' in module
