"""Errors shared by every game in gamekit: :mod:`gamekit.core.errors` under its documented import path."""
from gamekit.core.errors import BadPositionError, IllegalMoveError, SolverTimeout

__all__ = ["IllegalMoveError", "BadPositionError", "SolverTimeout"]
