"""A game is one folder and one registry line (architecture habit 13, issue 14 item 1).

Everything the platform needs from a game is declared in its manifest, so no file outside the
game's own folders names it. Each registered game's name and title are looked for
(case-insensitive, its title also without punctuation and with any separator between its
words, so "Mouse Trap", "mouse-trap" and "MouseTrapGame" all count) in:

- the code: src/mousehole/**/*.{py,js,html,css} and benchmarks/**/*.py;
- the tests: tests/**/*.py (this file aside: it is the scanner, and its examples name games);
- the build: Makefile, pyproject.toml and .ci/run;
- the documents that describe the platform: every docs/*.md except those in LISTING_DOCS.

A game's own folders, which may name it: its package (where its Game class lives), its web
page's included (`web/` in the package, mousehole.games.page_directory), the page folder its
manifest names when it borrows another's (`manifest.page.folder`), its tests
(tests/games/<name>/, its browser tests included: tests/games/<name>/browser/) and its docs
page (docs/games/<name>.md), plus its two registry lines in src/mousehole/games/__init__.py
(the manifest's import and its entry in MANIFESTS).

Not scanned, because their job is to list the product's games: README.md and the documents of
LISTING_DOCS (the games' own pages under docs/games/ may compare one game with another). A test
that needs "some game" reads the registry (parametrize over MANIFESTS) or registers the
hidden-coin test game (tests/engine/coin_game.py, as tests/server/rooms/test_private_views.py does).
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

import mousehole.games
from mousehole.games import MANIFESTS, GameManifest

SRC = Path(mousehole.__file__).resolve().parent
REPO = SRC.parent.parent
REGISTRY_FILE = SRC / "games" / "__init__.py"
THIS_FILE = Path(__file__).resolve()

LISTING_DOCS: dict[str, str] = {
    "docs/benchmarks.md": "the measurements, game by game",
    "docs/api.md": "the library's reference: its examples are doctests, which play a real game",
    "docs/fairness.md": "its examples are doctests, which play a real game's dice",
    "docs/cli.md": "the command line's examples run real games",
    "docs/local-play.md": "a walk through one real game's match on one device",
    "docs/rules-pages.md": "each game's How to play page and tips, in a table",
    "docs/rl.md": "each game's encoding for learning programs; its examples play real games",
    "docs/bots.md": "the expert level game by game; its examples play real games",
    "docs/translating.md": "which games' words are in catalogues, and their German box names",
}
"""Documents under docs/ that are not scanned, with why: they list or play the product's games.
Every other docs/*.md describes the platform and must not need to name a game."""


def scanned_files() -> list[Path]:
    """Return every file the scan reads (see the top of this file)."""
    code = [path for ext in ("py", "js", "html", "css") for path in SRC.rglob(f"*.{ext}")]
    code += (REPO / "benchmarks").rglob("*.py")
    tests = [path for path in (REPO / "tests").rglob("*.py") if path.resolve() != THIS_FILE]
    build = [REPO / name for name in ("Makefile", "pyproject.toml", ".ci/run")]
    docs = [
        path
        for path in (REPO / "docs").glob("*.md")
        if path.relative_to(REPO).as_posix() not in LISTING_DOCS
    ]
    return sorted(path for path in code + tests + build + docs if path.is_file())


SCANNED = scanned_files()


def spellings(manifest: GameManifest) -> re.Pattern[str]:
    """Return the pattern of every way a text may name the game: its registry name, and its
    title's words (punctuation dropped) with anything but letters and digits between them."""
    words = re.findall(r"[^\W_]+", manifest.title)
    title = r"[\W_]*".join(re.escape(word) for word in words)
    return re.compile(rf"{re.escape(manifest.name)}|{title}", re.IGNORECASE)


def own_folders(manifest: GameManifest) -> list[Path]:
    """Return the folders and files that may name the game: its package (its web page
    included), the page folder it names, its tests and its docs page."""
    folders = [
        Path(inspect.getfile(manifest.game)).resolve().parent,
        REPO / "tests" / "games" / manifest.name,
        REPO / "docs" / "games" / f"{manifest.name}.md",
    ]
    if manifest.page is not None:
        folders.append(manifest.page.directory)
    return folders


REGISTRY_LINE = re.compile(r"from \.(\w+)\.manifest import MANIFEST as (\w+)")


def registry_lines(manifest: GameManifest) -> set[str]:
    """Return the lines of games/__init__.py that register the game: the import of its
    manifest and its entry in MANIFESTS."""
    package = Path(inspect.getfile(manifest.game)).resolve().parent.name
    for line in REGISTRY_FILE.read_text(encoding="utf-8").splitlines():
        found = REGISTRY_LINE.fullmatch(line.strip())
        if found and found.group(1) == package:
            return {line.strip(), f"{found.group(2)},"}
    return set()


def naming_lines(manifest: GameManifest, path: Path) -> list[str]:
    """Return the lines of `path` that name the game, each as "path:line: text", leaving out
    the registry's own lines."""
    pattern = spellings(manifest)
    allowed = registry_lines(manifest) if path == REGISTRY_FILE else set()
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if pattern.search(line) and line.strip() not in allowed:
            found.append(f"{path.relative_to(REPO)}:{number}: {line.strip()}")
    return found


def outside(manifest: GameManifest, path: Path) -> bool:
    """Return whether `path` lies outside the game's own folders."""
    return not any(path.is_relative_to(folder) for folder in own_folders(manifest))


def test_the_scan_covers_the_code_the_tests_the_build_and_the_platform_docs() -> None:
    scanned = {path.relative_to(REPO).as_posix() for path in SCANNED}
    expected = (
        "src/mousehole/server/http/app.py",
        "src/mousehole/engine/match.py",
        "src/mousehole/web/shared/setup.js",
        "src/mousehole/web/index.css",
        "src/mousehole/web/cards.css",
        "src/mousehole/web/join.css",
        "src/mousehole/games/__init__.py",
        "benchmarks/engine.py",
        "tests/conftest.py",
        "tests/server/http/test_app.py",
        "tests/browser/conftest.py",
        "tests/games/test_registry.py",
        "Makefile",
        "docs/protocol.md",
        "docs/storage.md",
    )
    for path in expected:
        assert path in scanned
    assert any(path.endswith(".html") for path in scanned)
    assert "tests/test_one_folder.py" not in scanned
    assert not scanned & set(LISTING_DOCS)
    assert all((REPO / path).is_file() for path in LISTING_DOCS)


@pytest.mark.parametrize("manifest", MANIFESTS, ids=lambda m: m.name)
def test_no_file_outside_a_games_own_folders_names_it(manifest: GameManifest) -> None:
    found = [
        line for path in SCANNED if outside(manifest, path) for line in naming_lines(manifest, path)
    ]
    assert not found, (
        f"{manifest.title} is named outside its own folders (read it from the registry, "
        "mousehole.games.MANIFESTS, or move the file into the game's folders: its package "
        f"(its page in web/ there), tests/games/{manifest.name}/, "
        f"docs/games/{manifest.name}.md):\n" + "\n".join(found)
    )


@pytest.mark.parametrize("manifest", MANIFESTS, ids=lambda m: m.name)
def test_a_games_own_folders_are_its_package_with_its_web_folder_its_tests_and_docs_page(
    manifest: GameManifest,
) -> None:
    package = Path(inspect.getfile(manifest.game)).resolve().parent
    inside = [
        package / "rules.py",
        REPO / "tests" / "games" / manifest.name / "test_rules.py",
        REPO / "tests" / "games" / manifest.name / "browser" / "test_play.py",
        REPO / "docs" / "games" / f"{manifest.name}.md",
    ]
    if manifest.page is not None:
        inside.append(manifest.page.directory / "main.js")
        inside.append(package / "web" / "main.js")
    assert not any(outside(manifest, path) for path in inside)
    others = [m for m in MANIFESTS if m.name != manifest.name]
    for other in others:
        assert outside(manifest, REPO / "tests" / "games" / other.name / "test_rules.py")
        assert outside(manifest, REPO / "docs" / "games" / f"{other.name}.md")
    assert outside(manifest, REPO / "tests" / "games" / "test_registry.py")
    assert outside(manifest, REPO / "docs" / "games" / f"{manifest.name}-notes.md")


@pytest.mark.parametrize("manifest", MANIFESTS, ids=lambda m: m.name)
def test_the_registry_names_each_game_in_its_two_lines_only(manifest: GameManifest) -> None:
    lines = registry_lines(manifest)

    assert len(lines) == 2, "no `from .<package>.manifest import MANIFEST as ...` line"
    text = REGISTRY_FILE.read_text(encoding="utf-8")
    assert all(line in text for line in lines)
    assert naming_lines(manifest, REGISTRY_FILE) == []


def test_the_spellings_catch_a_title_written_every_usual_way() -> None:
    game = mousehole.games.REGISTRY[MANIFESTS[0].name]
    pattern = spellings(game)
    words = re.findall(r"[^\W_]+", game.title)
    for text in (
        game.name,
        game.name.upper(),
        game.title,
        game.title.lower(),
        "-".join(words),
        "_".join(w.upper() for w in words),
        "".join(w.capitalize() for w in words) + "Game",
    ):
        assert pattern.search(f"x {text} y"), text
    assert not pattern.search("a board game of mice and cheese")
