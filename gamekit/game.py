"""``gamekit.game`` is :mod:`gamekit.core.game` under the name the README documents: the very same module
object (not a copy of its names), so ``gamekit.game.GAMES`` *is* the registry that ``register`` fills, and
patching a name here patches it there."""
import sys

from gamekit.core import game as core_game

sys.modules[__name__] = core_game
