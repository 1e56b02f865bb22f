"""How big a sampled check is: small under `make test`, long under `make soak`
(MOUSEHOLE_SOAK=1; docs/testing.md, Time budget)."""

from __future__ import annotations

import os
from typing import TypeVar

T = TypeVar("T")

SOAK = os.environ.get("MOUSEHOLE_SOAK") == "1"
"""True when `make soak` runs the tests."""


def sample(quick: T, soak: T) -> T:
    """Return `soak` under `make soak`, else `quick`."""
    return soak if SOAK else quick
