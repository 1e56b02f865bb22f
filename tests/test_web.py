"""The browser front end's modules (src/mousehole/web/ and each game's
src/mousehole/games/<game>/web/, docs/web.md): every game page runs on
the one shared match controller, so no block of code is repeated across two games' folders,
and no module grows past about 500 lines (one concern per module)."""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

import pytest

from mousehole.games import MANIFESTS, page_directory
from mousehole.games.manifest import GAMES_DIR
from mousehole.server.http.pages import WEB_DIR

MAX_LINES = 500
"""The most lines a JavaScript module of the front end may have."""

RUN = 6
"""The fewest equal non-trivial lines in a row that count as a repeated block."""

GAME_FOLDERS = sorted(
    path.parent.name
    for path in GAMES_DIR.glob("*/web")
    if path.is_dir() and (path / "play.html").is_file() and any(path.glob("*.js"))
)
"""Every game package's page folder (its `web/`), registered or not, by the package's name."""

PACKAGE_DIR = WEB_DIR.parent
MODULES = sorted([*WEB_DIR.rglob("*.js"), *GAMES_DIR.glob("*/web/**/*.js")])
"""Every JavaScript module of the front end: the shared ones and the games' own."""


def code_lines(path: Path) -> list[tuple[int, str]]:
    """The lines of a JS module that carry code, each as (line number, whitespace collapsed).

    Left out: blank lines, comments, imports (naming a dependency repeats no logic) and trivial
    lines with fewer than ten letters and digits (`} else {`, `return;`, `render();`).
    """
    lines: list[tuple[int, str]] = []
    in_comment = False
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = " ".join(raw.split())
        if in_comment:
            in_comment = "*/" not in line
            continue
        if line.startswith("/*"):
            in_comment = "*/" not in line
            continue
        if not line or line.startswith(("//", "*")):
            continue
        if re.match(r"(import\b|export \{[^}]*\} from\b|\} from ['\"])", line):
            continue
        if len(re.findall(r"[A-Za-z0-9]", line)) < 10:
            continue
        lines.append((number, line))
    return lines


def blocks(folder: str) -> dict[tuple[str, ...], str]:
    """Every run of RUN code lines in the folder's modules, with where it starts."""
    found: dict[tuple[str, ...], str] = {}
    for path in sorted(page_directory(folder).glob("*.js")):
        lines = code_lines(path)
        for i in range(len(lines) - RUN + 1):
            run = tuple(text for _, text in lines[i : i + RUN])
            found.setdefault(run, f"{folder}/{path.name}:{lines[i][0]}")
    return found


def test_there_are_at_least_two_game_folders_to_compare() -> None:
    pages = {m.page.folder for m in MANIFESTS if m.page is not None}
    assert len(pages) >= 2 and pages <= set(GAME_FOLDERS)


@pytest.mark.parametrize(("first", "second"), list(combinations(GAME_FOLDERS, 2)))
def test_no_block_of_code_is_repeated_across_two_game_folders(first: str, second: str) -> None:
    ours, theirs = blocks(first), blocks(second)
    repeated = [f"{ours[run]} and {theirs[run]}: {run[0]}" for run in ours if run in theirs]
    assert not repeated, (
        f"{len(repeated)} runs of {RUN}+ equal lines in both folders (move them to web/shared/):\n"
        + "\n".join(repeated[:20])
    )


def test_the_block_finder_sees_a_repeated_block(tmp_path: Path) -> None:
    """A self-check: the same function in two files is found, comments and blanks aside."""
    body = "\n".join(f"  const value{i} = compute(app.snapshot, {i});" for i in range(RUN))
    (tmp_path / "a.js").write_text(f"function a() {{\n{body}\n}}\n")
    (tmp_path / "b.js").write_text(f"// a comment\nfunction b() {{\n\n{body}\n}}\n")
    runs_a = {tuple(t for _, t in code_lines(tmp_path / "a.js"))[i : i + RUN] for i in range(2)}
    runs_b = {tuple(t for _, t in code_lines(tmp_path / "b.js"))[i : i + RUN] for i in range(2)}
    assert runs_a & runs_b


@pytest.mark.parametrize(
    "path",
    MODULES,
    ids=lambda path: str(path.relative_to(PACKAGE_DIR)),
)
def test_no_web_module_is_over_500_lines(path: Path) -> None:
    count = len(path.read_text(encoding="utf-8").splitlines())
    assert count <= MAX_LINES, (
        f"{path.relative_to(PACKAGE_DIR)} has {count} lines: split it by concern"
    )
