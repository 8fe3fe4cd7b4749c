"""Dots and Boxes (Puntos y cajas): rules, analysis, exact solver, CPU players and widget."""
from gamekit.dots.rules import PRESETS, DotsAndBoxes, Geometry, geometry

__all__ = ["DotsAndBoxes", "Geometry", "geometry", "PRESETS"]
