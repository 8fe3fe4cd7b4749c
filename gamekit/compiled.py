"""Whether gamekit's compiled searches (numba) can run here: one answer for every game's engine."""

from __future__ import annotations

import os

__all__ = ["available", "ENV"]

ENV = "GAMEKIT_PURE_PYTHON"
"""Set (to anything) to force the pure-Python fallbacks."""


def available() -> bool:
    """True when numba and numpy can be imported and ``GAMEKIT_PURE_PYTHON`` is not set."""
    if os.environ.get(ENV):
        return False
    try:
        import numba  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True
