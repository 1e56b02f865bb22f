"""Mouse Chaos: steer hidden-colour mice home with holders, cats and chairs. See
docs/games/mousechaos.md."""

from typing import Final

from . import moves as _moves
from .actions import MouseChaosAction
from .game import MouseChaosGame
from .state import MouseChaosState

BUILD: Final = "compiled" if _moves.COMPILED else "pure"
"""Which build of the move search this process runs: "compiled" when moves.py's extension
module (mypyc, built by `make venv` where a C compiler is; docs/testing.md, "The compiled
build") was imported instead of moves.py, else "pure"."""

__all__ = ["BUILD", "MouseChaosAction", "MouseChaosGame", "MouseChaosState"]
