"""gamekit: rules, exact solvers, CPU players and widgets for three games.

* ``gamekit.dots``    — Dots and Boxes (Puntos y cajas)
* ``gamekit.connect`` — 5 en raya and standard Connect Four
* ``gamekit.shutbox`` — Shut the Box (Cerrar la caja)
* ``gamekit.core``    — the contract every game keeps (``Game``, ``Outcome``, ``Termination``, ``load``; also
  ``gamekit.game``), errors and ``Scene``
* ``gamekit.i18n``    — languages: ``gamekit.set_language("es")`` or ``GAMEKIT_LANG=es`` (gettext catalogues)
"""
from gamekit.core import BadPositionError, Game, IllegalMoveError, Outcome, SolverTimeout, Termination, load
from gamekit.i18n import get_language, set_language

__all__ = ["IllegalMoveError", "BadPositionError", "SolverTimeout", "Game", "Outcome", "Termination", "load",
           "set_language", "get_language"]
__version__ = "0.1.0"
