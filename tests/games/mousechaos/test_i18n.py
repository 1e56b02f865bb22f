"""Mouse Chaos in every language (docs/translating.md, "Converting a game"): its match page,
rules page and modules write no words of their own, every key they ask for exists in its
catalogue (locales/<language>/mousechaos.po), and the German pages and words read German."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from mousehole.games import REGISTRY, page_directory
from mousehole.server.http import i18n, pages
from mousehole.server.http.app import create_app
from mousehole.server.http.i18n import Words
from tests.server.http.test_i18n import Marked, literal_words, marked_page, missing_keys

NAME = "mousechaos"
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


def test_the_german_words_read_german_with_their_plurals() -> None:
    de = Words("de", (i18n.SHARED, NAME))
    assert de(f"games.{NAME}.title") == "Mouse Chaos"
    assert de("mc.mice", count=1) == "1 Maus" and de("mc.mice", count=3) == "3 Mäuse"
    assert de("mc.phase.holder", count=1) == "zieh den Käsehalter 1 Feld."
    assert de("mc.phase.holder", count=4) == "zieh den Käsehalter 4 Felder."
    where = de("mc.where.square", square="C4")
    assert de("mc.log.peek", who="Ann", where=where) == "Ann schaut sich die Maus auf C4 an."
    to = de("mc.to.under-table")
    assert (
        de("mc.log.mouse-wall", who="Bo", to=to)
        == "Bo zieht eine Maus durch die Wand unter den Tisch."
    )
    assert de("mc.result.wins", names="Ann und Bo", count=2) == "Ann und Bo gewinnen!"
    assert de("mc.result.wins", names="Ann", count=1) == "Ann gewinnt!"
    assert de("mc.setup.count", count=4) == "4 Spieler"
    reveal = de("mc.log.reveal", nest=2, who="Bo", colours="rot und grün")
    assert reveal == "Nest 2 ist voll. Bo zeigt die eigene Karte: rot und grün."


def test_the_german_pages_read_german(tmp_path: Path) -> None:
    client = TestClient(create_app(str(tmp_path / "mousehole.sqlite3")))
    client.cookies.set("lang", "de")
    play = client.get(f"/play/{NAME}").text
    assert '<html lang="de">' in play
    assert "Neue Partie" in play and "Stühle stehen lassen" in play and "Verlauf" in play
    assert '<meta name="description" content="Spiel Mouse Chaos: Lenk Mäuse' in play
    assert "Die Küche wird aufgebaut…" in play
    rules = client.get(f"/rules/{NAME}").text
    assert '<html lang="de">' in rules and "<h1>So spielt man Mouse Chaos</h1>" in rules
    assert 'data-testid="lang-switch"' in rules
    assert "<figcaption>Die erste falsche Farbe beendet das Aufdecken.</figcaption>" in rules
    assert "<strong>Zieh den Käsehalter</strong> genau so viele Felder." in rules
    client.cookies.set("lang", "en")
    english = client.get(f"/rules/{NAME}").text
    assert '<html lang="en">' in english and "<h1>How to play Mouse Chaos</h1>" in english
