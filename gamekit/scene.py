"""Pictures as plain data: :mod:`gamekit.core.scene` under its documented import path."""
from gamekit.core.scene import *  # noqa: F401,F403  (every public name of the core's scene: the same objects)
from gamekit.core.scene import __all__  # noqa: F401
