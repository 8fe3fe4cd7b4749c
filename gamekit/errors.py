"""Errors shared by every game in gamekit."""


class IllegalMoveError(ValueError):
    """A move or action the rules refuse.

    The message always names the input and says why it was refused, e.g.
    ``"a1-c1": not neighbouring dots``.  A refused action never changes the game.
    """


class BadPositionError(ValueError):
    """A saved game (``from_dict``) or a move list that does not describe a legal position."""
