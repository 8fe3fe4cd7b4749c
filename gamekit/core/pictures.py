"""How a game object shows itself in a notebook (``_repr_html_``) without its rules importing any drawing code.

A game's view module registers a function that draws its class as HTML (``register_html(ConnectGame,
board_svg)``); the rules' ``_repr_html_`` asks :func:`html_of`, which falls back to the game's text when no view
has registered one (a rules module imported alone)."""

from __future__ import annotations

import html
from typing import Any, Callable

__all__ = ["register_html", "html_of"]

DRAWERS: dict[type, Callable[[Any], str]] = {}
"""Class → the function drawing its objects as HTML (looked up along the class's MRO)."""


def register_html(cls: type, draw: Callable[[Any], str]) -> None:
    if not isinstance(cls, type) or not callable(draw):
        raise TypeError(f"register_html: {cls!r}, {draw!r}: a class and a function drawing its objects")
    DRAWERS[cls] = draw


def html_of(obj: Any) -> str:
    """``obj`` as HTML: its registered picture, else its text in a ``<pre>``."""
    for klass in type(obj).__mro__:
        draw = DRAWERS.get(klass)
        if draw is not None:
            return draw(obj)
    return f"<pre style='line-height:1.1'>{html.escape(str(obj))}</pre>"
