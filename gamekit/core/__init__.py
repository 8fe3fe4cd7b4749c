"""The core of gamekit: what every game, view and front end shares, and nothing game-specific.

* :mod:`gamekit.core.game`    — the ``Game`` protocol, CPU ``LEVELS`` and turn ``TIMERS``, the saved-game registry
  (``register``, ``load``); ``gamekit.game`` is this same module (the README's import path)
* :mod:`gamekit.core.outcome` — ``Outcome`` and ``Termination``
* :mod:`gamekit.core.saved`   — saved-game helpers (``SCHEMA_VERSION``, ``check_header``, ``replay``, ``require``)
* :mod:`gamekit.core.errors`  — ``IllegalMoveError``, ``BadPositionError``, ``SolverTimeout`` (also ``gamekit.errors``)
* :mod:`gamekit.core.scene`   — ``Scene``, a picture as plain data (also ``gamekit.scene``)

The core imports only :mod:`gamekit.i18n` and the standard library (an import-linter contract in pyproject.toml).
"""
from gamekit.core.errors import BadPositionError, IllegalMoveError, SolverTimeout
from gamekit.core.game import GAMES, LEVELS, SCHEMA_VERSION, TIMERS, Game, load, register
from gamekit.core.outcome import Outcome, Termination
from gamekit.core.scene import Scene

__all__ = ["Game", "Outcome", "Termination", "LEVELS", "TIMERS", "SCHEMA_VERSION", "GAMES", "register", "load",
           "IllegalMoveError", "BadPositionError", "SolverTimeout", "Scene"]
