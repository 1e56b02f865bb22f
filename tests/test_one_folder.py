"""A game is one folder and one registry line (architecture habit 13, issue 14 item 1).

Everything the platform needs from a game is declared in its manifest, so no source file outside
the game's own folders names it: not the server, the engine, the shared web modules or the
benchmarks. Each registered game's name and title are looked for (case-insensitive, its title
also without punctuation and with any separator between its words, so "Mouse Trap",
"mouse-trap" and "MouseTrapGame" all count) in src/mousehole/**/*.{py,js,html,css} and
benchmarks/*.py. Allowed: the game's package (where its Game class lives), its web folder
(`manifest.page.folder`) and its registry lines in src/mousehole/games/__init__.py (the
manifest's import and its entry in MANIFESTS). Files under tests/ are not scanned.
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
SCANNED = sorted(
    [path for ext in ("py", "js", "html", "css") for path in SRC.rglob(f"*.{ext}")]
    + list((REPO / "benchmarks").glob("*.py"))
)

PENDING_WEB_SHARED: dict[str, set[str]] = {
    "src/mousehole/web/shared/coach.js": {"mousetrap"},
}
"""Shared web files that still name a game (in comments), by path in the repository and the
games they name. The web match controller work (docs/web.md) removes them: this list only
shrinks, and a file that no longer names its games must leave it (a test below says so)."""


def spellings(manifest: GameManifest) -> re.Pattern[str]:
    """Return the pattern of every way a text may name the game: its registry name, and its
    title's words (punctuation dropped) with anything but letters and digits between them."""
    words = re.findall(r"[^\W_]+", manifest.title)
    title = r"[\W_]*".join(re.escape(word) for word in words)
    return re.compile(rf"{re.escape(manifest.name)}|{title}", re.IGNORECASE)


def own_folders(manifest: GameManifest) -> list[Path]:
    """Return the folders that may name the game: its package and its web folder."""
    folders = [Path(inspect.getfile(manifest.game)).resolve().parent]
    if manifest.page is not None:
        folders.append(SRC / "web" / manifest.page.folder)
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


def pending(manifest: GameManifest, path: Path) -> bool:
    """Return whether `path` is a shared web file allowed, for now, to name the game."""
    key = path.relative_to(REPO).as_posix()
    return manifest.name in PENDING_WEB_SHARED.get(key, set())


def test_the_scan_covers_the_server_the_engine_the_web_and_the_benchmarks() -> None:
    scanned = {path.relative_to(REPO).as_posix() for path in SCANNED}
    expected = (
        "src/mousehole/server/app.py",
        "src/mousehole/engine/match.py",
        "src/mousehole/web/shared/setup.js",
        "src/mousehole/web/index.css",
        "benchmarks/engine.py",
        "src/mousehole/games/__init__.py",
    )
    for path in expected:
        assert path in scanned
    assert any(path.endswith(".html") for path in scanned)


@pytest.mark.parametrize("manifest", MANIFESTS, ids=lambda m: m.name)
def test_no_file_outside_a_games_own_folders_names_it(manifest: GameManifest) -> None:
    found = [
        line
        for path in SCANNED
        if outside(manifest, path) and not pending(manifest, path)
        for line in naming_lines(manifest, path)
    ]
    assert not found, (
        f"{manifest.title} is named outside its own folders (read it from the manifest, "
        "mousehole.games.REGISTRY, instead):\n" + "\n".join(found)
    )


@pytest.mark.parametrize("manifest", MANIFESTS, ids=lambda m: m.name)
def test_the_registry_names_each_game_in_its_two_lines_only(manifest: GameManifest) -> None:
    lines = registry_lines(manifest)

    assert len(lines) == 2, "no `from .<package>.manifest import MANIFEST as ...` line"
    text = REGISTRY_FILE.read_text(encoding="utf-8")
    assert all(line in text for line in lines)
    assert naming_lines(manifest, REGISTRY_FILE) == []


@pytest.mark.parametrize("path", sorted(PENDING_WEB_SHARED))
def test_each_pending_shared_web_file_still_names_its_games(path: str) -> None:
    named = {
        m.name
        for m in MANIFESTS
        if m.name in PENDING_WEB_SHARED[path] and naming_lines(m, REPO / path)
    }
    assert named == PENDING_WEB_SHARED[path], (
        f"{path} no longer names {sorted(PENDING_WEB_SHARED[path] - named)}: "
        "take it out of PENDING_WEB_SHARED"
    )


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
