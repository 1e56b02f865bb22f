"""Notes written by hand into docs/benchmarks.md's generated sections, kept by `make bench`.

A measurement made on its own (a before/after of one change, an earlier run kept for
comparison) is written by hand under the heading of the section it belongs to, between the
markers START and END, each on a line of its own. `python -m benchmarks` writes each section
anew from its results, then puts every such block back at the end of the section it stood in
(`keep`), so a run of the benchmarks adds its tables without losing what was measured by hand.
"""

from __future__ import annotations

import re
import sys

START = "<!-- by hand -->"
END = "<!-- end by hand -->"
LOST_HEADING = "## Notes from sections no longer written"
"""Where a note goes whose section this run does not write (it is never dropped)."""

_BLOCK = re.compile("^" + re.escape(START) + r"$.*?^" + re.escape(END) + "$", re.S | re.M)
"""A block: the markers on lines of their own, and what stands between them."""
_HEADING = re.compile(r"^## .*$", re.M)


def written(previous: str) -> list[tuple[str, str]]:
    """Return the hand-written blocks of a previous docs/benchmarks.md, markers included, in
    order, each with the `## ` heading it stands under ("" before the first heading)."""
    headings = [(m.start(), m.group()) for m in _HEADING.finditer(previous)]
    found = []
    for block in _BLOCK.finditer(previous):
        above = [text for at, text in headings if at < block.start()]
        found.append((above[-1] if above else "", block.group()))
    return found


def keep(text: str, previous: str) -> str:
    """Return `text` (a newly written docs/benchmarks.md) with the hand-written blocks of
    `previous` put back, each at the end of its section; a block `text` already holds (a
    section carried over whole) is not repeated, and a block whose heading `text` lacks goes
    under LOST_HEADING, before the last section."""
    lost: list[str] = []
    for heading, block in written(previous):
        if block in text:
            continue
        at = text.find("\n" + heading + "\n") if heading else -1
        if at < 0:
            print(f"benchmarks: no section {heading!r} now; its note is kept", file=sys.stderr)
            lost.append(block)
            continue
        end = text.find("\n## ", at + 1)
        end = len(text) if end < 0 else end
        text = text[:end].rstrip("\n") + "\n\n" + block + "\n" + text[end:]
    if lost:
        last = text.rfind("\n## ")
        last = len(text) if last < 0 else last
        section = "\n" + LOST_HEADING + "\n\n" + "\n\n".join(lost) + "\n"
        text = text[:last].rstrip("\n") + "\n" + section + text[last:]
    return text
