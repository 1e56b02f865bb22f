"""Aus die Maus!'s manifest as the registry-wide checks read it: its package is a game package
(tests/games/test_layers.py), its page a game folder of the front end (tests/test_web.py) and a
match page (tests/server/http/test_play_pages.py)."""

from __future__ import annotations

from mousehole.games import REGISTRY
from tests import test_web
from tests.games import test_layers
from tests.server.http import test_play_pages

MANIFEST = REGISTRY["ausdiemaus"]


def test_its_package_is_checked_for_its_layers() -> None:
    assert "ausdiemaus" in test_layers.PACKAGES


def test_its_page_is_a_game_folder_and_a_match_page() -> None:
    assert MANIFEST.page is not None
    assert MANIFEST.page.folder in test_web.GAME_FOLDERS
    assert "ausdiemaus" in test_play_pages.PLAY_GAMES
