"""The browser's copies of the board agree with the rules' board (games/mousetrap/board.py).

The page draws the 50 spaces, the loop and the 23 components from JavaScript constants
(web/mousetrap/board.js, machine.js, machine-parts.js), written by hand from board.py: the
server decides every rule, but a label, a destination or a component drawn wrong would show
players a different game from the one they play. These tests read the JavaScript source (the
array literals and numeric constants, evaluated as Python literals after the file's own
shorthands are expanded) and compare it with the Python data.
"""

from __future__ import annotations

import ast
import re
from typing import Any

import pytest

from mousehole.games.mousetrap import board
from mousehole.server.http.pages import WEB_DIR

FOLDER = WEB_DIR / "mousetrap"


def _read(name: str) -> str:
    return (FOLDER / name).read_text(encoding="utf-8")


def _literal(source: str, pattern: str) -> Any:
    """Return the Python value of the JavaScript literal that `pattern`'s group 1 matches."""
    found = re.search(pattern, source, re.DOTALL)
    assert found, f"no match for {pattern!r}"
    return ast.literal_eval(found.group(1))


def numbers(source: str) -> dict[str, int]:
    """Return the file's `export const NAME = <integer>;` constants."""
    return {name: int(value) for name, value in re.findall(r"export const (\w+) = (\d+);", source)}


def spaces(source: str) -> list[tuple[str, int, str]]:
    """Return board.js's RAW spaces as (kind, value, label), its shorthands expanded: the
    build spaces `B2`, `B23`, `B234` and the `go(dest, label)` helper."""
    shorthands = {name: text for name, text in re.findall(r"const (B\d+) = (\[[^\]]*\]);", source)}
    go_kind = re.search(r"const go = \(dest, label\) => \[\"(\w+)\", dest, label\];", source)
    assert go_kind and shorthands, "board.js no longer defines its shorthands as expected"
    raw = re.search(r"const RAW = (\[.*?\n\]);", source, re.DOTALL)
    assert raw, "board.js has no RAW array"
    text = re.sub(r"\bgo\((\d+), (\"[^\"]*\")\)", rf'["{go_kind.group(1)}", \1, \2]', raw.group(1))
    names = sorted(shorthands, key=len, reverse=True)  # B234 before B23 before B2
    text = re.sub(r"\b(" + "|".join(names) + r")\b", lambda m: shorthands[m.group(1)], text)
    return [tuple(space) for space in ast.literal_eval(text)]


def python_spaces() -> list[tuple[str, int, str]]:
    return [(space.kind.value, space.value, space.label) for space in board.SPACES]


def test_the_pages_fifty_spaces_are_the_boards_kinds_values_and_labels_in_order() -> None:
    assert spaces(_read("board.js")) == python_spaces()


def test_the_pages_board_constants_are_the_rules_ones() -> None:
    constants = numbers(_read("board.js"))

    assert constants["LOOP_START"] == board.LOOP_START
    assert constants["CHEESE_WHEEL"] == board.CHEESE_WHEEL
    assert constants["TURN_CRANK"] == board.TURN_CRANK
    assert constants["COMPONENT_COUNT"] == board.COMPONENT_COUNT


def test_the_loop_is_drawn_round_exactly_the_loop_spaces() -> None:
    angles = _literal(_read("board.js"), r"const RING_ANGLES = (\{[^}]*\});")

    assert sorted(angles) == list(range(board.LOOP_START, board.SPACE_COUNT))


@pytest.mark.parametrize(
    ("file", "pattern"),
    [
        ("board.js", r"export const COMPONENT_NAMES = (\[.*?\]);"),
        ("machine.js", r"export const COMPONENTS = Object\.freeze\((\[.*?\])\);"),
    ],
)
def test_the_pages_component_names_are_the_construction_plans(file: str, pattern: str) -> None:
    assert tuple(_literal(_read(file), pattern)) == board.COMPONENTS


def test_the_machine_draws_each_of_the_components_once_in_order() -> None:
    draw = re.search(r"export const DRAW = \{(.*?)\n\};", _read("machine-parts.js"), re.DOTALL)
    assert draw, "machine-parts.js has no DRAW table"

    numbered = [int(n) for n in re.findall(r"^  (\d+)\(g", draw.group(1), re.MULTILINE)]

    assert numbered == list(range(1, board.COMPONENT_COUNT + 1))


def test_a_copy_that_differs_by_one_label_or_destination_is_caught() -> None:
    source = _read("board.js")
    relabelled = source.replace('go(14, "Move ahead 4")', 'go(14, "Move ahead 5")', 1)
    redirected = source.replace('go(21, "Go to Dog Bone")', 'go(22, "Go to Dog Bone")', 1)

    assert relabelled != source and redirected != source
    assert spaces(relabelled) != python_spaces()
    assert spaces(redirected) != python_spaces()
