"""Errors shared by every game in gamekit."""


class IllegalMoveError(ValueError):
    """A move, action or setting the rules refuse (``play``, ``resign``, ``undo`` with nothing to undo).

    The message always names the input and says why it was refused, e.g.
    ``"a1-c1": not neighbouring dots``.  A refused action never changes the game.
    """


class BadPositionError(ValueError):
    """A saved game (``from_dict``) or a move list (``from_moves``) that cannot be loaded.

    The message says which part of the input is wrong (a missing key, a wrong type, the number of
    the move that is illegal, a ``version`` this gamekit does not know).
    """


class SolverTimeout(TimeoutError):
    """An exact search that did not finish within its time limit.

    The message says how far the position is beyond reach (e.g. how many lines are undrawn and
    how many the solver usually finishes), so the caller can choose a later position or a longer
    ``time_limit``.  Nothing is changed; what the search learnt stays in the solver's cache.
    """
