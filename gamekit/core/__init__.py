"""The core of gamekit: what every game, view and front end shares, and nothing game-specific.

* :mod:`gamekit.core.outcome` — ``Outcome`` and ``Termination``
* :mod:`gamekit.core.saved`   — saved-game helpers (``SCHEMA_VERSION``, ``check_header``, ``replay``, ``require``)
* :mod:`gamekit.core.errors`  — ``IllegalMoveError``, ``BadPositionError``, ``SolverTimeout``
* :mod:`gamekit.core.scene`   — ``Scene``, a picture as plain data, and the shared colours
* :mod:`gamekit.core.pictures` — how a game object shows itself in a notebook

The ``Game`` protocol, ``LEVELS``, ``TIMERS`` and the saved-game registry (``register``, ``load``) are
:mod:`gamekit.game`, one layer above.  The core imports only :mod:`gamekit.i18n` and the standard library (an
import-linter contract in pyproject.toml).  Import each name from its module: this package exports nothing.
"""
