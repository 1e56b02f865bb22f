"""Mouse Trap in every language (docs/translating.md, "Converting a game"): its match page,
rules page, Trap Playground and modules write no words of their own, every key they ask for
exists in its catalogue (locales/<language>/mousetrap.po), the keys the modules build from a
name (the components, the chain reaction's steps, the Build spaces' descriptions) exist too,
and the German pages read German."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from mousehole.games import REGISTRY, page_directory
from mousehole.games.mousetrap.board import COMPONENTS, SPACES, Kind
from mousehole.server.http import i18n, pages
from mousehole.server.http.app import create_app
from mousehole.server.http.i18n import LANGUAGES, Words
from tests.server.http.test_i18n import Marked, literal_words, marked_page, missing_keys

NAME = "mousetrap"
FOLDER = page_directory(NAME)
MODULES = tuple(sorted(FOLDER.glob("*.js")))
"""Every module of the game's pages: all of them are converted."""
PAGE_FILES = (FOLDER / "play.html", FOLDER / "rules.html", FOLDER / "playground.html")


def test_every_key_the_game_asks_for_exists() -> None:
    assert len(MODULES) >= 14
    assert not missing_keys(MODULES, PAGE_FILES, NAME)


def test_the_keys_built_from_names_exist_in_every_language() -> None:
    """machine.js names the components `mt.part.<n>` and the chain's steps `mt.chain.<n>`, and
    board.js describes a Build space by `mt.describe.build<value>` (and `-loop`): keys the
    check above cannot see."""
    machine = (FOLDER / "machine.js").read_text(encoding="utf-8")
    steps = sorted(int(n) for n in re.findall(r"component: (\d+), label: t\(", machine))
    assert steps == list(range(1, len(COMPONENTS) + 1))
    wanted = [f"mt.part.{n}" for n in range(1, len(COMPONENTS) + 1)]
    wanted += [f"mt.chain.{n}" for n in steps]
    builds = {space.value for space in SPACES if space.kind is Kind.BUILD}
    assert builds == {2, 3, 4}
    wanted += [f"mt.describe.build{value}{loop}" for value in builds for loop in ("", "-loop")]
    for language in LANGUAGES:
        words = Words(language, (i18n.SHARED, NAME))
        assert [key for key in wanted if not words.has(key)] == [], language
    english = Words("en", (i18n.SHARED, NAME))
    assert [english(f"mt.part.{n + 1}") for n in range(len(COMPONENTS))] == list(COMPONENTS)


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_a_module_writes_no_words_of_its_own(path: Path) -> None:
    assert not literal_words(path.read_text(encoding="utf-8"))


def test_the_match_rules_and_playground_pages_show_no_words_of_their_own() -> None:
    game = REGISTRY[NAME]
    words = Marked("de", (i18n.SHARED, NAME))
    fragment = (FOLDER / "play.html").read_text(encoding="utf-8")
    assert game.page is not None
    rules = pages.rules_page(game.page, (FOLDER / "rules.html").read_text(encoding="utf-8"))
    found = {
        "play": marked_page(pages.play_page(game, fragment, words=words)),
        "replay": marked_page(pages.play_page(game, fragment, replay=True, words=words)),
        "rules": marked_page(pages.fill_template(rules, words)),
        "playground": marked_page(
            pages.fill_template((FOLDER / "playground.html").read_text(encoding="utf-8"), words)
        ),
    }
    assert not any(found.values()), found


def test_the_game_speaks_german() -> None:
    de = Words("de", (i18n.SHARED, NAME))
    assert de(f"games.{NAME}.title") == "Mausefalle"
    assert de("mt.setup.count", count=1) == "1 Maus" and de("mt.setup.count", count=3) == "3 Mäuse"
    part = de("mt.part", number=3, name=de("mt.part.3"))
    assert de("mt.log.built", who="Ann", names=part, count=1, last=3, total=23) == (
        "Ann baut #3 Zahnrad 3 ein und bekommt 1 Käse. Maschine 3 / 23."
    )
    assert de("mt.describe.build4-loop", label=de("mt.space.build234")).startswith(
        "Bauen 2–3–4: In einem Spiel, das mit 2, 3 oder 4 Mäusen begonnen hat, baust du die "
        "nächsten zwei Teile"
    )


def test_the_german_pages_read_german(tmp_path: Path) -> None:
    client = TestClient(create_app(str(tmp_path / "mousehole.sqlite3")))
    client.cookies.set("lang", "de")
    play = client.get(f"/play/{NAME}").text
    assert '<html lang="de">' in play
    assert "Würfeln" in play and "Kurbel drehen" in play and "Zug beenden" in play
    assert "Übersicht" in play and "Vorrat" in play and "Als Nächstes: Grundplatte A" in play
    rules = client.get(f"/rules/{NAME}").text
    assert '<html lang="de">' in rules and "<h1>So spielt man Mausefalle</h1>" in rules
    assert 'data-testid="lang-switch"' in rules and "<strong>Käserad</strong>" in rules
    playground = client.get(f"/playground/{NAME}").text
    assert '<html lang="de">' in playground and "<h1>Fallen-Spielplatz</h1>" in playground
    assert "Nächstes Teil einbauen" in playground and 'data-testid="lang-switch"' in playground
    client.cookies.set("lang", "en")
    english = client.get(f"/playground/{NAME}").text
    assert '<html lang="en">' in english and "<h1>Trap Playground</h1>" in english
