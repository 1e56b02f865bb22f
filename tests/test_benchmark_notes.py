"""`python -m benchmarks` keeps what was measured by hand in docs/benchmarks.md
(benchmarks/notes.py): each marked block goes back to the end of its section."""

from __future__ import annotations

from pathlib import Path

import pytest
from benchmarks import notes

NOTE = f"{notes.START}\nMeasured by hand: 41 µs before, 33 µs after.\n{notes.END}"
OLD = f"""# Benchmarks

Written by an old run.

## Engines

| old table |

{NOTE}

## Simulations

| old speedup |

## How to reproduce

make bench
"""
NEW = """# Benchmarks

Written by a new run.

## Engines

| new table |

## Simulations

| new speedup |

## How to reproduce

make bench
"""


def test_a_note_goes_back_to_the_end_of_its_section_and_the_tables_are_new() -> None:
    kept = notes.keep(NEW, OLD)
    engines = kept[kept.index("## Engines") : kept.index("## Simulations")]
    assert "| new table |" in engines and NOTE in engines
    assert engines.index("| new table |") < engines.index(NOTE)
    assert "| old table |" not in kept and kept.count(NOTE) == 1
    assert kept.replace("\n\n" + NOTE, "") == NEW


def test_a_section_carried_over_whole_does_not_get_its_note_twice() -> None:
    carried = NEW.replace("| new table |", "| new table |\n\n" + NOTE)
    assert notes.keep(carried, OLD) == carried


def test_a_note_whose_section_is_gone_is_kept_before_the_last_section(
    capsys: pytest.CaptureFixture[str],
) -> None:
    kept = notes.keep(NEW.replace("## Engines", "## Engines, renamed"), OLD)
    assert kept.count(NOTE) == 1
    assert kept.index(notes.LOST_HEADING) < kept.index(NOTE) < kept.index("## How to reproduce")
    assert "'## Engines'" in capsys.readouterr().err


def test_a_run_keeps_every_note_of_the_real_page() -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md").read_text("utf-8")
    blocks = [block for _, block in notes.written(page)]
    assert blocks, "docs/benchmarks.md marks no note written by hand"
    stripped = page
    for block in blocks:
        stripped = stripped.replace(block, "")
    kept = notes.keep(stripped, page)
    assert all(kept.count(block) == 1 for block in blocks)
    for heading, block in notes.written(page):
        section = kept[kept.index("\n" + heading + "\n") + 1 :]
        assert block in section.split("\n## ")[0]
