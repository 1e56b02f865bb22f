"""Don't Cut the Cheese in every language (docs/translating.md, "Converting a game"): its match
page, rules page and modules write no words of their own, every key they ask for exists in its
catalogue (locales/<language>/dontcutthecheese.po), the words the modules look up by a name
they build (the spinner's faces, the mice, the colours) exist too, a refused bite is worded
from every reason the rules give, and the German pages read German."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from mousehole.games import REGISTRY, page_directory
from mousehole.games.dontcutthecheese import actions as A
from mousehole.games.dontcutthecheese.paper import bite_problem, bite_refusal
from mousehole.server.http import i18n, pages
from mousehole.server.http.app import create_app
from mousehole.server.http.i18n import LANGUAGES, Words
from tests.server.http.test_i18n import Marked, literal_words, marked_page, missing_keys

NAME = "dontcutthecheese"
FOLDER = page_directory(NAME)
MODULES = tuple(sorted(FOLDER.glob("*.js")))
"""Every module of the game's page: all of them are converted."""
PAGE_FILES = (FOLDER / "play.html", FOLDER / "rules.html")


def test_every_key_the_game_asks_for_exists() -> None:
    assert len(MODULES) >= 11
    assert not missing_keys(MODULES, PAGE_FILES, NAME)


def test_the_keys_built_from_names_exist_in_every_language() -> None:
    """pieces.js looks up `dcc.face.<face>`, `dcc.dial.<face>`, `dcc.colour.<colour>` and
    `dcc.mouse.<seat>` by names it builds, which the check above cannot see."""
    pieces = (FOLDER / "pieces.js").read_text(encoding="utf-8")
    faces = re.search(r"export const FACES = \[([^\]]*)\]", pieces)
    colours = re.search(r"export const COLOURS = \[([^\]]*)\]", pieces)
    assert faces and colours
    assert re.findall(r'"(\w+)"', faces.group(1)) == list(A.FACES)
    assert re.findall(r'"(\w+)"', colours.group(1)) == list(A.COLOURS)
    wanted = [f"dcc.{kind}.{face}" for face in A.FACES for kind in ("face", "dial")]
    wanted += [f"dcc.colour.{colour}" for colour in A.COLOURS]
    wanted += [f"dcc.mouse.{seat}" for seat in range(6)]
    for language in LANGUAGES:
        words = Words(language, (i18n.SHARED, NAME))
        assert [key for key in wanted if not words.has(key)] == [], language


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


REFUSED = {
    "off_paper": (4, 2),  # the mouth would hang below the paper
    "peg_column": (0, 0),  # a peg column
    "nibble": (0, 2),  # eats one cell only: the paper below is already eaten
    "closed": (2, 5),  # the middle of a whole paper: not from an edge or a hole
}
"""A spot of each reason the rules give for refusing a bite (paper.py, `bite_refusal`), on a
paper whose row 0 has lost columns 2 and 3, and row 1 column 2."""


def test_every_reason_the_rules_give_for_a_refused_bite_is_worded() -> None:
    """controls.js words a refused bite by the stable reason the server's refusal carries
    (REASONS): it has words for exactly the reasons the rules give, each in the catalogue."""
    controls = (FOLDER / "controls.js").read_text(encoding="utf-8")
    table = re.search(r"const REASONS = \{(.*?)\n\};", controls, re.S)
    assert table
    worded = dict(re.findall(r'(\w+): \([^)]*\) => t\("(dcc\.why\.[\w-]+)"', table.group(1)))
    eaten = (1 << 2) | (1 << 3) | (1 << (12 + 2))  # row 0: columns 2, 3; row 1: column 2
    given = {}
    for reason, (row, col) in REFUSED.items():
        refusal = bite_refusal(eaten, row, col)
        assert refusal is not None and refusal.reason == reason, (reason, refusal)
        assert bite_problem(eaten, row, col) == refusal.message
        given[reason] = refusal.details
    assert sorted(worded) == sorted(given)
    assert given["nibble"] == {"cells": 1}
    en, de = Words("en", (i18n.SHARED, NAME)), Words("de", (i18n.SHARED, NAME))
    for key in worded.values():
        assert en(key, count=1) != key and de(key, count=1) != key  # in both catalogues
    assert bite_refusal(eaten, 0, 4) is None  # a bite the rules allow has no reason


def test_the_game_speaks_german() -> None:
    de = Words("de", (i18n.SHARED, NAME))
    assert de(f"games.{NAME}.title") == "Don't Cut the Cheese"
    assert de("dcc.cells", count=1) == "1 Feld" and de("dcc.cells", count=4) == "4 Felder"
    assert (
        de("dcc.log.bite", who="Ann", cells=de("dcc.cells", count=3), row=1, col=5, strength=2)
        == "Ann beißt 3 Felder bei Reihe 1, Spalte 5: Stärke 2."
    )
    assert de("dcc.log.draw", who="Bo", colour=de("dcc.colour.white")) == (
        "Bo zieht einen Chip aus dem Beutel: Weiß."
    )
    assert de("dcc.why.nibble", count=1).startswith("es würde 1 Feld Papier fressen")


def test_the_german_pages_read_german(tmp_path: Path) -> None:
    client = TestClient(create_app(str(tmp_path / "mousehole.sqlite3")))
    client.cookies.set("lang", "de")
    play = client.get(f"/play/{NAME}").text
    assert '<html lang="de">' in play
    assert "Neue Partie" in play and "Drehen" in play and "Hier beißen" in play
    assert "Mitspielende" in play and "Bin bereit" in play
    assert "Chips: Orange <span" in play
    assert '<meta name="description" content="Spiel Don&#x27;t Cut the Cheese' in play
    rules = client.get(f"/rules/{NAME}").text
    assert '<html lang="de">' in rules
    assert "<h1>So spielt man Don't Cut the Cheese</h1>" in rules
    assert 'data-testid="lang-switch"' in rules
    assert "<strong>Stechen</strong>" in rules and "Die Drehscheibe" in rules
    client.cookies.set("lang", "en")
    english = client.get(f"/rules/{NAME}").text
    assert '<html lang="en">' in english and "<h1>How to play Don't Cut the Cheese</h1>" in english
