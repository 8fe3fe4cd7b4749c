"""Pictures as plain data: :class:`Scene`, the display list every board is drawn as, and the colours the
games share.  No widget library here: the widgets paint scenes on an ipycanvas (``gamekit.widgets.canvas``),
the room server sends them to the page as JSON, the lessons compare them in tests."""

from __future__ import annotations

import math
from typing import Any

__all__ = [
    "Scene",
    "SEAT_COLOURS",
    "SEAT_DARK",
    "SEAT_COLOURS4",
    "SEAT_DARK4",
    "BACKGROUND",
    "INK",
    "distance_to_segment",
    "REVIEW_COLOURS",
    "REVIEW_SYMBOLS",
    "REVIEW_TEXT",
]

SEAT_COLOURS = ("#d4a017", "#ff7f6a")  # gold, coral
SEAT_DARK = ("#8a6500", "#c0392b")
SEAT_COLOURS4 = SEAT_COLOURS + ("#4aa3df", "#7dcea0")  # … blue, green: Shut the Box's four seats (cycled past)
SEAT_DARK4 = SEAT_DARK + ("#1f618d", "#1e8449")
BACKGROUND = "#fbf8f1"
INK = "#2f3640"


class Scene(list):
    """A display list: ``("op", *args)`` tuples in CSS pixels, painted in order.

    Ops: ``rect x y w h fill``, ``stroke_rect x y w h colour width``, ``circle x y r fill``,
    ``ring x y r colour width``, ``line x1 y1 x2 y2 colour width``, ``polygon points fill``,
    ``text x y string font colour align`` (align: left/center/right; baseline is middle),
    ``dashed_line x1 y1 x2 y2 colour width``.
    """

    def add(self, op: str, *args: Any) -> "Scene":
        self.append((op, *args))
        return self

    def ops(self, name: str) -> list[tuple]:
        """The primitives of one kind (handy in tests)."""
        return [item for item in self if item[0] == name]

    def texts(self) -> list[str]:
        return [item[3] for item in self if item[0] == "text"]


def distance_to_segment(px: float, py: float, x1: float, y1: float, x2: float, y2: float) -> float:
    """Euclidean distance from a point to a segment (for generous hit areas)."""
    dx, dy = x2 - x1, y2 - y1
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / length2))
    return math.hypot(px - (x1 + t * dx), py - (y1 + t * dy))


# A move's verdict in a game's review (gamekit.puzzles.review): the colour of its mark (5:1 or more on the
# background, white text on it 5:1 or more) and the symbol in the mark, the cue that does not depend on colour.
REVIEW_COLOURS = {"best": "#17693a", "inaccuracy": "#8a5300", "mistake": "#a93226", "unjudged": "#5e5e5e"}
REVIEW_SYMBOLS = {"best": "✓", "inaccuracy": "?!", "mistake": "?", "unjudged": "·"}
REVIEW_TEXT = "#ffffff"
