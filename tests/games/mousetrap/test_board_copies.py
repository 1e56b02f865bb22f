"""The browser's copies of the board agree with the rules' board (games/mousetrap/board.py).

The page draws the 50 spaces, the loop and the 23 components from JavaScript constants
(games/mousetrap/web/board.js, machine.js, machine-parts.js), written by hand from board.py: the
server decides every rule, but a label, a destination or a component drawn wrong would show
players a different game from the one they play. These tests read the JavaScript source (the
array literals and numeric constants, evaluated as Python literals after the file's own
shorthands are expanded, and each `t(key)` replaced by its message in the English catalogue,
locales/en/mousetrap.po, which every other language's has the keys of) and compare it with the
Python data.
"""

from __future__ import annotations

import ast
import re
from typing import Any

from mousehole.games import page_directory
from mousehole.games.mousetrap import board
from mousehole.server.http import i18n
from mousehole.server.http.i18n import SOURCE, Words

FOLDER = page_directory("mousetrap")


ENGLISH = Words(SOURCE, (i18n.SHARED, "mousetrap"))


def _read(name: str) -> str:
    return (FOLDER / name).read_text(encoding="utf-8")


def english(source: str) -> str:
    """`source` with each `t("key")` and `t("key", { count: N })` written as its English
    message, a JavaScript string literal."""

    def message(found: re.Match[str]) -> str:
        key, count = found.group(1), found.group(2)
        text = ENGLISH(key) if count is None else ENGLISH(key, count=int(count))
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

    return re.sub(r't\("([\w.-]+)"(?:, \{ count: (\d+) \})?\)', message, source)


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
    build spaces `B2`, `B23`, `B234`, the `go(dest, label)` helper, and `back(dest, steps)`,
    `take(n)` and `lose(n)`, whose labels are counted messages."""
    back = re.search(
        r"const back = \(dest, steps\) => go\(dest, t\(\"([\w.-]+)\", \{ count: steps \}\)\);",
        source,
    )
    counted = dict(
        re.findall(
            r"const (take|lose) = \(n\) => \[\"\1\", n, t\(\"([\w.-]+)\", \{ count: n \}\)\];",
            source,
        )
    )
    assert back and set(counted) == {"take", "lose"}, "board.js no longer defines its helpers"
    source = re.sub(
        r"\bback\((\d+), (\d+)\)",
        lambda m: f'go({m.group(1)}, t("{back.group(1)}", {{ count: {m.group(2)} }}))',
        source,
    )
    source = re.sub(
        r"\b(take|lose)\((\d+)\)",
        lambda m: (
            f'["{m.group(1)}", {m.group(2)}, t("{counted[m.group(1)]}", {{ count: {m.group(2)} }})]'
        ),
        source,
    )
    source = english(source)
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


def test_the_pages_component_names_are_the_construction_plans() -> None:
    pattern = r"export const COMPONENT_NAMES = (\[.*?\]);"
    assert tuple(_literal(english(_read("board.js")), pattern)) == board.COMPONENTS
    # machine.js names the components by their numbers' messages, mt.part.1 to mt.part.23
    machine = re.search(
        r"export const COMPONENTS = Object\.freeze\(Array\.from\(\{ length: (\d+) \}, "
        r"\(_, i\) => t\(`mt\.part\.\$\{i \+ 1\}`\)\)\);",
        _read("machine.js"),
    )
    assert machine, "machine.js no longer names its components mt.part.<n>"
    count = int(machine.group(1))
    assert tuple(ENGLISH(f"mt.part.{n}") for n in range(1, count + 1)) == board.COMPONENTS


def test_the_machine_draws_each_of_the_components_once_in_order() -> None:
    draw = re.search(r"export const DRAW = \{(.*?)\n\};", _read("machine-parts.js"), re.DOTALL)
    assert draw, "machine-parts.js has no DRAW table"

    numbered = [int(n) for n in re.findall(r"^  (\d+)\(g", draw.group(1), re.MULTILINE)]

    assert numbered == list(range(1, board.COMPONENT_COUNT + 1))


def test_a_copy_that_differs_by_one_label_or_destination_is_caught() -> None:
    source = _read("board.js")
    relabelled = source.replace(
        'go(14, t("mt.space.ahead-4"))', 'go(14, t("mt.space.to-start"))', 1
    )
    redirected = source.replace(
        'go(21, t("mt.space.to-dog-bone"))', 'go(22, t("mt.space.to-dog-bone"))', 1
    )
    recounted = source.replace("back(9, 6)", "back(9, 5)", 1)

    assert relabelled != source and redirected != source and recounted != source
    assert spaces(relabelled) != python_spaces()
    assert spaces(redirected) != python_spaces()
    assert spaces(recounted) != python_spaces()
