"""Pictures as plain data: :mod:`gamekit.core.scene` under its documented import path."""
from gamekit.core.scene import BACKGROUND, INK, SEAT_COLOURS, SEAT_DARK, Scene, distance_to_segment

__all__ = ["Scene", "SEAT_COLOURS", "SEAT_DARK", "BACKGROUND", "INK", "distance_to_segment"]
