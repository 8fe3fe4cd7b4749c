"""Shared notebook widgets: the game widget base (``base``: player cards, status, buttons, the canvas that
paints a :class:`gamekit.core.scene.Scene`) and the lesson widgets (``lesson``).  They need ipywidgets and ipycanvas."""
