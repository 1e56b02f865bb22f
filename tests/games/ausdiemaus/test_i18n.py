"""Aus die Maus! in every language (docs/translating.md, "Converting a game"): its match page,
rules page and modules write no words of their own, every key they ask for exists in its
catalogue (locales/<language>/ausdiemaus.po), and the German pages read German."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from mousehole.games import REGISTRY, page_directory
from mousehole.server.http import i18n, pages
from mousehole.server.http.app import create_app
from mousehole.server.http.i18n import Words
from tests.server.http.test_i18n import Marked, literal_words, marked_page, missing_keys

NAME = "ausdiemaus"
FOLDER = page_directory(NAME)
MODULES = tuple(sorted(FOLDER.glob("*.js")))
"""Every module of the game's page: all of them are converted."""
PAGE_FILES = (FOLDER / "play.html", FOLDER / "rules.html")


def test_every_key_the_game_asks_for_exists() -> None:
    assert len(MODULES) >= 10
    assert not missing_keys(MODULES, PAGE_FILES, NAME)


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_a_module_writes_no_words_of_its_own(path: Path) -> None:
    assert not literal_words(path.read_text(encoding="utf-8"))


def test_the_match_and_rules_pages_show_no_words_of_their_own() -> None:
    game = REGISTRY[NAME]
    words = Marked("de", (i18n.SHARED, NAME))
    fragment = (FOLDER / "play.html").read_text(encoding="utf-8")
    assert game.page is not None
    rules = pages.rules_page(game.page, (FOLDER / "rules.html").read_text(encoding="utf-8"))
    found = {
        "play": marked_page(pages.play_page(game, fragment, words=words)),
        "replay": marked_page(pages.play_page(game, fragment, replay=True, words=words)),
        "rules": marked_page(pages.fill_template(rules, words)),
    }
    assert not any(found.values()), found


def test_the_game_is_named_as_its_box_prints_it() -> None:
    assert Words("de", (i18n.SHARED, NAME))(f"games.{NAME}.title") == "Aus die Maus!"
    de = Words("de", (i18n.SHARED, NAME))
    assert de("adm.cards", count=1) == "1 Karte" and de("adm.cards", count=7) == "7 Karten"
    assert de("adm.card.mouse", count=2) == "eine Maus mit 2 Pfoten"
    assert de("adm.log.flip", who="Ann", card=de("adm.card.cat")) == "Ann deckt eine Katze auf."


def test_the_german_pages_read_german(tmp_path: Path) -> None:
    client = TestClient(create_app(str(tmp_path / "mousehole.sqlite3")))
    client.cookies.set("lang", "de")
    home = client.get("/").text
    assert "Aus die Maus! spielen" in home and "Mausefalle" in home
    play = client.get(f"/play/{NAME}").text
    assert '<html lang="de">' in play
    assert "Neue Partie" in play and "Aufdecken" in play and "Verlauf" in play
    assert '<meta name="description" content="Spiel Aus die Maus!' in play
    rules = client.get(f"/rules/{NAME}").text
    assert '<html lang="de">' in rules and "<h1>So spielt man Aus die Maus!</h1>" in rules
    assert "„Maus, pass auf, die Katze kommt!“" in rules
    assert "Der höchste Stapel am Ende gewinnt." in rules
