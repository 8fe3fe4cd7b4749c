"""gamekit: rules, exact solvers, CPU players and widgets for three games.

* ``gamekit.dots``    — Dots and Boxes (Puntos y cajas)
* ``gamekit.connect`` — 5 en raya and standard Connect Four
* ``gamekit.shutbox`` — Shut the Box (Cerrar la caja)
* ``gamekit.game``    — the contract every game keeps (``Game``), ``LEVELS``, ``TIMERS``, the saved-game registry
  (``register``, ``load``)
* ``gamekit.core``    — outcomes, saved-game helpers, errors and ``Scene`` (what every game shares)
* ``gamekit.i18n``    — languages: ``gamekit.set_language("es")`` or ``GAMEKIT_LANG=es`` (gettext catalogues)
"""

from gamekit.core.errors import BadPositionError, IllegalMoveError, SolverTimeout
from gamekit.core.outcome import Outcome, Termination
from gamekit.game import Game, load
from gamekit.i18n import get_language, set_language

__all__ = [
    "IllegalMoveError",
    "BadPositionError",
    "SolverTimeout",
    "Game",
    "Outcome",
    "Termination",
    "load",
    "set_language",
    "get_language",
]
__version__ = "0.1.0"
